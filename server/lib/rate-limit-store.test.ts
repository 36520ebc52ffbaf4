import { eq, sql } from 'drizzle-orm';
import type { Options } from 'express-rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import { pollUntil } from '@tests/support/poll';
import type { DatabaseHandle } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { createLogger } from './logger';
import { createRateLimitCounters } from './rate-limit-store';
import { createRateLimitRepository } from '../features/rate-limits/rate-limits.repository';

const logger = createLogger('silent');
const MINUTE = 60_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A store of the counters `name`, as express-rate-limit sets it up for a window of `windowMs`. */
function storeOf(name: string, windowMs = 15 * MINUTE, pruneEveryMs?: number) {
  const counters = createRateLimitCounters(createRateLimitRepository(database.db), {
    logger,
    pruneEveryMs,
  });
  const store = counters.store(name);
  void store.init?.({ windowMs } as Options);
  return store;
}

async function row(key: string) {
  const [found] = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
  return found;
}

describe('the rate-limit store in the database', () => {
  it('counts hits in a window that ends windowMs after the first, then starts again at 1', async () => {
    const store = storeOf('window', 15 * MINUTE);
    const before = Date.now();
    const first = await store.increment('10.0.0.1');
    expect(first.totalHits).toBe(1);
    // The database's clock and ours may differ by a little.
    expect(first.resetTime!.getTime()).toBeGreaterThan(before + 15 * MINUTE - 5_000);
    expect(first.resetTime!.getTime()).toBeLessThan(Date.now() + 15 * MINUTE + 5_000);
    const second = await store.increment('10.0.0.1');
    expect(second).toEqual({ totalHits: 2, resetTime: first.resetTime });
    expect(await store.get!('10.0.0.1')).toEqual({ totalHits: 2, resetTime: first.resetTime });
    expect((await row('window:10.0.0.1'))?.hits).toBe(2);

    // The window ends: the next hit starts a new one.
    await database.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'window:10.0.0.1'));
    expect(await store.get!('10.0.0.1')).toBeUndefined();
    const fresh = await store.increment('10.0.0.1');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime!.getTime()).toBeGreaterThan(Date.now() + 14 * MINUTE);
  });

  it('takes back a hit on decrement (never below zero) and forgets a key on reset', async () => {
    const store = storeOf('decrement');
    await store.increment('a@example.com');
    await store.increment('a@example.com');
    await store.decrement('a@example.com');
    expect((await store.get!('a@example.com'))?.totalHits).toBe(1);
    await store.decrement('a@example.com');
    await store.decrement('a@example.com');
    expect((await store.get!('a@example.com'))?.totalHits).toBe(0);
    expect((await store.increment('a@example.com')).totalHits).toBe(1);

    await store.resetKey('a@example.com');
    expect(await row('decrement:a@example.com')).toBeUndefined();
    expect((await store.increment('a@example.com')).totalHits).toBe(1);
  });

  it('counts 50 hits made at once exactly: each gets its own count, 1 to 50', async () => {
    const store = storeOf('parallel');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.increment('10.0.0.50')),
    );
    expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, n) => n + 1),
    );
    expect(new Set(results.map((result) => result.resetTime!.getTime())).size).toBe(1);
    expect((await row('parallel:10.0.0.50'))?.hits).toBe(50);
  });

  it('shares counts between stores of the same name (two app instances), not across names', async () => {
    const here = storeOf('shared');
    const there = storeOf('shared');
    const other = storeOf('other');
    await here.increment('10.0.0.2');
    expect((await there.increment('10.0.0.2')).totalHits).toBe(2);
    expect((await other.increment('10.0.0.2')).totalHits).toBe(1);
    expect(here.prefix).toBe('shared:');
    expect(here.localKeys).toBe(false);
  });

  it('deletes expired counters on a later hit, and keeps the live ones', async () => {
    await database.db.insert(rateLimitHits).values([
      { key: 'prune:expired', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'prune:live', hits: 3, resetAt: sql`now() + interval '1 minute'` },
    ]);
    const store = storeOf('prune', MINUTE, 0);
    await store.increment('someone');
    await pollUntil(
      () => row('prune:expired'),
      (found) => found === undefined,
      5_000,
    );
    expect((await row('prune:live'))?.hits).toBe(3);
  });
});
