import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  addMonthsIn,
  addMonthsToMonth,
  calendarDateIn,
  formatDateIn,
  formatDateTimeIn,
  formatMonth,
  isTimeZone,
  monthIn,
  noonIn,
  startOfDayIn,
  startOfMonthIn,
} from './dates';

const CHICAGO = 'America/Chicago';

describe('formatDateIn', () => {
  it('writes a calendar date as it is, whatever the zone', () => {
    for (const zone of [CHICAGO, 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(formatDateIn('2026-12-07', zone)).toBe('Dec 7, 2026');
    }
  });

  it('writes an instant on its day in the zone: late evening is still that day there', () => {
    // 9:30 PM on Dec 7 in Chicago, already Dec 8 in UTC and in Tokyo.
    const lateEvening = '2026-12-08T03:30:00.000Z';
    expect(formatDateIn(lateEvening, CHICAGO)).toBe('Dec 7, 2026');
    expect(formatDateIn(lateEvening, 'UTC')).toBe('Dec 8, 2026');
    expect(formatDateIn(new Date(lateEvening), 'Asia/Tokyo')).toBe('Dec 8, 2026');
  });

  it('puts the last minute before midnight and midnight itself on their own days', () => {
    expect(formatDateIn('2026-12-08T05:59:59.999Z', CHICAGO)).toBe('Dec 7, 2026');
    expect(formatDateIn('2026-12-08T06:00:00.000Z', CHICAGO)).toBe('Dec 8, 2026');
  });
});

describe('formatDateTimeIn', () => {
  it("writes the business's clock, not the server's or the browser's", () => {
    expect(formatDateTimeIn('2026-11-26T01:47:00.000Z', CHICAGO)).toBe('Nov 25, 2026 at 7:47 PM');
    expect(formatDateTimeIn('2026-11-26T01:47:00.000Z', 'UTC')).toBe('Nov 26, 2026 at 1:47 AM');
    expect(formatDateTimeIn('2026-06-26T01:47:00.000Z', 'Asia/Kathmandu')).toBe(
      'Jun 26, 2026 at 7:32 AM',
    );
  });

  it('writes a calendar date without a made-up time of day (no "12:00 PM")', () => {
    expect(formatDateTimeIn('2026-11-25', CHICAGO)).toBe('Nov 25, 2026');
    expect(formatDateTimeIn('2026-11-25', CHICAGO, { zoneName: true })).toBe('Nov 25, 2026');
  });

  it('names the zone when asked, standard or daylight time as it was then', () => {
    expect(formatDateTimeIn('2026-11-26T01:47:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Nov 25, 2026 at 7:47 PM CST',
    );
    expect(formatDateTimeIn('2026-07-04T23:05:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Jul 4, 2026 at 6:05 PM CDT',
    );
  });

  it('follows the clocks across the spring change: 1:59 AM CST, then 3:00 AM CDT', () => {
    expect(formatDateTimeIn('2026-03-08T07:59:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Mar 8, 2026 at 1:59 AM CST',
    );
    expect(formatDateTimeIn('2026-03-08T08:00:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Mar 8, 2026 at 3:00 AM CDT',
    );
  });

  it('tells apart the hour the autumn change repeats', () => {
    expect(formatDateTimeIn('2026-11-01T06:30:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Nov 1, 2026 at 1:30 AM CDT',
    );
    expect(formatDateTimeIn('2026-11-01T07:30:00.000Z', CHICAGO, { zoneName: true })).toBe(
      'Nov 1, 2026 at 1:30 AM CST',
    );
  });

  it('writes midnight and noon as people read them', () => {
    expect(formatDateTimeIn('2026-12-08T06:00:00.000Z', CHICAGO)).toBe('Dec 8, 2026 at 12:00 AM');
    expect(formatDateTimeIn('2026-12-08T18:00:00.000Z', CHICAGO)).toBe('Dec 8, 2026 at 12:00 PM');
  });
});

describe('calendar days and months in a zone', () => {
  it('gives the date in the zone at an instant, on either side of its midnight', () => {
    expect(calendarDateIn(new Date('2026-12-08T05:59:59.000Z'), CHICAGO)).toBe('2026-12-07');
    expect(calendarDateIn(new Date('2026-12-08T06:00:00.000Z'), CHICAGO)).toBe('2026-12-08');
    expect(calendarDateIn(new Date('2026-12-07T15:00:00.000Z'), 'Asia/Tokyo')).toBe('2026-12-08');
  });

  it("finds a day's midnight with the offset of that day, daylight saving included", () => {
    // The spring change is at 2 AM: that day still starts in standard time (UTC-6).
    expect(startOfDayIn('2026-03-08', CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn('2026-03-09', CHICAGO).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    // The autumn change: that day starts in daylight time (UTC-5), the next in standard time.
    expect(startOfDayIn('2026-11-01', CHICAGO).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfDayIn('2026-11-02', CHICAGO).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(startOfDayIn('2026-12-07', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-12-06T18:15:00.000Z',
    );
    expect(startOfDayIn('2026-12-07', 'UTC').toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('starts a day whose midnight the clocks skip at its first instant (1:00 AM)', () => {
    // Havana moves its clocks from midnight to 1 AM on Mar 8, 2026.
    const start = startOfDayIn('2026-03-08', 'America/Havana');
    expect(start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(formatDateTimeIn(start, 'America/Havana')).toBe('Mar 8, 2026 at 1:00 AM');
    expect(calendarDateIn(new Date(start.getTime() - 1), 'America/Havana')).toBe('2026-03-07');
  });

  it("gives a month's key and its start in the zone", () => {
    // 11:30 PM on Jan 31 in Chicago: January there, February in UTC.
    expect(monthIn(new Date('2026-02-01T05:30:00.000Z'), CHICAGO)).toBe('2026-01');
    expect(monthIn(new Date('2026-02-01T06:00:00.000Z'), CHICAGO)).toBe('2026-02');
    expect(startOfMonthIn('2026-03', CHICAGO).toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(startOfMonthIn('2026-04', CHICAGO).toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });

  it('counts days and months over year ends and short months', () => {
    expect(addDaysToDate('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addMonthsToMonth('2026-01', -11)).toBe('2025-02');
    expect(addMonthsToMonth('2026-12', 1)).toBe('2027-01');
  });

  it('keeps a day as its noon in the zone, on that day there even 14 hours east of UTC', () => {
    expect(noonIn('2026-03-31', CHICAGO).toISOString()).toBe('2026-03-31T17:00:00.000Z');
    const kiritimati = noonIn('2026-03-31', 'Pacific/Kiritimati');
    expect(kiritimati.toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(calendarDateIn(kiritimati, 'Pacific/Kiritimati')).toBe('2026-03-31');
    expect(monthIn(noonIn('2026-04-01', 'Pacific/Pago_Pago'), 'Pacific/Pago_Pago')).toBe('2026-04');
  });

  it("adds months on the zone's clock, across daylight saving and short months", () => {
    const add = (iso: string, months: number, zone = CHICAGO) =>
      addMonthsIn(new Date(iso), months, zone).toISOString();
    // 11:30 PM on Mar 1 (CST) is 11:30 PM on Apr 1 (CDT): an hour less in UTC.
    expect(add('2026-03-02T05:30:00.000Z', 1)).toBe('2026-04-02T04:30:00.000Z');
    // And back over the autumn change: 11:30 PM on Oct 31 (CDT) to Nov 30 (CST).
    expect(add('2026-11-01T04:30:00.000Z', 1)).toBe('2026-12-01T05:30:00.000Z');
    // Jan 31 becomes Feb 28, and a year ends.
    expect(add('2026-01-31T18:00:00.000Z', 1)).toBe('2026-02-28T18:00:00.000Z');
    expect(add('2026-12-15T18:00:00.000Z', 1)).toBe('2027-01-15T18:00:00.000Z');
    // 12:30 AM on Jan 7 in Kiritimati is 12:30 AM on Feb 7 there.
    expect(add('2026-01-06T10:30:00.000Z', 1, 'Pacific/Kiritimati')).toBe(
      '2026-02-06T10:30:00.000Z',
    );
    // 2:30 AM on Feb 8 has no Mar 8 in Chicago (the clocks skip 2 to 3 AM): 3:30 AM CDT.
    expect(add('2026-02-08T08:30:00.000Z', 1)).toBe('2026-03-08T08:30:00.000Z');
  });

  it('names a month in no zone at all', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'short')).toBe('Jan');
  });

  it('knows a real zone from a typo', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Chicag')).toBe(false);
  });
});
