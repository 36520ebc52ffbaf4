import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database } from '../../db/client';
import {
  invoices,
  proposals,
  subscriptionEvents,
  subscriptions,
  type SubscriptionEventRow,
  type SubscriptionRow,
} from '../../db/schema';
import {
  changePlanNow,
  endSubscriptionNow,
  giveFreeMonths,
  keepSubscription,
  nextPeriodHasPayment,
  requestCancellation,
  requestPlanChange,
  requestSubscription,
  withdrawPlanChange,
  withdrawSubscriptionRequest,
} from './subscription-lifecycle';

/**
 * The subscriptions' reads, and each change in its own transaction: the change itself is a
 * transition of subscription-lifecycle.ts, the only writer of the table. Each returns the
 * subscription as the change left it, or null when the rules (subscription-rules.ts) refused it.
 */
export function createSubscriptionRepository(db: Database) {
  return {
    /**
     * The unpaid first invoice of the request, when a signed proposal issued it (its deposit
     * and the plan's first month, issue 38): its number and the proposal's title.
     */
    async proposalFirstInvoice(
      subscriptionId: string,
    ): Promise<{ invoiceNumber: string | null; title: string } | null> {
      const [row] = await db
        .select({ invoiceNumber: invoices.invoiceNumber, title: proposals.title })
        .from(invoices)
        .innerJoin(proposals, eq(proposals.depositInvoiceId, invoices.id))
        .where(
          and(
            eq(invoices.subscriptionId, subscriptionId),
            inArray(invoices.status, ['draft', 'sent', 'overdue']),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async findByUserId(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    requestPending(userId: string, tier: PlanId, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => requestSubscription(tx, userId, tier, at));
    },

    requestCancellation(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => requestCancellation(tx, userId, at));
    },

    withdrawPending(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => withdrawSubscriptionRequest(tx, userId, at));
    },

    requestPlanChange(userId: string, tier: PlanId, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => requestPlanChange(tx, userId, tier, at));
    },

    withdrawPlanChange(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => withdrawPlanChange(tx, userId, at));
    },

    keep(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => keepSubscription(tx, userId, at));
    },

    endNow(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => endSubscriptionNow(tx, userId, at));
    },

    changePlanNow(userId: string, tier: PlanId, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => changePlanNow(tx, userId, tier, at));
    },

    giveFreeMonths(userId: string, months: number, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => giveFreeMonths(tx, userId, months, at));
    },

    /** Whether the renewal invoice of the next period already has a payment on it. */
    nextPeriodHasPayment(subscription: SubscriptionRow): Promise<boolean> {
      return nextPeriodHasPayment(db, subscription);
    },

    /**
     * One page of a client's subscription history, newest first by when each event happened,
     * not by when it was written: a payment recorded by hand is dated by the day it was
     * received (its noon), which may come before a request written earlier that day.
     */
    async listHistory(
      userId: string,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ rows: SubscriptionEventRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(subscriptionEvents)
          .where(eq(subscriptionEvents.userId, userId))
          .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(subscriptionEvents)
          .where(eq(subscriptionEvents.userId, userId)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
