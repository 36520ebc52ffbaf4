import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_SETUP_FINISHED, ADMIN_SETUP_LINK_INVALID } from '@shared/schemas/admin-accounts';
import { admins, auditEvents } from '../../db/schema';
import { capturedLogger } from '@tests/support/captured-log';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';
import { ensureInitialAdmin } from './admin-bootstrap';

const clock = createTestClock('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

/** Starts the way server/index.ts does with no admin and no ADMIN_EMAIL: the token it printed. */
async function printedSetupToken(): Promise<string> {
  const log = capturedLogger();
  const notice = await ensureInitialAdmin(t.services.adminAuth, undefined, log.logger);
  const match = /Open (\S+\/admin\/setup\?token=([\w-]+)) to create the first one/.exec(
    log.lines.join(''),
  );
  if (!match) throw new Error(`no setup link printed:\n${log.lines.join('')}`);
  expect(match[1]).toBe(`${t.baseUrl}/admin/setup?token=${match[2]}`);
  // Logged once, and framed for the terminal: the link alone on its line between two rules.
  expect(log.lines.filter((line) => line.includes(match[1]!))).toHaveLength(1);
  const lines = notice!.split('\n').map((line) => line.trim());
  const rules = lines.flatMap((line, index) => (/^={40,}$/.test(line) ? [index] : []));
  expect(rules).toHaveLength(2);
  expect(lines.slice(rules[0], rules[1]).filter((line) => line.includes('/admin/setup'))).toEqual([
    match[1],
  ]);
  return match[2]!;
}

const FIRST = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'Ann@Example.com',
  password: 'first admin passphrase',
};

it('creates the first admin once from the printed link, signs them in, then is gone', async () => {
  const expired = await printedSetupToken();
  clock.set(new Date(clock.now().getTime() + 25 * 3_600_000));
  const old = await request(t.app)
    .post('/api/admin/first-admin')
    .send({ ...FIRST, token: expired });
  expect(old.status).toBe(400);
  expect(old.body.message).toBe(ADMIN_SETUP_LINK_INVALID);
  const wrong = await request(t.app).get('/api/admin/first-admin').query({ token: 'guessed' });
  expect(wrong.status).toBe(400);

  const token = await printedSetupToken();
  const agent = request.agent(t.app);
  expect((await agent.get('/api/admin/first-admin').query({ token })).body).toEqual({
    ready: true,
  });
  const mismatched = await agent
    .post('/api/admin/first-admin')
    .send({ ...FIRST, token, password: 'x' });
  expect(mismatched.status).toBe(400);
  expect(await t.database.db.select().from(admins)).toEqual([]);

  const created = await agent.post('/api/admin/first-admin').send({ ...FIRST, token });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
  });
  expect((await agent.get('/api/admin/me')).body.email).toBe('ann@example.com');
  await request(t.app)
    .post('/api/admin/login')
    .send({ email: 'ann@example.com', password: FIRST.password })
    .expect(200);

  // Gone once an admin exists: with the same link, another link, or a new start.
  const again = await request(t.app)
    .post('/api/admin/first-admin')
    .send({ ...FIRST, email: 'mallory@example.com', token });
  expect(again.status).toBe(404);
  expect(again.body.message).toBe(ADMIN_SETUP_FINISHED);
  expect((await request(t.app).get('/api/admin/first-admin').query({ token })).status).toBe(404);
  expect(await t.services.adminAuth.newSetupLink()).toBeNull();
  const log = capturedLogger();
  await ensureInitialAdmin(t.services.adminAuth, undefined, log.logger);
  expect(log.lines.join('')).not.toContain('/admin/setup');
  expect(await t.database.db.select({ email: admins.email }).from(admins)).toEqual([
    { email: 'ann@example.com' },
  ]);

  const [audit] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.kind, 'admin.created'));
  expect(audit).toMatchObject({
    actorEmail: 'setup link printed at start',
    after: { email: 'ann@example.com', via: 'setup-link' },
  });
});
