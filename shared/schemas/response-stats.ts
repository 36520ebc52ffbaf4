import { z } from '../zod';

/** One plan's response figures over this month's tickets (null plan: opened without one). */
export const PlanResponseStatsSchema = z.object({
  plan: z.string().nullable(),
  /** Tickets opened this month. */
  opened: z.number().int(),
  /** Of which the agency has answered. */
  answered: z.number().int(),
  /** Median minutes from opening to the first answer, over the answered ones; null: none. */
  medianFirstResponseMinutes: z.number().nullable(),
  /** Tickets whose first answer is due by now or given: what the share is of. */
  due: z.number().int(),
  /** Of which answered by their due time. */
  answeredInTime: z.number().int(),
});
export type PlanResponseStats = z.infer<typeof PlanResponseStatsSchema>;

/**
 * GET /api/admin/dashboard-response-times: this calendar month's (business time zone) median
 * first response and the share answered in time, per plan at opening.
 */
export const ResponseStatsSchema = z.object({
  /** '2026-11'. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  plans: z.array(PlanResponseStatsSchema),
});
export type ResponseStats = z.infer<typeof ResponseStatsSchema>;
