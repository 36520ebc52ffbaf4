import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, signInThroughIssuer } from '../support/browser-session';
import {
  freePort,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';

/**
 * The app as its own process, signing clients in through a separately configured issuer
 * (oidc-provider as it ships) over HTTPS, whose self-signed certificate the app trusts
 * through NODE_EXTRA_CA_CERTS, as an operator would set it up.
 */
describe('an external issuer over HTTPS', () => {
  let issuer: TestIssuer;
  let app: ServerProcess;
  let database: ProcessDatabase;
  let certDir: string;
  let agent: Agent;
  /** A browser of this test: it trusts the issuer's certificate as the app does. */
  let browser: () => BrowserSession;

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'issuer-ca-'));
    const caFile = path.join(certDir, 'issuer.pem');
    fs.writeFileSync(caFile, pems.cert);
    agent = new Agent({ connect: { ca: pems.cert } });
    const trustingFetch = ((input: string | URL, init?: RequestInit) =>
      undiciFetch(input, {
        ...(init as object),
        dispatcher: agent,
      })) as unknown as typeof fetch;

    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    issuer = await startTestIssuer({
      appUrl,
      host: 'localhost',
      tls: { key: pems.private, cert: pems.cert },
      accounts: {
        gabrielle: {
          email: 'Gabrielle@Example.com',
          email_verified: true,
          given_name: 'Gabrielle',
          family_name: 'Fontenot',
        },
      },
    });
    expect(issuer.url).toMatch(/^https:\/\/localhost:\d+$/);
    database = await processDatabase();
    app = await startServerProcess(
      {
        ...database.env,
        OIDC_ISSUER_URL: issuer.url,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
        NODE_EXTRA_CA_CERTS: caFile,
      },
      { port },
    );
    browser = () => new BrowserSession(app.baseUrl, trustingFetch);
  }, 120_000);

  afterAll(async () => {
    await app?.kill('SIGTERM');
    await issuer?.close();
    await agent?.close();
    await database?.drop();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('signs a client in with the e-mail and names from UserInfo, and out through its end-session endpoint', async () => {
    const client = browser();
    const signedIn = await signInThroughIssuer(client, 'gabrielle');
    expect(signedIn.url).toBe(`${app.baseUrl}/portal/dashboard`);
    const me = await client.request('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'gabrielle@example.com',
      firstName: 'Gabrielle',
      lastName: 'Fontenot',
    });

    // While the issuer's session lives, signing in again goes straight back to the app.
    const again = await client.navigate('GET', '/api/login');
    expect(again.url).toBe(`${app.baseUrl}/portal/dashboard`);

    // Sign-out: the app's session ends, then the issuer's, on its end-session page.
    const logout = await client.request('POST', '/api/logout', {});
    expect(logout.status).toBe(200);
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(endSession.origin).toBe(issuer.url);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${app.baseUrl}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    const confirm = await client.navigate('GET', redirectTo);
    const done = await client.submitForm(confirm.url, await confirm.res.text(), {
      logout: 'yes',
    });
    expect(done.url).toBe(`${app.baseUrl}/`);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);

    // The issuer asks who it is again: its session ended too.
    const next = await client.navigate('GET', '/api/login');
    expect(next.url.startsWith(`${issuer.url}/interaction/`)).toBe(true);
    expect(await next.res.text()).toContain('name="login"');
  }, 60_000);
});
