import { z } from 'zod';

/** GET /api/admin/dashboard-stats (spec section 3): money in integer cents, rate a fraction. */
export const DashboardStatsSchema = z.object({
  activeSubscribers: z.number().int(),
  /** Monthly recurring revenue of the active subscriptions, in cents. */
  mrr: z.number().int(),
  /** Twelve times the MRR, in cents. */
  arr: z.number().int(),
  conversionRate: z.number(),
  /** Payments received this calendar month (UTC) that still count (not refunded), in cents. */
  collectedThisMonth: z.number().int(),
  /** Balance due of every sent or overdue invoice, in cents. */
  outstanding: z.number().int(),
  /** Of which on overdue invoices, in cents. */
  overdue: z.number().int(),
  planDistribution: z.object({
    essentials: z.number().int(),
    signature: z.number().int(),
    prestige: z.number().int(),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
