import { and, count, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import { MAX_FREE_MONTHS } from '@shared/schemas/subscriptions';
import type { Database } from '../../db/client';
import {
  invoices,
  subscriptionEvents,
  subscriptions,
  type SubscriptionEventRow,
  type SubscriptionRow,
} from '../../db/schema';
import { changeSubscriptions } from '../../db/subscription-history';
import {
  endSubscriptionNow,
  keepSubscription,
  requestSubscription,
  withdrawSubscriptionRequest,
} from './subscription-lifecycle';

/**
 * A renewal invoice of a period after the current one, billing the pending plan, that has money
 * on it: the change is paid for and can no longer be moved.
 */
const pendingPlanPaid = sql`exists (
  select 1 from ${invoices}
  where ${invoices.subscriptionId} = ${subscriptions.id}
    and ${invoices.planType} = ${subscriptions.pendingTier}
    and ${invoices.periodStart} >= ${subscriptions.pendingTierFrom}
    and ${invoices.amountPaid} > 0
)`;

/** The renewal of the next period already has money on it (it cannot be re-billed). */
const nextPeriodPaid = sql`exists (
  select 1 from ${invoices}
  where ${invoices.subscriptionId} = ${subscriptions.id}
    and ${invoices.periodStart} >= ${subscriptions.currentPeriodEnd}
    and ${invoices.amountPaid} > 0
)`;

export function createSubscriptionRepository(db: Database) {
  return {
    async findByUserId(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /** A client asks for the tier (subscription-lifecycle's requestSubscription). */
    async requestPending(userId: string, tier: PlanId, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => requestSubscription(tx, userId, tier, at));
    },

    /**
     * A running subscription runs to the end of its period, then ends; a plan change waiting
     * for the next period goes with the cancellation.
     */
    async requestCancellation(userId: string, at: Date): Promise<SubscriptionRow | null> {
      const [row] = await changeSubscriptions(db, 'cancel_requested', at, (tx) =>
        tx
          .update(subscriptions)
          .set({
            cancelAtPeriodEnd: true,
            cancelRequestedAt: sql`now()`,
            pendingTier: null,
            pendingTierRequestedAt: null,
            pendingTierFrom: null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(subscriptions.userId, userId),
              inArray(subscriptions.status, ['active', 'past_due']),
              eq(subscriptions.cancelAtPeriodEnd, false),
            ),
          )
          .returning(),
      );
      return row ?? null;
    },

    /** A pending request that nothing was billed for yet simply ends. */
    async withdrawPending(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => withdrawSubscriptionRequest(tx, userId, at));
    },

    /**
     * An active subscriber asks for another plan from the next period: only while the plan
     * runs in good standing (active, not ending, its current period not over) and the next
     * period has no money on it yet. Null when the subscription is not in that state.
     */
    async requestPlanChange(userId: string, tier: PlanId, at: Date) {
      const [row] = await changeSubscriptions(db, 'plan_change_requested', at, (tx) =>
        tx
          .update(subscriptions)
          .set({
            pendingTier: tier,
            pendingTierRequestedAt: at,
            pendingTierFrom: sql`${subscriptions.currentPeriodEnd}`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(subscriptions.userId, userId),
              eq(subscriptions.status, 'active'),
              eq(subscriptions.cancelAtPeriodEnd, false),
              gt(subscriptions.currentPeriodEnd, at),
              ne(subscriptions.tier, tier),
              sql`${subscriptions.pendingTier} is distinct from ${tier}`,
              sql`not ${nextPeriodPaid}`,
            ),
          )
          .returning(),
      );
      return row ?? null;
    },

    /** The pending plan change is taken back, unless the new plan's month is already paid. */
    async withdrawPlanChange(userId: string, at: Date) {
      const [row] = await changeSubscriptions(db, 'plan_change_withdrawn', at, (tx) =>
        tx
          .update(subscriptions)
          .set({
            pendingTier: null,
            pendingTierRequestedAt: null,
            pendingTierFrom: null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(subscriptions.userId, userId),
              isNotNull(subscriptions.pendingTier),
              sql`not ${pendingPlanPaid}`,
            ),
          )
          .returning(),
      );
      return row ?? null;
    },

    /** A cancellation at the period end is taken back (subscription-lifecycle's keep). */
    async keep(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => keepSubscription(tx, userId, at));
    },

    /** The agency ends a running plan at once (subscription-lifecycle's endSubscriptionNow). */
    async endNow(userId: string, at: Date): Promise<SubscriptionRow | null> {
      return db.transaction((tx) => endSubscriptionNow(tx, userId, at));
    },

    /**
     * The agency moves an active plan to another at once: the rest of the period is on the new
     * plan, and a plan change waiting for the next period goes. Null when it is not active, on
     * that plan already, or its next period is already paid.
     */
    async changePlanNow(userId: string, tier: PlanId, at: Date): Promise<SubscriptionRow | null> {
      const [row] = await changeSubscriptions(db, 'plan_changed', at, (tx) =>
        tx
          .update(subscriptions)
          .set({
            tier,
            pendingTier: null,
            pendingTierRequestedAt: null,
            pendingTierFrom: null,
            updatedAt: at,
          })
          .where(
            and(
              eq(subscriptions.userId, userId),
              eq(subscriptions.status, 'active'),
              ne(subscriptions.tier, tier),
              sql`not ${nextPeriodPaid}`,
            ),
          )
          .returning(),
      );
      return row ?? null;
    },

    /**
     * The agency gives `months` free: each is a credit on one of the next renewal invoices.
     * Only a running plan that will renew (not ending); null otherwise.
     */
    async giveFreeMonths(userId: string, months: number, at: Date) {
      const [row] = await changeSubscriptions(db, 'free_month_given', at, (tx) =>
        tx
          .update(subscriptions)
          .set({ freeMonths: sql`${subscriptions.freeMonths} + ${months}`, updatedAt: at })
          .where(
            and(
              eq(subscriptions.userId, userId),
              inArray(subscriptions.status, ['active', 'past_due']),
              eq(subscriptions.cancelAtPeriodEnd, false),
              sql`${subscriptions.freeMonths} + ${months} <= ${MAX_FREE_MONTHS}`,
            ),
          )
          .returning(),
      );
      return row ?? null;
    },

    /** Whether the renewal invoice of the next period already has a payment on it. */
    async nextPeriodHasPayment(subscriptionId: string): Promise<boolean> {
      const [row] = await db
        .select({ paid: sql<boolean>`${nextPeriodPaid}` })
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId));
      return Boolean(row?.paid);
    },

    /**
     * One page of a client's subscription history, newest first: in the order the events were
     * written (a payment recorded late is dated by the day it was received).
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
          .orderBy(desc(subscriptionEvents.id))
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
