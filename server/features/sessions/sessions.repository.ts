import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** The sessions table: client and admin sessions alike, keyed by their id. */
export function createSessionRepository(db: Database) {
  /** Read on every request: a named prepared statement, parsed once per connection. */
  const readSession = db
    .select({ sess: sessions.sess, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('session_read');

  return {
    async find(sid: string): Promise<{ sess: unknown; expiresAt: Date } | undefined> {
      const [row] = await readSession.execute({ sid });
      return row;
    },

    async save(sid: string, sess: unknown, expiresAt: Date): Promise<void> {
      await db
        .insert(sessions)
        .values({ sid, sess, expiresAt })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expiresAt } });
    },

    async extend(sid: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.sid, sid));
    },

    async remove(sid: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.sid, sid));
    },

    async removeExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
