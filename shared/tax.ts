/**
 * Sales tax in integer cents (issue 39, docs/books.md "Sales tax"). A rate's percentage is kept
 * in thousandths of a percent (4.45 % is 4450), so every step is integer arithmetic: a rate is
 * applied to the sum of an invoice's taxable lines after its discount (the discount spread over
 * the lines in proportion) and rounded half-up to the cent once per rate; where a file needs
 * tax per line, each rate's amount is spread over the taxable lines with the remainder on the
 * last, so the lines add up to the invoice. Products go through BigInt: cents times cents
 * passes 2^53.
 */

/** Thousandths of a percent in one percent. */
export const PERCENT_SCALE = 1000;
/** The largest rate: 100 %. */
export const MAX_PERCENT_THOUSANDTHS = 100 * PERCENT_SCALE;

/** 4.45 → 4450; null when it is not a percentage with at most 3 decimals between 0 and 100. */
export function percentToThousandths(percent: number | string): number | null {
  const text = typeof percent === 'number' ? String(percent) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{0,3}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const thousandths = Number(whole) * PERCENT_SCALE + Number((fraction + '000').slice(0, 3));
  return thousandths > MAX_PERCENT_THOUSANDTHS ? null : thousandths;
}

/** 4450 → 4.45 (a number, as the API answers it). */
export function thousandthsToPercent(thousandths: number): number {
  return thousandths / PERCENT_SCALE;
}

/** 4450 → "4.45%", 5000 → "5%", 7125 → "7.125%": how a rate is named on screens and PDFs. */
export function formatPercent(thousandths: number): string {
  const whole = Math.floor(thousandths / PERCENT_SCALE);
  const fraction = String(thousandths % PERCENT_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** numerator / denominator rounded half-up (values ≥ 0; a zero denominator gives 0). */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  return Number(remainder * 2n >= denominator ? quotient + 1n : quotient);
}

/** amount × part / whole, rounded half-up: a share in proportion, in cents. */
export function proportion(amount: number, part: number, whole: number): number {
  return divideHalfUp(BigInt(amount) * BigInt(part), BigInt(whole));
}

/** A rate's tax on a base in cents, rounded half-up to the cent. */
export function taxOn(base: number, percentThousandths: number): number {
  return divideHalfUp(BigInt(base) * BigInt(percentThousandths), BigInt(100 * PERCENT_SCALE));
}

/**
 * An amount spread over weights in proportion: each share rounded down but the last non-zero
 * weight's, which takes the remainder, so the shares add up to the amount exactly and none is
 * negative. All weights zero: everything on the last.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const shares = weights.map(() => 0);
  if (weights.length === 0) return shares;
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  let last = weights.length - 1;
  while (last > 0 && weights[last] === 0 && whole !== 0) last -= 1;
  let given = 0;
  weights.forEach((weight, index) => {
    if (index === last || whole === 0) return;
    const share = Number((BigInt(amount) * BigInt(weight)) / BigInt(whole));
    shares[index] = share;
    given += share;
  });
  shares[last] = amount - given;
  return shares;
}

/** A rate as an invoice applies it: a snapshot, so renaming the rate later changes no invoice. */
export interface AppliedRate {
  /** The rate in Settings; null on an invoice from before named rates (its single tax amount). */
  taxRateId: string | null;
  name: string;
  percentThousandths: number;
}

export interface TaxableLine {
  /** Quantity × unit price, in cents. */
  total: number;
  taxable: boolean;
}

export interface InvoiceTaxLine extends AppliedRate {
  /** The taxable lines' sum after their share of the discount: what the rate was applied to. */
  taxableAmount: number;
  amount: number;
}

export interface InvoiceTaxes {
  subtotal: number;
  /** Of subtotal − discount: what the rates apply to, and what they do not (exempt sales). */
  taxableAmount: number;
  exemptAmount: number;
  taxes: InvoiceTaxLine[];
  /** The sum of the rates' amounts: the invoice's `tax`. */
  tax: number;
  /** subtotal + tax − discount. */
  total: number;
}

/**
 * An invoice's taxes: each rate on the taxable lines' sum after their share of the discount,
 * rounded once per rate. An exempt client's invoice applies no rate (every sale exempt).
 */
export function computeInvoiceTaxes(input: {
  lines: readonly TaxableLine[];
  discount: number;
  rates: readonly AppliedRate[];
  exempt?: boolean;
}): InvoiceTaxes {
  const subtotal = input.lines.reduce((sum, line) => sum + line.total, 0);
  const taxableSubtotal = input.exempt
    ? 0
    : input.lines.reduce((sum, line) => sum + (line.taxable ? line.total : 0), 0);
  const rates = input.exempt ? [] : input.rates;
  const taxableAmount =
    rates.length === 0
      ? 0
      : taxableSubtotal - proportion(input.discount, taxableSubtotal, subtotal);
  const taxes = rates.map((rate) => ({
    ...rate,
    taxableAmount,
    amount: taxOn(taxableAmount, rate.percentThousandths),
  }));
  const tax = taxes.reduce((sum, line) => sum + line.amount, 0);
  return {
    subtotal,
    taxableAmount,
    exemptAmount: subtotal - input.discount - taxableAmount,
    taxes,
    tax,
    total: subtotal + tax - input.discount,
  };
}

export interface LineTax {
  /** The line's share of the invoice's discount. */
  discount: number;
  /** Its total less that share. */
  net: number;
  /** Each rate's share on this line, in the order of the invoice's taxes. */
  taxes: number[];
  tax: number;
}

/**
 * Tax per line, for the files that want it (Xero, QuickBooks): the discount spread over the
 * lines by their totals, each rate's amount over the taxable lines by what is left of them, the
 * remainder on the last each time, so the lines add up to the invoice's discount and taxes.
 */
export function taxPerLine(
  lines: readonly TaxableLine[],
  discount: number,
  taxes: readonly { amount: number }[],
): LineTax[] {
  const discounts = spread(
    discount,
    lines.map((line) => line.total),
  );
  const nets = lines.map((line, index) => line.total - (discounts[index] ?? 0));
  const taxableWeights = lines.map((line, index) => (line.taxable ? (nets[index] ?? 0) : 0));
  const anyTaxable = lines.some((line) => line.taxable);
  const perRate = taxes.map((rate) =>
    anyTaxable
      ? spread(rate.amount, taxableWeights)
      : spread(
          rate.amount,
          lines.map((line) => line.total),
        ),
  );
  return lines.map((_, index) => {
    const lineTaxes = perRate.map((shares) => shares[index] ?? 0);
    return {
      discount: discounts[index] ?? 0,
      net: nets[index] ?? 0,
      taxes: lineTaxes,
      tax: lineTaxes.reduce((sum, amount) => sum + amount, 0),
    };
  });
}

/**
 * What one credit note reverses of each of its invoice's taxes: the note's share of the
 * invoice's total, rounded once per rate, never more than is left of the rate; the note that
 * credits the rest of the invoice takes each rate's remainder, so the notes never reverse more
 * than was charged and, together, all of it.
 */
export function creditNoteTaxes(input: {
  /** The invoice's taxes, and what earlier issued notes reversed of each (same order). */
  invoiceTaxes: readonly { amount: number; reversed: number }[];
  invoiceTotal: number;
  /** What earlier notes credited, and this note's amount. */
  creditedBefore: number;
  amount: number;
}): number[] {
  const last = input.creditedBefore + input.amount >= input.invoiceTotal;
  return input.invoiceTaxes.map(({ amount, reversed }) => {
    const left = Math.max(0, amount - reversed);
    if (last) return left;
    return Math.min(left, proportion(amount, input.amount, input.invoiceTotal));
  });
}
