import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientAccount } from '@tests/factories';
import { BrowserSession, signUpThroughProvider } from '@tests/support/browser-session';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the client's profile", () => {
  it('updates the profile but never the e-mail, and validates lengths and the phone number', async () => {
    const browser = new BrowserSession(t.baseUrl);
    const account = newClientAccount();
    await signUpThroughProvider(browser, account);

    const ok = await browser.request('PATCH', '/api/auth/user', {
      firstName: '  Amélie ',
      businessName: 'Bayou Bakery',
      phoneNumber: '504-555-0100',
      email: 'hijack@example.com',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      firstName: 'Amélie',
      lastName: 'Broussard',
      businessName: 'Bayou Bakery',
      phoneNumber: '504-555-0100',
      email: account.email.toLowerCase(),
    });

    const tooLong = await browser.request('PATCH', '/api/auth/user', {
      businessName: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe('Business name must be at most 200 characters');
    const notAPhone = await browser.request('PATCH', '/api/auth/user', {
      phoneNumber: 'call me maybe',
    });
    expect(notAPhone.status).toBe(400);
    expect((await notAPhone.json()).message).toBe(
      'Phone number must be a phone number, e.g. (504) 555-0123',
    );
    const me = await (await browser.request('GET', '/api/auth/user')).json();
    expect(me.businessName).toBe('Bayou Bakery');
    expect(me.phoneNumber).toBe('504-555-0100');

    const anonymous = await fetch(`${t.baseUrl}/api/auth/user`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'x' }),
    });
    expect(anonymous.status).toBe(401);
  });
});
