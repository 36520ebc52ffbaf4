import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentPayout } from '@shared/schemas/payouts';
import type { Database } from './client';
import { payoutLines, payouts } from './schema';

/**
 * The Stripe payout each of `paymentIds` arrived in (its charge's line), keyed by payment, in
 * one query for a page of payments: a paid payout before a failed one (the money of a failed
 * payout reached the bank later, in another), then the newest. The invoices, payments and
 * clients repositories all answer a payment with it, so every screen shows the same payout.
 */
export async function payoutsOfPayments(
  db: Database,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentPayout>> {
  const wanted = [...new Set(paymentIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payoutLines.paymentId], {
      paymentId: sql<string>`${payoutLines.paymentId}`,
      payoutId: payouts.id,
      arrivalDate: payouts.arrivalDate,
      status: payouts.status,
      fee: payoutLines.fee,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(and(inArray(payoutLines.paymentId, wanted), eq(payoutLines.kind, 'charge')))
    .orderBy(
      payoutLines.paymentId,
      sql`${payouts.status} = 'paid' desc`,
      desc(payouts.arrivalDate),
      desc(payouts.id),
    );
  return new Map(rows.map(({ paymentId, ...payout }) => [paymentId, payout]));
}
