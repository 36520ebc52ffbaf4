import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import {
  createAppInstance,
  startTestApp,
  type AppInstance,
  type TestApp,
} from '@tests/support/test-app';
import { testDatabaseUrl } from '../config';
import type { DatabaseHandle } from '../db/client';
import { sessions } from '../db/schema';
import { createLogger } from './logger';
import { SessionCache } from './session-cache';

/** A SessionCache that hears notices through a hand-held channel instead of a database. */
async function cacheWithChannel() {
  let handlers!: Parameters<DatabaseHandle['listen']>[1];
  const cache = await SessionCache.start({
    listen: async (_channel, given) => {
      handlers = given;
      given.onListening(true);
      return { stop: async () => {} };
    },
  } as DatabaseHandle);
  return { cache, handlers };
}

describe('SessionCache', () => {
  const data = { cookie: { originalMaxAge: 1000 }, adminId: 'a1' };
  const later = Date.now() + 60_000;

  it('hands out a fresh copy of a kept session until a notice names it', async () => {
    const { cache, handlers } = await cacheWithChannel();
    cache.keep(cache.ticket(), 'sid-1', data, later);
    const first = cache.read('sid-1')! as typeof data;
    first.adminId = 'changed by the request';
    expect(cache.read('sid-1')).toEqual(data);
    handlers.onNotice('sid-1');
    expect(cache.read('sid-1')).toBeUndefined();
  });

  it('does not keep a read that a notice overtook, nor anything while notices cannot be heard', async () => {
    const { cache, handlers } = await cacheWithChannel();
    const ticket = cache.ticket();
    handlers.onNotice('sid-2'); // the session changed while it was being read
    cache.keep(ticket, 'sid-2', data, later);
    expect(cache.read('sid-2')).toBeUndefined();

    cache.keep(cache.ticket(), 'sid-3', data, later);
    handlers.onListening(false);
    expect(cache.read('sid-3')).toBeUndefined();
    cache.keep(cache.ticket(), 'sid-3', data, later);
    expect(cache.read('sid-3')).toBeUndefined();
    handlers.onListening(true);
    cache.keep(cache.ticket(), 'sid-3', data, later);
    expect(cache.read('sid-3')).toEqual(data);
  });

  it('gives out no session past its stored expiry or after 30 s', async () => {
    const { cache } = await cacheWithChannel();
    const now = Date.now();
    cache.keep(cache.ticket(), 'expiring', data, now + 1000);
    expect(cache.read('expiring', now + 999)).toEqual(data);
    expect(cache.read('expiring', now + 1000)).toBeUndefined();
    // Kept at `now`, as read at `now + …`: a slow step between them must not move the clock.
    cache.keep(cache.ticket(), 'old', data, now + 120_000, now);
    expect(cache.read('old', now + 29_000)).toEqual(data);
    expect(cache.read('old', now + 30_001)).toBeUndefined();
  });
});

describe('sessions kept in memory by two instances on one database', () => {
  let t: TestApp;
  let second: AppInstance;
  beforeAll(async () => {
    t = await startTestApp();
    second = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
    });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  async function adminSession(): Promise<string> {
    const { admin, password } = await createAdmin(t.database);
    const login = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('admin_sid='),
    )!;
    return cookie.split(';')[0]!;
  }
  const me = (app: AppInstance['app'], cookie: string) => async () =>
    (await request(app).get('/api/admin/me').set('Cookie', cookie)).status;

  it('refuses a session on one instance once the other ended it', async () => {
    const cookie = await adminSession();
    // Both have read (and kept) the session.
    expect(await me(t.app, cookie)()).toBe(200);
    expect(await me(second.app, cookie)()).toBe(200);
    const out = await request(second.app).post('/api/admin/logout').set('Cookie', cookie);
    expect(out.status).toBe(200);
    // Without the notice the first would serve it from memory for another 30 s.
    expect(await pollUntil(me(t.app, cookie), (status) => status === 401, 5_000)).toBe(401);
  });

  it('refuses a session deleted straight from the database (a password change elsewhere)', async () => {
    const cookie = await adminSession();
    expect(await me(t.app, cookie)()).toBe(200);
    expect(await me(second.app, cookie)()).toBe(200);
    const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    expect(
      await t.database.db.delete(sessions).where(eq(sessions.sid, sid)).returning(),
    ).toHaveLength(1);
    for (const app of [t.app, second.app]) {
      expect(await pollUntil(me(app, cookie), (status) => status === 401, 5_000)).toBe(401);
    }
  });

  it.skipIf(!testDatabaseUrl())(
    'keeps nothing it may have missed a notice about while its listening connection was lost',
    async () => {
      const cookie = await adminSession();
      expect(await me(t.app, cookie)()).toBe(200);
      const listeners = async () =>
        (
          await t.database.executeSql(
            `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
          )
        ).rows.map((row) => (row as { pid: number }).pid);
      const before = await listeners();
      expect(before).toHaveLength(2); // one per instance
      await t.database.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1::int[])`,
        [before],
      );
      // Ended while nobody listens: this notice is lost.
      const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
      await t.database.db.delete(sessions).where(eq(sessions.sid, sid));
      const after = await pollUntil(
        listeners,
        (pids) => pids.length === 2 && !pids.some((pid) => before.includes(pid)),
        5_000,
      );
      expect(after).toHaveLength(2);
      expect(await me(t.app, cookie)()).toBe(401);
    },
    20_000,
  );
});
