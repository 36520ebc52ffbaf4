/** How the report's PDF and e-mail word its figures, written once for both. */
import { displayDate } from '../../lib/format';
import { uptimePercent, type ReportFacts, type SiteFacts } from './report-facts';

/** Minutes as people say them: '45 min', '2 h 5 min', '3 d 4 h'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export const formatPercent = (value: number | null) =>
  value === null ? 'No checks' : `${value.toFixed(1)}%`;
export const formatMs = (value: number | null) => (value === null ? 'No answer' : `${value} ms`);

/** "82 of 100 (up 5 from 77 last month)", "... (first measure)", "Not measured". */
export function healthLine({ score, previousScore }: SiteFacts['health']): string {
  if (score === null) return 'Not measured';
  if (previousScore === null) return `${score} of 100 (first measure)`;
  const change = score - previousScore;
  if (change === 0) return `${score} of 100 (no change from last month)`;
  return `${score} of 100 (${change > 0 ? 'up' : 'down'} ${Math.abs(change)} from ${previousScore} last month)`;
}

/** "1 of 2 updates used", "3 updates used (unlimited on Prestige)", "2 updates requested (...)". */
export function updatesLine(facts: Pick<ReportFacts, 'plan' | 'planName' | 'updates'>): string {
  const { used, included } = facts.updates;
  const plan = facts.plan ? { name: facts.planName ?? facts.plan } : undefined;
  const requests = `${used} ${used === 1 ? 'update' : 'updates'}`;
  if (!plan) return `${requests} requested (no plan includes updates)`;
  if (included === null) return `${requests} used (unlimited on ${plan.name})`;
  const over = used > included ? `, ${used - included} beyond the plan` : '';
  return `${used} of ${included} ${included === 1 ? 'update' : 'updates'} used${over}`;
}

/** The days a report covers, as its title says them. */
export function periodLine(facts: ReportFacts, timeZone: string): string {
  const range = `${displayDate(facts.periodStart, timeZone)} to ${displayDate(facts.periodEnd, timeZone)}`;
  if (facts.monthSoFar) return `${range} (the month so far)`;
  if (facts.periodStart.slice(8) !== '01') return `${range} (since you joined)`;
  return range;
}

/** Every site's checks together: the client's uptime in one figure. */
export function overallUptime(facts: Pick<ReportFacts, 'sites'>): number | null {
  const checks = facts.sites.reduce((sum, site) => sum + site.checks, 0);
  const failures = facts.sites.reduce((sum, site) => sum + site.failures, 0);
  return uptimePercent(checks, failures);
}
