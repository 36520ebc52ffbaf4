import { Readable } from 'node:stream';
import type { InboundRepository } from './inbound.repository';
import { dedupeKeyOf, fromAddressIn } from './message-identity';
import type { RawMessages } from './raw-messages';

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A stored copy no row names is an orphan once this old (its row comes right after it). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * The raw copies of the support e-mails in the file store: the move of the rows that still hold
 * their bytes in the database (from before the store; at start-up), and the daily upkeep that
 * deletes the copies past the retention of Settings and the copies no row names.
 */
export function createRawUpkeep({
  repository,
  rawMessages,
  retentionDays,
  now = () => new Date(),
}: {
  repository: InboundRepository;
  rawMessages: RawMessages;
  /** How long a raw copy is kept (Settings); read at each run. */
  retentionDays: () => Promise<number>;
  now?: () => Date;
}) {
  return {
    /**
     * Moves every row's bytes from the database column into the store, a row at a time and
     * each in slices, so neither the database nor this process holds a large message at once.
     * Safe to interrupt and to run in several processes at once: a row is emptied only with its
     * copy stored, a copy whose row another process moved first is deleted, and a copy whose
     * row never pointed at it is the orphan sweep's. Answers how many rows it moved.
     */
    async moveIntoStore(): Promise<number> {
      let moved = 0;
      for (;;) {
        const ids = await repository.legacyRawIds(BATCH);
        if (ids.length === 0) return moved;
        for (const id of ids) {
          const facts = await repository.legacyFacts(id);
          if (!facts) continue;
          const stored = await rawMessages.write(Readable.from(repository.legacyRaw(id)));
          const attached = await repository.attachLegacyRaw(id, {
            rawKey: stored.key,
            rawSha256: stored.sha256,
            dedupeKey: dedupeKeyOf({
              messageId: facts.messageId,
              sender: fromAddressIn(stored.head) ?? facts.envelopeFrom?.toLowerCase() ?? null,
              bodySha256: stored.bodySha256,
            }),
          });
          if (attached) moved += 1;
          else await rawMessages.delete(stored.key);
        }
      }
    },

    /**
     * Deletes the raw copies older than the retention; the rows, their tickets and files stay,
     * and the log says the original is no longer kept. Held and unprocessed messages keep
     * theirs. Answers how many it deleted.
     */
    async removeExpired(): Promise<number> {
      const cutoff = new Date(now().getTime() - (await retentionDays()) * DAY_MS);
      let removed = 0;
      for (;;) {
        const rows = await repository.rawPastRetention(cutoff, BATCH);
        if (rows.length === 0) return removed;
        for (const row of rows) {
          // The row lets go first: a copy left behind by a failure is an orphan, swept later.
          if (!(await repository.forgetRaw(row.id, row.rawKey))) continue;
          await rawMessages.delete(row.rawKey);
          removed += 1;
        }
      }
    },

    /** Deletes stored copies no row names (a crash between the two), and stale spool files. */
    async removeOrphans(): Promise<number> {
      const before = new Date(now().getTime() - ORPHAN_AGE_MS);
      await rawMessages.removeStaleSpool(before);
      const candidates = await rawMessages.keysOlderThan(before);
      let removed = 0;
      for (let start = 0; start < candidates.length; start += 500) {
        const batch = candidates.slice(start, start + 500);
        const named = await repository.namedRawKeys(batch);
        for (const key of batch) {
          if (named.has(key)) continue;
          await rawMessages.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
export type RawUpkeep = ReturnType<typeof createRawUpkeep>;
