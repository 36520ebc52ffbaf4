import { describe, expect, it } from 'vitest';
import { presetDates } from './period';

describe('the Books screen periods', () => {
  it('reckon each preset from today, month ends and leap years included', () => {
    const today = '2028-02-15';
    expect(presetDates('this-month', today)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetDates('last-month', today)).toEqual({ from: '2028-01-01', to: '2028-01-31' });
    expect(presetDates('this-quarter', today)).toEqual({ from: '2028-01-01', to: '2028-03-31' });
    expect(presetDates('last-quarter', today)).toEqual({ from: '2027-10-01', to: '2027-12-31' });
    expect(presetDates('last-year', today)).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(presetDates('this-quarter', '2026-11-30')).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });
});
