import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { rateLimitHits } from '../../db/schema';

const SETUP_TOKEN = 'setup-token-for-rate-limit-tests-0123';
const TOO_MANY = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: each test poses as its own addresses with X-Forwarded-For.
  t = await startTestApp({ ADMIN_SETUP_TOKEN: SETUP_TOKEN, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

async function signedInAgent(ip: string) {
  const { admin, password } = await createAdmin(t.database);
  const agent = request.agent(t.app);
  const login = await agent
    .post('/api/admin/login')
    .set('X-Forwarded-For', ip)
    .send({ email: admin.email, password });
  expect(login.status).toBe(200);
  return { agent, admin, password };
}

describe('POST /api/admin/reset-password', () => {
  it('answers the 11th wrong current password with 429, in the admin sign-in counters', async () => {
    const { agent, admin, password } = await signedInAgent('10.3.0.1');
    const change = (currentPassword: string) =>
      agent
        .post('/api/admin/reset-password')
        .set('X-Forwarded-For', '10.3.0.1')
        .send({ currentPassword, newPassword: 'a-new-password' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await change(`not-it-${attempt}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
    }
    const blocked = await change('not-it-again');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    // Even the right password waits now, and the password is unchanged.
    expect((await change(password)).status).toBe(429);
    expect(
      (
        await request(t.app)
          .post('/api/admin/login')
          .set('X-Forwarded-For', '10.3.0.2')
          .send({ email: admin.email, password: 'a-new-password' })
      ).status,
    ).toBe(401);

    // The same counters as sign-in: this admin's e-mail is spent from this address,
    const fromHere = await request(t.app)
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.3.0.1')
      .send({ email: admin.email, password });
    expect(fromHere.status).toBe(429);
    expect(fromHere.body.message).toMatch(TOO_MANY);
    // while another admin signs in from it, and the admin from their own address (a stolen
    // session's guesses do not lock the owner out).
    const otherAdmin = await createAdmin(t.database);
    const sameAddress = await request(t.app)
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.3.0.1')
      .send({ email: otherAdmin.admin.email, password: otherAdmin.password });
    expect(sameAddress.status).toBe(200);
    const ownAddress = await request(t.app)
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.3.0.3')
      .send({ email: admin.email, password });
    expect(ownAddress.status).toBe(200);
  }, 60_000);

  it('does not count a successful change', async () => {
    const { agent, admin, password } = await signedInAgent('10.4.0.1');
    const change = (currentPassword: string) =>
      agent
        .post('/api/admin/reset-password')
        .set('X-Forwarded-For', '10.4.0.1')
        .send({ currentPassword, newPassword: 'a-new-password' });
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await change(`not-it-${attempt}`)).status).toBe(400);
    }
    expect((await change(password)).status).toBe(200);
    // The success is taken back once its answer has gone out: 9 failures remain.
    await pollUntil(
      async () => {
        const [row] = await t.database.db
          .select({ hits: rateLimitHits.hits })
          .from(rateLimitHits)
          .where(eq(rateLimitHits.key, `admin-sign-in:account:${admin.email}`));
        return row?.hits;
      },
      (hits) => hits === 9,
      5_000,
    );
    expect((await change('not-it-either')).status).toBe(400);
    expect((await change('not-it-still')).status).toBe(429);
  }, 60_000);
});

describe('POST /api/admin/setup', () => {
  const body = { email: 'new-admin@example.com', password: 'a-long-password' };
  const setup = (ip: string, token: string) =>
    request(t.app)
      .post('/api/admin/setup')
      .set('X-Forwarded-For', ip)
      .set('X-Admin-Setup-Token', token)
      .send(body);

  it('answers the 11th wrong token from an address with 429, and then the right one too', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await setup('10.5.0.1', `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await setup('10.5.0.1', 'wrong-again');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    expect((await setup('10.5.0.1', SETUP_TOKEN)).status).toBe(429);
    // Another address is not held back.
    expect((await setup('10.5.0.2', 'wrong')).status).toBe(401);
  });

  it('still takes the right token when strangers on many addresses have guessed wrong', async () => {
    // 54 failures in all, each address under its own 10: no count for the token as a whole
    // lets anyone keep the setup closed to the operator.
    for (let address = 1; address <= 6; address += 1) {
      for (let attempt = 0; attempt < 9; attempt += 1) {
        expect((await setup(`10.7.0.${address}`, `wrong-${attempt}`)).status).toBe(401);
      }
    }
    const created = await setup('10.7.1.1', SETUP_TOKEN);
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(body.email);
  }, 60_000);

  it('shares the per-address count with admin sign-in', async () => {
    // 45 wrong sign-ins for as many e-mails and 5 wrong tokens: 50 failures from one address.
    for (let attempt = 0; attempt < 45; attempt += 1) {
      const login = await request(t.app)
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.6.0.1')
        .send({ email: `nobody${attempt}@example.com`, password: 'wrong-password' });
      expect(login.status).toBe(401);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await setup('10.6.0.1', `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await setup('10.6.0.1', 'wrong-again');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
  }, 60_000);
});
