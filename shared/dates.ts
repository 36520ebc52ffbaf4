/**
 * Dates and times as the product writes them, on every screen, e-mail and PDF alike, in the
 * business time zone (BILLING_TIMEZONE): 'Dec 7, 2026', 'Dec 7, 2026 at 3:05 PM'. Two kinds
 * of value come from the API:
 * - a calendar date, 'YYYY-MM-DD' (an invoice's issue and due dates, the day a payment was
 *   received by hand): a day in the business's calendar, written as it is, never shifted;
 * - an instant, an ISO date-time or a Date (when an invoice was sent, a message written):
 *   written as the business's clock read at that moment.
 * Intl does the time-zone work, so the browser's own zone never matters.
 */

/**
 * The business's time zone when BILLING_TIMEZONE is unset. Here rather than in constants.ts,
 * whose module the landing page's scripts carry: the landing page shows no date.
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/**
 * The attribute of the page's settings element (server/lib/spa.ts) that names the business
 * time zone, read by the screens' formatter (client/src/lib/dates.ts) without the settings.
 */
export const TIME_ZONE_ATTRIBUTE = 'data-time-zone';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the value is a calendar date ('2026-12-07') rather than an instant. */
export function isCalendarDate(value: string | Date): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value);
}

/** Whether `timeZone` is an IANA time zone this runtime knows ('America/Chicago'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per zone and style, made once: building one costs far more than using it. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

const DATE_STYLE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME_STYLE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** A calendar date as the UTC midnight that starts it: formatted in UTC it is that very day. */
const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** Newer ICU puts a narrow no-break space before AM/PM: the product writes a plain space. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** 'Dec 7, 2026': a calendar date as it is, an instant on its day in `timeZone`. */
export function formatDateIn(value: string | Date, timeZone: string): string {
  if (isCalendarDate(value)) return formatter('UTC', DATE_STYLE).format(utcMidnight(value));
  return formatter(timeZone, DATE_STYLE).format(asDate(value));
}

/**
 * 'Dec 7, 2026 at 3:05 PM' in `timeZone`, with the zone's abbreviation after it when asked
 * ('... 3:05 PM CST'), for a reader who may be elsewhere (an e-mail). A calendar date has no
 * time of day: it is written as a date alone, never as a made-up midnight or noon.
 */
export function formatDateTimeIn(
  value: string | Date,
  timeZone: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  if (isCalendarDate(value)) return formatDateIn(value, timeZone);
  const instant = asDate(value);
  const time = formatter(
    timeZone,
    zoneName ? { ...TIME_STYLE, timeZoneName: 'short' } : TIME_STYLE,
  ).format(instant);
  return plainSpaces(`${formatDateIn(instant, timeZone)} at ${time}`);
}

/** A month's key ('2026-11') as 'Nov' or 'Nov 2026': a calendar month, in no zone. */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  return formatter(
    'UTC',
    style === 'short' ? { month: 'short' } : { month: 'short', year: 'numeric' },
  ).format(utcMidnight(`${month}-01`));
}

/** A month's key ('2026-11') as its name alone, 'November': "1 of 2 updates used in November". */
export function formatMonthName(month: string): string {
  return formatter('UTC', { month: 'long' }).format(utcMidnight(`${month}-01`));
}

/** The clock in `timeZone` at an instant, as numbers. */
function wallClock(instant: Date, timeZone: string) {
  const parts = formatter(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the clock in `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date ('2026-12-07') in `timeZone` at an instant: "today" there, for instance. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The instant a calendar day begins in `timeZone`: its midnight there, whatever the offset
 * that day (daylight saving included). On the rare day whose midnight the clocks skip, the
 * first instant that exists.
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const midnightUtc = utcMidnight(date).getTime();
  // The offset at a guess, then at the instant it gives: the two agree unless a change of
  // offset lies between them, when the second is the one in force at that midnight.
  const first = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  const second = midnightUtc - offsetAt(new Date(first), timeZone);
  if (calendarDateIn(new Date(second), timeZone) === date) return new Date(second);
  return new Date(Math.max(first, second));
}

/**
 * The instant the clocks in `timeZone` read `wall` (a wall-clock reading written as if it were
 * UTC, in milliseconds). A reading the clocks skip (the spring change's lost hour) gives the
 * first instant after the gap; one they repeat (the autumn's) the earlier of the two.
 */
function fromWallClock(wall: number, timeZone: string): Date {
  const first = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  if (second + offsetAt(new Date(second), timeZone) === wall) return new Date(second);
  return new Date(Math.max(first, second));
}

/**
 * The instant a calendar day is noon in `timeZone`: how a day with no time of day (a payment
 * the admin received by hand) is kept as an instant, so that every reading in the business's
 * calendar (a screen, a month's revenue) puts it on that very day, whatever the zone's offset.
 * No zone skips noon.
 */
export function noonIn(date: string, timeZone: string): Date {
  return fromWallClock(utcMidnight(date).getTime() + 12 * 60 * 60 * 1000, timeZone);
}

/**
 * The instant `months` calendar months after `instant` in `timeZone`: the same time of day on
 * the same day of the month there (the month's last day when it is shorter), across daylight
 * saving changes. A month of a plan paid at 11:30 PM on March 1 in Chicago ends at 11:30 PM on
 * April 1 there, not at 12:30 AM on April 2 as adding a UTC month would make it.
 */
export function addMonthsIn(instant: Date, months: number, timeZone: string): Date {
  const clock = wallClock(instant, timeZone);
  const first = new Date(Date.UTC(clock.year, clock.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const wall = Date.UTC(
    year,
    month,
    Math.min(clock.day, lastDay),
    clock.hour,
    clock.minute,
    clock.second,
    instant.getUTCMilliseconds(),
  );
  return fromWallClock(wall, timeZone);
}

/** The calendar date `days` after `date` (both 'YYYY-MM-DD'). */
export function addDaysToDate(date: string, days: number): string {
  const at = utcMidnight(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The month key ('2026-11') `months` after `month` (negative: before). */
export function addMonthsToMonth(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, index - 1 + months, 1));
  return at.toISOString().slice(0, 7);
}

/** The month key ('2026-11') in `timeZone` at an instant. */
export function monthIn(instant: Date, timeZone: string): string {
  return calendarDateIn(instant, timeZone).slice(0, 7);
}

/** The instant a month ('2026-11') begins in `timeZone`: midnight of its 1st there. */
export function startOfMonthIn(month: string, timeZone: string): Date {
  return startOfDayIn(`${month}-01`, timeZone);
}
