import session from 'express-session';
import type { SessionCache } from '../../lib/session-cache';
import type { SessionRepository } from './sessions.repository';

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * A rolling session's new expiry is written at most once a minute: reading a page then costs
 * one query (the session) instead of a read and a write. The stored expiry may lag the
 * cookie's by up to a minute, so an idle session can end up to a minute early.
 */
const TOUCH_EVERY_MS = 60_000;
/** How many sessions' stored expiry this process remembers (the oldest are forgotten). */
const REMEMBERED_EXPIRIES = 10_000;

/**
 * express-session store on our own database (through the sessions repository), so client and
 * admin sessions survive a restart and are shared by every app instance. Works on PGlite and
 * PostgreSQL alike.
 */
export class DatabaseSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;
  /** sid -> the expiry last read or written, as the database holds it. */
  private readonly storedExpiry = new Map<string, number>();

  constructor(
    private readonly repository: SessionRepository,
    /** Sessions read lately, forgotten when the database announces a change. */
    private readonly cache?: SessionCache,
  ) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => {}), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  override get(
    sid: string,
    callback: (err: unknown, session?: session.SessionData | null) => void,
  ): void {
    const kept = this.cache?.read(sid);
    if (kept) return callback(null, kept);
    const ticket = this.cache?.ticket();
    this.repository.find(sid).then((row) => {
      if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
      this.remember(sid, row.expiresAt.getTime());
      this.cache?.keep(ticket!, sid, row.sess, row.expiresAt.getTime());
      callback(null, row.sess as session.SessionData);
    }, callback);
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    // Forgotten before (a read from now on is not kept) and after (nothing read meanwhile stays)
    // the write; other instances hear of it from the trigger.
    this.cache?.forget(sid);
    const expiresAt = expiryOf(data);
    this.repository.save(sid, data, expiresAt).then(
      () => {
        this.cache?.forget(sid);
        this.remember(sid, expiresAt.getTime());
        callback?.();
      },
      (error: unknown) => callback?.(error),
    );
  }

  override touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = expiryOf(data);
    const stored = this.storedExpiry.get(sid);
    if (stored !== undefined && expiresAt.getTime() - stored < TOUCH_EVERY_MS) {
      callback?.();
      return;
    }
    this.repository.extend(sid, expiresAt).then(
      () => {
        this.remember(sid, expiresAt.getTime());
        this.cache?.extend(sid, expiresAt.getTime());
        callback?.();
      },
      (error: unknown) => callback?.(error),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.storedExpiry.delete(sid);
    this.cache?.forget(sid);
    this.repository.remove(sid).then(
      () => {
        this.cache?.forget(sid);
        callback?.();
      },
      (error: unknown) => callback?.(error),
    );
  }

  private remember(sid: string, expiresAt: number): void {
    this.storedExpiry.delete(sid);
    this.storedExpiry.set(sid, expiresAt);
    if (this.storedExpiry.size > REMEMBERED_EXPIRIES) {
      this.storedExpiry.delete(this.storedExpiry.keys().next().value!);
    }
  }

  async prune(): Promise<void> {
    await this.repository.removeExpired(new Date());
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}

function expiryOf(data: session.SessionData): Date {
  const expires = data.cookie?.expires;
  if (expires) return new Date(expires);
  return new Date(Date.now() + (data.cookie?.maxAge ?? DEFAULT_TTL_MS));
}
