import { count, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database } from '../../db/client';
import { consultations, subscriptions } from '../../db/schema';

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

    async consultationCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(consultations);
      return row?.n ?? 0;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
