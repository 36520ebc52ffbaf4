import { and, count, desc, eq, exists, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PayoutStatus } from '@shared/schemas/payouts';
import type { Database } from '../../db/client';
import {
  creditNotes,
  invoices,
  payments,
  payoutLines,
  payouts,
  type PayoutLineRow,
  type PayoutRow,
} from '../../db/schema';
import { onceForEvent, type StripeEventKey } from './stripe-event-log.repository';

/** A payout as Stripe tells it, its arrival a calendar day. */
export type PayoutFacts = Pick<
  PayoutRow,
  'id' | 'status' | 'amount' | 'currency' | 'arrivalDate' | 'automatic' | 'failureMessage'
>;
export type NewPayoutLine = Omit<PayoutLineRow, 'payoutId' | 'createdAt'>;

export interface PayoutFilter {
  status?: PayoutStatus;
  unmatched: boolean;
  limit: number;
  offset: number;
}

/** A line matched to neither a payment nor a credit note, though it is money of a client's. */
const unmatchedLine = and(
  isNull(payoutLines.paymentId),
  isNull(payoutLines.creditNoteId),
  ne(payoutLines.kind, 'fee'),
);

/** Stripe's payouts and the balance transactions each settled (docs/books.md "Payouts"). */
export function createPayoutRepository(db: Database) {
  /** How many of the payout's lines are unmatched, for each payout row selected. */
  const unmatchedCount = sql<number>`(${db
    .select({ value: count() })
    .from(payoutLines)
    .where(and(eq(payoutLines.payoutId, payouts.id), unmatchedLine))})::int`;

  return {
    /** Our payments and credit notes that Stripe's charges, intents and refunds name. */
    async matchTargets(refs: { chargeIds: string[]; intentIds: string[]; refundIds: string[] }) {
      const [paid, notes] = await Promise.all([
        refs.chargeIds.length || refs.intentIds.length
          ? db
              .select({
                id: payments.id,
                chargeId: payments.stripeChargeId,
                intentId: payments.stripePaymentIntentId,
              })
              .from(payments)
              .where(
                or(
                  refs.chargeIds.length
                    ? inArray(payments.stripeChargeId, refs.chargeIds)
                    : undefined,
                  refs.intentIds.length
                    ? inArray(payments.stripePaymentIntentId, refs.intentIds)
                    : undefined,
                ),
              )
          : [],
        refs.refundIds.length
          ? db
              .select({ id: creditNotes.id, refundId: creditNotes.stripeRefundId })
              .from(creditNotes)
              .where(inArray(creditNotes.stripeRefundId, refs.refundIds))
          : [],
      ]);
      return {
        byCharge: new Map(paid.flatMap((row) => (row.chargeId ? [[row.chargeId, row.id]] : []))),
        byIntent: new Map(paid.flatMap((row) => (row.intentId ? [[row.intentId, row.id]] : []))),
        byRefund: new Map(notes.flatMap((row) => (row.refundId ? [[row.refundId, row.id]] : []))),
      };
    },

    /** Which of `paymentIds` a paid payout already took to the bank. */
    async paidOut(paymentIds: string[]): Promise<Set<string>> {
      if (paymentIds.length === 0) return new Set();
      const rows = await db
        .select({ id: payoutLines.paymentId })
        .from(payoutLines)
        .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
        .where(
          and(
            inArray(payoutLines.paymentId, paymentIds),
            eq(payoutLines.kind, 'charge'),
            eq(payouts.status, 'paid'),
          ),
        );
      return new Set(rows.flatMap((row) => row.id ?? []));
    },

    async exists(payoutId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(eq(payouts.id, payoutId));
      return row !== undefined;
    },

    /**
     * The payout and, when given, its lines (replacing any it had: Stripe's word is the
     * latest), in one transaction with the event: a replay changes nothing. Gross and fees
     * are the lines' sums.
     */
    async save(key: StripeEventKey, payout: PayoutFacts, lines: NewPayoutLine[] | null) {
      return onceForEvent(db, key, async (tx) => {
        const sums = lines && {
          gross: lines.reduce((sum, line) => sum + line.amount, 0),
          fees: lines.reduce((sum, line) => sum + line.fee, 0),
        };
        await tx
          .insert(payouts)
          .values({ ...payout, ...sums })
          .onConflictDoUpdate({
            target: payouts.id,
            set: { ...payout, ...sums, updatedAt: new Date() },
          });
        if (!lines) return;
        await tx.delete(payoutLines).where(eq(payoutLines.payoutId, payout.id));
        if (lines.length === 0) return;
        await tx
          .insert(payoutLines)
          .values(lines.map((line) => ({ ...line, payoutId: payout.id })))
          .onConflictDoUpdate({
            target: payoutLines.id,
            set: {
              payoutId: payout.id,
              paymentId: sql`excluded.payment_id`,
              creditNoteId: sql`excluded.credit_note_id`,
            },
          });
      });
    },

    /** One page, newest arrival first. */
    async list(filter: PayoutFilter) {
      const where = and(
        filter.status ? eq(payouts.status, filter.status) : undefined,
        filter.unmatched
          ? exists(
              db
                .select({ one: sql`1` })
                .from(payoutLines)
                .where(and(eq(payoutLines.payoutId, payouts.id), unmatchedLine)),
            )
          : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ payout: payouts, unmatched: unmatchedCount })
          .from(payouts)
          .where(where)
          .orderBy(desc(payouts.arrivalDate), desc(payouts.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ value: count() }).from(payouts).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** A payout with its lines, each with the invoice its payment or credit note belongs to. */
    async find(id: string) {
      const [row] = await db
        .select({ payout: payouts, unmatched: unmatchedCount })
        .from(payouts)
        .where(eq(payouts.id, id));
      if (!row) return null;
      const lines = await db
        .select({
          line: payoutLines,
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          clientName: invoices.clientName,
          payerEmail: payments.payerEmail,
        })
        .from(payoutLines)
        .leftJoin(creditNotes, eq(creditNotes.id, payoutLines.creditNoteId))
        .leftJoin(payments, eq(payments.id, payoutLines.paymentId))
        .leftJoin(
          invoices,
          eq(invoices.id, sql`coalesce(${creditNotes.invoiceId}, ${payments.invoiceId})`),
        )
        .where(eq(payoutLines.payoutId, id))
        .orderBy(desc(payoutLines.amount), payoutLines.id);
      return { ...row, lines };
    },
  };
}
export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
