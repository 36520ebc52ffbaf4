import { formatDateIn } from '@shared/dates';
import { formatCents } from '@shared/money';
import type { CreditNoteRow, InvoiceRow } from '../../db/schema';
import { refundSentence } from './credit-amounts';
import { ACCENT, drawFooter, drawIssuer, INK, MUTED, startPdf } from '../../lib/pdf-document';
import type { InvoiceIssuer } from './invoice-pdf';

/**
 * An issued credit note as an A4 PDF, in the invoice's layout: the agency, "CREDIT NOTE" and its
 * number, the client, the invoice it corrects, the amount credited, the reason and where the
 * money goes. The same bytes serve the admin's and the client's downloads and the e-mail.
 */
export async function renderCreditNotePdf(
  note: CreditNoteRow & { creditNoteNumber: string; issuedAt: Date },
  invoice: Pick<
    InvoiceRow,
    'invoiceNumber' | 'clientName' | 'clientEmail' | 'dateIssued' | 'total'
  >,
  issuer: InvoiceIssuer,
  /** What it reversed of each of the invoice's taxes (issue 39). */
  taxes: ReadonlyArray<{ name: string; amount: number }> = [],
): Promise<Buffer> {
  const invoiceNumber = invoice.invoiceNumber ?? '';
  const pdf = await startPdf({
    Title: `Credit note ${note.creditNoteNumber}`,
    Author: issuer.businessName,
    Subject: `Credit note ${note.creditNoteNumber} for invoice ${invoiceNumber}`,
  });
  const { doc, done, left, right, width } = pdf;
  drawIssuer(pdf, issuer);

  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(24)
    .text('CREDIT NOTE', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(note.creditNoteNumber, { width, align: 'right' });

  const blockTop = 150;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text('CREDITED TO', left, blockTop);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(invoice.clientName);
  doc.text(invoice.clientEmail);

  let y = blockTop;
  for (const [label, value] of [
    ['Issued', formatDateIn(note.issuedAt, issuer.timeZone)],
    ['Invoice', invoiceNumber],
    ['Invoice date', formatDateIn(invoice.dateIssued, issuer.timeZone)],
  ] as const) {
    doc
      .fillColor(MUTED)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(label.toUpperCase(), left + 280, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(11)
      .text(value, left + 360, y - 1, { width: width - 360, align: 'right' });
    y += 18;
  }

  y = Math.max(doc.y, y) + 30;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(ACCENT).lineWidth(1).stroke();
  y += 8;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('DESCRIPTION', left, y);
  doc.text('AMOUNT', left + 420, y, { width: right - left - 420, align: 'right' });
  y += 18;
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(
      `Credit note ${note.creditNoteNumber} for invoice ${invoiceNumber} (${formatCents(invoice.total)})`,
      left,
      y,
      { width: 400 },
    );
  const rowBottom = doc.y;
  doc.text(`-${formatCents(note.amount)}`, left + 420, y, {
    width: right - left - 420,
    align: 'right',
  });
  y = Math.max(rowBottom, doc.y) + 8;
  // Of the amount credited, the tax it reverses, rate by rate.
  for (const tax of taxes) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text(`Tax reversed: ${tax.name}`, left + 16, y, { width: 380 });
    doc.text(`-${formatCents(tax.amount)}`, left + 420, y, {
      width: right - left - 420,
      align: 'right',
    });
    y = doc.y + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
  y += 12;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Total credited', left + 260, y);
  doc.text(formatCents(note.amount), left + 380, y, { width: right - left - 380, align: 'right' });
  y += 40;

  for (const [label, text] of [
    ['REASON', note.reason],
    ['REFUND', refundSentence(note)],
  ] as const) {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(label, left, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(text, left, doc.y + 2, { width });
    y = doc.y + 16;
  }

  drawFooter(pdf, `Questions about this credit note? Write to ${issuer.businessEmail}.`);
  doc.end();
  return done;
}
