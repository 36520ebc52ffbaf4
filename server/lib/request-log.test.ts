import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '@tests/support/captured-log';
import {
  createAppInstance,
  startTestApp,
  type AppInstance,
  type TestApp,
} from '@tests/support/test-app';
import { loggedUrl } from './request-log';

/** A token as the product makes them (signup, reset, invite and setup links; pay links' HMAC). */
const newToken = () => crypto.randomBytes(32).toString('base64url');

describe('loggedUrl', () => {
  it('keeps a pay link token out of the log in any case of the path', () => {
    const token = 'tVq3bC0mZ_8-hX1yQe2rLw9KsD4fN7aJ';
    expect(loggedUrl(`/api/pay/${token}?payment=success`)).toBe(
      '/api/pay/[token]?payment=[redacted]',
    );
    expect(loggedUrl(`/api/PAY/${token}`)).toBe('/api/PAY/[token]');
    expect(loggedUrl(`/API/Pay/${token}#top`)).toBe('/API/Pay/[token]#[redacted]');
    expect(loggedUrl(`/pay/${token}`)).toBe('/pay/[token]');
  });

  it('logs the names of query parameters, never their values', () => {
    expect(loggedUrl('/admin/reset-password?token=abc')).toBe(
      '/admin/reset-password?token=[redacted]',
    );
    expect(loggedUrl('/api/admin/invoices?page=2&q=Smith%20%26%20Co&status=')).toBe(
      '/api/admin/invoices?page=[redacted]&q=[redacted]&status=',
    );
    expect(loggedUrl(`/api/callback?${newToken()}`)).toBe('/api/callback?[redacted]');
  });

  it('hides random-looking path segments, hex or base64url, with anything around them', () => {
    const hex = crypto.randomBytes(16).toString('hex');
    expect(loggedUrl(`/api/signup/${newToken()}/redeem`)).toBe('/api/signup/[token]/redeem');
    expect(loggedUrl(`/confirm/${hex}`)).toBe('/confirm/[token]');
    expect(loggedUrl(`/signup/${newToken()}.`)).toBe('/signup/[token]');
    expect(loggedUrl('/oidc/interaction/V1StGXR8_Z5jdHi6B-myT')).toBe('/oidc/interaction/[token]');
  });

  it('leaves route words and record ids readable', () => {
    const id = crypto.randomUUID();
    expect(loggedUrl(`/api/admin/clients/${id}/free-months`)).toBe(
      `/api/admin/clients/${id}/free-months`,
    );
    expect(loggedUrl('/api/admin/dashboard-response-times')).toBe(
      '/api/admin/dashboard-response-times',
    );
    expect(loggedUrl('/api/client/get-or-create-subscription')).toBe(
      '/api/client/get-or-create-subscription',
    );
    expect(loggedUrl('/api/invoices/5d1c/pay')).toBe('/api/invoices/5d1c/pay');
  });
});

describe('the request log', () => {
  let t: TestApp;
  let logged: AppInstance;
  const log = capturedLogger('info');
  beforeAll(async () => {
    t = await startTestApp();
    // The same app as server/index.ts builds it, logging at info (startTestApp's is silent).
    logged = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await logged?.close();
    await t?.close();
  });

  it('holds no token of any one-time link or sign-in, only that the page was asked for', async () => {
    const tokens = Array.from({ length: 14 }, newToken);
    const links: [method: 'get' | 'post', url: string][] = [
      ['get', `/admin/reset-password?token=${tokens[0]}`],
      ['get', `/api/admin/password-reset?token=${tokens[1]}`],
      ['get', `/admin/accept-invite?token=${tokens[2]}`],
      ['get', `/api/admin/admin-invites/accept?token=${tokens[3]}`],
      ['get', `/admin/setup?token=${tokens[4]}`],
      ['get', `/api/admin/first-admin?token=${tokens[5]}`],
      ['get', `/signup/${tokens[6]}`],
      ['get', `/api/signup/${tokens[7]}`],
      ['post', `/api/signup/${tokens[8]}/redeem`],
      ['get', `/pay/${tokens[9]}`],
      ['get', `/api/pay/${tokens[10]}`],
      ['get', `/api/callback?code=${tokens[11]}&state=${tokens[12]}`],
      ['get', `/oidc/interaction/${tokens[13]!.slice(0, 21)}`],
    ];
    for (const [method, url] of links) await request(logged.app)[method](url);

    const output = log.lines.join('');
    const urls = log.lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/admin/reset-password?token=[redacted]',
        '/api/admin/password-reset?token=[redacted]',
        '/admin/accept-invite?token=[redacted]',
        '/api/admin/admin-invites/accept?token=[redacted]',
        '/admin/setup?token=[redacted]',
        '/api/admin/first-admin?token=[redacted]',
        '/signup/[token]',
        '/api/signup/[token]',
        '/api/signup/[token]/redeem',
        '/pay/[token]',
        '/api/pay/[token]',
        '/api/callback?code=[redacted]&state=[redacted]',
        '/oidc/interaction/[token]',
      ]),
    );
    for (const token of tokens) expect(output).not.toContain(token.slice(0, 16));
  });
});
