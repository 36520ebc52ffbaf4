import { stripeDashboardUrl, type Payment } from '@shared/schemas/payments';
import type { PaymentPayout } from '@shared/schemas/payouts';
import type { PaymentRow } from '../../db/schema';

/**
 * A payment as the admin API answers it. Invoices, payments and clients all show payments:
 * the others import it through the invoices' public surface (invoices.service.ts). Its payout
 * is what `payoutsOfPayments` (server/db/payment-payouts.ts) found for it.
 */
export function toPayment(
  row: PaymentRow,
  stripeTestMode: boolean,
  payout: PaymentPayout | null,
): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    currency: row.currency,
    method: row.method,
    paidAt: row.paidAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    reference: row.reference,
    note: row.note,
    flag: row.flag,
    flagResolvedAt: row.flagResolvedAt?.toISOString() ?? null,
    stripePaymentIntentId: row.stripePaymentIntentId,
    stripeDashboardUrl: row.stripePaymentIntentId
      ? stripeDashboardUrl(row.stripePaymentIntentId, stripeTestMode)
      : null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    payout,
  };
}
