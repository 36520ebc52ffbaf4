import { formatPercent, percentToThousandths } from '@shared/tax';

/** 4.45 → "4.45%", as the API's percentage is named on screen. */
export function percentLabel(percent: number): string {
  const thousandths = percentToThousandths(percent);
  return thousandths === null ? `${percent}%` : formatPercent(thousandths);
}

/** "Louisiana state (4.45%)": a rate as a choice or a line of the totals names it. */
export function rateLabel(rate: { name: string; percent: number | null }): string {
  return rate.percent === null ? rate.name : `${rate.name} (${percentLabel(rate.percent)})`;
}
