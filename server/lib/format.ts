/** Small formatting helpers shared by the server features. */
import { formatDateIn, formatDateTimeIn } from '@shared/dates';

/** A person's first and last name as one string; '' when neither is known. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/**
 * A sentence that ends with a name: its full stop, unless the name brings one ("Web Co.",
 * "Yahoo!"), so it never reads "Web Co..".
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * A calendar date ('2026-12-07') or an instant as the screens write it: 'Dec 7, 2026'. An
 * instant is written on its day in `timeZone`, the business's (shared/dates.ts).
 */
export function displayDate(value: string | Date, timeZone: string): string {
  return formatDateIn(value, timeZone);
}

/**
 * An instant with its time of day as the business's clock read it, and the zone's name, since
 * an e-mail is read wherever its reader is: 'Dec 7, 2026 at 3:05 PM CST'.
 */
export function displayDateTime(value: Date, timeZone: string): string {
  return formatDateTimeIn(value, timeZone, { zoneName: true });
}
