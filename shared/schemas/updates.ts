import { z } from '../zod';
import { centsToDollars, dollarsToCents } from '../money';

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

/**
 * Settings: the price of one update beyond a plan's month. Each plan's updates per month are
 * on the plan (issue 37: the plan catalogue).
 */
export const UpdateAllowanceSettingsSchema = z.object({
  extraUpdatePriceCents: z
    .number({ error: 'Price of an extra update must be a number' })
    .int('Price of an extra update must be whole cents')
    .min(0, 'Price of an extra update cannot be negative')
    .max(10_000_00, 'Price of an extra update must be at most $10,000'),
});
export type UpdateAllowanceSettings = z.infer<typeof UpdateAllowanceSettingsSchema>;

export const DEFAULT_UPDATE_ALLOWANCE: UpdateAllowanceSettings = {
  extraUpdatePriceCents: 75_00,
};

/** The month's meter: "1 of 2 updates used in November". */
export const UpdatesMeterSchema = z.object({
  /** 'YYYY-MM' in the business time zone. */
  month: z.string(),
  used: z.number().int(),
  /** null: unlimited (or no plan: then `plan` is null and nothing is included). */
  included: z.number().int().nullable(),
  plan: z.string().nullable(),
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

/** How many months before this one the admin's card still lists unbilled extra updates of. */
export const EARLIER_UNBILLED_MONTHS = 2;

/** GET /api/admin/clients/{id}/updates. */
export const ClientUpdatesSchema = z.object({
  meter: UpdatesMeterSchema,
  requests: z.array(UpdateRequestSchema),
  /**
   * The updates beyond the plan of the EARLIER_UNBILLED_MONTHS months before this one that
   * are not billed yet, oldest first: one asked for on the 31st can still be billed on the 1st.
   */
  earlier: z.array(UpdateRequestSchema),
});
export type ClientUpdates = z.infer<typeof ClientUpdatesSchema>;

/** POST /api/admin/tickets/{id}/extra-update: the draft invoice the line went on. */
export const ExtraUpdateBilledSchema = z.object({ invoiceId: z.string() });
export type ExtraUpdateBilled = z.infer<typeof ExtraUpdateBilledSchema>;

/** The Settings card's form: the price in dollars as typed ('75', '75.50'). */
export const UpdateAllowanceFormSchema = z
  .object({ extraUpdatePriceCents: z.string() })
  .transform(({ extraUpdatePriceCents }): unknown => ({
    extraUpdatePriceCents: dollarsToCents(extraUpdatePriceCents) ?? Number.NaN,
  }))
  .pipe(UpdateAllowanceSettingsSchema);
export type UpdateAllowanceFormValues = z.input<typeof UpdateAllowanceFormSchema>;

/** The saved settings as the form holds them: the price in dollars. */
export function updateAllowanceFormValues(
  settings: UpdateAllowanceSettings,
): UpdateAllowanceFormValues {
  return { extraUpdatePriceCents: centsToDollars(settings.extraUpdatePriceCents) };
}
