import { formatDistance, formatDistanceToNow } from 'date-fns';
import {
  addDaysToDate,
  addMonthsToMonth,
  DEFAULT_TIME_ZONE,
  calendarDateIn,
  formatDateIn,
  formatDateTimeIn,
  formatMonth as formatMonthKey,
  isCalendarDate,
  isTimeZone,
  monthIn,
  TIME_ZONE_ATTRIBUTE,
} from '@shared/dates';

/**
 * Every date and time the screens show, written one way and in the business's time zone
 * (BILLING_TIMEZONE), whatever the zone of the browser: an admin abroad and a client across
 * the country read the same "Dec 7, 2026 at 3:05 PM" the e-mails and PDFs say. Components
 * format through here, never with date-fns' format() or toLocaleString().
 */

/**
 * The zone the server wrote into the page, on its public settings element (server/lib/spa.ts);
 * a page the server did not hand out (the Vite dev server's) uses the product's default zone.
 */
function zoneInPage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const zone = document
    .querySelector(`[${TIME_ZONE_ATTRIBUTE}]`)
    ?.getAttribute(TIME_ZONE_ATTRIBUTE);
  return zone && isTimeZone(zone) ? zone : undefined;
}

let zone = zoneInPage() ?? DEFAULT_TIME_ZONE;

/** The business's time zone, e.g. 'America/Chicago'. */
export function businessTimeZone(): string {
  return zone;
}

/** Sets the zone the screens write in: for tests, and a page without the server's settings. */
export function setBusinessTimeZone(timeZone: string): void {
  zone = timeZone;
}

/** 'Dec 7, 2026': a calendar date ('2026-12-07') as it is, an instant on its day there. */
export function formatDate(value: string): string {
  return formatDateIn(value, zone);
}

/**
 * 'Dec 7, 2026 at 3:05 PM' in the business's time zone; `zoneName` adds its abbreviation
 * ('... 3:05 PM CST') where a reader elsewhere must not misread a deadline. A calendar date
 * has no time of day and is written as a date alone.
 */
export function formatDateTime(value: string, options: { zoneName?: boolean } = {}): string {
  return formatDateTimeIn(value, zone, options);
}

/** A month of the dashboard ('2026-11') as 'Nov 2026', or 'Nov' for a chart's axis. */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  return formatMonthKey(month, style);
}

/** How long ago an instant was, in words ('about 3 hours ago'): no zone involved. */
export function formatTimeAgo(value: string): string {
  return formatDistanceToNow(new Date(value), { addSuffix: true });
}

/** Today's calendar date ('2026-12-07') in the business's time zone: a form's default day. */
export function businessToday(now: Date = new Date()): string {
  return calendarDateIn(now, zone);
}

/** The calendar date ('2026-12-07') of an instant in the business's time zone: a form's value. */
export function calendarDateOf(value: string): string {
  return isCalendarDate(value) ? value : calendarDateIn(new Date(value), zone);
}

/** The calendar date `days` after `date` ('YYYY-MM-DD'). */
export function addDaysTo(date: string, days: number): string {
  return addDaysToDate(date, days);
}

/**
 * How far an instant is from now, in words, past or future ('in about 3 hours', '2 days
 * ago'): no zone involved.
 */
export function formatTimeFromNow(value: string, now: Date = new Date()): string {
  return formatDistance(new Date(value), now, { addSuffix: true });
}

/** The month ('2026-11') an instant falls in, in the business's time zone: this month by default. */
export function businessMonth(at: Date | string = new Date()): string {
  return monthIn(typeof at === 'string' ? new Date(at) : at, zone);
}

/** The month key ('2026-11') `months` after `month` (negative: before). */
export function addMonthsTo(month: string, months: number): string {
  return addMonthsToMonth(month, months);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many days from today to a calendar date or an instant's day, both in the business's
 * calendar: 0 today, 1 tomorrow, negative once past. What "14 days left" on a certificate
 * counts, the same for every reader whatever the zone of their browser.
 */
export function daysUntil(value: string, now: Date = new Date()): number {
  const day = calendarDateOf(value);
  const today = calendarDateIn(now, zone);
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date ('2026-12-01') of the 1st of next month in the business's time zone. */
export function firstOfNextMonth(now: Date = new Date()): string {
  return `${addMonthsToMonth(monthIn(now, zone), 1)}-01`;
}
