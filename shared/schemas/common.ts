import { z } from '../zod';

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

/** Digits, spaces, + ( ) - . and an extension ("x12", "ext. 12"): how people write a phone number. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+((x|ext\.?)\s*\d{1,6})?$/i;

/**
 * A phone number a person may leave empty: the business's, a client's, a consultation's.
 * Written as people write them ("(504) 555-0123", "+1 504 555 0123 ext. 4"), with 7 to 15
 * digits before any extension.
 */
export function optionalPhone(label: string) {
  return optionalText(40, label).refine((value) => {
    if (value === '') return true;
    const digits = value.replace(/(x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '').length;
    return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
  }, `${label} must be a phone number, e.g. (504) 555-0123`);
}

/** Query-string values a form leaves empty (`?q=&status=`) mean "not given". */
export const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The page sizes a list screen offers; the API accepts any size from 1 to 100. */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Pages beyond this are refused: no list is that long, and OFFSET would scan that far. */
const MAX_PAGE = 100_000;

/**
 * `?q=&page=&pageSize=` of a list endpoint; its answer is a Page of the items. A feature adds
 * its filters with `.extend({ status: statusFilter(STATUSES) })`.
 */
export const ListQuerySchema = z.object({
  q: z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: 'The search must be text' })
      .trim()
      .max(MAX_SHORT_TEXT, 'The search is too long'),
  ),
  page: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(MAX_PAGE, 'Page is too large')
      .default(1),
  ),
  pageSize: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'Page size must be a number' })
      .int('Page size must be a whole number')
      .min(1, 'Page size must be between 1 and 100')
      .max(100, 'Page size must be between 1 and 100')
      .default(DEFAULT_PAGE_SIZE),
  ),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** `?status=` of a list: one of the values, or absent (every status). */
export function statusFilter<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message = `Status must be one of: ${values.join(', ')}`,
) {
  return z.preprocess(blankAsUndefined, z.enum(values, { error: message }).optional());
}

/** `?client=` of a list: one client account's rows. */
export const ClientFilterSchema = z.preprocess(
  blankAsUndefined,
  z.uuid('Client must be a client id').optional(),
);

/** One page of a list: `{ items, total, page, pageSize }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** What a page says about where it is in the list. */
export interface PageInfo {
  total: number;
  page: number;
  pageSize: number;
}

/** The rows to skip for a page. */
export const pageOffset = ({ page, pageSize }: Pick<PageInfo, 'page' | 'pageSize'>) =>
  (page - 1) * pageSize;

/** The number of the last page (1 for an empty list). */
export const lastPage = ({ total, pageSize }: Pick<PageInfo, 'total' | 'pageSize'>) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * 'Showing 26-50 of 1,234'; 'No invoices' when there are none (`none` names them), and a page
 * past the end says so.
 */
export function showingRange(
  { total, page, pageSize }: PageInfo,
  none = 'Nothing to show',
): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (total === 0) return none;
  const first = pageOffset({ page, pageSize }) + 1;
  if (first > total) return `Nothing on this page (${n(total)} in all)`;
  const last = Math.min(page * pageSize, total);
  return `Showing ${n(first)}-${n(last)} of ${n(total)}`;
}

/**
 * A period of the books (issue 39) with its other parameters: calendar dates in the business
 * time zone, both included, From on or before To.
 */
export function periodQuery<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({
      from: z.iso.date('From must be a date (YYYY-MM-DD)'),
      to: z.iso.date('To must be a date (YYYY-MM-DD)'),
      ...shape,
    })
    .refine(endsAfterItStarts, { message: 'From must be on or before To', path: ['to'] });
}

// Typed by hand: TypeScript cannot see `from` and `to` through the generic shape's output.
const endsAfterItStarts = (period: unknown) => {
  const { from, to } = period as { from: string; to: string };
  return from <= to;
};
