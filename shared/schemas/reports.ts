import { z } from '../zod';

/** A report's month, 'YYYY-MM'. */
export const ReportMonthSchema = z
  .string({ error: 'Month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM, e.g. 2026-11');

/** POST /api/admin/clients/{id}/reports: make (or make again) one month's report and e-mail it. */
export const CreateReportSchema = z.object({ month: ReportMonthSchema });
export type CreateReport = z.infer<typeof CreateReportSchema>;

/** GET /api/reports: the signed-in client's own. */
export const ReportSchema = z.object({
  id: z.string(),
  month: z.string(),
  createdAt: z.iso.datetime(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportsSchema = z.array(ReportSchema);

/** The admin's client page: each report with when it was last e-mailed. */
export const AdminReportSchema = ReportSchema.extend({
  /** The first and last day it covers (a client who joined mid-month: from that day). */
  periodStart: z.iso.date(),
  periodEnd: z.iso.date(),
  sentAt: z.iso.datetime().nullable(),
  /** On the answers of "Make report" and "Send again": what became of the e-mail, in words. */
  message: z.string().optional(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportsSchema = z.array(AdminReportSchema);
