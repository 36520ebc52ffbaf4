import { createRequire } from 'node:module';
import { formatCents } from '@shared/money';
import { formatPlanPrice } from '@shared/plans';
import type { ProposalDocument, ProposalEventKind } from '@shared/schemas/proposals';
import { formatPercent, PERCENT_SCALE } from '@shared/tax';
import { displayDate, displayDateTime } from '../../lib/format';
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
  startPdf,
  type Letterhead,
  type Pdf,
} from '../../lib/pdf-document';

/** The agency as its agreements name it (the settings), and the clock its times are read on. */
export interface AgreementIssuer extends Letterhead {
  timeZone: string;
}

/** One line of the evidence trail, as the certificate page prints it. */
export interface AgreementEvidence {
  kind: ProposalEventKind;
  at: Date;
  version: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: string;
}

/** What a signed agreement shows: the frozen document, the mark, and the evidence of it. */
export interface AgreementInput {
  issuer: AgreementIssuer;
  /** The proposal's id: the reference the certificate gives. */
  reference: string;
  /** The version the signer saw, frozen, and the SHA-256 of its canonical JSON. */
  document: ProposalDocument;
  documentSha256: string;
  signerName: string;
  /** The drawn mark as PNG, and/or the typed one: at least one of them. */
  signature: { drawn: Buffer | null; typed: string | null };
  signedAt: Date;
  /** The address the link was sent to (the link proves its reader controls it). */
  sentTo: string;
  events: readonly AgreementEvidence[];
  consent: { text: string; sha256: string };
}

const EVENT_LABEL: Record<ProposalEventKind, string> = {
  created: 'Written',
  edited: 'Changed',
  sent: 'Sent',
  reminded: 'Reminded',
  viewed: 'Opened',
  signed: 'Signed',
  declined: 'Declined',
  expired: 'Expired',
  invoiced: 'Invoiced',
  paid: 'Paid',
  attached: 'Attached to the account',
  invited: 'Invited to the portal',
  delivered: 'Agreement e-mailed to both parties',
  revoked: 'Link revoked',
};

/** The space the signature block needs at the foot of the agreement, in points. */
const SIGNATURE_BLOCK_HEIGHT = 190;
const SIGNATURE_BOX = { width: 240, height: 80 };

/**
 * A script-like face for a typed signature: Playfair Display's italic (already a dependency,
 * the site's display font), read by pdfkit as WOFF. Its file covers Latin-1; a name beyond it
 * falls back to Times' italic, which at least writes what it can.
 */
const requireFromHere = createRequire(import.meta.url);
function signatureFont(typed: string): string {
  if (!/^[\u0020-\u007e\u00a0-\u00ff]*$/.test(typed)) return 'Times-Italic';
  try {
    return requireFromHere.resolve(
      '@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff',
    );
  } catch {
    return 'Times-Italic';
  }
}

/**
 * The signed agreement as an A4 PDF, in the agency's letterhead like its invoices: the proposal
 * as the signer read it (recipient, plan, items, totals, deposit, valid until, terms), the
 * signature block, then a certificate page with the evidence (who, which address, every event
 * with its time, IP and device, the document's and the consent's hashes). Sealing is separate
 * (pdf-seal.ts): these bytes are what the seal covers.
 */
export async function renderAgreement(input: AgreementInput): Promise<Buffer> {
  const { document, issuer } = input;
  const pdf = await startPdf({
    Title: `Agreement: ${document.title}`,
    Author: issuer.businessName,
    Subject: `${document.title}, signed by ${input.signerName}`,
  });
  drawProposal(pdf, input);
  drawSignature(pdf, input);
  drawFooter(pdf, `Questions about this agreement? Write to ${issuer.businessEmail}.`);
  drawCertificate(pdf, input);
  pdf.doc.end();
  return pdf.done;
}

function body(pdf: Pdf, size = 11): Pdf['doc'] {
  return pdf.doc.fillColor(INK).font('Helvetica').fontSize(size);
}

/** The foot of the page drawFooter writes in, kept clear of the content above it. */
const FOOTER_ROOM = 30;

/** Starts a new page when fewer than `needed` points are left above the footer. */
function keepRoom(pdf: Pdf, y: number, needed: number): number {
  const { doc } = pdf;
  if (y + needed <= doc.page.height - doc.page.margins.bottom - FOOTER_ROOM) return y;
  doc.addPage();
  return doc.page.margins.top;
}

function drawProposal(pdf: Pdf, input: AgreementInput): void {
  const { doc, left, right, width } = pdf;
  const { document, issuer } = input;
  drawIssuer(pdf, issuer);
  drawTitle(pdf, 'AGREEMENT', `Version ${document.version}`);
  doc.fillColor('#15803d').font('Helvetica-Bold').text('SIGNED', { width, align: 'right' });

  const blockTop = 150;
  drawLabel(pdf, 'Prepared for', left, blockTop);
  body(pdf).text(document.recipient.name, { width: 280 });
  if (document.recipient.businessName) doc.text(document.recipient.businessName, { width: 280 });
  doc.text(document.recipient.email, { width: 280 });
  let y = drawFacts(
    pdf,
    [
      ['Valid until', displayDate(document.validUntil, issuer.timeZone)],
      ['Signed', displayDate(input.signedAt, issuer.timeZone)],
    ],
    blockTop,
  );

  y = Math.max(doc.y, y) + 24;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(document.title, left, y, { width });
  y = doc.y + 10;
  if (document.plan) {
    drawLabel(pdf, 'Plan', left, y);
    body(pdf).text(
      `${document.plan.name} plan, ${formatPlanPrice(document.plan.monthlyPriceCents)}, billed monthly`,
      left,
      doc.y + 2,
      { width },
    );
    y = doc.y + 12;
  }

  if (document.items.length > 0) {
    // With tax rates, an item they skip says so (issue 39).
    const items = document.items.map((item) =>
      item.taxable === false ? { ...item, description: `${item.description} (not taxable)` } : item,
    );
    y = drawPricedLines(pdf, items, keepRoom(pdf, y, 60), {
      heading: 'ITEM',
      roomFor: (rowTop) => keepRoom(pdf, rowTop, 40),
    });
  }

  // Totals: what the signature commits to, as the form showed them.
  const { totals } = document;
  const rows: [string, string][] = [];
  if (document.items.length > 0) {
    rows.push(['One-off total', formatCents(totals.oneOff)]);
    rows.push([`Deposit (${document.depositPercent}%)`, formatCents(totals.deposit)]);
  }
  if (document.plan) rows.push(['Monthly plan', formatPlanPrice(totals.monthly)]);
  // Each tax rate on the taxable items and the first month (issue 39), as the invoices apply it.
  for (const tax of totals.taxes ?? []) {
    const percent =
      tax.percent === null ? '' : ` (${formatPercent(Math.round(tax.percent * PERCENT_SCALE))})`;
    rows.push([`${tax.name}${percent}`, formatCents(tax.amount)]);
  }
  rows.push(['Due at signing', formatCents(totals.firstInvoice)]);
  if (totals.remainder > 0) rows.push(['Due on delivery', formatCents(totals.remainder)]);
  y = keepRoom(pdf, y, rows.length * 18 + 10);
  for (const [name, value] of rows) {
    const strong = name === 'Due at signing';
    doc
      .fillColor(strong ? INK : MUTED)
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .text(name, left + 260, y);
    doc.fillColor(INK).text(value, left + 380, y, { width: right - left - 380, align: 'right' });
    y += 18;
  }
  y += 12;

  if (document.terms) {
    y = keepRoom(pdf, y, 60);
    drawLabel(pdf, 'Terms', left, y);
    // Long terms flow onto as many pages as they need.
    body(pdf, 10).text(document.terms, left, doc.y + 4, { width, lineGap: 2 });
    y = doc.y + 16;
  }
  doc.y = y;
}

function drawSignature(pdf: Pdf, input: AgreementInput): void {
  const { doc, left, width } = pdf;
  const { issuer, signature } = input;
  let y = keepRoom(pdf, doc.y, SIGNATURE_BLOCK_HEIGHT);
  drawLabel(pdf, 'Signed by', left, y);
  y = doc.y + 6;
  const markTop = y;
  let drawn = false;
  if (signature.drawn) {
    try {
      doc.image(signature.drawn, left, markTop, {
        fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height],
      });
      drawn = true;
    } catch {
      // An image pdfkit cannot read still leaves the typed mark and the name below.
    }
  }
  if (!drawn && signature.typed) {
    doc
      .fillColor(INK)
      .font(signatureFont(signature.typed))
      .fontSize(28)
      .text(signature.typed, left, markTop + 24, { width: SIGNATURE_BOX.width, lineBreak: false });
  }
  y = markTop + SIGNATURE_BOX.height + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + SIGNATURE_BOX.width, y)
    .strokeColor(INK)
    .lineWidth(0.75)
    .stroke();
  body(pdf).text(input.signerName, left, y + 6, { width });
  body(pdf, 9)
    .fillColor(MUTED)
    .text(`Signed electronically on ${displayDateTime(input.signedAt, issuer.timeZone)}`, {
      width,
    });
  if (drawn && signature.typed) doc.text(`Typed signature: ${signature.typed}`, { width });
  doc.text(`Document SHA-256: ${input.documentSha256}`, { width });
  doc.text('The signature certificate on the next page records how and when it was signed.', {
    width,
  });
}

function drawCertificate(pdf: Pdf, input: AgreementInput): void {
  const { doc, left, right, width } = pdf;
  const { issuer, document } = input;
  doc.addPage();
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('Signature certificate', left, doc.page.margins.top, { width });
  body(pdf, 10)
    .fillColor(MUTED)
    .text(
      `Issued by ${issuer.businessName}. Times are ${issuer.timeZone} time. This file carries a ` +
        'digital seal: a PDF reader shows whether it changed after it was sealed.',
      { width },
    );
  doc.moveDown(0.8);

  const fact = (name: string, value: string, mono = false) => {
    const y = keepRoom(pdf, doc.y, 30);
    drawLabel(pdf, name, left, y);
    doc
      .fillColor(INK)
      .font(mono ? 'Courier' : 'Helvetica')
      .fontSize(mono ? 9 : 11)
      .text(value, left + 130, y - 1, { width: width - 130 });
    doc.y = Math.max(doc.y, y + 12) + 6;
  };
  fact('Document', `${document.title} (version ${document.version})`);
  fact('Reference', input.reference, true);
  fact('Signer', input.signerName);
  fact('Sent to', input.sentTo);
  fact('Signed at', displayDateTime(input.signedAt, issuer.timeZone));
  fact('Document SHA-256', input.documentSha256, true);
  fact('Consent SHA-256', input.consent.sha256, true);

  let y = keepRoom(pdf, doc.y + 4, 60);
  drawLabel(pdf, 'Consent agreed to', left, y);
  body(pdf, 9).text(input.consent.text, left, doc.y + 3, { width });

  y = keepRoom(pdf, doc.y + 14, 60);
  drawLabel(pdf, 'Evidence', left, y);
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(ACCENT).lineWidth(1).stroke();
  doc.y = y + 6;
  for (const event of input.events) {
    y = keepRoom(pdf, doc.y, 72);
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(
        event.version
          ? `${EVENT_LABEL[event.kind]} (version ${event.version})`
          : EVENT_LABEL[event.kind],
        left,
        y,
        { width: 200 },
      );
    doc.font('Helvetica').text(displayDateTime(event.at, issuer.timeZone), left + 200, y, {
      width: width - 200,
      align: 'right',
    });
    const details = [
      event.detail,
      event.email && `E-mail: ${event.email}`,
      event.ip && `IP address: ${event.ip}`,
      event.userAgent && `Device: ${event.userAgent}`,
    ].filter((line): line is string => Boolean(line));
    doc.fillColor(MUTED).fontSize(9);
    for (const line of details) doc.text(line, left, doc.y + 1, { width });
    y = doc.y + 6;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
    doc.y = y + 6;
  }
  drawFooter(pdf, `Questions about this agreement? Write to ${issuer.businessEmail}.`);
}
