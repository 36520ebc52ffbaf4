import { calendarDateIn, startOfDayIn } from '@shared/dates';
import type { HeldInbound, InboundRepository, InboundTransaction } from './inbound.repository';

/**
 * The hour of the business's day the digest goes out (jobs.ts runs it then, and at start,
 * when a server that was down at that hour catches the day up).
 */
export const HELD_DIGEST_HOUR = 8;
/** The held messages a digest names one by one, the oldest first; the rest are counted. */
export const HELD_DIGEST_LISTS_AT_MOST = 20;

/** The digest made ready to be written in the claim's transaction, and handed over after. */
export interface QueuedDigestMail {
  write(tx: InboundTransaction): Promise<void>;
  handOver(): Promise<void>;
}

export interface HeldDigestDeps {
  repository: Pick<InboundRepository, 'heldSummary' | 'heldMessages' | 'claimHeldDigest'>;
  emails: {
    heldMailDigest(digest: { held: number; messages: HeldInbound[] }): Promise<QueuedDigestMail>;
  };
  /** The setting "E-mail me a daily digest of held support e-mail" (on by default). */
  digestOn: () => Promise<boolean>;
  /** The business's time zone (BILLING_TIMEZONE): whose days the digest counts. */
  timeZone: string;
  now: () => Date;
}

/** What one run did: `sent` with the count, or why it sent nothing. */
export type HeldDigestRun =
  | { sent: true; day: string; held: number }
  | { sent: false; day: string; why: 'off' | 'too early' | 'nothing held' | 'already sent' };

/**
 * The day's digest of held inbound mail to the agency (docs/support-mail.md, Held mail): at
 * most one a day of the business's calendar, however many processes run it and however often
 * they restart. The day is claimed by its row (inbound_held_digests), written in one
 * transaction with the digest's outbox message, so a second run of the day finds it taken and
 * a digest claimed is never lost (the outbox sends it again). Nothing is sent on a day nothing
 * is held; the first run after a message is held that day sends it.
 */
export function createHeldDigest({ repository, emails, digestOn, timeZone, now }: HeldDigestDeps) {
  return {
    async run(at: Date = now()): Promise<HeldDigestRun> {
      const day = calendarDateIn(at, timeZone);
      if (!(await digestOn())) return { sent: false, day, why: 'off' };
      const sendFrom = startOfDayIn(day, timeZone).getTime() + HELD_DIGEST_HOUR * 60 * 60 * 1000;
      if (at.getTime() < sendFrom) return { sent: false, day, why: 'too early' };
      const { held } = await repository.heldSummary();
      if (held === 0) return { sent: false, day, why: 'nothing held' };
      const messages = await repository.heldMessages(HELD_DIGEST_LISTS_AT_MOST);
      const mail = await emails.heldMailDigest({ held, messages });
      const claimed = await repository.claimHeldDigest(day, held, (tx) => mail.write(tx));
      if (!claimed) return { sent: false, day, why: 'already sent' };
      await mail.handOver();
      return { sent: true, day, held };
    },
  };
}
export type HeldDigest = ReturnType<typeof createHeldDigest>;
