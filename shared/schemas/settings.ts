import { z } from 'zod';
import { EmailSchema, optionalText } from './common';

// Its own module, so the landing page can load it without the full zod (see the file).
export { PublicSettingsSchema, type PublicSettings } from './public-settings';

/** GET/PUT /api/admin/settings: the business details shown wherever the brand appears. */
export const BusinessSettingsSchema = z.object({
  businessName: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(100, 'Business name is too long'),
  businessEmail: EmailSchema,
  businessPhone: optionalText(40, 'Phone'),
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
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;
