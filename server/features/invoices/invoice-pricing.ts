import { sumInvoice, type CreateInvoice } from '@shared/schemas/invoices';
import { AppError } from '../../lib/errors';

/** Amounts are stored as PostgreSQL integers (cents). */
const MAX_CENTS = 2_147_483_647;

/** Every total from the lines, in integer cents; what the browser computed is not used. */
export function priceInvoice(input: CreateInvoice) {
  const {
    lines: lineItems,
    subtotal,
    total,
  } = sumInvoice(
    input.lineItems.map((line) => ({ ...line, description: line.description.trim() })),
    input.tax,
    input.discount,
  );
  if (input.discount > subtotal + input.tax) {
    throw new AppError(400, 'The discount cannot be more than the subtotal plus tax');
  }
  if ([subtotal, input.tax, total, ...lineItems.map((l) => l.total)].some((n) => n > MAX_CENTS)) {
    throw new AppError(400, 'The invoice amounts are too large');
  }
  return { lineItems, subtotal, total };
}
