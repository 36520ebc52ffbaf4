import { z } from '../zod';

/** GET /api/admin/dashboard-stats (spec section 3): money in integer cents, rate a fraction. */
export const DashboardStatsSchema = z.object({
  activeSubscribers: z.number().int(),
  /** Monthly recurring revenue of the active subscriptions, in cents. */
  mrr: z.number().int(),
  /** Twelve times the MRR, in cents. */
  arr: z.number().int(),
  /**
   * convertedRequests / consultationRequests (0 without requests), so never above 1: the
   * share of the consultation requests received since conversionSince whose e-mail (ignoring
   * case) belongs to a client whose plan was activated at or after the request.
   */
  conversionRate: z.number().min(0).max(1),
  consultationRequests: z.number().int(),
  convertedRequests: z.number().int(),
  /** The start of the conversion period: midnight (business time zone) of the 1st, 11 months ago. */
  conversionSince: z.iso.datetime(),
  /**
   * Payments received this calendar month (business time zone) that still count (not
   * refunded), less the credit notes issued this month, in cents (docs/payments.md, "Credit
   * notes").
   */
  collectedThisMonth: z.number().int(),
  /** Balance due of every sent or overdue invoice, in cents. */
  outstanding: z.number().int(),
  /** Of which on overdue invoices, in cents. */
  overdue: z.number().int(),
  /**
   * Active subscribers per plan id, in the catalogue's order: every active plan (0 without
   * subscribers) and a retired one that still has some.
   */
  planDistribution: z.record(z.string(), z.number().int()),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** The number of calendar months the trends and the conversion rate cover, this one included. */
export const TREND_MONTHS = 12;

/** One calendar month (in the business time zone) of the dashboard's trends; money in integer cents. */
export const TrendMonthSchema = z.object({
  /** '2026-11'. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Monthly recurring revenue at the month's end (as known now), from the history. */
  mrr: z.number().int(),
  /** Clients whose plan started (first invoice paid) in the month. */
  newClients: z.number().int(),
  /** Clients whose plan ended (a cancellation taking effect) in the month. */
  churnedClients: z.number().int(),
  /**
   * Payments received in the month that count, less what was refunded of them and the credit
   * notes issued in the month (so it can be below zero).
   */
  collected: z.number().int(),
  /** What invoices sent by the month's end still owed at its end (as known now). */
  outstanding: z.number().int(),
});
export type TrendMonth = z.infer<typeof TrendMonthSchema>;

/** GET /api/admin/dashboard-trends: the last TREND_MONTHS months, oldest first. */
export const DashboardTrendsSchema = z.object({
  months: z.array(TrendMonthSchema),
});
export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>;

/** The steps of the admin dashboard's set-up checklist, in the order it lists them. */
export const SETUP_STEPS = [
  'businessDetails',
  'payments',
  'mail',
  'legalPages',
  'website',
  'firstClient',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * GET /api/admin/setup-checklist: which set-up steps a fresh install has done, computed from
 * the real state on every call (settings saved, a way to pay, SMTP, the legal pages saved once,
 * a client account).
 */
export const SetupChecklistSchema = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;
