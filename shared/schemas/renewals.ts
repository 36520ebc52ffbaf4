import { z } from '../zod';
import { ListQuerySchema, pageSchema } from './common';
import { INVOICE_STATUSES } from './invoices';

/** The days ahead the upcoming renewals list looks. */
export const UPCOMING_RENEWAL_DAYS = 30;

/** GET /api/admin/renewals/upcoming: `?page=&pageSize=` (no search: a month's renewals). */
export const UpcomingRenewalsQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true });
export type UpcomingRenewalsQuery = z.infer<typeof UpcomingRenewalsQuerySchema>;

const RenewalLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
});

/**
 * One subscription renewing within the next 30 days: who, which plan, when, and the invoice its
 * renewal makes. `invoice` is the renewal invoice once the daily billing run made it; before
 * that, `preview` is the one it will make, drawn up by the run's own code (a dry run). Neither:
 * the run makes none (the client has no e-mail address). Amounts in cents.
 */
export const UpcomingRenewalSchema = z.object({
  subscriptionId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  planId: z.string(),
  planName: z.string(),
  /** The first day of the month it renews for, in the business's calendar. */
  renewalDate: z.iso.date(),
  /** What the renewal invoice asks for, after a free month (0 when the month is free). */
  amount: z.number().int().nullable(),
  freeMonth: z.boolean(),
  invoice: z
    .object({
      id: z.string(),
      invoiceNumber: z.string().nullable(),
      status: z.enum(INVOICE_STATUSES),
      total: z.number().int(),
      amountPaid: z.number().int(),
    })
    .nullable(),
  preview: z
    .object({
      lineItems: z.array(RenewalLineSchema),
      subtotal: z.number().int(),
      total: z.number().int(),
      dueDate: z.iso.date(),
      notes: z.string(),
    })
    .nullable(),
});
export type UpcomingRenewal = z.infer<typeof UpcomingRenewalSchema>;
export const UpcomingRenewalPageSchema = pageSchema(UpcomingRenewalSchema);
export type UpcomingRenewalPage = z.infer<typeof UpcomingRenewalPageSchema>;
