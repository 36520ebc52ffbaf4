import { PLANS } from '@shared/plans';
import type { DashboardStats } from '@shared/schemas/dashboard';
import type { DashboardRepository } from './dashboard.repository';

/** The admin dashboard's figures, computed from the database on every call (never stored). */
export function createDashboardService(
  repository: DashboardRepository,
  now: () => Date = () => new Date(),
) {
  return {
    async stats(): Promise<DashboardStats> {
      const today = now();
      const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
      // A fixed number of queries whatever the number of subscriptions and invoices.
      const [byTier, requests, money] = await Promise.all([
        repository.subscriptionsByTier(),
        repository.consultationCount(),
        repository.money(monthStart),
      ]);
      const planDistribution = { essentials: 0, signature: 0, prestige: 0 };
      let activated = 0;
      for (const tier of byTier) {
        planDistribution[tier.tier] = tier.active;
        activated += tier.activated;
      }
      const mrr = PLANS.reduce((sum, plan) => sum + plan.priceCents * planDistribution[plan.id], 0);
      return {
        activeSubscribers: byTier.reduce((sum, { active }) => sum + active, 0),
        mrr,
        arr: mrr * 12,
        conversionRate: requests === 0 ? 0 : activated / requests,
        ...money,
        planDistribution,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
