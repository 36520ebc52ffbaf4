import { z } from '../zod';
import { EmailSchema, optionalPhone, optionalText } from './common';

/** GET/PUT /api/admin/settings: the business details shown wherever the brand appears. */
export const BusinessSettingsSchema = z.object({
  businessName: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(100, 'Business name is too long'),
  businessEmail: EmailSchema,
  businessPhone: optionalPhone('Phone'),
  businessCity: z
    .string({ error: 'City is required' })
    .trim()
    .min(1, 'City is required')
    .max(100, 'City is too long'),
  businessState: z
    .string({ error: 'State is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'State must be a two-letter code, e.g. LA'),
  businessWebsite: z
    .string()
    .trim()
    .max(300, 'Website is too long')
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
      'Website must start with http:// or https://',
    ),
  /** Renewal invoices are e-mailed as soon as they are made; off, they wait as drafts. */
  autoSendRenewals: z.boolean({ error: 'Auto-send must be true or false' }).default(true),
  /** Every admin must set up two-factor authentication before doing anything else. */
  requireAdminTwoFactor: z
    .boolean({ error: 'Require two-factor authentication must be true or false' })
    .default(false),
  /** Each consultation request from the landing page is e-mailed to the business e-mail. */
  consultationEmails: z.boolean({ error: 'Consultation e-mails must be on or off' }).default(true),
  /** Once a day, the support e-mails held for review are listed in one e-mail to the business. */
  heldMailDigest: z.boolean({ error: 'The held e-mail digest must be on or off' }).default(true),
  /** How to pay without a card (bank transfer details...): shown on invoices and pay pages. */
  paymentInstructions: optionalText(2000, 'Payment instructions').default(''),
  /** Overdue invoices are reminded by e-mail on these days after their due date. */
  remindersEnabled: z.boolean({ error: 'Reminders must be on or off' }).default(true),
  reminderDays: z
    .array(
      z
        .number({ error: 'Reminder days must be numbers' })
        .int('Reminder days must be whole numbers')
        .min(1, 'Reminder days must be between 1 and 90')
        .max(90, 'Reminder days must be between 1 and 90'),
    )
    .min(1, 'Add at least one reminder day (turn reminders off to send none)')
    .max(5, 'At most 5 reminders')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .default([3, 7, 14]),
  /** The largest file a ticket message may carry, and what its files may add up to (MB). */
  attachmentMaxFileMb: z
    .number({ error: 'Largest file must be a number of MB' })
    .int('Largest file must be a whole number of MB')
    .min(1, 'Largest file must be between 1 and 100 MB')
    .max(100, 'Largest file must be between 1 and 100 MB')
    .default(10),
  attachmentMaxMessageMb: z
    .number({ error: 'Files per message must be a number of MB' })
    .int('Files per message must be a whole number of MB')
    .min(1, 'Files per message must be between 1 and 250 MB')
    .max(250, 'Files per message must be between 1 and 250 MB')
    .default(25),
  /**
   * How long each support e-mail is kept as it arrived (its download, "View original e-mail");
   * the tickets and files made from it stay, and a held e-mail keeps its original until decided.
   */
  originalEmailDays: z
    .number({ error: 'Days to keep original e-mails must be a number' })
    .int('Days to keep original e-mails must be a whole number')
    .min(1, 'Days to keep original e-mails must be between 1 and 3650')
    .max(3650, 'Days to keep original e-mails must be between 1 and 3650')
    .default(90),
  /** How many days a new (or renewed) signup link works; a link keeps the time it was given. */
  signupLinkDays: z
    .number({ error: 'Days a signup link works must be a number' })
    .int('Days a signup link works must be a whole number')
    .min(1, 'Days a signup link works must be between 1 and 30')
    .max(30, 'Days a signup link works must be between 1 and 30')
    .default(7),
  /**
   * Moving a plan's subscribers to its current price (Plans) starts at their first renewal at
   * least this many days away; they are e-mailed at once (issue 37).
   */
  priceChangeNoticeDays: z
    .number({ error: 'Notice of a new price must be a number of days' })
    .int('Notice of a new price must be a whole number of days')
    .min(0, 'Notice of a new price must be between 0 and 365 days')
    .max(365, 'Notice of a new price must be between 0 and 365 days')
    .default(30),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

/**
 * The settings form (/admin/settings): the reminder days are one text input ("3, 7, 14"),
 * read into the array the payload schema checks; its first message shows on that input.
 */
export const BusinessSettingsFormSchema = BusinessSettingsSchema.extend({
  reminderDays: z.string().transform((text, ctx) => {
    const typed = text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const days = BusinessSettingsSchema.shape.reminderDays.safeParse(typed);
    if (!days.success) {
      ctx.addIssue({ code: 'custom', message: days.error.issues[0]?.message ?? 'Invalid days' });
      return z.NEVER;
    }
    return days.data;
  }),
});
export type BusinessSettingsFormValues = z.input<typeof BusinessSettingsFormSchema>;

/** GET /api/settings/public: the brand name and contact details shown across the product. */
export const PublicSettingsSchema = z.object({
  businessName: z.string(),
  businessEmail: z.string(),
  /** "City, ST", from the business city and state. */
  businessLocation: z.string(),
  /** '' when not set: the landing page's footer and structured data leave it out. */
  businessPhone: z.string().default(''),
  /** '' when not set, else an http(s) address. */
  businessWebsite: z.string().default(''),
  /**
   * The IANA zone every date and time is shown in (BILLING_TIMEZONE). The server always sends
   * it; the landing page, which shows no date, goes without (client/src/lib/dates.ts falls
   * back to DEFAULT_TIME_ZONE).
   */
  timeZone: z.string().optional(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** The largest logo file accepted, in bytes (it is stored resized, far smaller). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * GET /api/admin/settings/logo, and the answer of its PUT (a multipart form whose file field is
 * `logo`, PNG, JPEG, WebP or AVIF) and DELETE: the logo drawn on the PDFs, or none. `url` is the
 * stored image (a PNG), changed with each upload.
 */
export const LogoSchema = z.object({
  logo: z
    .object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      updatedAt: z.iso.datetime(),
      url: z.string(),
    })
    .nullable(),
});
export type Logo = z.infer<typeof LogoSchema>;
