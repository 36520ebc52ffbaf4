import { z } from 'zod';

/** Upper bound for free text that has no limit of its own in the spec, to keep payloads sane. */
export const MAX_SHORT_TEXT = 200;

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** Optional free text: trimmed, bounded, and stored as given ('' clears the field). */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
}

/** `?q=&page=&pageSize=` of a list endpoint; its answer is a Page of the items. */
export const ListQuerySchema = z.object({
  q: z.string().trim().max(MAX_SHORT_TEXT, 'The search is too long').default(''),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1_000_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be between 1 and 100')
    .max(100, 'Page size must be between 1 and 100')
    .default(25),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** One page of a list: `{ items, total, page, pageSize }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
