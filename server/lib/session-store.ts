import { eq, lt } from 'drizzle-orm';
import session from 'express-session';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * express-session store on our own database, so client and admin sessions survive a
 * restart and are shared by every app instance. Works on PGlite and PostgreSQL alike.
 */
export class DatabaseSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(private readonly db: Database) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => {}), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  override get(
    sid: string,
    callback: (err: unknown, session?: session.SessionData | null) => void,
  ): void {
    this.db
      .select({ sess: sessions.sess, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.sess as session.SessionData);
      }, callback);
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = expiryOf(data);
    this.db
      .insert(sessions)
      .values({ sid, sess: data, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expiresAt } })
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.db
      .update(sessions)
      .set({ expiresAt: expiryOf(data) })
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
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
