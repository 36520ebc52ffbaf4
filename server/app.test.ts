import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_SETUP_TOKEN: 'setup-token-for-tests-0123456789' });
});
afterAll(async () => {
  await t.close();
});

describe('the API server', () => {
  it('reports health with the database state', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.app).get('/api/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body.message).toMatch(/Not found/);
  });

  it('turns a validation failure into 400 {message, errors} with the first message', async () => {
    const res = await request(t.app)
      .post('/api/admin/setup')
      .set('X-Admin-Setup-Token', 'setup-token-for-tests-0123456789')
      .send({ email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'email' }),
        expect.objectContaining({ path: 'password' }),
      ]),
    );
  });

  it('refuses malformed JSON and bodies over 100 kB with 4xx and a message', async () => {
    const bad = await request(t.app)
      .post('/api/admin/login')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body is not valid JSON' });

    const big = await request(t.app)
      .post('/api/admin/login')
      .send({ email: 'a@b.co', password: 'x'.repeat(110 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'The request body is too large' });
  });

  it('refuses text holding U+0000, which PostgreSQL cannot store, with a 400 and stores nothing', async () => {
    for (const body of [
      { name: 'Ada\u0000', email: 'ada@example.com' },
      { name: 'Ada', email: 'ada@example.com', details: { nested: ['x\u0000'] } },
    ]) {
      const res = await request(t.app).post('/api/consultations').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Text cannot contain the NUL character (\\u0000).' });
    }
    const query = await request(t.app).get('/api/settings/public?x=%00');
    expect(query.status).toBe(400);
    const { rows } = await t.database.executeSql('select count(*)::int as n from consultations');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('sends security headers with a Content-Security-Policy on API and pages', async () => {
    for (const path of ['/api/health', '/oidc/.well-known/openid-configuration']) {
      const res = await request(t.app).get(path);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('publishes the built-in provider at APP_URL/oidc with PKCE S256', async () => {
    // Endpoints follow the Host the request came in on, so ask as a browser of APP_URL would.
    const res = await fetch(`${t.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.issuer).toBe(`${t.baseUrl}/oidc`);
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
    expect(body.end_session_endpoint).toBe(`${t.baseUrl}/oidc/session/end`);
  });

  it('serves the brand settings with defaults', async () => {
    const res = await request(t.app).get('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      businessName: 'Coast & Code Studio',
      businessEmail: 'hello@coastandcode.studio',
      businessLocation: 'New Orleans, LA',
      businessPhone: '',
      businessWebsite: '',
      timeZone: 'America/Chicago',
    });
  });
});

describe('when the database is down', () => {
  it('health answers 503 with db down', async () => {
    const other = await startTestApp();
    await other.database.close();
    try {
      const res = await request(other.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded', db: 'down' });
    } finally {
      await other.close().catch(() => {});
    }
  });
});
