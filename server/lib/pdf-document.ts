/**
 * The documents the agency sends as PDFs (invoices, credit notes, monthly reports) share one
 * look: A4, Helvetica, the business's name and details top left in its accent colour, a
 * centred line at the foot of the page.
 */
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
}

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

/** The agency's name and contact details, top left, as on every document it sends. */
export function drawIssuer({ doc, left, width }: Pdf, issuer: Letterhead): void {
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(issuer.businessName, left, 50, { width: width - 180 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(10);
  for (const line of [
    issuer.location,
    issuer.businessEmail,
    issuer.businessPhone,
    issuer.businessWebsite,
  ]) {
    if (line) doc.text(line);
  }
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
