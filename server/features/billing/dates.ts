import { isoDate } from '../../lib/format';

/** The ISO date `days` after the ISO date `date` (a due date, a retry or reminder day). */
export function addDaysIso(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return isoDate(at);
}
