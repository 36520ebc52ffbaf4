import { addDaysToDate, calendarDateIn } from '@shared/dates';
import type { ProposalDeps } from './proposal-deps';
import type { ProposalSettingsStore } from './proposal-settings';
import { proposalTokenHash } from './proposal-tokens';
import { mailOf } from './proposal-views';
import { proposalUrl } from './proposals.emails';
import { isOpen } from './view-proposal';

/** What one upkeep run did. */
export interface ProposalUpkeepRun {
  expired: number;
  reminded: number;
  finished: number;
}

/**
 * The proposals' daily upkeep: unsigned proposals past their valid-until date (business time
 * zone) expire; those due are reminded once, the Settings' days before, with the same link;
 * signed ones whose after-signing steps did not finish run them again.
 */
export function createProposalUpkeep(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  afterSigning: (proposalId: string) => Promise<void>,
) {
  async function expire(today: string): Promise<number> {
    let expired = 0;
    for (const { id } of await deps.repository.dueToExpire(today)) {
      const done = await deps.repository.withLocked(id, async (locked) => {
        const { row } = locked;
        if (!isOpen(row.status) || row.validUntil >= today) return false;
        await locked.update({ status: 'expired', expiredAt: deps.now() });
        await locked.addEvent({
          kind: 'expired',
          version: row.version,
          detail: `Not signed by ${row.validUntil}`,
        });
        return true;
      });
      if (done?.result) expired += 1;
    }
    return expired;
  }

  async function remind(today: string): Promise<number> {
    const days = (await settings.get()).reminderDaysBeforeExpiry;
    if (days === 0) return 0;
    let reminded = 0;
    for (const { id } of await deps.repository.dueForReminder(today, addDaysToDate(today, days))) {
      const before = await deps.repository.findById(id);
      if (!before) continue;
      const token = await deps.tokens.tokenOf(before.id, before.tokenVersion);
      // The link out is the one stored; a revoked one is not sent again.
      if (proposalTokenHash(token) !== before.tokenHash) continue;
      const letter = await deps.mail.proposalReminder(
        mailOf(before),
        proposalUrl(deps.appUrl, token),
      );
      const done = await deps.repository.withLocked(id, async (locked) => {
        const { row } = locked;
        if (row.remindedAt || !isOpen(row.status) || row.tokenHash !== before.tokenHash) {
          return false;
        }
        await locked.update({ remindedAt: deps.now() });
        await locked.addEvent({
          kind: 'reminded',
          version: row.version,
          email: row.recipientEmail,
          detail: `Reminded at ${row.recipientEmail}`,
        });
        await letter.write(locked.tx);
        return true;
      });
      if (done?.result) {
        await letter.handOver();
        reminded += 1;
      }
    }
    return reminded;
  }

  async function finish(): Promise<number> {
    let finished = 0;
    for (const { id } of await deps.repository.unfinishedSigned()) {
      try {
        await afterSigning(id);
        finished += 1;
      } catch (error) {
        deps.logger.error({ err: error, proposalId: id }, 'after-signing steps not finished');
      }
    }
    return finished;
  }

  return {
    async run(): Promise<ProposalUpkeepRun> {
      const today = calendarDateIn(deps.now(), deps.timeZone);
      const expired = await expire(today);
      const reminded = await remind(today);
      return { expired, reminded, finished: await finish() };
    },
  };
}
