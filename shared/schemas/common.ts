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
