/** Small formatting helpers shared by the server features. */

/** A person's first and last name as one string; '' when neither is known. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** The calendar date of an instant in UTC, as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
