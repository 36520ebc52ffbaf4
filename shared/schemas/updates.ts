import { z } from '../zod';
import { PLAN_IDS } from '../plans';

/**
 * The website updates each plan includes per month (issue 28). A new ticket is a "Website
 * update" or a "Question or problem"; update requests count against the month's allowance.
 */
export const TICKET_KINDS = ['question', 'update'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_KIND_LABELS: Record<TicketKind, string> = {
  update: 'Website update',
  question: 'Question or problem',
};

/** Updates per month for one plan: a whole number, or null for unlimited. */
const AllowanceSchema = z
  .number({ error: 'Updates per month must be a number' })
  .int('Updates per month must be a whole number')
  .min(0, 'Updates per month must be between 0 and 100')
  .max(100, 'Updates per month must be between 0 and 100')
  .nullable();

/** Settings: each plan's updates per month and the price of one beyond them. */
export const UpdateAllowanceSettingsSchema = z.object({
  updatesPerMonth: z.object(
    Object.fromEntries(PLAN_IDS.map((plan) => [plan, AllowanceSchema])) as Record<
      (typeof PLAN_IDS)[number],
      typeof AllowanceSchema
    >,
  ),
  extraUpdatePriceCents: z
    .number({ error: 'Price of an extra update must be a number' })
    .int('Price of an extra update must be whole cents')
    .min(0, 'Price of an extra update cannot be negative')
    .max(10_000_00, 'Price of an extra update must be at most $10,000'),
});
export type UpdateAllowanceSettings = z.infer<typeof UpdateAllowanceSettingsSchema>;

export const DEFAULT_UPDATE_ALLOWANCE: UpdateAllowanceSettings = {
  updatesPerMonth: { essentials: 1, signature: 2, prestige: null },
  extraUpdatePriceCents: 75_00,
};

/** The month's meter: "1 of 2 updates used in November". */
export const UpdatesMeterSchema = z.object({
  /** 'YYYY-MM' in the business time zone. */
  month: z.string(),
  used: z.number().int(),
  /** null: unlimited (or no plan: then `plan` is null and nothing is included). */
  included: z.number().int().nullable(),
  plan: z.enum(PLAN_IDS).nullable(),
  extraUpdatePriceCents: z.number().int(),
});
export type UpdatesMeter = z.infer<typeof UpdatesMeterSchema>;

/** An update request of the month on the admin's client page, with what was billed for it. */
export const UpdateRequestSchema = z.object({
  ticketId: z.string(),
  number: z.number().int(),
  subject: z.string(),
  createdAt: z.iso.datetime(),
  /** Beyond the plan's allowance when it was asked for. */
  beyondPlan: z.boolean(),
  /** The draft invoice its "Extra update" line went on, once billed. */
  invoiceId: z.string().nullable(),
});
export type UpdateRequest = z.infer<typeof UpdateRequestSchema>;

/** GET /api/admin/clients/{id}/updates. */
export const ClientUpdatesSchema = z.object({
  meter: UpdatesMeterSchema,
  requests: z.array(UpdateRequestSchema),
});
export type ClientUpdates = z.infer<typeof ClientUpdatesSchema>;
