import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';

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

    /**
     * Ends the client's sessions (passport keeps their user id in the session) but
     * `keepSessionId`: after a password change or reset, no other browser stays signed in.
     */
    async endClientSessions(userId: string, keepSessionId?: string): Promise<void> {
      const ofUser = sql`${sessions.sess}->'passport'->'user'->>'id' = ${userId}`;
      await db
        .delete(sessions)
        .where(keepSessionId ? and(ofUser, ne(sessions.sid, keepSessionId)) : ofUser);
    },

    /** Ends every session of the clients who sign in with this identity (issuer, subject). */
    async endSessionsOfIdentity(issuer: string, subject: string): Promise<void> {
      const ofIdentity = db
        .select({ id: sql<string>`${users.id}::text` })
        .from(users)
        .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
      await db
        .delete(sessions)
        .where(inArray(sql`${sessions.sess}->'passport'->'user'->>'id'`, ofIdentity));
    },

    async removeExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
