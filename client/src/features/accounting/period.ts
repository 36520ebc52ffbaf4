import { addDaysTo, addMonthsTo } from '@/lib/dates';

/** The Books screen's periods: a preset reckoned from today, or any two dates. */
export const PERIOD_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'last-quarter', label: 'Last quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-year', label: 'Last year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

export interface PeriodDates {
  from: string;
  to: string;
}

/** The last day of a month ('2026-02' → '2026-02-28'). */
const lastDayOf = (month: string) => addDaysTo(`${addMonthsTo(month, 1)}-01`, -1);

/** A preset's first and last days for `today` ('YYYY-MM-DD', the business's calendar). */
export function presetDates(preset: Exclude<PeriodPreset, 'custom'>, today: string): PeriodDates {
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  const quarterStart = `${year}-${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}`;
  switch (preset) {
    case 'this-month':
      return { from: `${month}-01`, to: lastDayOf(month) };
    case 'last-month': {
      const last = addMonthsTo(month, -1);
      return { from: `${last}-01`, to: lastDayOf(last) };
    }
    case 'this-quarter':
      return { from: `${quarterStart}-01`, to: lastDayOf(addMonthsTo(quarterStart, 2)) };
    case 'last-quarter': {
      const start = addMonthsTo(quarterStart, -3);
      return { from: `${start}-01`, to: lastDayOf(addMonthsTo(start, 2)) };
    }
    case 'this-year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}
