import { and, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, settings, subscriptions, users } from '../../db/schema';
import { changeSubscriptions, recordSubscriptionEvents } from '../../db/subscription-history';

/** The subscription lifecycle's reads and writes: each step is one idempotent statement. */
export function createBillingRepository(db: Database) {
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
      const rows = await db
        .update(invoices)
        .set({ status: 'overdue', updatedAt: at })
        .where(and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today)))
        .returning({ id: invoices.id });
      return rows.length;
    },

    /**
     * A paid renewal's month has begun: it becomes the current period's start, and a plan
     * change that month's invoice billed takes effect (recorded in the history).
     */
    async rollPeriods(at: Date): Promise<number> {
      const latestPaidStart = sql<Date>`(
        select max(${invoices.periodStart}) from ${invoices}
        where ${invoices.subscriptionId} = ${subscriptions.id}
          and ${invoices.status} = 'paid'
          and ${invoices.periodStart} <= ${at}
      )`;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(subscriptions)
          .set({ currentPeriodStart: latestPaidStart, updatedAt: at })
          .where(
            and(
              inArray(subscriptions.status, ['active', 'past_due']),
              sql`${latestPaidStart} > ${subscriptions.currentPeriodStart}`,
            ),
          )
          .returning({ id: subscriptions.id });
        if (rows.length === 0) return 0;
        const changed = await tx
          .update(subscriptions)
          .set({
            tier: sql`${subscriptions.pendingTier}`,
            pendingTier: null,
            pendingTierRequestedAt: null,
            pendingTierFrom: null,
            updatedAt: at,
          })
          .where(
            and(
              inArray(
                subscriptions.id,
                rows.map(({ id }) => id),
              ),
              isNotNull(subscriptions.pendingTier),
              sql`exists (
                select 1 from ${invoices}
                where ${invoices.subscriptionId} = ${subscriptions.id}
                  and ${invoices.periodStart} = ${subscriptions.currentPeriodStart}
                  and ${invoices.status} = 'paid'
                  and ${invoices.planType} = ${subscriptions.pendingTier}
              )`,
            ),
          )
          .returning();
        await recordSubscriptionEvents(tx, 'plan_changed', changed, at);
        return rows.length;
      });
    },

    /** A cancellation takes effect at the end of the period it was requested in. */
    async endCancelled(at: Date): Promise<number> {
      const rows = await changeSubscriptions(db, 'canceled', at, (tx) =>
        tx
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: at })
          .where(
            and(
              inArray(subscriptions.status, ['active', 'past_due']),
              eq(subscriptions.cancelAtPeriodEnd, true),
              lte(subscriptions.currentPeriodEnd, at),
            ),
          )
          .returning(),
      );
      return rows.length;
    },

    /** Active subscriptions whose period ended before `endedBy` and was not paid further. */
    async markPastDue(endedBy: Date, at: Date): Promise<number> {
      const rows = await changeSubscriptions(db, 'past_due', at, (tx) =>
        tx
          .update(subscriptions)
          .set({ status: 'past_due', updatedAt: at })
          .where(
            and(
              eq(subscriptions.status, 'active'),
              eq(subscriptions.cancelAtPeriodEnd, false),
              lte(subscriptions.currentPeriodEnd, endedBy),
            ),
          )
          .returning(),
      );
      return rows.length;
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
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
