/** Small formatting helpers shared by the server features. */

/** A person's first and last name as one string; '' when neither is known. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** The calendar date of an instant in UTC, as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const DISPLAY_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date ('2026-12-07') or an instant as the screens write it: 'Dec 7, 2026'. */
export function displayDate(value: string | Date): string {
  const date =
    typeof value === 'string' && value.length === 10 ? new Date(`${value}T00:00:00Z`) : value;
  return DISPLAY_DATE.format(new Date(date));
}

const DISPLAY_TIME = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/**
 * An instant with its time of day, as the screens write it ('Dec 7, 2026 at 3:05 PM'), in UTC
 * and saying so: an e-mail is read in the reader's zone, which the server does not know.
 */
export function displayDateTime(value: Date): string {
  return `${displayDate(value)} at ${DISPLAY_TIME.format(value)} UTC`;
}
