import { isTimeZone } from '../dates';
import { TARGET_UNITS, WEEKDAYS } from '../business-hours';
import { z } from '../zod';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ResponseTargetSchema = z.object({
  amount: z.coerce
    .number({ error: 'Enter a number' })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(99, 'At most 99'),
  unit: z.enum(TARGET_UNITS, { error: 'Unit must be hours or days' }),
});

/** A plan's targets: the first answer, and each answer after a client's message. */
export const PlanResponseTimesSchema = z.object({
  /** Around the clock (24/7): every hour counts, support hours or not. */
  aroundTheClock: z.boolean({ error: 'Around the clock must be on or off' }),
  firstResponse: ResponseTargetSchema,
  nextResponse: ResponseTargetSchema,
});
export type PlanResponseTimes = z.infer<typeof PlanResponseTimesSchema>;

const WorkingDaysSchema = z
  .array(z.number().int().min(1).max(7), { error: 'Choose the working days' })
  .min(1, 'Choose at least one working day')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .refine((days) => days.every((day) => (WEEKDAYS as readonly number[]).includes(day)));

const SupportHoursFields = z.object({
  workingDays: WorkingDaysSchema,
  opensAt: z.string().regex(TIME, 'Opening time must be like 09:00'),
  closesAt: z.string().regex(TIME, 'Closing time must be like 17:00'),
  /** '' is the business time zone (BILLING_TIMEZONE). */
  timeZone: z
    .string()
    .trim()
    .max(64, 'Time zone is too long')
    .refine(
      (zone) => zone === '' || isTimeZone(zone),
      'Time zone must be an IANA time zone, e.g. America/Chicago',
    ),
});

const closesAfterOpening = {
  check: (hours: { opensAt: string; closesAt: string }) => hours.closesAt > hours.opensAt,
  params: { path: ['closesAt'], message: 'Closing time must be after the opening time' },
};

/**
 * GET/PUT /api/admin/settings/response-times: the support hours. Each plan's targets are on
 * the plan (issue 37), in these hours unless the plan is around the clock; a high-priority
 * ticket gets half.
 */
export const ResponseTimeSettingsSchema = SupportHoursFields.refine(
  closesAfterOpening.check,
  closesAfterOpening.params,
);
export type ResponseTimeSettings = z.infer<typeof ResponseTimeSettingsSchema>;

/** The Settings form: its working-day checkboxes give the days as text ('1' ... '7'). */
export const ResponseTimeSettingsFormSchema = SupportHoursFields.extend({
  workingDays: z
    .array(z.string(), { error: 'Choose at least one working day' })
    .transform((days) => days.map(Number))
    .pipe(WorkingDaysSchema),
}).refine(closesAfterOpening.check, closesAfterOpening.params);
export type ResponseTimeSettingsFormValues = z.input<typeof ResponseTimeSettingsFormSchema>;

/** What GET answers: the settings, and the zone a blank time zone stands for. */
export const ResponseTimeSettingsViewSchema = z.object({
  settings: ResponseTimeSettingsSchema,
  defaultTimeZone: z.string(),
});
export type ResponseTimeSettingsView = z.infer<typeof ResponseTimeSettingsViewSchema>;

/** GET /api/tickets/response-time: what the signed-in client's plan promises. */
export const ClientResponseTimeSchema = z.object({
  /** After "We answer within": '1 business day', '4 hours, around the clock'. */
  normal: z.string(),
  /** The same for a high-priority ticket (half). */
  high: z.string(),
});
export type ClientResponseTime = z.infer<typeof ClientResponseTimeSchema>;
