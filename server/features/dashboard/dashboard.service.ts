import { PLANS } from '../../../shared/plans';
import type { DashboardStats } from '../../../shared/schemas/dashboard';
import type { DashboardRepository } from './dashboard.repository';

/** The admin dashboard's figures, computed from the database on every call (never stored). */
export function createDashboardService(repository: DashboardRepository) {
  return {
    async stats(): Promise<DashboardStats> {
      const [byTier, activated, requests] = await Promise.all([
        repository.activeByTier(),
        repository.everActivated(),
        repository.consultationCount(),
      ]);
      const planDistribution = { essentials: 0, signature: 0, prestige: 0 };
      for (const { tier, n } of byTier) planDistribution[tier] = n;
      const mrrCents = PLANS.reduce(
        (sum, plan) => sum + plan.priceCents * planDistribution[plan.id],
        0,
      );
      return {
        activeSubscribers: byTier.reduce((sum, { n }) => sum + n, 0),
        mrr: mrrCents / 100,
        arr: (mrrCents * 12) / 100,
        conversionRate: requests === 0 ? 0 : activated / requests,
        planDistribution,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
