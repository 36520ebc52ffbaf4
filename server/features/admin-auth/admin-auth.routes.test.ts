import bcrypt from 'bcrypt';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHashCosts } from '../../config';
import { admins, auditEvents, rateLimitHits } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createAdmin, newClientAccount } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import { BrowserSession, signUpThroughProvider } from '@tests/support/browser-session';
import { createAppInstance, startTestApp, type TestApp } from '@tests/support/test-app';

const SETUP_TOKEN = 'setup-token-for-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY lets the rate-limit test pose as several IP addresses.
  t = await startTestApp({
    ADMIN_SETUP_TOKEN: SETUP_TOKEN,
    ADMIN_SESSION_MAX_HOURS: '0.0003',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await t.close();
});

const TOO_MANY = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;

async function rateLimitHitsOf(key: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key));
  return row?.hits;
}

function adminCookie(res: request.Response): string {
  const cookie = (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) =>
    c.startsWith('admin_sid='),
  );
  if (!cookie) throw new Error('no admin cookie');
  return cookie.split(';')[0]!;
}

describe('admin sign-in', () => {
  it('refuses wrong credentials with "Invalid credentials" and signs in with the right ones', async () => {
    const { admin, password } = await createAdmin(t.database, { firstName: 'Renée' });

    const wrong = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid credentials' });

    const unknown = await request(t.app)
      .post('/api/admin/login')
      .send({ email: 'ghost@example.com', password });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid credentials' });

    const ok = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: admin.email, firstName: 'Renée' });
    expect(ok.body.passwordHash).toBeUndefined();

    const cookieLine = (ok.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('admin_sid='),
    )!;
    expect(cookieLine).toMatch(/HttpOnly/);
    expect(cookieLine).toMatch(/SameSite=Strict/);
    expect(cookieLine).toMatch(/Path=\/api\/admin/);

    const me = await request(t.app).get('/api/admin/me').set('Cookie', adminCookie(ok));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(admin.email);
  });

  it('tells a first sign-in from the next ones, in the answer and for the whole session', async () => {
    const { admin, password } = await createAdmin(t.database);
    const signIn = () =>
      request(t.app).post('/api/admin/login').send({ email: admin.email, password });

    const first = await signIn();
    expect(first.body).toMatchObject({ email: admin.email, firstSignIn: true });
    const firstMe = await request(t.app).get('/api/admin/me').set('Cookie', adminCookie(first));
    expect(firstMe.body.firstSignIn).toBe(true);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row!.lastSignedInAt).toBeInstanceOf(Date);

    const again = await signIn();
    expect(again.body).toMatchObject({ email: admin.email, firstSignIn: false });
    const againMe = await request(t.app).get('/api/admin/me').set('Cookie', adminCookie(again));
    expect(againMe.body.firstSignIn).toBe(false);
  });

  it('gives a new session id at every sign-in and destroys it at logout', async () => {
    const { admin, password } = await createAdmin(t.database);
    const first = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    const second = await request(t.app)
      .post('/api/admin/login')
      .set('Cookie', adminCookie(first))
      .send({ email: admin.email, password });
    expect(adminCookie(second)).not.toBe(adminCookie(first));
    // The replaced session is gone server-side.
    expect(
      (await request(t.app).get('/api/admin/me').set('Cookie', adminCookie(first))).status,
    ).toBe(401);

    const logout = await request(t.app)
      .post('/api/admin/logout')
      .set('Cookie', adminCookie(second));
    expect(logout.status).toBe(200);
    expect(
      (await request(t.app).get('/api/admin/me').set('Cookie', adminCookie(second))).status,
    ).toBe(401);
  });

  it('keeps sessions in the database: another app instance on it honours the cookie', async () => {
    const { admin, password } = await createAdmin(t.database);
    const login = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    const secondInstance = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
    });
    try {
      const me = await request(secondInstance.app)
        .get('/api/admin/me')
        .set('Cookie', adminCookie(login));
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(admin.email);
    } finally {
      await secondInstance.close();
    }
  });

  it('answers 401 on every admin route without an admin session, even unknown ones', async () => {
    for (const path of [
      '/api/admin/me',
      '/api/admin/dashboard-stats',
      '/api/admin/no-such-thing',
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('never lets a client session into the admin API', async () => {
    const browser = new BrowserSession(t.baseUrl);
    await signUpThroughProvider(browser, newClientAccount());
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
    const res = await fetch(`${t.baseUrl}/api/admin/me`, {
      headers: { cookie: `sid=${browser.cookie('sid')}` },
    });
    expect(res.status).toBe(401);
  });

  it('ends an admin session after its absolute lifetime even while in use', async () => {
    const { admin, password } = await createAdmin(t.database);
    const login = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    const cookie = adminCookie(login);
    expect((await request(t.app).get('/api/admin/me').set('Cookie', cookie)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // lifetime here: 0.0003 h ≈ 1.08 s
    const expired = await request(t.app).get('/api/admin/me').set('Cookie', cookie);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has expired. Please sign in again.');
  });

  it('limits failed sign-ins to 10 per e-mail and address, and 50 per e-mail from anywhere', async () => {
    const { admin, password } = await createAdmin(t.database);
    const signIn = (ip: string, attempt: string) =>
      request(t.app)
        .post('/api/admin/login')
        .set('X-Forwarded-For', ip)
        .send({ email: admin.email, password: attempt });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn('10.0.0.1', `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn('10.0.0.1', password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);

    // A stranger's ten failures do not lock the admin out from their own address.
    expect((await signIn('10.0.1.1', password)).status).toBe(200);
    await pollUntil(
      () => rateLimitHitsOf(`admin-sign-in:account:${admin.email}`),
      (hits) => hits === 10,
      5_000,
    );
    // Spread over many addresses, guesses at one e-mail stop at 50.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      expect((await signIn(`10.0.2.${attempt}`, `wrong-${attempt}`)).status).toBe(401);
    }
    const spread = await signIn('10.0.3.1', password);
    expect(spread.status).toBe(429);
    expect(spread.body.message).toMatch(TOO_MANY);
  }, 60_000);

  it('refuses a cross-site login form post', async () => {
    const res = await request(t.app)
      .post('/api/admin/login')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@b.co', password: 'whatever1' });
    expect(res.status).toBe(403);
    const fetchSite = await request(t.app)
      .post('/api/admin/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: 'a@b.co', password: 'whatever1' });
    expect(fetchSite.status).toBe(403);
    const sameSite = await request(t.app)
      .post('/api/admin/login')
      .set('Sec-Fetch-Site', 'same-site')
      .send({ email: 'a@b.co', password: 'whatever1' });
    expect(sameSite.status).toBe(403);
  });

  it('accepts a same-origin post even when the browser sends "Origin: null"', async () => {
    const res = await request(t.app)
      .post('/api/admin/login')
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email: 'nobody@example.com', password: 'whatever1' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/admin/setup', () => {
  const body = { email: 'second@example.com', password: 'a-long-password', firstName: 'Jo' };

  it('needs the setup token', async () => {
    expect((await request(t.app).post('/api/admin/setup').send(body)).status).toBe(401);
    expect(
      (await request(t.app).post('/api/admin/setup').set('X-Admin-Setup-Token', 'wrong').send(body))
        .status,
    ).toBe(401);
    expect(
      await t.database.db.select().from(admins).where(eq(admins.email, body.email)),
    ).toHaveLength(0);
  });

  it('creates an admin with a bcrypt hash of the password cost (12 or more outside tests), once', async () => {
    const created = await request(t.app)
      .post('/api/admin/setup')
      .set('X-Admin-Setup-Token', SETUP_TOKEN)
      .send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: body.email, firstName: 'Jo' });
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, body.email));
    // The tests hash at bcrypt's least; the production cost is passwords.test.ts's.
    expect(bcrypt.getRounds(row!.passwordHash)).toBe(passwordHashCosts().password);
    expect(await bcrypt.compare(body.password, row!.passwordHash)).toBe(true);
    // The audit log says an admin was made, and by the setup token, never with the password.
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, row!.id));
    expect(
      events.map(({ kind, actorAdminId, actorEmail, after }) => ({
        kind,
        actorAdminId,
        actorEmail,
        after,
      })),
    ).toEqual([
      {
        kind: 'admin.created',
        actorAdminId: null,
        actorEmail: 'admin setup token',
        after: { email: body.email, firstName: 'Jo', lastName: null, via: 'setup-token' },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(body.password);

    const again = await request(t.app)
      .post('/api/admin/setup')
      .set('X-Admin-Setup-Token', SETUP_TOKEN)
      .send(body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An admin with this email already exists');
  });

  it('validates the password against bcrypt limits with clear messages', async () => {
    const short = await request(t.app)
      .post('/api/admin/setup')
      .set('X-Admin-Setup-Token', SETUP_TOKEN)
      .send({ ...body, email: 'third@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
    expect(short.body.errors[0]).toMatchObject({ path: 'password' });

    const long = await request(t.app)
      .post('/api/admin/setup')
      .set('X-Admin-Setup-Token', SETUP_TOKEN)
      .send({ ...body, email: 'third@example.com', password: 'é'.repeat(37) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 72 bytes/);
  });
});

describe('POST /api/admin/setup when ADMIN_SETUP_TOKEN is unset', () => {
  it('is disabled', async () => {
    const other = await startTestApp();
    try {
      const res = await request(other.app)
        .post('/api/admin/setup')
        .set('X-Admin-Setup-Token', SETUP_TOKEN)
        .send({ email: 'x@example.com', password: 'a-long-password' });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
