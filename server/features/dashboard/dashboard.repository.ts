import { count, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database } from '../../db/client';
import { consultations, invoices, payments, subscriptions } from '../../db/schema';

export function createDashboardRepository(db: Database) {
  return {
    /**
     * Per plan, in one pass over subscriptions: how many are active now, and how many were
     * ever active (conversion). Aggregated by the database, never a loop over rows here.
     */
    async subscriptionsByTier(): Promise<
      Array<{ tier: PlanId; active: number; activated: number }>
    > {
      return db
        .select({
          tier: subscriptions.tier,
          active: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(
            Number,
          ),
          activated:
            sql<number>`count(*) filter (where ${subscriptions.activatedAt} is not null)`.mapWith(
              Number,
            ),
        })
        .from(subscriptions)
        .groupBy(subscriptions.tier);
    },

    /**
     * Money, in cents: payments received since `monthStart` that still count, and the balance
     * due of open invoices (all of them, and the overdue ones).
     */
    async money(monthStart: Date) {
      const [collected] = await db
        .select({
          cents:
            sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)`.mapWith(
              Number,
            ),
        })
        .from(payments)
        .where(sql`${payments.paidAt} >= ${monthStart} and ${payments.flag} is null`);
      const balance = sql`greatest(${invoices.total} - ${invoices.amountPaid}, 0)`;
      const [open] = await db
        .select({
          outstanding: sql<number>`coalesce(sum(${balance}), 0)`.mapWith(Number),
          overdue:
            sql<number>`coalesce(sum(${balance}) filter (where ${invoices.status} = 'overdue'), 0)`.mapWith(
              Number,
            ),
        })
        .from(invoices)
        .where(sql`${invoices.status} in ('sent', 'overdue')`);
      return {
        collectedThisMonth: collected?.cents ?? 0,
        outstanding: open?.outstanding ?? 0,
        overdue: open?.overdue ?? 0,
      };
    },

    async consultationCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(consultations);
      return row?.n ?? 0;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
