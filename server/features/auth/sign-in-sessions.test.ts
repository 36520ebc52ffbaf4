import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { DatabaseSessionStore } from '../sessions/session-store';
import { createSessionRepository } from '../sessions/sessions.repository';
import { newClientAccount } from '@tests/factories';
import {
  BrowserSession,
  signInThroughProvider,
  signUpThroughProvider,
} from '@tests/support/browser-session';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session id inside a signed cookie value (s:<id>.<signature>). */
function sessionId(cookie: string): string {
  const signed = decodeURIComponent(cookie).slice(2);
  return signed.slice(0, signed.lastIndexOf('.'));
}

async function expiryOf(sid: string): Promise<number> {
  const [row] = await t.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.sid, sid));
  if (!row) throw new Error(`no session row for ${sid}`);
  return row.expiresAt.getTime();
}

it('keeps what an anonymous sign-in start stores for half an hour only, and prunes it after', async () => {
  const started = Date.now();
  const browsers = Array.from({ length: 20 }, () => new BrowserSession(t.baseUrl));
  for (const browser of browsers) {
    const res = await browser.request('GET', '/api/login?returnTo=/portal/billing');
    expect(res.status).toBe(302);
    // The cookie says the same as the row.
    const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))!;
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
  }
  const sids = browsers.map((browser) => sessionId(browser.cookie('sid')!));
  for (const sid of sids) {
    const expiresAt = await expiryOf(sid);
    expect(expiresAt).toBeGreaterThan(started);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
  }

  // Thirty-one minutes on, pruning removes them all.
  const store = new DatabaseSessionStore(createSessionRepository(t.database.db));
  try {
    await t.database.db.execute(
      sql`update sessions set expires_at = expires_at - interval '31 minutes' where sid in (${sql.join(
        sids.map((sid) => sql`${sid}`),
        sql`, `,
      )})`,
    );
    await store.prune();
  } finally {
    store.close();
  }
  const left = await t.database.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(
      sql`${sessions.sid} in (${sql.join(
        sids.map((sid) => sql`${sid}`),
        sql`, `,
      )})`,
    );
  expect(left).toEqual([]);
});

it('gives the session its full lifetime at sign-in, and keeps it when a signed-in client starts again', async () => {
  const account = newClientAccount();
  await signUpThroughProvider(new BrowserSession(t.baseUrl), account);
  const browser = new BrowserSession(t.baseUrl);
  await browser.request('GET', '/api/login');
  const before = Date.now();
  await signInThroughProvider(browser, account.email, account.password);
  const full = t.config.sessions.clientMaxAgeMs;
  expect(full).toBeGreaterThan(60 * MINUTE);
  const sid = sessionId(browser.cookie('sid')!);
  expect(await expiryOf(sid)).toBeGreaterThanOrEqual(before + full - MINUTE);

  // Used afterwards, the session stays long (rolling keeps the signed-in lifetime).
  expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
  const again = await browser.request('GET', '/api/login');
  expect(again.status).toBe(302);
  expect(await expiryOf(sid)).toBeGreaterThanOrEqual(before + full - MINUTE);
});
