/**
 * The documents the agency sends as PDFs (invoices, credit notes, monthly reports, and the
 * statements and proposals to come) share one look: A4, Helvetica, the business's logo (when
 * the owner uploaded one), name and details top left in its accent colour, a centred line at
 * the foot of the page.
 */
import { formatCents } from '@shared/money';

export const INK = '#0b3b4f';
export const MUTED = '#5b6b73';
export const ACCENT = '#0e7490';

/** The agency as its documents name it (from the settings). */
export interface Letterhead {
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  /** City and state, as one line. */
  location: string;
  businessWebsite: string;
  /** The owner's logo as PNG (Settings), drawn left of the name; null or absent: none. */
  logo?: Buffer | null;
}

/** The box the logo is fitted into, in points: a wide logo 96 wide, a square one 64 high. */
const LOGO_BOX = { width: 96, height: 64 };
const LOGO_GAP = 12;

/**
 * An A4 page in the documents' layout, and the bytes once `doc.end()` is called. pdfkit is
 * loaded with the first document, not with every process (and API test file) that makes none.
 */
export async function startPdf(info: { Title: string; Author: string; Subject: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  return { doc, done, left, right, width: right - left };
}

export type Pdf = Awaited<ReturnType<typeof startPdf>>;

/**
 * The agency's logo, name and contact details, top left, as on every document it sends: the
 * logo fitted in a small box at the top, the name and details beside it, so the documents'
 * own layout below is the same with a logo or without.
 */
export function drawIssuer({ doc, left, width }: Pdf, issuer: Letterhead): void {
  let textLeft = left;
  const size = issuer.logo ? pngSize(issuer.logo) : null;
  if (issuer.logo && size) {
    const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
    const drawnWidth = size.width * scale;
    doc.image(issuer.logo, left, 46, { width: drawnWidth, height: size.height * scale });
    textLeft = left + drawnWidth + LOGO_GAP;
  }
  const textWidth = width - 180 - (textLeft - left);
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(issuer.businessName, textLeft, 50, { width: textWidth });
  doc.fillColor(MUTED).font('Helvetica').fontSize(10);
  for (const line of [
    issuer.location,
    issuer.businessEmail,
    issuer.businessPhone,
    issuer.businessWebsite,
  ]) {
    if (line) doc.text(line, textLeft, doc.y, { width: textWidth });
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size from its header (the logo is stored as PNG); null for anything else. */
function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Who to write to, centred at the foot of the page. */
export function drawFooter({ doc, left, width }: Pdf, text: string): void {
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(text, left, doc.page.height - doc.page.margins.bottom - 20, {
      width,
      align: 'center',
      lineBreak: false,
    });
}

/** The document's name (INVOICE, AGREEMENT) large at the top right, its number or version under it. */
export function drawTitle({ doc, left, width }: Pdf, title: string, subtitle: string): void {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(title, left, 50, {
    width,
    align: 'right',
  });
  doc.font('Helvetica').fontSize(11).text(subtitle, { width, align: 'right' });
}

/** A small muted heading in capitals (BILL TO, TERMS) at `x`, `y`. */
export function drawLabel({ doc }: Pdf, text: string, x: number, y?: number): void {
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(text.toUpperCase(), x, y);
}

/**
 * The dates and references top right, one a row (ISSUED ... 1 March 2026), from `top` down;
 * returns the y below the last.
 */
export function drawFacts(pdf: Pdf, rows: readonly (readonly [string, string])[], top: number) {
  const { doc, left, width } = pdf;
  let y = top;
  for (const [label, value] of rows) {
    drawLabel(pdf, label, left + 300, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(11)
      .text(value, left + 370, y - 1, { width: width - 370, align: 'right' });
    y += 18;
  }
  return y;
}

/** One priced row of a document's table, in cents. */
export interface PricedLine {
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** Where the priced table's columns start: the totals under it line up with them. */
export function pricedColumns({ left }: Pdf) {
  return { description: left, quantity: left + 290, unit: left + 340, total: left + 420 };
}

/**
 * The priced table (an invoice's lines, a proposal's items) from `top`: a rule, the headings,
 * one row a line and a thin rule under them. `roomFor` is asked before each row and may start
 * a new page (it returns the y to draw at). Returns the y below the table.
 */
export function drawPricedLines(
  pdf: Pdf,
  lines: readonly PricedLine[],
  top: number,
  { heading, roomFor }: { heading: string; roomFor: (y: number) => number },
): number {
  const { doc, left, right } = pdf;
  const columns = pricedColumns(pdf);
  let y = top;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(ACCENT).lineWidth(1).stroke();
  y += 8;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text(heading, columns.description, y);
  doc.text('QTY', columns.quantity, y, { width: 40, align: 'right' });
  doc.text('UNIT PRICE', columns.unit, y, { width: 75, align: 'right' });
  doc.text('AMOUNT', columns.total, y, { width: right - columns.total, align: 'right' });
  y += 18;
  for (const line of lines) {
    y = roomFor(y);
    doc.fillColor(INK).font('Helvetica').fontSize(11);
    doc.text(line.description, columns.description, y, { width: 280 });
    const rowBottom = doc.y;
    doc.text(String(line.quantity), columns.quantity, y, { width: 40, align: 'right' });
    doc.text(formatCents(line.unitPrice), columns.unit, y, { width: 75, align: 'right' });
    doc.text(formatCents(line.total), columns.total, y, {
      width: right - columns.total,
      align: 'right',
    });
    y = Math.max(rowBottom, doc.y) + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
  return y + 12;
}
