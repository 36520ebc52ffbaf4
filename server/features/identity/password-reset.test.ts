import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientPasswordResetSentSchema } from '@shared/schemas/clients';
import { newClientAccount, signedInAdmin, signedInClient } from '@tests/factories';
import {
  BrowserSession,
  mailedCode,
  signInThroughIssuer,
  signInThroughProvider,
  startSignUpThroughProvider,
} from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { freePort } from '@tests/support/server-process';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { startTestIssuer, type TestIssuer } from '@tests/support/test-issuer';
import { auditEvents, oidcPayloads, outboxMessages, users } from '../../db/schema';

const RESET_SUBJECT = 'Your Coast & Code Studio password reset code';

/** From the sign-in page, "Forgot password?" with `email`: ends on the code page. */
async function requestReset(browser: BrowserSession, email: string, start = '/api/login') {
  const signIn = await browser.navigate('GET', start);
  const forgotHref = /href="([^"]*\/forgot)"/.exec(await signIn.res.text());
  expect(forgotHref, 'the sign-in page links to "Forgot password?"').not.toBeNull();
  const forgot = await browser.navigate('GET', new URL(forgotHref![1]!, signIn.url).href);
  const forgotHtml = await forgot.res.text();
  expect(forgotHtml).toContain('<h1>Forgot your password?</h1>');
  return browser.submitForm(forgot.url, forgotHtml, { email });
}

/** The newest messages to `email` in the outbox, by subject. */
async function subjectsTo(t: TestApp, email: string): Promise<string[]> {
  await t.services.notifications.idle();
  const rows = await t.database.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email.toLowerCase()));
  return rows.map((row) => row.subject);
}

const uidOf = (url: string) => /\/interaction\/([^/]+)\//.exec(url)![1]!;

describe('"Forgot password?" on the built-in provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a code, takes a new password twice, signs in and ends every other session', async () => {
    const { browser: laptop, account } = await signedInClient(t.baseUrl);
    const phone = new BrowserSession(t.baseUrl);
    await signInThroughProvider(phone, account.email, account.password);
    expect((await phone.request('GET', '/api/auth/user')).status).toBe(200);
    // The provider itself remembers the laptop's sign-in too.
    const providerSessions = async () =>
      (await t.database.db.select().from(oidcPayloads)).filter(
        (row) =>
          row.type === 'Session' && (row.payload as { accountId?: string }).accountId !== undefined,
      );
    expect((await providerSessions()).length).toBeGreaterThan(0);

    const browser = new BrowserSession(t.baseUrl);
    const codePage = await requestReset(browser, account.email);
    expect(codePage.res.status).toBe(200);
    expect(codePage.url).toMatch(/\/oidc\/interaction\/[^/]+\/reset$/);
    const html = await codePage.res.text();
    expect(html).toContain('<h1>Choose a new password</h1>');
    expect(await subjectsTo(t, account.email)).toContain(RESET_SUBJECT);

    const code = await mailedCode(t.baseUrl, account.email);
    const mismatch = await browser.submitForm(codePage.url, html, {
      code,
      password: 'new-bayou-pass',
      confirmPassword: 'new-bayou-typo',
    });
    expect(mismatch.res.status).toBe(400);
    expect(await mismatch.res.text()).toContain('The passwords do not match');
    const tooShort = await browser.submitForm(codePage.url, html, {
      code,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(tooShort.res.status).toBe(400);
    expect(await tooShort.res.text()).toContain('Password must be at least 8 characters long');

    const done = await browser.submitForm(codePage.url, html, {
      code,
      password: 'new-bayou-pass',
      confirmPassword: 'new-bayou-pass',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const me = await browser.request('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(account.email.toLowerCase());

    // Every other session ended: the app's on the laptop and the phone, and the provider's.
    expect((await laptop.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await phone.request('GET', '/api/auth/user')).status).toBe(401);
    const accountId = (
      await t.database.db
        .select({ subject: users.oidcSubject })
        .from(users)
        .where(eq(users.email, account.email.toLowerCase()))
    )[0]!.subject;
    const left = await providerSessions();
    // Only the session the reset just made (the browser that reset) is the account's.
    expect(
      left.filter((row) => (row.payload as { accountId: string }).accountId === accountId),
    ).toHaveLength(1);

    // The old password is refused, the new one signs in.
    const old = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      account.password,
    );
    expect(old.res.status).toBe(401);
    const fresh = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      'new-bayou-pass',
    );
    expect(fresh.url).toBe(`${t.baseUrl}/portal/dashboard`);

    // The code worked once: it is gone, and the outbox no longer holds it.
    const { rows } = await t.database.executeSql(
      'select 1 from identity_email_codes where interaction_uid = $1',
      [uidOf(codePage.url)],
    );
    expect(rows).toHaveLength(0);
    const mail = await t.database.db
      .select({ subject: outboxMessages.subject, text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, account.email.toLowerCase()));
    const resetMail = mail.filter((message) => message.subject === RESET_SUBJECT);
    expect(resetMail).toHaveLength(1);
    expect(resetMail[0]!.text).not.toContain(code);
  });

  it('uses a code once: a second reset with the used code is refused', async () => {
    const { account } = await signedInClient(t.baseUrl);
    const first = new BrowserSession(t.baseUrl);
    const page = await requestReset(first, account.email);
    const code = await mailedCode(t.baseUrl, account.email);
    const html = await page.res.text();
    const fields = { code, password: 'first-new-pass', confirmPassword: 'first-new-pass' };
    expect((await first.submitForm(page.url, html, fields)).url).toBe(
      `${t.baseUrl}/portal/dashboard`,
    );

    // The same code on a new reset of the same address: not a code of this reset.
    const second = new BrowserSession(t.baseUrl);
    const again = await requestReset(second, account.email);
    const refused = await second.submitForm(again.url, await again.res.text(), {
      code,
      password: 'second-new-pass',
      confirmPassword: 'second-new-pass',
    });
    expect(refused.res.status).toBe(400);
    expect(await refused.res.text()).toContain('That code is not right. You have 4 tries left.');
    expect((await second.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('refuses an expired code and a sign-up code, and a reset code cannot prove a sign-up', async () => {
    const { account } = await signedInClient(t.baseUrl);
    const browser = new BrowserSession(t.baseUrl);
    const page = await requestReset(browser, account.email);
    const html = await page.res.text();
    const code = await mailedCode(t.baseUrl, account.email);
    await t.database.executeSql(
      "update identity_email_codes set expires_at = now() - interval '1 second' where interaction_uid = $1",
      [uidOf(page.url)],
    );
    const expired = await browser.submitForm(page.url, html, {
      code,
      password: 'late-new-pass',
      confirmPassword: 'late-new-pass',
    });
    expect(expired.res.status).toBe(400);
    expect(await expired.res.text()).toContain(
      'This code has expired. Send a new code and enter that one.',
    );

    // A new code works (15 minutes again), and is the one mailed.
    const resend = /action="([^"]+\/reset\/resend)"/.exec(html)![1]!;
    const sent = await browser.navigate(
      'POST',
      new URL(resend, page.url).href,
      new URLSearchParams(),
    );
    const sentHtml = await sent.res.text();
    expect(sentHtml).toContain('We sent a new code.');
    // The new code is mailed after the answer, the earlier one forgotten first.
    await t.services.notifications.idle();
    const newCode = await mailedCode(t.baseUrl, account.email);
    expect(newCode).not.toBe(code);

    // The reset's code is not a sign-up's: the code page of the same sign-in refuses it.
    const verify = await browser.navigate(
      'POST',
      `${t.baseUrl}/oidc/interaction/${uidOf(page.url)}/verify`,
      new URLSearchParams({ code: newCode }),
    );
    expect(verify.res.status).toBe(400);
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(401);

    const done = await browser.submitForm(sent.url, sentHtml, {
      code: newCode,
      password: 'late-new-pass',
      confirmPassword: 'late-new-pass',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
  });

  it('answers exactly the same whether or not the address has an account', async () => {
    const { account } = await signedInClient(t.baseUrl);
    const stranger = 'nobody.here@example.com';
    const attempt = async (email: string) => {
      const browser = new BrowserSession(t.baseUrl);
      const page = await requestReset(browser, email);
      const uid = uidOf(page.url);
      const html = await page.res.text();
      const wrong = await browser.submitForm(page.url, html, {
        code: '000000',
        password: 'guessed-new-pass',
        confirmPassword: 'guessed-new-pass',
      });
      const clean = (text: string) => text.replaceAll(uid, 'UID').replaceAll(email, 'EMAIL');
      return {
        status: page.res.status,
        path: new URL(page.url).pathname.replace(uid, 'UID'),
        html: clean(html),
        wrongStatus: wrong.res.status,
        wrongHtml: clean(await wrong.res.text()),
      };
    };
    const known = await attempt(account.email.toLowerCase());
    const unknown = await attempt(stranger);
    expect(unknown).toEqual(known);
    expect(known.status).toBe(200);
    expect(known.wrongHtml).toContain('That code is not right. You have 4 tries left.');

    // Only the owner of an account is mailed.
    expect(await subjectsTo(t, account.email)).toContain(RESET_SUBJECT);
    expect(await subjectsTo(t, stranger)).toEqual([]);
  });

  it('answers before it looks the address up, the same way for an account and a stranger', async () => {
    const { account } = await signedInClient(t.baseUrl);
    const owner = account.email.toLowerCase();
    const stranger = 'nobody.at.all@example.com';
    const codeRow = async (uid: string) =>
      (
        await t.database.executeSql(
          'select email, account_id, code_hash, purpose from identity_email_codes where interaction_uid = $1',
          [uid],
        )
      ).rows;
    // The accounts out of reach: a page that waited for the look-up (or the code and e-mail
    // after it) could not be the code page both get.
    await t.database.executeSql('alter table identity_accounts rename to accounts_out_of_reach');
    const pages: Record<string, { status: number; html: string; row: unknown }> = {};
    try {
      for (const email of [owner, stranger]) {
        const page = await requestReset(new BrowserSession(t.baseUrl), email);
        const uid = uidOf(page.url);
        pages[email] = {
          status: page.res.status,
          html: (await page.res.text()).replaceAll(uid, 'UID').replaceAll(email, 'EMAIL'),
          row: await codeRow(uid),
        };
      }
      // The look-up ran after the answers, and found no table.
      await t.services.notifications.idle();
    } finally {
      await t.database.executeSql('alter table accounts_out_of_reach rename to identity_accounts');
    }
    expect(pages[owner]!.status).toBe(200);
    expect(pages[owner]!.html).toContain('<h1>Choose a new password</h1>');
    expect(pages[stranger]!.html).toBe(pages[owner]!.html);
    // The request kept the same row for both: no account, no code yet.
    expect(pages[owner]!.row).toEqual([
      { email: owner, account_id: null, code_hash: null, purpose: 'reset' },
    ]);
    expect(pages[stranger]!.row).toEqual([
      { email: stranger, account_id: null, code_hash: null, purpose: 'reset' },
    ]);
    expect(await subjectsTo(t, owner)).not.toContain(RESET_SUBJECT);

    // With the accounts in reach the same request mails the owner a code that works.
    const browser = new BrowserSession(t.baseUrl);
    const page = await requestReset(browser, owner);
    const code = await mailedCode(t.baseUrl, owner);
    const done = await browser.submitForm(page.url, await page.res.text(), {
      code,
      password: 'after-the-answer',
      confirmPassword: 'after-the-answer',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
  });

  it('answers "Send a new code" the same for an account and a stranger; only the owner is mailed', async () => {
    const { account } = await signedInClient(t.baseUrl);
    const owner = account.email.toLowerCase();
    const stranger = 'no.account.either@example.com';
    const resent: Record<string, { browser: BrowserSession; url: string; html: string }> = {};
    const answers: Record<string, { status: number; html: string }> = {};
    for (const email of [owner, stranger]) {
      const browser = new BrowserSession(t.baseUrl);
      const page = await requestReset(browser, email);
      const resend = /action="([^"]+\/reset\/resend)"/.exec(await page.res.text())![1]!;
      const sent = await browser.navigate(
        'POST',
        new URL(resend, page.url).href,
        new URLSearchParams(),
      );
      const html = await sent.res.text();
      resent[email] = { browser, url: sent.url, html };
      const uid = uidOf(page.url);
      answers[email] = {
        status: sent.res.status,
        html: html.replaceAll(uid, 'UID').replaceAll(email, 'EMAIL'),
      };
    }
    expect(answers[owner]!.status).toBe(200);
    expect(answers[owner]!.html).toContain('We sent a new code.');
    expect(answers[stranger]).toEqual(answers[owner]);

    // The new code is mailed after the answer, the first one forgotten before it.
    await t.services.notifications.idle();
    const code = await mailedCode(t.baseUrl, owner);
    const { browser, url, html } = resent[owner]!;
    const done = await browser.submitForm(url, html, {
      code,
      password: 'resent-and-kept',
      confirmPassword: 'resent-and-kept',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    expect(await subjectsTo(t, stranger)).toEqual([]);
  });

  it('shares the sign-up limits: a reset after five sign-ups for the address is refused', async () => {
    const email = 'busy.address@example.com';
    for (let i = 0; i < 5; i += 1) {
      const page = await startSignUpThroughProvider(
        new BrowserSession(t.baseUrl),
        newClientAccount({ email }),
      );
      expect(page.res.status).toBe(200);
    }
    const refused = await requestReset(new BrowserSession(t.baseUrl), email);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.text()).toMatch(
      /Too many sign-ups\. Please try again in \d+ minutes?\./,
    );
  });

  it('opens "Forgot password?" for the address when the app asks (the agency\'s e-mail link)', async () => {
    const browser = new BrowserSession(t.baseUrl);
    const page = await browser.navigate(
      'GET',
      '/api/login?screen=forgot&login_hint=hinted.reset%40example.com',
    );
    const html = await page.res.text();
    expect(html).toContain('<h1>Forgot your password?</h1>');
    expect(html).toContain('value="hinted.reset@example.com"');
  });
});

describe("the client's password in the portal", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('changes with the current password; other sessions end, this one stays', async () => {
    const { browser, account } = await signedInClient(t.baseUrl);
    const other = new BrowserSession(t.baseUrl);
    await signInThroughProvider(other, account.email, account.password);

    const status = await browser.request('GET', '/api/auth/user/password');
    expect(await status.json()).toEqual({ canChange: true });

    const wrong = await browser.request('POST', '/api/auth/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'Your current password is not right.' });
    const mismatch = await browser.request('POST', '/api/auth/user/password', {
      currentPassword: account.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-typo',
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toBe('New passwords do not match');
    // Nothing changed so far: the other device is still signed in.
    expect((await other.request('GET', '/api/auth/user')).status).toBe(200);

    const changed = await browser.request('POST', '/api/auth/user/password', {
      currentPassword: account.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      message: 'Password changed. Other devices have been logged out.',
    });
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);

    const old = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      account.password,
    );
    expect(old.res.status).toBe(401);
    const fresh = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      'brand-new-pass',
    );
    expect(fresh.url).toBe(`${t.baseUrl}/portal/dashboard`);
  });

  it('needs a signed-in client', async () => {
    const anonymous = new BrowserSession(t.baseUrl);
    expect((await anonymous.request('GET', '/api/auth/user/password')).status).toBe(401);
    const res = await anonymous.request('POST', '/api/auth/user/password', {
      currentPassword: 'x',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.status).toBe(401);
  });
});

describe('the agency sends a client a password-reset e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('e-mails a link to "Forgot password?" for their address, and audits it', async () => {
    const { user, account } = await signedInClient(t.baseUrl);
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const status = await agent.get(`/api/admin/clients/${user.id}/password-reset`);
    expect(status.body).toEqual({ available: true });

    const res = await agent.post(`/api/admin/clients/${user.id}/password-reset`);
    expect(res.status).toBe(200);
    const email = account.email.toLowerCase();
    expect(expectJson(res, ClientPasswordResetSentSchema)).toEqual({
      message: `Password reset e-mail sent to ${email}.`,
    });

    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toAddress, email),
          eq(
            outboxMessages.subject,
            'Choose a new password for your Coast & Code Studio client portal',
          ),
        ),
      );
    expect(message).toBeDefined();
    const link = /Choose a new password: (\S+)/.exec(message!.text)![1]!;
    expect(link).toBe(
      `${t.baseUrl}/api/login?screen=forgot&login_hint=${encodeURIComponent(email)}`,
    );

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'client.password_reset_sent'));
    expect(event).toMatchObject({
      actorEmail: admin.email,
      targetType: 'client',
      targetId: user.id,
      after: { email },
    });

    // The link opens "Forgot password?" for them; a code follows, then a new password.
    const browser = new BrowserSession(t.baseUrl);
    const forgot = await browser.navigate('GET', link);
    const forgotHtml = await forgot.res.text();
    expect(forgotHtml).toContain(`value="${email}"`);
    const page = await browser.submitForm(forgot.url, forgotHtml, { email });
    const code = await mailedCode(t.baseUrl, email);
    const done = await browser.submitForm(page.url, await page.res.text(), {
      code,
      password: 'agency-sent-pass',
      confirmPassword: 'agency-sent-pass',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
  });

  it('refuses a client of an external issuer, and an unknown client', async () => {
    const [external] = await t.database.db
      .insert(users)
      .values({
        oidcIssuer: 'https://accounts.example.com',
        oidcSubject: 'ext-1',
        email: 'external@example.com',
        emailVerified: true,
      })
      .returning();
    const { agent } = await signedInAdmin(t.app, t.database);
    expect((await agent.get(`/api/admin/clients/${external!.id}/password-reset`)).body).toEqual({
      available: false,
    });
    const res = await agent.post(`/api/admin/clients/${external!.id}/password-reset`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This client signs in with an external provider: their password is reset there.',
    );
    expect(await subjectsTo(t, 'external@example.com')).toEqual([]);
    const missing = await agent.post(
      '/api/admin/clients/00000000-0000-4000-8000-000000000000/password-reset',
    );
    expect(missing.status).toBe(404);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, external!.id));
    expect(events).toEqual([]);
  });
});

describe("an external issuer keeps its clients' passwords", () => {
  let issuer: TestIssuer;
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    issuer = await startTestIssuer({
      appUrl: `http://127.0.0.1:${port}`,
      accounts: { gina: { email: 'gina@example.com', email_verified: true, given_name: 'Gina' } },
    });
    t = await startTestApp(
      {
        OIDC_ISSUER_URL: issuer.url,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
      { port },
    );
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it('offers no password change, and refuses one', async () => {
    const browser = new BrowserSession(t.baseUrl);
    await signInThroughIssuer(browser, 'gina');
    const status = await browser.request('GET', '/api/auth/user/password');
    expect(await status.json()).toEqual({ canChange: false });
    const res = await browser.request('POST', '/api/auth/user/password', {
      currentPassword: 'any password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'Your password is managed by the service you sign in with. Change it there.',
    );
  });
});
