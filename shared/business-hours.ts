import { addDaysToDate, calendarDateIn, startOfDayIn } from './dates';

/**
 * Response times counted in the agency's support hours: when an answer is due, how much of a
 * target is left when the clock pauses, and how a target reads to a client. Pure arithmetic
 * on instants; the zone's calendar (nights, weekends, daylight saving) comes from Intl
 * through shared/dates.ts, so the server's and the browser's own zones never matter.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** When the agency answers: on these days, from `opensAt` to `closesAt` ('HH:MM'), in `timeZone`. */
export interface SupportHours {
  workingDays: readonly number[];
  opensAt: string;
  closesAt: string;
  timeZone: string;
}

/** Around the clock: every minute counts (a plan's 24/7 support). */
export const AROUND_THE_CLOCK = 'around-the-clock' as const;
export type Clock = SupportHours | typeof AROUND_THE_CLOCK;

export const TARGET_UNITS = ['hours', 'days'] as const;
export type TargetUnit = (typeof TARGET_UNITS)[number];
export interface ResponseTarget {
  amount: number;
  unit: TargetUnit;
}

const MINUTE = 60_000;

/** 'HH:MM' as minutes after midnight. */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** How many minutes a working day has: the length of a "business day". */
export function businessDayMinutes(clock: Clock): number {
  if (clock === AROUND_THE_CLOCK) return 24 * 60;
  return minutesOfTime(clock.closesAt) - minutesOfTime(clock.opensAt);
}

/**
 * A target in minutes of the clock it runs on: a business day is one working day's hours
 * (9 to 5: 480 minutes), a day around the clock 24 hours. A high-priority ticket gets half.
 */
export function targetMinutes(
  target: ResponseTarget,
  clock: Clock,
  { halved = false }: { halved?: boolean } = {},
): number {
  const minutes =
    target.unit === 'days' ? target.amount * businessDayMinutes(clock) : target.amount * 60;
  return halved ? Math.round(minutes / 2) : minutes;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** The clock on the wall in `timeZone` at an instant, as minutes after its midnight. */
function wallMinutes(instant: Date, timeZone: string): number {
  let made = partsFormatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, made);
  }
  const parts = made.formatToParts(instant);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

/**
 * The instant the clocks in `timeZone` read `minutes` after midnight on `date`. On the day
 * daylight saving starts or ends the hours between differ from 60 minutes each: counting from
 * the real midnight and correcting by what the wall clock then says handles both. A time the
 * clocks skip gives the instant an hour earlier, which no opening hour ever asks for.
 */
export function instantOn(date: string, minutes: number, timeZone: string): Date {
  const midnight = startOfDayIn(date, timeZone).getTime();
  let at = midnight + minutes * MINUTE;
  for (let i = 0; i < 2; i += 1) {
    const wall =
      calendarDateIn(new Date(at), timeZone) === date
        ? wallMinutes(new Date(at), timeZone)
        : wallMinutes(new Date(at), timeZone) + 24 * 60;
    if (wall === minutes) break;
    at += (minutes - wall) * MINUTE;
  }
  return new Date(at);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a calendar date. */
function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Ten years of days: a clock with no working day at all never loops forever. */
const MAX_DAYS = 3660;

/** The open hours of each day from `from`'s day on, as [opens, closes] instants. */
function* openIntervals(from: Date, hours: SupportHours): Generator<[number, number]> {
  if (hours.workingDays.length === 0) return;
  const opens = minutesOfTime(hours.opensAt);
  const closes = minutesOfTime(hours.closesAt);
  if (closes <= opens) return;
  let date = calendarDateIn(from, hours.timeZone);
  for (let i = 0; i < MAX_DAYS; i += 1) {
    if (hours.workingDays.includes(weekdayOf(date))) {
      yield [
        instantOn(date, opens, hours.timeZone).getTime(),
        instantOn(date, closes, hours.timeZone).getTime(),
      ];
    }
    date = addDaysToDate(date, 1);
  }
}

/**
 * When a target of `minutes` started at `from` runs out: around the clock, that many minutes
 * later; in support hours, after that many minutes of open time (over nights and weekends; a
 * start outside the hours counts from the next opening). Null when the hours have no open time.
 */
export function addClockMinutes(from: Date, minutes: number, clock: Clock): Date | null {
  if (clock === AROUND_THE_CLOCK) return new Date(from.getTime() + minutes * MINUTE);
  let remaining = Math.max(0, minutes) * MINUTE;
  for (const [opens, closes] of openIntervals(from, clock)) {
    const start = Math.max(from.getTime(), opens);
    if (start >= closes) continue;
    if (remaining <= closes - start) return new Date(start + remaining);
    remaining -= closes - start;
  }
  return null;
}

/**
 * The minutes of `clock` between two instants (negative when `to` is before `from`): what is
 * left of a target when its clock pauses.
 */
export function clockMinutesBetween(from: Date, to: Date, clock: Clock): number {
  if (to < from) return -clockMinutesBetween(to, from, clock);
  if (clock === AROUND_THE_CLOCK) return Math.floor((to.getTime() - from.getTime()) / MINUTE);
  let total = 0;
  for (const [opens, closes] of openIntervals(from, clock)) {
    if (opens >= to.getTime()) break;
    const start = Math.max(from.getTime(), opens);
    const end = Math.min(to.getTime(), closes);
    if (end > start) total += end - start;
  }
  return Math.floor(total / MINUTE);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A target as a client reads it after "We answer within": '2 business days', '4 business
 * hours', '4 hours, around the clock'.
 */
export function describeResponseTime(minutes: number, clock: Clock): string {
  const aroundTheClock = clock === AROUND_THE_CLOCK;
  const day = businessDayMinutes(clock);
  const business = aroundTheClock ? '' : 'business ';
  let amount: string;
  if (day > 0 && minutes % day === 0 && !(aroundTheClock && minutes < 48 * 60)) {
    amount = plural(minutes / day, `${business}day`);
  } else if (minutes % 60 === 0) {
    amount = plural(minutes / 60, `${business}hour`);
  } else {
    amount = plural(minutes, `${business}minute`);
  }
  return aroundTheClock ? `${amount}, around the clock` : amount;
}
