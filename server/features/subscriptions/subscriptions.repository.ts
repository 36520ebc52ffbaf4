import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database } from '../../db/client';
import { subscriptions, type SubscriptionRow } from '../../db/schema';

export function createSubscriptionRepository(db: Database) {
  return {
    async findByUserId(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /**
     * Records a pending request for the tier, replacing a pending or ended one; a running
     * (active or past-due) subscription is left as it is (null is returned). One statement, so two requests at
     * once cannot both win.
     */
    async requestPending(userId: string, tier: PlanId): Promise<SubscriptionRow | null> {
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, tier, status: 'pending' })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: {
            tier,
            status: 'pending',
            currentPeriodStart: null,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            cancelRequestedAt: null,
            updatedAt: sql`now()`,
          },
          setWhere: notInArray(subscriptions.status, ['active', 'past_due']),
        })
        .returning();
      return row ?? null;
    },

    /** A running subscription runs to the end of its period, then ends. */
    async requestCancellation(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, cancelRequestedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ['active', 'past_due']),
            eq(subscriptions.cancelAtPeriodEnd, false),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** A pending request that nothing was billed for yet simply ends. */
    async withdrawPending(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'canceled', cancelRequestedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')))
        .returning();
      return row ?? null;
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
