import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { Database } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import {
  invoices,
  invoiceTaxes,
  settings,
  subscriptions,
  users,
  type InvoiceRow,
} from '../../db/schema';
import {
  chargeTaken,
  claimChargeAttempt,
  claimReminder,
  markInvoicePaid,
  markInvoicesOverdue,
  releaseChargeAttempt,
} from '../invoices/invoice-lifecycle';
import {
  beginPaidPeriods,
  endCancelledSubscriptions,
  markSubscriptionsPastDue,
  takeFreeMonth,
} from '../subscriptions/subscription-lifecycle';

/**
 * The daily billing run's reads and writes: each step is idempotent (the status moves are the
 * lifecycles', each in its transaction), and each renewal charge and reminder is claimed so
 * no two runs take the same one.
 */
export function createBillingRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE), whose months a plan's months are. */
  timeZone: string,
) {
  return {
    async findClient(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user ?? null;
    },

    async autoSendRenewals(): Promise<boolean> {
      const [row] = await db
        .select({ autoSendRenewals: settings.autoSendRenewals })
        .from(settings)
        .where(eq(settings.id, 1));
      return row?.autoSendRenewals ?? true;
    },

    /** Sent invoices whose due date has passed become overdue. */
    async markOverdue(today: string, at: Date): Promise<number> {
      return db.transaction((tx) => markInvoicesOverdue(tx, today, at));
    },

    /** Paid renewals' months that have begun start (subscription-lifecycle's beginPaidPeriods). */
    async rollPeriods(at: Date): Promise<number> {
      return db.transaction((tx) => beginPaidPeriods(tx, at));
    },

    /** A renewal invoice credited a free month: one fewer is left to credit. */
    async takeFreeMonth(subscriptionId: string): Promise<void> {
      await db.transaction((tx) => takeFreeMonth(tx, subscriptionId));
    },

    /**
     * Sent renewal invoices that ask for nothing (a free month) are paid: the month they bill
     * is given, so the plan runs through it as if the client had paid. How many were settled.
     */
    async settleFreeRenewals(at: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(invoices)
          .where(
            and(
              inArray(invoices.status, PAYABLE_INVOICE_STATUSES),
              isNotNull(invoices.periodStart),
              eq(invoices.total, 0),
            ),
          )
          .for('update', { skipLocked: true });
        for (const invoice of due) await markInvoicePaid(tx, invoice, 0, at, timeZone);
        return due.length;
      });
    },

    /** A cancellation takes effect at the end of the period it was requested in. */
    async endCancelled(at: Date): Promise<number> {
      return db.transaction((tx) => endCancelledSubscriptions(tx, at));
    },

    /** Active subscriptions whose period ended before `endedBy` and was not paid further. */
    async markPastDue(endedBy: Date, at: Date): Promise<number> {
      return db.transaction((tx) => markSubscriptionsPastDue(tx, endedBy, at));
    },

    /**
     * Active subscriptions that end by `horizon`, will go on, and have no invoice yet for the
     * month that follows, with their client.
     */
    async dueForRenewal(horizon: Date) {
      return db
        .select({ subscription: subscriptions, client: users })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .leftJoin(
          invoices,
          and(
            eq(invoices.subscriptionId, subscriptions.id),
            eq(invoices.periodStart, subscriptions.currentPeriodEnd),
          ),
        )
        .where(
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            lte(subscriptions.currentPeriodEnd, horizon),
            isNull(invoices.id),
          ),
        );
    },

    /**
     * A page of the active subscriptions that renew by `horizon` (their period ends by then and
     * they go on), soonest first, with their client and the renewal invoice already made for the
     * month that follows (null until the run makes it); and how many there are in all.
     */
    async upcomingRenewals(horizon: Date, page: { limit: number; offset: number }) {
      const renewing = and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNotNull(subscriptions.currentPeriodEnd),
        lte(subscriptions.currentPeriodEnd, horizon),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            subscription: subscriptions,
            client: users,
            invoice: {
              id: invoices.id,
              invoiceNumber: invoices.invoiceNumber,
              status: invoices.status,
              total: invoices.total,
              amountPaid: invoices.amountPaid,
            },
          })
          .from(subscriptions)
          .innerJoin(users, eq(users.id, subscriptions.userId))
          .leftJoin(
            invoices,
            and(
              eq(invoices.subscriptionId, subscriptions.id),
              eq(invoices.periodStart, subscriptions.currentPeriodEnd),
            ),
          )
          .where(renewing)
          .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(subscriptions)
          .where(renewing),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * Renewal invoices of auto-pay clients with a saved card whose charge is due today: the
     * first try on the due date, the retries on their day, while tries remain.
     */
    async dueForCharge(today: string, maxAttempts: number) {
      return db
        .select({ invoice: invoices, client: users })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(
          and(
            inArray(invoices.status, PAYABLE_INVOICE_STATUSES),
            isNotNull(invoices.periodStart),
            // A late fee is never charged to a saved card by itself (issue 39).
            isNull(invoices.lateFeeForInvoiceId),
            sql`${invoices.paymentFlags} = '[]'::jsonb`,
            sql`${invoices.amountPaid} < ${invoices.total}`,
            eq(users.autoPay, true),
            isNotNull(users.cardPaymentMethodId),
            isNotNull(users.stripeCustomerId),
            sql`${invoices.chargeAttempts} < ${maxAttempts}`,
            or(
              and(eq(invoices.chargeAttempts, 0), lte(invoices.dueDate, today)),
              and(gt(invoices.chargeAttempts, 0), lte(invoices.nextChargeOn, today)),
            ),
          ),
        );
    },

    /**
     * Takes attempt number `attempt` of an invoice's charge for this process: only one run
     * gets it, so no two processes charge the same attempt. The invoice as it is now (what the
     * run read of it may be minutes old), or null when another took it.
     */
    async claimChargeAttempt(
      invoiceId: string,
      attempt: number,
      nextChargeOn: string | null,
    ): Promise<InvoiceRow | null> {
      return claimChargeAttempt(db, invoiceId, attempt, nextChargeOn);
    },

    /**
     * Stripe took attempt `attempt` (succeeded, or processing): no retry is due, whatever
     * happens to the money later (a refund reopens the invoice, it does not charge again).
     */
    chargeTaken: (invoiceId: string, paymentIntentId: string): Promise<void> =>
      chargeTaken(db, invoiceId, paymentIntentId),

    /**
     * Gives back a claimed attempt whose request may not have reached Stripe: the next run
     * tries the same attempt with the same idempotency key, so Stripe answers it once.
     */
    releaseChargeAttempt: (invoiceId: string, attempt: number, nextChargeOn: string | null) =>
      releaseChargeAttempt(db, invoiceId, attempt, nextChargeOn),

    /**
     * Overdue invoices that have reminders left, but none whose card retry is still to come
     * (a retry day today or past has had its run: reminders go on).
     */
    async overdueForReminders(maxReminders: number, today: string) {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.status, 'overdue'),
            sql`${invoices.remindersSent} < ${maxReminders}`,
            or(isNull(invoices.nextChargeOn), lte(invoices.nextChargeOn, today)),
          ),
        );
    },

    /**
     * Sent and overdue invoices due on or before `lastDueDate` (their grace period has ended)
     * with a balance, that are no late fee themselves, have none yet (a waived one, void, still
     * counts) and whose client is not exempt; an invoice without an account is not exempt. Only
     * invoices sent since `sentSince` (fees turned on) printed the terms, so only they qualify.
     */
    async dueForLateFee(lastDueDate: string, sentSince: Date): Promise<InvoiceRow[]> {
      const fees = alias(invoices, 'late_fees');
      const rows = await db
        .select({ invoice: invoices })
        .from(invoices)
        .leftJoin(fees, eq(fees.lateFeeForInvoiceId, invoices.id))
        .leftJoin(users, eq(users.id, invoices.userId))
        .where(
          and(
            inArray(invoices.status, ['sent', 'overdue']),
            lte(invoices.dueDate, lastDueDate),
            gte(invoices.sentAt, sentSince),
            sql`${invoices.amountPaid} < ${invoices.total}`,
            isNull(invoices.lateFeeForInvoiceId),
            isNull(fees.id),
            sql`coalesce(${users.lateFeeExempt}, false) = false`,
          ),
        )
        .orderBy(asc(invoices.dueDate), asc(invoices.id));
      return rows.map((row) => row.invoice);
    },

    /** The rates an invoice applied (its invoice_taxes rows that name a rate), in order. */
    async taxRateIdsOf(invoiceId: string): Promise<string[]> {
      const rows = await db
        .select({ taxRateId: invoiceTaxes.taxRateId })
        .from(invoiceTaxes)
        .where(and(eq(invoiceTaxes.invoiceId, invoiceId), isNotNull(invoiceTaxes.taxRateId)))
        .orderBy(asc(invoiceTaxes.position));
      return rows.flatMap((row) => (row.taxRateId ? [row.taxRateId] : []));
    },

    /** Moves an invoice's reminder count from `from` to `to`; false when another run did. */
    claimReminder: (invoiceId: string, from: number, to: number): Promise<boolean> =>
      claimReminder(db, invoiceId, from, to),
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
