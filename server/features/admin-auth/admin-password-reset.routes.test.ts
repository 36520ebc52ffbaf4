import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LINK_INVALID, ADMIN_RESET_KEPT_IN_OUTBOX } from '@shared/schemas/admin-accounts';
import { TwoFactorSetupSchema } from '@shared/schemas/auth';
import { adminTokens, auditEvents, outboxMessages } from '../../db/schema';
import { createAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { tableFingerprint } from '@tests/support/table-fingerprint';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' }, { clock });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
function agentFromNewAddress() {
  address += 1;
  return request.agent(t.app).set('X-Forwarded-For', `10.2.${address >> 8}.${address & 255}`);
}

/** The messages the outbox holds for `to`, newest first. */
async function mailTo(to: string) {
  await t.services.notifications.idle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(desc(outboxMessages.createdAt));
}

/** The token of the newest reset link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  const [message] = await mailTo(to);
  const match = /reset-password\?token=([\w-]+)/.exec(message?.text ?? '');
  if (!match) throw new Error(`no reset link mailed to ${to}`);
  return match[1]!;
}

async function auditKinds(adminId: string) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, adminId))
    .orderBy(auditEvents.createdAt, auditEvents.id);
  return rows.map((row) => row.kind);
}

/** "Forgot password?" for `email`, and the work it does after the answer. */
async function forgot(email: string) {
  const res = await agentFromNewAddress().post('/api/admin/forgot-password').send({ email });
  await t.services.notifications.idle();
  return res;
}

describe('Forgot password? for admins', () => {
  it('answers the same for an admin and a stranger, and mails only the admin', async () => {
    const { admin } = await createAdmin(t.database);
    const known = await forgot(admin.email.toUpperCase());
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // No mail server here: the answer says where the link waits, and the other way.
    expect(known.body).toEqual({ message: ADMIN_RESET_KEPT_IN_OUTBOX });
    expect(known.body.message).toContain('waits in the outbox');
    expect(known.body.message).toContain('npm run admin:reset-password');
    expect(unknown.body).toEqual(known.body);

    const [message] = await mailTo(admin.email);
    expect(message?.subject).toBe('Set a new password for your Coast & Code Studio admin account');
    expect(message?.text).toContain(`${t.baseUrl}/admin/reset-password?token=`);
    expect(await mailTo('nobody@example.com')).toEqual([]);
    // Only the hash is stored.
    const [row] = await t.database.db
      .select()
      .from(adminTokens)
      .where(eq(adminTokens.adminId, admin.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(await mailedToken(admin.email));
  });

  it('answers before it looks the address up, the same way for an admin and a stranger', async () => {
    const { admin } = await createAdmin(t.database);
    const before = await tableFingerprint(t.database);
    // The admins out of reach: an answer that waited for the look-up (or anything after it:
    // the link, its audit row, the e-mail) could not be the 200 both get.
    await t.database.executeSql('alter table admins rename to admins_out_of_reach');
    let known, unknown;
    try {
      known = await agentFromNewAddress()
        .post('/api/admin/forgot-password')
        .send({ email: admin.email });
      unknown = await agentFromNewAddress()
        .post('/api/admin/forgot-password')
        .send({ email: 'nobody@example.com' });
      // The look-up ran after the answers, and found no table.
      await t.services.notifications.idle();
    } finally {
      await t.database.executeSql('alter table admins_out_of_reach rename to admins');
    }
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: ADMIN_RESET_KEPT_IN_OUTBOX });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Neither request stored anything itself (rate-limit counters aside).
    expect(await tableFingerprint(t.database)).toEqual(before);
    expect(await mailTo(admin.email)).toEqual([]);

    // With the admins in reach the same request mails the link, after the answer.
    expect((await forgot(admin.email)).body).toEqual(known.body);
    expect((await mailTo(admin.email))[0]?.text).toContain(
      `${t.baseUrl}/admin/reset-password?token=`,
    );
  });

  it('sets the new password once, ends every other session, and signs the admin in', async () => {
    const { admin, password } = await createAdmin(t.database);
    const elsewhere = agentFromNewAddress();
    await elsewhere.post('/api/admin/login').send({ email: admin.email, password }).expect(200);
    await forgot(admin.email);
    const token = await mailedToken(admin.email);

    const browser = agentFromNewAddress();
    expect((await browser.get('/api/admin/password-reset').query({ token })).body).toEqual({
      ready: true,
    });
    const reset = await browser
      .post('/api/admin/password-reset')
      .send({ token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ email: admin.email, twoFactorEnabled: false });
    expect((await browser.get('/api/admin/me')).status).toBe(200);
    expect((await elsewhere.get('/api/admin/me')).status).toBe(401);

    const again = await agentFromNewAddress()
      .post('/api/admin/password-reset')
      .send({ token, password: 'another passphrase!' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ADMIN_LINK_INVALID);

    const old = await agentFromNewAddress()
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    expect(old.status).toBe(401);
    const fresh = await agentFromNewAddress()
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'a brand new passphrase' });
    expect(fresh.status).toBe(200);

    expect(await auditKinds(admin.id)).toEqual([
      'admin.created',
      'admin.signed_in',
      'admin.password_reset_requested',
      'admin.password_reset',
      'admin.signed_in',
      'admin.signed_in',
    ]);
    // The outbox keeps no working copy of the used link.
    const [message] = await mailTo(admin.email);
    expect(message?.text).not.toContain(token);
  });

  it('refuses an expired link, and a new link makes the older ones stop working', async () => {
    const { admin, password } = await createAdmin(t.database);
    await forgot(admin.email);
    const first = await mailedToken(admin.email);
    clock.set(new Date(clock.now().getTime() + 61 * 60_000));
    const expired = await agentFromNewAddress()
      .post('/api/admin/password-reset')
      .send({ token: first, password: 'a brand new passphrase' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(ADMIN_LINK_INVALID);
    const check = await agentFromNewAddress()
      .get('/api/admin/password-reset')
      .query({ token: first });
    expect(check.status).toBe(400);

    await forgot(admin.email);
    await forgot(admin.email);
    const [newest, older] = await mailTo(admin.email);
    const tokenOf = (text: string | undefined) => /token=([\w-]+)/.exec(text ?? '')![1]!;
    await agentFromNewAddress()
      .post('/api/admin/password-reset')
      .send({ token: tokenOf(newest?.text), password: 'a brand new passphrase' })
      .expect(200);
    const stale = await agentFromNewAddress()
      .post('/api/admin/password-reset')
      .send({ token: tokenOf(older?.text), password: 'yet another passphrase' });
    expect(stale.status).toBe(400);
    // The refused link changed nothing: the password is the one the newest link set.
    await agentFromNewAddress()
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'yet another passphrase' })
      .expect(401);
    await agentFromNewAddress()
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'a brand new passphrase' })
      .expect(200);
    expect(password).not.toBe('a brand new passphrase');
  });

  it('rejects a too short password, changing nothing', async () => {
    const { admin, password } = await createAdmin(t.database);
    await forgot(admin.email);
    const token = await mailedToken(admin.email);
    const res = await agentFromNewAddress()
      .post('/api/admin/password-reset')
      .send({ token, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 8 characters long');
    const [row] = await t.database.db
      .select()
      .from(adminTokens)
      .where(eq(adminTokens.adminId, admin.id));
    expect(row?.usedAt).toBeNull();
    await agentFromNewAddress()
      .post('/api/admin/login')
      .send({ email: admin.email, password })
      .expect(200);
  });

  it('still asks for the second factor when two-factor is on', async () => {
    const { admin, password } = await createAdmin(t.database);
    const agent = agentFromNewAddress();
    await agent.post('/api/admin/login').send({ email: admin.email, password }).expect(200);
    const { secret } = expectJson(
      await agent.post('/api/admin/two-factor/setup'),
      TwoFactorSetupSchema,
    );
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    await agent
      .post('/api/admin/two-factor/enable')
      .send({ password, code: await generate({ secret, epoch: epoch() }) })
      .expect(200);

    await forgot(admin.email);
    const token = await mailedToken(admin.email);
    const browser = agentFromNewAddress();
    const reset = await browser
      .post('/api/admin/password-reset')
      .send({ token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ twoFactorRequired: true });
    expect((await browser.get('/api/admin/me')).status).toBe(401);
    // The session that turned two-factor on ended with the reset.
    expect((await agent.get('/api/admin/me')).status).toBe(401);

    clock.set(new Date(clock.now().getTime() + 30_000));
    const code = await browser
      .post('/api/admin/login/two-factor')
      .send({ code: await generate({ secret, epoch: epoch() }) });
    expect(code.status).toBe(200);
    expect((await browser.get('/api/admin/me')).body.email).toBe(admin.email);
  });

  it('limits the requests per e-mail, whoever asks', async () => {
    const { admin } = await createAdmin(t.database);
    const agent = agentFromNewAddress();
    for (let i = 0; i < 5; i += 1) {
      await agent.post('/api/admin/forgot-password').send({ email: admin.email }).expect(200);
    }
    const limited = await agentFromNewAddress()
      .post('/api/admin/forgot-password')
      .send({ email: admin.email });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests for a new password/);
    const stranger = await agentFromNewAddress()
      .post('/api/admin/forgot-password')
      .send({ email: 'nobody@example.com' });
    expect(stranger.status).toBe(200);
    expect(await mailTo(admin.email)).toHaveLength(5);
  });
});
