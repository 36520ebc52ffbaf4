/**
 * CSV for spreadsheets and accounting imports (the leads' file, the books' exports): one quoting
 * rule and one guard against formula injection, written once.
 */

/**
 * Cells a spreadsheet may read as a formula (OWASP's CSV injection list): starting with a tab,
 * carriage return or line feed, or with = + - @ (their full-width forms too, which some
 * spreadsheets fold to ASCII) after any leading whitespace.
 */
export const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** An amount in integer cents, written as an exact decimal ("-12.34"): a number, not text. */
export interface CsvMoney {
  readonly cents: number;
}
export const money = (cents: number): CsvMoney => ({ cents });

/** A plain number (a quantity, a percentage) written as it is. */
export interface CsvNumber {
  readonly number: number;
}
export const num = (value: number): CsvNumber => ({ number: value });

export type CsvCell = string | null | CsvMoney | CsvNumber;

/** Integer cents as an exact decimal string: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell: quoted, quotes doubled, and prefixed with ' when it could start a formula
 * (FORMULA_START), so no cell of ours is ever run by the spreadsheet that opens it.
 */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return csvText(value);
  if ('cents' in value) return centsToDecimal(value.cents);
  if (!Number.isFinite(value.number)) throw new RangeError(`Not a number: ${value.number}`);
  return String(value.number);
}

/** One line of a CSV file, CRLF-terminated (RFC 4180). */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}

/** A UTF-8 byte-order mark, first in a file, so spreadsheets read accents right. */
export const CSV_BOM = '\uFEFF';
