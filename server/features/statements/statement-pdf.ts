import { formatDateIn } from '@shared/dates';
import { formatCents } from '@shared/money';
import { STATEMENT_LINE_LABELS, type Statement } from '@shared/schemas/statements';
import {
  ACCENT,
  drawFooter,
  drawIssuer,
  drawLabel,
  drawTitle,
  INK,
  MUTED,
  startPdf,
  type Letterhead,
} from '../../lib/pdf-document';

/** The agency as its statements name it, and the zone their dates are written in. */
export interface StatementIssuer extends Letterhead {
  timeZone: string;
}

const RULE = '#cbd5e1';
const FOOTER_SPACE = 40;

/** What the client owes at the end, in words: a credit when the agency owes them. */
export function closingWords(closingBalance: number): string {
  return closingBalance < 0
    ? `${formatCents(-closingBalance)} in your credit`
    : formatCents(closingBalance);
}

export const AGEING_LABELS = [
  ['current', 'Current'],
  ['days1to30', '1–30 days'],
  ['days31to60', '31–60 days'],
  ['days61to90', '61–90 days'],
  ['over90', 'Over 90 days'],
] as const;

/**
 * A client's statement as an A4 PDF in the invoices' look: the agency, STATEMENT and its period,
 * the client, the opening balance, each line with its running balance (on as many pages as it
 * takes, the headings again on each), the closing balance and the ageing. It prints the very
 * figures of the API's answer (`statement`), nothing computed again.
 */
export async function renderStatementPdf(
  statement: Statement,
  issuer: StatementIssuer,
): Promise<Buffer> {
  const tz = issuer.timeZone;
  const period = `${formatDateIn(statement.from, tz)} – ${formatDateIn(statement.to, tz)}`;
  const pdf = await startPdf({
    Title: `Statement, ${period}`,
    Author: issuer.businessName,
    Subject: `Statement for ${statement.client.name}, ${period}`,
  });
  const { doc, done, left, right, width } = pdf;
  const footer = `Questions about this statement? Write to ${issuer.businessEmail}.`;
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOTER_SPACE;
  const col = { date: left, type: left + 80, reference: left + 170, amount: left + 335 };
  const amountWidth = 75;
  const balanceX = right - amountWidth;

  drawIssuer(pdf, issuer);
  drawTitle(pdf, 'STATEMENT', period);

  const blockTop = 150;
  drawLabel(pdf, 'Statement for', left, blockTop);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(statement.client.name, left, doc.y);
  if (statement.client.businessName) doc.text(statement.client.businessName);
  if (statement.client.email) doc.text(statement.client.email);

  let y = Math.max(doc.y, blockTop + 40) + 24;

  function headings() {
    doc.moveTo(left, y).lineTo(right, y).strokeColor(ACCENT).lineWidth(1).stroke();
    y += 8;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
    doc.text('DATE', col.date, y);
    doc.text('TYPE', col.type, y);
    doc.text('REFERENCE', col.reference, y);
    doc.text('AMOUNT', col.amount, y, { width: amountWidth, align: 'right' });
    doc.text('BALANCE', balanceX, y, { width: amountWidth, align: 'right' });
    y += 18;
  }

  function row(
    cells: { date: string; type: string; reference: string; amount: string; balance: string },
    bold = false,
  ) {
    doc
      .fillColor(INK)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10);
    const top = y;
    doc.text(cells.reference, col.reference, top, { width: col.amount - col.reference - 8 });
    const below = doc.y;
    doc.text(cells.date, col.date, top, { width: col.type - col.date - 6 });
    doc.text(cells.type, col.type, top, { width: col.reference - col.type - 6 });
    doc.text(cells.amount, col.amount, top, { width: amountWidth, align: 'right' });
    doc.text(cells.balance, balanceX, top, { width: amountWidth, align: 'right' });
    y = Math.max(below, doc.y) + 6;
  }

  function room(height: number) {
    if (y + height <= bottom()) return;
    drawFooter(pdf, footer);
    doc.addPage();
    y = doc.page.margins.top;
    headings();
  }

  headings();
  row(
    {
      date: formatDateIn(statement.from, tz),
      type: '',
      reference: 'Opening balance',
      amount: '',
      balance: formatCents(statement.openingBalance),
    },
    true,
  );
  for (const line of statement.lines) {
    room(30);
    row({
      date: formatDateIn(line.date, tz),
      type: STATEMENT_LINE_LABELS[line.type],
      reference: line.reference,
      amount: formatCents(line.amount),
      balance: formatCents(line.balance),
    });
  }
  room(140);
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(0.5).stroke();
  y += 12;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13);
  doc.text(`Closing balance on ${formatDateIn(statement.to, tz)}`, left, y);
  doc.text(closingWords(statement.closingBalance), left + 300, y, {
    width: width - 300,
    align: 'right',
  });
  y += 40;

  drawLabel(pdf, 'What is owed, by days past due', left, y);
  y += 16;
  const cell = width / AGEING_LABELS.length;
  AGEING_LABELS.forEach(([key, label], index) => {
    const x = left + index * cell;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label, x, y, { width: cell - 6 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(formatCents(statement.ageing[key]), x, y + 14, { width: cell - 6 });
  });

  drawFooter(pdf, footer);
  doc.end();
  return done;
}
