import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUILT_IN_ISSUER, users } from '../../db/schema';
import { newClientAccount } from '@tests/factories';
import {
  BrowserSession,
  signInThroughProvider,
  signUpThroughProvider,
} from '@tests/support/browser-session';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('client sign-in through the built-in OpenID provider', () => {
  it('creates an account, signs in with PKCE, state and nonce, and lands on the portal', async () => {
    const browser = new BrowserSession(t.baseUrl);
    const start = await browser.request('GET', '/api/login');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.href.startsWith(`${t.baseUrl}/oidc/auth`)).toBe(true);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const sidBefore = browser.cookie('sid');

    const account = newClientAccount({ firstName: 'Camille', lastName: 'Broussard' });
    const done = await signUpThroughProvider(browser, account);
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    // A new session id at sign-in: no fixation.
    expect(browser.cookie('sid')).toBeTruthy();
    expect(browser.cookie('sid')).not.toBe(sidBefore);

    // The page-readable hint that a session exists (it grants nothing by itself).
    expect(browser.cookie('signed_in')).toBe('1');

    const me = await browser.request('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: account.email.toLowerCase(),
      firstName: 'Camille',
      lastName: 'Broussard',
      businessName: null,
      phoneNumber: null,
    });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email.toLowerCase()));
    expect(rows).toHaveLength(1);
    // Recorded under the built-in provider's name, not its URL (which follows APP_URL).
    expect(rows[0]!.oidcIssuer).toBe(BUILT_IN_ISSUER);
    expect(rows[0]!.emailVerified).toBe(true);
  });

  it('answers 401 Unauthorized without a session', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a wrong password and a short one, with clear messages', async () => {
    const account = newClientAccount();
    await signUpThroughProvider(new BrowserSession(t.baseUrl), account);

    const wrong = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      'not-the-password',
    );
    expect(wrong.res.status).toBe(401);
    expect(await wrong.res.text()).toContain('Incorrect email or password.');

    const short = await signUpThroughProvider(
      new BrowserSession(t.baseUrl),
      newClientAccount({ password: 'short' }),
    );
    expect(short.res.status).toBe(400);
    expect(await short.res.text()).toContain('Password must be at least 8 characters long');
  });

  it('signs an existing account in again and keeps one user row per identity', async () => {
    const account = newClientAccount();
    await signUpThroughProvider(new BrowserSession(t.baseUrl), account);
    const browser = new BrowserSession(t.baseUrl);
    const done = await signInThroughProvider(
      browser,
      account.email.toUpperCase(),
      account.password,
    );
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('returns to a same-origin returnTo path, never to another site', async () => {
    const account = newClientAccount();
    await signUpThroughProvider(new BrowserSession(t.baseUrl), account);

    const inside = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      account.password,
      '/api/login?returnTo=%2Fportal%2Fsupport%3Ftab%3D1',
    );
    expect(inside.url).toBe(`${t.baseUrl}/portal/support?tab=1`);

    for (const evil of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/./\\evil.example',
      'javascript:alert(1)',
    ]) {
      const outside = await signInThroughProvider(
        new BrowserSession(t.baseUrl),
        account.email,
        account.password,
        `/api/login?returnTo=${encodeURIComponent(evil)}`,
      );
      expect(outside.url).toBe(`${t.baseUrl}/portal/dashboard`);
    }
  });

  it('sends a browser that came in under another host name to APP_URL before signing in', async () => {
    const other = t.baseUrl.replace('127.0.0.1', 'localhost');
    const res = await fetch(`${other}/api/login?returnTo=%2Fportal%2Fsubscribe`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `${t.baseUrl}/api/login?returnTo=%2Fportal%2Fsubscribe`,
    );
  });

  it('logs out: the session is destroyed and the provider session ended, then home', async () => {
    const browser = new BrowserSession(t.baseUrl);
    const account = newClientAccount();
    await signUpThroughProvider(browser, account);
    const sid = browser.cookie('sid');

    const logout = await browser.request('POST', '/api/logout');
    expect(logout.status).toBe(200);
    expect(browser.cookie('signed_in')).toBeUndefined();
    const endSession = new URL(((await logout.json()) as { redirectTo: string }).redirectTo);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    // The old cookie no longer opens anything, even if a browser kept it.
    const replay = await fetch(`${t.baseUrl}/api/auth/user`, { headers: { cookie: `sid=${sid}` } });
    expect(replay.status).toBe(401);

    // The provider's sign-out page submits itself and comes back to the home page.
    const page = await browser.navigate('GET', endSession.href);
    const html = await page.res.text();
    expect(html).toContain('Logging you out');
    const back = await browser.submitForm(
      page.url,
      html.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>'),
      {},
    );
    expect(back.url).toBe(`${t.baseUrl}/`);

    // Signing in again asks for the password again: the provider session is gone too.
    const again = await browser.navigate('GET', '/api/login');
    expect(await again.res.text()).toContain('Sign in');
  });
});
