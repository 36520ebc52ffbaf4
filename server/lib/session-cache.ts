import type session from 'express-session';
import type { DatabaseHandle } from '../db/client';

/** The channel the sessions table's trigger announces changed and ended sessions on. */
export const SESSIONS_CHANGED = 'sessions_changed';
/** A safety net under the notices: a kept session is read again after this long. */
const KEEP_MS = 30_000;
const MAX_KEPT = 10_000;

interface Kept {
  json: string;
  expiresAt: number;
  keptAt: number;
}

/**
 * The sessions this process has read lately, so a signed-in request need not read its session
 * from the database every time. The database stays the truth: every change to a session's
 * data and every ended session (logout, sign-in's new id, a password change ending the other
 * sessions, pruning) is announced by a trigger, whichever instance made it, and the session is
 * forgotten here at once. While the notices cannot be heard (the listening connection is
 * lost), nothing is kept and every request reads the database.
 */
export class SessionCache {
  private readonly kept = new Map<string, Kept>();
  private listening = false;
  /** Moves on every notice: a read that started before one must not be kept. */
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;

  static async start(database: DatabaseHandle): Promise<SessionCache> {
    const cache = new SessionCache();
    const subscription = await database.listen(SESSIONS_CHANGED, {
      onNotice: (sid) => cache.forget(sid),
      onListening: (listening) => cache.setListening(listening),
    });
    cache.stopListening = () => subscription.stop();
    return cache;
  }

  /** The session, when kept, fresh and not expired; a new copy each time (the caller mutates it). */
  read(sid: string, now = Date.now()): session.SessionData | undefined {
    const entry = this.kept.get(sid);
    if (!entry) return undefined;
    if (!this.listening || entry.keptAt <= now - KEEP_MS || entry.expiresAt <= now) {
      this.kept.delete(sid);
      return undefined;
    }
    return JSON.parse(entry.json) as session.SessionData;
  }

  /** Taken before reading the database; `keep` refuses the result if a notice came between. */
  ticket(): number {
    return this.generation;
  }

  keep(ticket: number, sid: string, data: unknown, expiresAt: number, now = Date.now()): void {
    if (!this.listening || ticket !== this.generation) return;
    this.kept.delete(sid);
    this.kept.set(sid, { json: JSON.stringify(data), expiresAt, keptAt: now });
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  /** The stored expiry moved (a rolling session's touch). */
  extend(sid: string, expiresAt: number): void {
    const entry = this.kept.get(sid);
    if (entry) entry.expiresAt = expiresAt;
  }

  forget(sid: string): void {
    this.generation += 1;
    this.kept.delete(sid);
  }

  private setListening(listening: boolean): void {
    this.generation += 1;
    this.listening = listening;
    this.kept.clear();
  }

  async stop(): Promise<void> {
    this.setListening(false);
    await this.stopListening?.();
  }
}
