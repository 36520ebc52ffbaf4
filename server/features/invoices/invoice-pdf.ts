import { formatDateIn } from '@shared/dates';
import { formatCents } from '@shared/money';
import { invoiceName, type InvoiceDetail, type InvoiceStatus } from '@shared/schemas/invoices';
import { balanceDue, isPayable } from '@shared/schemas/payments';
import { formatPercent, PERCENT_SCALE } from '@shared/tax';
import {
  ACCENT,
  drawFacts,
  drawFooter,
  drawIssuer,
  drawLabel,
  drawPricedLines,
  drawTitle,
  INK,
  MUTED,
  pricedColumns,
  startPdf,
  type Letterhead,
} from '../../lib/pdf-document';

/** The agency as it appears on its invoices (from the settings). */
export interface InvoiceIssuer extends Letterhead {
  /** How to pay without a card (the settings); printed on unpaid invoices. */
  paymentInstructions: string;
  /** The business's time zone: the day an invoice was sent or paid is the day there. */
  timeZone: string;
  /** The late-fee terms (issue 39), printed on every invoice while late fees are on. */
  lateFeeTerms?: string | null;
}

/** How this invoice can be paid (its pay link when card payment is on), and its plan's name. */
export interface InvoicePaymentOptions {
  payUrl: string | null;
  /** The name of the invoice's plan (the catalogue's), printed under the client. */
  planName?: string | null;
}

const STATUS_LABEL: Record<InvoiceStatus, string> = {
  draft: 'DRAFT',
  sent: 'DUE',
  overdue: 'OVERDUE',
  paid: 'PAID',
  void: 'VOID',
};

/** The widest a totals label is drawn, in points (a rate's name: "Orleans parish (5%)"). */
const LONGEST_TOTAL_LABEL = 300;

/**
 * The tax lines of the totals (issue 39): each rate with its percentage and amount, an exempt
 * client's certificate, or the single "Tax" amount of an invoice without rates.
 */
export function taxRows({ invoice, taxes }: Pick<InvoiceDetail, 'invoice' | 'taxes'>) {
  if (invoice.taxExemptCertificate !== null) {
    return [[taxExemptLabel(invoice.taxExemptCertificate), formatCents(0)] as [string, string]];
  }
  if (taxes.length === 0) return [['Tax', formatCents(invoice.tax)] as [string, string]];
  return taxes.map((tax) => [taxLabel(tax), formatCents(tax.amount)] as [string, string]);
}

/** "Louisiana state (4.45%)"; a typed amount is just its name ("Tax"). */
export const taxLabel = (tax: { name: string; percent: number | null }) =>
  tax.percent === null
    ? tax.name
    : `${tax.name} (${formatPercent(Math.round(tax.percent * PERCENT_SCALE))})`;

/** What an exempt client's invoice prints in place of its taxes. */
export const taxExemptLabel = (certificate: string) =>
  certificate ? `Tax exempt — certificate ${certificate}` : 'Tax exempt';

/**
 * Renders one invoice as an A4 PDF: the issuer from the settings, the client, the dates, the
 * lines and the totals, the status and the notes. The same bytes serve the admin download,
 * the client's download and the e-mail attachment.
 */
export async function renderInvoicePdf(
  detail: InvoiceDetail,
  issuer: InvoiceIssuer,
  { payUrl, planName = null }: InvoicePaymentOptions = { payUrl: null },
): Promise<Buffer> {
  const { invoice, lineItems } = detail;
  const pdf = await startPdf({
    Title: `Invoice ${invoiceName(invoice)}`,
    Author: issuer.businessName,
    Subject: `Invoice ${invoiceName(invoice)} for ${invoice.clientName}`,
  });
  const { doc, done, left, right, width } = pdf;

  drawIssuer(pdf, issuer);

  // Title block
  // A draft's number is given when it is sent.
  drawTitle(pdf, 'INVOICE', invoice.invoiceNumber ?? 'Numbered when sent');
  doc
    .fillColor(
      invoice.status === 'paid' ? '#15803d' : invoice.status === 'overdue' ? '#b91c1c' : ACCENT,
    )
    .font('Helvetica-Bold')
    .text(STATUS_LABEL[invoice.status], { width, align: 'right' });

  // Client and dates
  const blockTop = 150;
  drawLabel(pdf, 'Bill to', left, blockTop);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(invoice.clientName);
  doc.text(invoice.clientEmail);
  if (invoice.planType && planName) doc.fillColor(MUTED).fontSize(10).text(`${planName} plan`);

  const dates: Array<[string, string]> = [
    ['Issued', formatDateIn(invoice.dateIssued, issuer.timeZone)],
    ['Due', formatDateIn(invoice.dueDate, issuer.timeZone)],
  ];
  if (invoice.sentAt) dates.push(['Sent', formatDateIn(invoice.sentAt, issuer.timeZone)]);
  if (invoice.paidAt) dates.push(['Paid', formatDateIn(invoice.paidAt, issuer.timeZone)]);
  let y = drawFacts(pdf, dates, blockTop);

  // Lines
  const columns = pricedColumns(pdf);
  y = drawPricedLines(pdf, lineItems, Math.max(doc.y, y) + 30, {
    heading: 'DESCRIPTION',
    roomFor: (rowTop) => {
      if (rowTop <= doc.page.height - 200) return rowTop;
      doc.addPage();
      return doc.page.margins.top;
    },
  });

  // Totals, then what was paid and what is left once anything was.
  const amountRow = ([label, value]: [string, string]) => {
    doc.fillColor(MUTED).font('Helvetica').fontSize(11);
    // A long label (a rate's name) starts further left, so it ends before the amount.
    const labelWidth = Math.min(doc.widthOfString(label), LONGEST_TOTAL_LABEL);
    doc.text(label, Math.min(columns.unit - 40, columns.total - 50 - labelWidth), y, {
      width: labelWidth + 1,
      lineBreak: false,
    });
    doc
      .fillColor(INK)
      .text(value, columns.total - 40, y, { width: right - columns.total + 40, align: 'right' });
    y += 18;
  };
  [
    ['Subtotal', formatCents(invoice.subtotal)] as [string, string],
    ...taxRows(detail),
    ['Discount', invoice.discount ? `-${formatCents(invoice.discount)}` : formatCents(0)] as [
      string,
      string,
    ],
  ].forEach(amountRow);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Total', columns.unit - 40, y + 4);
  doc.text(formatCents(invoice.total), columns.total - 40, y + 4, {
    width: right - columns.total + 40,
    align: 'right',
  });
  y += 24;
  if (invoice.amountPaid > 0) {
    amountRow(['Paid', `-${formatCents(invoice.amountPaid)}`]);
    amountRow(['Balance due', formatCents(balanceDue(invoice))]);
  }
  // What was given back of it, by credit note (the invoice itself stays as it was issued).
  for (const note of detail.creditNotes) {
    if (note.creditNoteNumber)
      amountRow([`Credit note ${note.creditNoteNumber}`, `-${formatCents(note.amount)}`]);
  }
  y += 16;

  if (isPayable(invoice) && (payUrl || issuer.paymentInstructions)) {
    drawLabel(pdf, 'How to pay', left, y);
    if (payUrl) {
      doc
        .fillColor(INK)
        .font('Helvetica')
        .fontSize(10)
        .text('Pay by card online: ', left, doc.y + 2, { continued: true })
        .fillColor(ACCENT)
        .text(payUrl, { link: payUrl, underline: true });
    }
    if (issuer.paymentInstructions) {
      doc
        .fillColor(INK)
        .font('Helvetica')
        .fontSize(10)
        .text(issuer.paymentInstructions, left, doc.y + 2, { width });
    }
    y = doc.y + 16;
  }

  if (invoice.notes) {
    drawLabel(pdf, 'Notes', left, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(invoice.notes, left, doc.y + 2, { width });
    y = doc.y + 16;
  }

  if (issuer.lateFeeTerms) {
    drawLabel(pdf, 'Late fees', left, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(issuer.lateFeeTerms, left, doc.y + 2, { width });
  }

  drawFooter(pdf, `Questions about this invoice? Write to ${issuer.businessEmail}.`);

  doc.end();
  return done;
}
