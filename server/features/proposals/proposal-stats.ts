import { monthIn, startOfMonthIn } from '@shared/dates';
import type { ProposalStats } from '@shared/schemas/proposals';
import type { ProposalDeps } from './proposal-deps';

const WIN_RATE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's proposals: sent, opened and signed this month (the business's month), the
 * win rate over the last 90 days (signed of those signed, declined or expired), and what the
 * open ones are worth (one-off total plus 12 months of the plan).
 */
export async function proposalStats(
  deps: Pick<ProposalDeps, 'repository' | 'now' | 'timeZone'>,
): Promise<ProposalStats> {
  const now = deps.now();
  const monthStart = startOfMonthIn(monthIn(now, deps.timeZone), deps.timeZone);
  const windowStart = new Date(now.getTime() - WIN_RATE_DAYS * DAY_MS);
  const figures = await deps.repository.stats(monthStart, windowStart);
  const settled = figures.signedInWindow + figures.declined + figures.expired;
  return {
    sentThisMonth: figures.sent,
    openedThisMonth: figures.opened,
    signedThisMonth: figures.signed,
    winRate: settled === 0 ? null : figures.signedInWindow / settled,
    openValueCents: figures.openValueCents,
  };
}
