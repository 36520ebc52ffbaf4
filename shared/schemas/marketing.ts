import { z } from 'zod';

export const US_STATES = ['Louisiana', 'Mississippi'] as const;
export const MIN_RATING_OPTIONS = [3, 3.5, 4, 4.5] as const;
export const DEFAULT_MAX_RESULTS = 100;
export const BULK_MAX_RESULTS = 10_000;

/** POST /api/admin/marketing-tool/search. */
export const MarketingSearchSchema = z.object({
  state: z.enum(US_STATES).optional(),
  city: z
    .string({ error: 'Please fill in city and business type' })
    .trim()
    .min(1, 'Please fill in city and business type')
    .max(100, 'City is too long'),
  businessType: z
    .string({ error: 'Please fill in city and business type' })
    .trim()
    .min(1, 'Please fill in city and business type')
    .max(100, 'Business type is too long'),
  radius: z
    .number()
    .min(1, 'Radius must be 1 to 50 miles')
    .max(50, 'Radius must be 1 to 50 miles')
    .optional()
    .nullable(),
  minRating: z
    .number()
    .refine(
      (rating) => (MIN_RATING_OPTIONS as readonly number[]).includes(rating),
      'Minimum rating must be 3, 3.5, 4 or 4.5',
    )
    .optional()
    .nullable(),
  openNow: z.boolean().default(false),
  priceLevel: z.number().int().min(0).max(4).optional().nullable(),
  bulkMode: z.boolean().default(false),
  maxResults: z.number().int().min(1).max(50_000).default(DEFAULT_MAX_RESULTS),
  enhancedVerification: z.boolean().optional(),
});
export type MarketingSearch = z.infer<typeof MarketingSearchSchema>;
