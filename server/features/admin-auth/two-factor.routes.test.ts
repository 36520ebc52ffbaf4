import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecoveryCodesSchema, TwoFactorSetupSchema } from '@shared/schemas/auth';
import { adminRecoveryCodes, admins, auditEvents } from '../../db/schema';
import { createAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: each agent poses as its own address, so only the per-e-mail limit is shared.
  t = await startTestApp({ TRUST_PROXY: 'true' }, { clock });
});

let address = 0;
function agentFromNewAddress() {
  address += 1;
  return request.agent(t.app).set('X-Forwarded-For', `10.1.${address >> 8}.${address & 255}`);
}

async function adminSignedIn() {
  const { admin, password } = await createAdmin(t.database);
  const agent = agentFromNewAddress();
  const res = await agent.post('/api/admin/login').send({ email: admin.email, password });
  expect(res.status).toBe(200);
  return { agent, admin, password };
}
afterAll(async () => {
  await t.close();
});

const WRONG = 'The password or the code is not correct';

/** The refused two-factor changes the audit log holds for the admin, oldest first. */
async function refusedChanges(adminId: string): Promise<unknown[]> {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, adminId))
    .orderBy(auditEvents.createdAt, auditEvents.id);
  return rows
    .filter((row) => row.kind === 'admin.two_factor_change_failed')
    .map((row) => (row.after as { change: string }).change);
}

/** The next 30-second step on the app's clock: every sign-in needs a code of a new step. */
function nextStep() {
  clock.set(new Date(clock.now().getTime() + 30_000));
}

function codeAt(secret: string, at: Date = clock.now()) {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** An admin with two-factor on: their credentials, secret, recovery codes and agent. */
async function enrolledAdmin() {
  const { agent, admin, password } = await adminSignedIn();
  const setup = await agent.post('/api/admin/two-factor/setup');
  expect(setup.status).toBe(200);
  const { secret } = expectJson(setup, TwoFactorSetupSchema);
  const enabled = await agent
    .post('/api/admin/two-factor/enable')
    .send({ password, code: await codeAt(secret) });
  expect(enabled.status).toBe(200);
  return {
    agent,
    admin,
    email: admin.email,
    password,
    secret,
    recoveryCodes: expectJson(enabled, RecoveryCodesSchema).recoveryCodes,
  };
}

async function passwordStep(email: string, password: string) {
  const agent = agentFromNewAddress();
  const res = await agent.post('/api/admin/login').send({ email, password });
  return { agent, res };
}

describe('setting up two-factor authentication', () => {
  it('shows a QR code and the secret, turns on with the password and a current code, and gives 10 recovery codes once', async () => {
    const { agent, admin, password } = await adminSignedIn();
    expect((await agent.get('/api/admin/two-factor')).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const setup = await agent.post('/api/admin/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg/);

    // Stored encrypted, never as the secret itself.
    const [stored] = await t.database.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(stored!.totpSecret).toMatch(/^v1\./);
    expect(stored!.totpSecret).not.toContain(setup.body.secret);
    expect(stored!.totpEnabledAt).toBeNull();

    // A wrong code or a wrong password: one answer, so neither is told apart.
    const wrong = await agent
      .post('/api/admin/two-factor/enable')
      .send({ password, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG);
    const wrongPassword = await agent
      .post('/api/admin/two-factor/enable')
      .send({ password: 'not-the-password', code: await codeAt(setup.body.secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(WRONG);
    const noPassword = await agent
      .post('/api/admin/two-factor/enable')
      .send({ code: await codeAt(setup.body.secret) });
    expect(noPassword.body.message).toBe('Password is required');
    const notSix = await agent
      .post('/api/admin/two-factor/enable')
      .send({ password, code: '12345' });
    expect(notSix.body.message).toBe('Enter the 6-digit code from your authenticator app');
    expect(await refusedChanges(admin.id)).toEqual(['enable', 'enable']);

    const enabled = await agent
      .post('/api/admin/two-factor/enable')
      .send({ password, code: await codeAt(setup.body.secret) });
    expect(enabled.status).toBe(200);
    const codes = expectJson(enabled, RecoveryCodesSchema).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);

    // Only hashes are kept.
    const hashes = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, admin.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.map((row) => row.codeHash).join()).not.toContain(codes[0]!.replace(/-/g, ''));

    const status = await agent.get('/api/admin/two-factor');
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await agent.get('/api/admin/me')).body.twoFactorEnabled).toBe(true);
    const again = await agent.post('/api/admin/two-factor/setup');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Two-factor authentication is already on');
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, without an admin session in between', async () => {
    const { email, password, secret } = await enrolledAdmin();
    nextStep();
    const { agent, res } = await passwordStep(email, password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    // The password alone opens nothing.
    expect((await agent.get('/api/admin/me')).status).toBe(401);
    expect((await agent.get('/api/admin/invoices')).status).toBe(401);

    const wrong = await agent.post('/api/admin/login/two-factor').send({ code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid authentication code');
    expect((await agent.get('/api/admin/me')).status).toBe(401);

    const ok = await agent.post('/api/admin/login/two-factor').send({ code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email, twoFactorEnabled: true });
    expect((await agent.get('/api/admin/me')).status).toBe(200);
  });

  it('says the code that turned two-factor on was just used, and takes the next one', async () => {
    const { email, password, secret } = await enrolledAdmin();
    // Same step as the enabling code: what an admin who signs in at once would type.
    const { agent } = await passwordStep(email, password);
    const same = await agent
      .post('/api/admin/login/two-factor')
      .send({ code: await codeAt(secret) });
    expect(same.status).toBe(401);
    expect(same.body.message).toBe(
      'This code was just used. Wait for the next code from your authenticator app, then enter it.',
    );
    expect((await agent.get('/api/admin/me')).status).toBe(401);
    nextStep();
    const next = await agent
      .post('/api/admin/login/two-factor')
      .send({ code: await codeAt(secret) });
    expect(next.status).toBe(200);
  });

  it('refuses the same code twice (replay within its window)', async () => {
    const { email, password, secret } = await enrolledAdmin();
    nextStep();
    const code = await codeAt(secret);
    const first = await passwordStep(email, password);
    expect((await first.agent.post('/api/admin/login/two-factor').send({ code })).status).toBe(200);

    const second = await passwordStep(email, password);
    const replay = await second.agent.post('/api/admin/login/two-factor').send({ code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(
      'This code was just used. Wait for the next code from your authenticator app, then enter it.',
    );
    // An older step's code (still inside the tolerance) is refused too.
    const older = await codeAt(secret, new Date(clock.now().getTime() - 30_000));
    expect(
      (await second.agent.post('/api/admin/login/two-factor').send({ code: older })).status,
    ).toBe(401);
    // The enabling code's step counts as used as well.
    nextStep();
    expect(
      (await second.agent.post('/api/admin/login/two-factor').send({ code: await codeAt(secret) }))
        .status,
    ).toBe(200);
  });

  it('accepts a recovery code instead of the code, once', async () => {
    const { email, password, recoveryCodes, admin } = await enrolledAdmin();
    const code = recoveryCodes[3]!;
    const first = await passwordStep(email, password);
    // Case, spaces and dashes as typed do not matter.
    const ok = await first.agent
      .post('/api/admin/login/two-factor')
      .send({ code: ` ${code.toUpperCase().replace(/-/g, ' ')} ` });
    expect(ok.status).toBe(200);
    expect((await first.agent.get('/api/admin/two-factor')).body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(email, password);
    const reused = await second.agent.post('/api/admin/login/two-factor').send({ code });
    expect(reused.status).toBe(401);
    expect((await second.agent.get('/api/admin/me')).status).toBe(401);

    const kinds = (
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorAdminId, admin.id))
    ).map((row) => row.kind);
    expect(kinds).toContain('admin.recovery_code_used');
  });

  it('forgets the password step after five minutes', async () => {
    const { email, password, secret } = await enrolledAdmin();
    const { agent } = await passwordStep(email, password);
    const realNow = Date.now;
    Date.now = () => realNow() + 5 * 60 * 1000 + 1000;
    try {
      nextStep();
      const late = await agent
        .post('/api/admin/login/two-factor')
        .send({ code: await codeAt(secret) });
      expect(late.status).toBe(401);
      expect(late.body.message).toBe('Your sign-in has expired. Please enter your password again.');
    } finally {
      Date.now = realNow;
    }
  });

  it('answers the second step without a password step with a 401', async () => {
    const res = await agentFromNewAddress()
      .post('/api/admin/login/two-factor')
      .send({ code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your sign-in has expired. Please enter your password again.');
  });

  it('counts wrong codes toward the sign-in limit of 10 per 15 minutes', async () => {
    const { email, password, secret } = await enrolledAdmin();
    const { agent } = await passwordStep(email, password);
    // Wrong passwords and wrong codes of this admin from this address share one budget.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await agent
        .post('/api/admin/login')
        .send({ email, password: `wrong-${attempt}` });
      expect(res.status).toBe(401);
    }
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const res = await agent.post('/api/admin/login/two-factor').send({ code: '000000' });
      expect(res.status).toBe(401);
    }
    nextStep();
    const blocked = await agent
      .post('/api/admin/login/two-factor')
      .send({ code: await codeAt(secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many sign-in attempts\./);

    // The admin still signs in from their own address.
    const own = await passwordStep(email, password);
    expect(own.res.body).toEqual({ twoFactorRequired: true });
    const ok = await own.agent
      .post('/api/admin/login/two-factor')
      .send({ code: await codeAt(secret) });
    expect(ok.status).toBe(200);
  });

  it('forgets a sign-in waiting for its code when the password changes', async () => {
    const { agent: owner, email, password, secret } = await enrolledAdmin();
    const waiting = await passwordStep(email, password);
    expect(waiting.res.body).toEqual({ twoFactorRequired: true });
    const changed = await owner
      .post('/api/admin/reset-password')
      .send({ currentPassword: password, newPassword: 'a-brand-new-password' });
    expect(changed.status).toBe(200);
    nextStep();
    const late = await waiting.agent
      .post('/api/admin/login/two-factor')
      .send({ code: await codeAt(secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Your sign-in has expired. Please enter your password again.');
    expect((await waiting.agent.get('/api/admin/me')).status).toBe(401);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password and a current code to turn it off, and ends the other sessions', async () => {
    const { agent, password, secret, email, admin } = await enrolledAdmin();
    nextStep();
    const elsewhere = await passwordStep(email, password);
    expect(
      (
        await elsewhere.agent
          .post('/api/admin/login/two-factor')
          .send({ code: await codeAt(secret) })
      ).status,
    ).toBe(200);
    nextStep();
    const noPassword = await agent
      .post('/api/admin/two-factor/disable')
      .send({ password: 'not-it', code: await codeAt(secret) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe(WRONG);
    const noCode = await agent
      .post('/api/admin/two-factor/disable')
      .send({ password, code: '000000' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe(WRONG);
    expect((await agent.get('/api/admin/two-factor')).body.enabled).toBe(true);
    expect(await refusedChanges(admin.id)).toEqual(['disable', 'disable']);
    // The code of the refused try (wrong password) was not used up by it.
    const off = await agent
      .post('/api/admin/two-factor/disable')
      .send({ password, code: await codeAt(secret) });
    expect(off.status).toBe(200);
    expect((await agent.get('/api/admin/two-factor')).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    // The session that turned it off goes on; the other one ended.
    expect((await agent.get('/api/admin/me')).status).toBe(200);
    expect((await elsewhere.agent.get('/api/admin/me')).status).toBe(401);
    // The password alone signs in again.
    const { res } = await passwordStep(email, password);
    expect(res.body).toMatchObject({ email, twoFactorEnabled: false });
  });

  it('replaces the recovery codes with the password and a code: the old ones and other sessions end', async () => {
    const { agent, secret, recoveryCodes, email, password, admin } = await enrolledAdmin();
    nextStep();
    const codeOnly = await agent
      .post('/api/admin/two-factor/recovery-codes')
      .send({ code: await codeAt(secret) });
    expect(codeOnly.status).toBe(400);
    expect(codeOnly.body.message).toBe('Password is required');
    const wrongPassword = await agent
      .post('/api/admin/two-factor/recovery-codes')
      .send({ password: 'not-it', code: await codeAt(secret) });
    expect(wrongPassword.body.message).toBe(WRONG);
    const elsewhere = await passwordStep(email, password);
    expect(
      (await elsewhere.agent.post('/api/admin/login/two-factor').send({ code: recoveryCodes[9] }))
        .status,
    ).toBe(200);

    const fresh = await agent
      .post('/api/admin/two-factor/recovery-codes')
      .send({ password, code: await codeAt(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await elsewhere.agent.get('/api/admin/me')).status).toBe(401);
    expect((await agent.get('/api/admin/me')).status).toBe(200);
    expect(await refusedChanges(admin.id)).toEqual(['recovery_codes']);

    const old = await passwordStep(email, password);
    expect(
      (await old.agent.post('/api/admin/login/two-factor').send({ code: recoveryCodes[0] })).status,
    ).toBe(401);
    const ok = await passwordStep(email, password);
    expect(
      (
        await ok.agent
          .post('/api/admin/login/two-factor')
          .send({ code: fresh.body.recoveryCodes[0] })
      ).status,
    ).toBe(200);
  });

  it('stops guesses from a stolen session at the sign-in limit, for every two-factor change', async () => {
    const { agent, password, recoveryCodes, admin } = await enrolledAdmin();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const path = attempt % 2 === 0 ? 'recovery-codes' : 'disable';
      const guess = await agent
        .post(`/api/admin/two-factor/${path}`)
        .send({ password, code: `wrong-code-${attempt}` });
      expect(guess.status).toBe(400);
    }
    // Even a right recovery code waits now: no new codes, two-factor stays on.
    for (const path of ['recovery-codes', 'disable']) {
      const blocked = await agent
        .post(`/api/admin/two-factor/${path}`)
        .send({ password, code: recoveryCodes[0] });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many sign-in attempts\./);
    }
    expect((await agent.get('/api/admin/two-factor')).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect(await refusedChanges(admin.id)).toHaveLength(10);
  });

  it('stops them at 10 however many addresses the stolen session is used from', async () => {
    const { agent, password, recoveryCodes } = await enrolledAdmin();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = await agent
        .post('/api/admin/two-factor/disable')
        .set('X-Forwarded-For', `10.30.${attempt}.1`)
        .send({ password, code: `wrong-code-${attempt}` });
      expect(guess.status).toBe(400);
    }
    const blocked = await agent
      .post('/api/admin/two-factor/disable')
      .set('X-Forwarded-For', '10.30.99.1')
      .send({ password, code: recoveryCodes[0] });
    expect(blocked.status).toBe(429);
    expect((await agent.get('/api/admin/two-factor')).body.enabled).toBe(true);
  });
});

describe('"Require two-factor authentication for every admin"', () => {
  it('cannot be switched on by an admin without it, and then holds every other admin at set-up', async () => {
    const settings = {
      businessName: 'Coast & Code Studio',
      businessEmail: 'hello@coastandcode.studio',
      businessPhone: '',
      businessCity: 'New Orleans',
      businessState: 'LA',
      businessWebsite: '',
      autoSendRenewals: true,
      requireAdminTwoFactor: true,
    };
    const plain = await adminSignedIn();
    const refused = await plain.agent.put('/api/admin/settings').send(settings);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Set up two-factor authentication for your own account before requiring it for every admin.',
    );

    const owner = await enrolledAdmin();
    expect((await owner.agent.put('/api/admin/settings').send(settings)).status).toBe(200);
    try {
      // An admin without two-factor signs in with the password, and can only set it up.
      const { admin, password } = await createAdmin(t.database);
      const { agent, res } = await passwordStep(admin.email, password);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
      expect((await agent.get('/api/admin/me')).body.twoFactorSetupRequired).toBe(true);
      for (const [method, path] of [
        ['get', '/api/admin/invoices'],
        ['get', '/api/admin/audit'],
        ['get', '/api/admin/settings'],
        ['post', '/api/admin/reset-password'],
      ] as const) {
        const blocked = await agent[method](path).send({});
        expect(blocked.status, path).toBe(403);
        expect(blocked.body).toEqual({
          message: 'Two-factor authentication is required for every admin. Set it up to continue.',
          code: 'two_factor_setup_required',
        });
      }
      const setup = await agent.post('/api/admin/two-factor/setup');
      expect(setup.status).toBe(200);
      const enabled = await agent
        .post('/api/admin/two-factor/enable')
        .send({ password, code: await codeAt(setup.body.secret) });
      expect(enabled.status).toBe(200);
      expect((await agent.get('/api/admin/invoices')).status).toBe(200);
      expect((await agent.get('/api/admin/me')).body.twoFactorSetupRequired).toBe(false);
    } finally {
      await owner.agent
        .put('/api/admin/settings')
        .send({ ...settings, requireAdminTwoFactor: false });
    }
  });
});
