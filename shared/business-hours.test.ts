import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addClockMinutes,
  AROUND_THE_CLOCK,
  clockMinutesBetween,
  describeResponseTime,
  instantOn,
  targetMinutes,
  type SupportHours,
} from './business-hours';

// Monday to Friday, 9 to 5 in New Orleans' zone (CST -06:00, CDT -05:00).
const NINE_TO_FIVE: SupportHours = {
  workingDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  timeZone: 'America/Chicago',
};
const HOUR = 60;
const DAY = 8 * HOUR;
const at = (iso: string) => new Date(iso);

describe('addClockMinutes in support hours', () => {
  it('counts within one working day', () => {
    // Tuesday Nov 24, 2026, 10:00 CST + 4 business hours = 14:00 CST.
    expect(addClockMinutes(at('2026-11-24T16:00:00Z'), 4 * HOUR, NINE_TO_FIVE)).toEqual(
      at('2026-11-24T20:00:00Z'),
    );
  });

  it('carries over the night into the next morning', () => {
    // Tuesday 15:00 + 4h: 2h on Tuesday, 2h on Wednesday from 9:00 -> Wednesday 11:00 CST.
    expect(addClockMinutes(at('2026-11-24T21:00:00Z'), 4 * HOUR, NINE_TO_FIVE)).toEqual(
      at('2026-11-25T17:00:00Z'),
    );
  });

  it('skips the weekend', () => {
    // Friday Nov 27, 16:00 CST + 1 business day: 1h Friday, 7h Monday -> Monday 16:00 CST.
    expect(addClockMinutes(at('2026-11-27T22:00:00Z'), DAY, NINE_TO_FIVE)).toEqual(
      at('2026-11-30T22:00:00Z'),
    );
  });

  it('starts a message sent at night or on a weekend at the next opening', () => {
    // Saturday 23:00 CST + 2 business days -> Tuesday 17:00 CST (Monday and Tuesday whole).
    expect(addClockMinutes(at('2026-11-29T05:00:00Z'), 2 * DAY, NINE_TO_FIVE)).toEqual(
      at('2026-12-01T23:00:00Z'),
    );
    // Wednesday 06:00 CST + 1h -> Wednesday 10:00 CST.
    expect(addClockMinutes(at('2026-11-25T12:00:00Z'), HOUR, NINE_TO_FIVE)).toEqual(
      at('2026-11-25T16:00:00Z'),
    );
  });

  it('keeps 9 to 5 on the wall clock across the start of daylight saving', () => {
    // Friday Mar 6, 2026, 13:00 CST + 1 business day = Monday Mar 9, 13:00 CDT (18:00Z).
    expect(addClockMinutes(at('2026-03-06T19:00:00Z'), DAY, NINE_TO_FIVE)).toEqual(
      at('2026-03-09T18:00:00Z'),
    );
  });

  it('keeps 9 to 5 on the wall clock across the end of daylight saving', () => {
    // Friday Oct 30, 2026, 13:00 CDT + 1 business day = Monday Nov 2, 13:00 CST (19:00Z).
    expect(addClockMinutes(at('2026-10-30T18:00:00Z'), DAY, NINE_TO_FIVE)).toEqual(
      at('2026-11-02T19:00:00Z'),
    );
  });

  it('counts a weekend day whose clocks change when it is a working day', () => {
    const everyDay = { ...NINE_TO_FIVE, workingDays: [1, 2, 3, 4, 5, 6, 7] };
    // Sunday Mar 8, 2026 (clocks jump at 2:00): 9:00 CDT is 14:00Z; + 1h -> 15:00Z.
    expect(addClockMinutes(at('2026-03-08T06:00:00Z'), HOUR, everyDay)).toEqual(
      at('2026-03-08T15:00:00Z'),
    );
  });

  it('answers null for hours without open time', () => {
    expect(
      addClockMinutes(at('2026-11-24T16:00:00Z'), HOUR, { ...NINE_TO_FIVE, workingDays: [] }),
    ).toBeNull();
  });

  it('is the inverse of clockMinutesBetween', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('2026-01-01T00:00:00Z'),
          max: at('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 20 * DAY }),
        (from, minutes) => {
          const start = new Date(Math.floor(from.getTime() / 60_000) * 60_000);
          const due = addClockMinutes(start, minutes, NINE_TO_FIVE);
          expect(due).not.toBeNull();
          expect(clockMinutesBetween(start, due!, NINE_TO_FIVE)).toBe(minutes);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('around the clock', () => {
  it('adds wall time, nights, weekends and daylight saving included', () => {
    // Saturday Mar 7, 2026, 23:00 CST + 4h = 4 real hours later, whatever the clocks say.
    expect(addClockMinutes(at('2026-03-08T05:00:00Z'), 4 * HOUR, AROUND_THE_CLOCK)).toEqual(
      at('2026-03-08T09:00:00Z'),
    );
    expect(
      clockMinutesBetween(at('2026-03-08T05:00:00Z'), at('2026-03-08T09:00:00Z'), AROUND_THE_CLOCK),
    ).toBe(4 * HOUR);
  });
});

describe('clockMinutesBetween', () => {
  it('counts only open time, negative when the end is first', () => {
    // Friday 16:00 CST to Monday 10:00 CST: 1h + 1h.
    const friday = at('2026-11-27T22:00:00Z');
    const monday = at('2026-11-30T16:00:00Z');
    expect(clockMinutesBetween(friday, monday, NINE_TO_FIVE)).toBe(2 * HOUR);
    expect(clockMinutesBetween(monday, friday, NINE_TO_FIVE)).toBe(-2 * HOUR);
  });
});

describe('targetMinutes', () => {
  it('makes a business day one working day and halves a high-priority target', () => {
    expect(targetMinutes({ amount: 2, unit: 'days' }, NINE_TO_FIVE)).toBe(2 * DAY);
    expect(targetMinutes({ amount: 1, unit: 'days' }, NINE_TO_FIVE, { halved: true })).toBe(
      4 * HOUR,
    );
    expect(targetMinutes({ amount: 4, unit: 'hours' }, AROUND_THE_CLOCK, { halved: true })).toBe(
      2 * HOUR,
    );
    expect(targetMinutes({ amount: 1, unit: 'days' }, AROUND_THE_CLOCK)).toBe(24 * HOUR);
  });

  it('gives a high-priority Signature ticket opened Friday afternoon until Monday', () => {
    // Friday 15:00 CST, 1 business day halved = 4h: 2h Friday, 2h Monday -> Monday 11:00 CST.
    const minutes = targetMinutes({ amount: 1, unit: 'days' }, NINE_TO_FIVE, { halved: true });
    expect(addClockMinutes(at('2026-11-27T21:00:00Z'), minutes, NINE_TO_FIVE)).toEqual(
      at('2026-11-30T17:00:00Z'),
    );
  });
});

describe('describeResponseTime', () => {
  it('writes a target as the client reads it', () => {
    expect(describeResponseTime(DAY, NINE_TO_FIVE)).toBe('1 business day');
    expect(describeResponseTime(2 * DAY, NINE_TO_FIVE)).toBe('2 business days');
    expect(describeResponseTime(4 * HOUR, NINE_TO_FIVE)).toBe('4 business hours');
    expect(describeResponseTime(90, NINE_TO_FIVE)).toBe('90 business minutes');
    expect(describeResponseTime(4 * HOUR, AROUND_THE_CLOCK)).toBe('4 hours, around the clock');
    expect(describeResponseTime(2 * HOUR, AROUND_THE_CLOCK)).toBe('2 hours, around the clock');
  });
});

describe('instantOn', () => {
  it('reads the wall clock of the zone on the days the clocks change', () => {
    expect(instantOn('2026-03-08', 9 * HOUR, 'America/Chicago')).toEqual(
      at('2026-03-08T14:00:00Z'),
    );
    expect(instantOn('2026-11-01', 9 * HOUR, 'America/Chicago')).toEqual(
      at('2026-11-01T15:00:00Z'),
    );
    expect(instantOn('2026-11-02', 17 * HOUR, 'America/Chicago')).toEqual(
      at('2026-11-02T23:00:00Z'),
    );
  });
});
