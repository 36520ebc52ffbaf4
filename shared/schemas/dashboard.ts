import { z } from 'zod';

/** GET /api/admin/dashboard-stats (spec section 3): money in whole dollars, rate a fraction. */
export const DashboardStatsSchema = z.object({
  activeSubscribers: z.number().int(),
  mrr: z.number(),
  arr: z.number(),
  conversionRate: z.number(),
  planDistribution: z.object({
    essentials: z.number().int(),
    signature: z.number().int(),
    prestige: z.number().int(),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
