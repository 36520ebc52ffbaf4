import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Logger } from 'pino';

/** Expired counters are deleted at most this often per process, by the hit that comes next. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface RateLimitCount {
  hits: number;
  resetAt: Date;
}

/**
 * Where the counters are kept: the rate-limits feature's repository, in the database (lib/
 * knows no feature, so it says here what it needs).
 */
export interface RateLimitCountsStorage {
  /** Counts one hit of `key` and answers the count so far in its window. */
  hit(key: string, windowMs: number): Promise<RateLimitCount>;
  /** The count of `key` in its current window, if it has one. */
  get(key: string): Promise<RateLimitCount | undefined>;
  /** Takes back one hit of `key` in its current window. */
  takeBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes the counters whose window has ended. */
  pruneExpired(): Promise<void>;
}

/**
 * The counters every rate limiter of one app counts in, kept in the database so that all
 * instances on it share them ([decision 009](../../docs/decisions/009-rate-limits-kept-in-postgresql.md)).
 * One per app; each limiter takes its own `store(name)` from it.
 */
export interface RateLimitCounters {
  /** An express-rate-limit store whose keys start with `name:`: limiters of one name share counts. */
  store(name: string): Store;
  /** Where the limiters report store errors. */
  readonly logger: Pick<Logger, 'error' | 'warn'>;
}

export function createRateLimitCounters(
  repository: RateLimitCountsStorage,
  {
    logger,
    pruneEveryMs = PRUNE_EVERY_MS,
  }: { logger: Pick<Logger, 'error' | 'warn'>; pruneEveryMs?: number },
): RateLimitCounters {
  let nextPruneAt = 0;
  /** Opportunistic pruning: no timer to stop, and an idle instance has nothing to prune. */
  function pruneNow() {
    if (Date.now() < nextPruneAt) return;
    nextPruneAt = Date.now() + pruneEveryMs;
    repository.pruneExpired().catch((error: unknown) => {
      logger.warn({ err: error }, 'rate-limit counters not pruned');
    });
  }

  return {
    logger,
    store: (name) => new DatabaseRateLimitStore(repository, `${name}:`, pruneNow),
  };
}

/** express-rate-limit's Store over the `rate_limit_hits` table (PGlite and PostgreSQL alike). */
class DatabaseRateLimitStore implements Store {
  /** Counts are shared with every instance on the database. */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly repository: RateLimitCountsStorage,
    readonly prefix: string,
    private readonly afterHit: () => void,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await this.repository.get(this.prefix + key);
    return count && { totalHits: count.hits, resetTime: count.resetAt };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await this.repository.hit(this.prefix + key, this.windowMs);
    this.afterHit();
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.repository.takeBack(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.repository.reset(this.prefix + key);
  }
}
