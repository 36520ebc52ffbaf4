/**
 * Money is integer cents everywhere but form inputs and the screen (every API field, the
 * dashboard's included). This file is the only place dollars and cents meet: one converter
 * each way between cents and the dollars typed in a form, and one formatter for the screen.
 * They work on decimal text and integers, never on binary floating point, so "0.10" + "0.20"
 * is exactly 30 cents.
 */

const DOLLARS_PATTERN = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/** Parses typed dollars ("12", "12.5", "12.34") into integer cents, or null when not a number. */
export function dollarsToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? numberToPlainString(input) : input;
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const padded = (fraction + '000').slice(0, 3);
  // Round half away from zero on the third decimal.
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // toFixed(3) keeps the digits a person typed without exponent notation.
  return value.toFixed(3);
}

/** Integer cents as the plain dollars a form input holds, e.g. 19900 -> "199.00"; dollarsToCents reads it back. */
export function centsToDollars(cents: number): string {
  const { sign, dollars, rest } = parts(cents);
  return `${sign}${dollars}.${rest}`;
}

/** Formats integer cents as US dollars for the screen, e.g. 123456 -> "$1,234.56". */
export function formatCents(cents: number): string {
  const { sign, dollars, rest } = parts(cents);
  return `${sign}$${dollars.toLocaleString('en-US')}.${rest}`;
}

/** Whole dollars and the two cent digits, by integer arithmetic only. */
function parts(cents: number) {
  const abs = Math.abs(Math.trunc(cents));
  return {
    sign: cents < 0 ? '-' : '',
    dollars: Math.floor(abs / 100),
    rest: String(abs % 100).padStart(2, '0'),
  };
}

/**
 * The most any amount of an invoice may be, in cents ($10,000,000.00): each amount typed and
 * the subtotal plus tax. Amounts are stored as PostgreSQL integers (at most 2,147,483,647), so
 * with every amount and the sum under this bound no total can overflow.
 */
export const MAX_INVOICE_AMOUNT_CENTS = 1_000_000_000;
