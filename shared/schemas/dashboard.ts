import { z } from 'zod';

/** GET /api/admin/dashboard-stats (spec section 3): money in integer cents, rate a fraction. */
export const DashboardStatsSchema = z.object({
  activeSubscribers: z.number().int(),
  /** Monthly recurring revenue of the active subscriptions, in cents. */
  mrr: z.number().int(),
  /** Twelve times the MRR, in cents. */
  arr: z.number().int(),
  conversionRate: z.number(),
  planDistribution: z.object({
    essentials: z.number().int(),
    signature: z.number().int(),
    prestige: z.number().int(),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
