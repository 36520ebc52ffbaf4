import { MAX_INVOICE_AMOUNT_CENTS } from '@shared/money';
import { sumInvoice, type CreateInvoice } from '@shared/schemas/invoices';
import { computeInvoiceTaxes, type AppliedRate } from '@shared/tax';
import { AppError } from '../../lib/errors';

/** Amounts are stored as PostgreSQL integers (cents). */
const MAX_CENTS = 2_147_483_647;

export const AMOUNTS_TOO_LARGE = 'The invoice amounts are too large';

/** One tax an invoice applies, as invoice_taxes keeps it (a rate-less one: the typed amount). */
export interface PricedTax {
  taxRateId: string | null;
  name: string;
  percentThousandths: number | null;
  taxableAmount: number;
  amount: number;
}

/** How the invoice is taxed: the active rates chosen (or the client's), and an exemption. */
export interface InvoiceTaxing {
  rates: readonly AppliedRate[];
  /** The client is tax-exempt: no rate applies and this certificate is printed. */
  exemptCertificate: string | null;
}

/** The name of an invoice's single tax amount typed by hand (before named rates). */
export const TYPED_TAX_NAME = 'Tax';

/**
 * Every total from the lines, in integer cents; what the browser computed is not used. With
 * rates, each applies to the taxable lines after their share of the discount (shared/tax.ts);
 * without, the hand-typed `tax` is kept as one rate-less "Tax" row, as invoices had before.
 */
export function priceInvoice(
  input: CreateInvoice,
  taxing: InvoiceTaxing = { rates: [], exemptCertificate: null },
) {
  const { lines: lineItems, subtotal } = sumInvoice(
    input.lineItems.map((line) => ({
      ...line,
      description: line.description.trim(),
      taxable: line.taxable ?? true,
    })),
    0,
    input.discount,
  );
  // An exempt client's invoice applies no rate and no typed amount: every sale is exempt.
  const exempt = taxing.exemptCertificate !== null;
  let taxes: PricedTax[] = [];
  if (taxing.rates.length > 0 && !exempt) {
    taxes = computeInvoiceTaxes({
      lines: lineItems,
      discount: input.discount,
      rates: taxing.rates,
    }).taxes;
  } else if (input.tax > 0 && !exempt) {
    taxes = [
      {
        taxRateId: null,
        name: TYPED_TAX_NAME,
        percentThousandths: null,
        taxableAmount: Math.max(0, subtotal - input.discount),
        amount: input.tax,
      },
    ];
  }
  const tax = taxes.reduce((sum, line) => sum + line.amount, 0);
  const total = subtotal + tax - input.discount;
  if (input.discount > subtotal + tax) {
    throw new AppError(400, 'The discount cannot be more than the subtotal plus tax');
  }
  // Rates can take a total the form allowed past the bound (each line and the sum are checked).
  if (
    [subtotal, tax, total, ...lineItems.map((l) => l.total)].some((n) => n > MAX_CENTS) ||
    subtotal + tax > MAX_INVOICE_AMOUNT_CENTS
  ) {
    throw new AppError(400, AMOUNTS_TOO_LARGE);
  }
  return { lineItems, subtotal, tax, total, taxes };
}
