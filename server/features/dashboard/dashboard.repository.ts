import { count, eq, isNotNull } from 'drizzle-orm';
import type { PlanId } from '../../../shared/plans';
import type { Database } from '../../db/client';
import { consultations, subscriptions } from '../../db/schema';

export function createDashboardRepository(db: Database) {
  return {
    /** Active subscriptions per plan. */
    async activeByTier(): Promise<Array<{ tier: PlanId; n: number }>> {
      return db
        .select({ tier: subscriptions.tier, n: count() })
        .from(subscriptions)
        .where(eq(subscriptions.status, 'active'))
        .groupBy(subscriptions.tier);
    },

    /** Clients whose subscription was ever active. */
    async everActivated(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(subscriptions)
        .where(isNotNull(subscriptions.activatedAt));
      return row?.n ?? 0;
    },

    async consultationCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(consultations);
      return row?.n ?? 0;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
