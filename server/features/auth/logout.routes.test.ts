import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientAccount } from '@tests/factories';
import { BrowserSession, signUpThroughProvider } from '@tests/support/browser-session';
import { freePort } from '@tests/support/server-process';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { startTestIssuer, type TestIssuer } from '@tests/support/test-issuer';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn(): Promise<BrowserSession> {
  const browser = new BrowserSession(t.baseUrl);
  await signUpThroughProvider(browser, newClientAccount());
  expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
  return browser;
}

it('GET /api/logout only shows a Log out button posting to /api/logout, and signs no one out', async () => {
  const browser = await signedIn();
  const sid = browser.cookie('sid');
  const res = await browser.request('GET', '/api/logout');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  // Only the rolling session's renewal: nothing cleared.
  expect(res.headers.getSetCookie().map((line) => line.split(';')[0])).toEqual([`sid=${sid}`]);
  const html = await res.text();
  expect(html).toMatch(
    /<form method="post" action="\/api\/logout">\s*<button type="submit">Log out<\/button>/,
  );
  expect(html).toContain('<title>Log out · Coast &amp; Code Studio</title>');
  expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
  expect(browser.cookie('signed_in')).toBe('1');
});

it('refuses a sign-out posted from another site, and the session goes on', async () => {
  const browser = await signedIn();
  const url = new URL('/api/logout', t.baseUrl);
  const forgeries: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { origin: t.baseUrl, 'sec-fetch-site': 'cross-site' },
  ];
  for (const headers of forgeries) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, cookie: browser.cookieHeaderFor(url) },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  }
  expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
});

it("the page's own form post signs out and is sent on (303) to the provider's end-session page", async () => {
  const browser = await signedIn();
  const page = await browser.request('GET', '/api/logout');
  const url = new URL('/api/logout', t.baseUrl);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      cookie: browser.cookieHeaderFor(url),
      origin: t.baseUrl,
      'sec-fetch-site': 'same-origin',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: '',
    redirect: 'manual',
  });
  expect(page.status).toBe(200);
  expect(res.status).toBe(303);
  const endSession = new URL(res.headers.get('location')!);
  expect(endSession.origin + endSession.pathname).toBe(`${t.baseUrl}/oidc/session/end`);
  expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${t.baseUrl}/`);
  expect(res.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^sid=; Path=\//));
  expect((await browser.request('GET', '/api/auth/user')).status).toBe(401);
});

it('answers a fetch without a session with the home page as the next stop', async () => {
  const res = await new BrowserSession(t.baseUrl).request('POST', '/api/logout');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ redirectTo: '/' });
});

function formAction(res: Response): string | undefined {
  return res.headers
    .get('content-security-policy')
    ?.split(';')
    .find((directive) => directive.startsWith('form-action '));
}

it("keeps the page's form-action to 'self' with the built-in provider: its end-session page is the app's", async () => {
  const res = await new BrowserSession(t.baseUrl).request('GET', '/api/logout');
  expect(formAction(res)).toBe("form-action 'self'");
});

describe('with an external issuer', () => {
  let issuer: TestIssuer;
  let external: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    issuer = await startTestIssuer({ appUrl: `http://127.0.0.1:${port}`, accounts: {} });
    external = await startTestApp(
      {
        OIDC_ISSUER_URL: issuer.url,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
      { port },
    );
  });
  afterAll(async () => {
    await external.close();
    await issuer.close();
  });

  it("lets the page's form be redirected to the issuer's end-session endpoint, and to no other site", async () => {
    const res = await new BrowserSession(external.baseUrl).request('GET', '/api/logout');
    expect(res.status).toBe(200);
    expect(formAction(res)).toBe(`form-action 'self' ${issuer.url}`);
  });
});
