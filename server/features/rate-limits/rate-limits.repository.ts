import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';
import type { RateLimitCount, RateLimitCountsStorage } from '../../lib/rate-limit-store';

/**
 * The rate-limit counters in the `rate_limit_hits` table. Time is the database's (`now()`),
 * so instances whose clocks disagree still count in the same windows.
 */
export function createRateLimitRepository(db: Database): RateLimitCountsStorage {
  const live = (key: string) =>
    and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, sql`now()`));

  return {
    /**
     * Counts one hit of `key` and answers the count so far in its window; an expired window
     * starts again at 1. One statement: concurrent hits each get their own count, on any
     * number of connections.
     */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const expired = sql`${rateLimitHits.resetAt} <= now()`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
      return row!;
    },

    /** The count of `key` in its current window, if it has one. */
    async get(key: string): Promise<RateLimitCount | undefined> {
      const [row] = await db
        .select({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
        .from(rateLimitHits)
        .where(live(key));
      return row;
    },

    /** Takes back one hit of `key` in its current window (never below zero). */
    async takeBack(key: string): Promise<void> {
      await db
        .update(rateLimitHits)
        .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
        .where(live(key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },

    /** Deletes the counters whose window has ended. */
    async pruneExpired(): Promise<void> {
      await db.delete(rateLimitHits).where(lte(rateLimitHits.resetAt, sql`now()`));
    },
  };
}
