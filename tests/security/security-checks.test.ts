import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDistDir } from '../../server/lib/paths';
import { clientSession } from '../../server/lib/session';
import { DatabaseSessionStore } from '../../server/features/sessions/session-store';
import { createSessionRepository } from '../../server/features/sessions/sessions.repository';
import { createAdmin, createInvoice, newClientAccount, signedInClient } from '../factories';
import {
  BrowserSession,
  signInThroughProvider,
  signUpThroughProvider,
} from '../support/browser-session';
import { concretePath, registeredRoutes } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';
import { tableFingerprint } from '../support/table-fingerprint';

/**
 * The security checks that are not a feature's own test, in one place (docs/security.md lists
 * every check and where its test lives): CSRF on every state-changing route, cookie flags,
 * a new client session id at sign-in, headers on every kind of answer, SQL metacharacters.
 */

let t: TestApp;
let admin: BrowserSession;
let client: Awaited<ReturnType<typeof signedInClient>>;
let ticketId: string;
let invoiceId: string;

beforeAll(async () => {
  t = await startTestApp({ LEAD_SOURCE: 'sample' });
  const { admin: account, password } = await createAdmin(t.database);
  admin = new BrowserSession(t.baseUrl);
  const login = await admin.request('POST', '/api/admin/login', { email: account.email, password });
  await login.arrayBuffer();
  client = await signedInClient(t.baseUrl);
  const ticket = await client.browser.request('POST', '/api/tickets', {
    subject: 'Contact form',
    description: 'The contact form answers with an error.',
  });
  ticketId = ((await ticket.json()) as { id: string }).id;
  invoiceId = (
    await createInvoice(t.database, { userId: client.user.id, clientEmail: client.account.email })
  ).id;
  // The ticket's confirmation e-mails go in the background: stored before the test takes the
  // tables' fingerprint, or they land in the middle of it.
  await t.services.notifications.idle();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('cross-site requests', () => {
  it('refuses every state-changing route from a foreign Origin or a cross-site fetch, changing nothing', async () => {
    const routes = registeredRoutes(t.app).filter((route) => !route.startsWith('GET '));
    expect(routes.length).toBeGreaterThan(25);
    const before = await tableFingerprint(t.database);
    const answers: Record<string, number[]> = {};
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const url = new URL(
        concretePath(template, { ticket: ticketId, invoice: invoiceId }),
        t.baseUrl,
      );
      const cookie = [admin, client.browser]
        .map((session) => session.cookieHeaderFor(url))
        .filter(Boolean)
        .join('; ');
      answers[route] = [];
      const forgeries: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: t.baseUrl, 'sec-fetch-site': 'cross-site' },
        { origin: 'null', 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of forgeries) {
        const res = await fetch(url, {
          method,
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'resolved', message: 'Forged', planId: 'prestige' }),
          redirect: 'manual',
        });
        const body = (await res.json()) as { message?: string };
        answers[route].push(res.status);
        expect(body.message, route).toBe('Cross-site request refused');
      }
    }
    expect(
      Object.entries(answers).filter(([, statuses]) => statuses.some((s) => s !== 403)),
    ).toEqual([]);
    expect(await tableFingerprint(t.database)).toEqual(before);
    // The same requests from the app's own origin do get through (the check is not blanket).
    const own = await client.browser.request('POST', `/api/tickets/${ticketId}/messages`, {
      message: 'From our own page.',
    });
    expect(own.status).toBe(201);
  });
});

describe('session cookies', () => {
  it('sets the client session cookie HttpOnly, SameSite=Lax, for the whole site, and gives a new id at sign-in', async () => {
    const account = newClientAccount();
    await signUpThroughProvider(new BrowserSession(t.baseUrl), account);

    const browser = new BrowserSession(t.baseUrl);
    const start = await browser.request('GET', '/api/login');
    const line = start.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
    expect(line).toMatch(/; Path=\/;/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/; Secure/);
    const beforeSignIn = browser.cookie('sid');
    expect(beforeSignIn).toBeTruthy();

    await signInThroughProvider(browser, account.email, account.password);
    const afterSignIn = browser.cookie('sid');
    expect(afterSignIn).toBeTruthy();
    expect(afterSignIn).not.toBe(beforeSignIn);
    // The session id from before sign-in is worth nothing afterwards.
    const replayed = await fetch(`${t.baseUrl}/api/auth/user`, {
      headers: { cookie: `sid=${beforeSignIn}` },
    });
    expect(replayed.status).toBe(401);
    const current = await browser.request('GET', '/api/auth/user');
    expect(current.status).toBe(200);
  });

  it('names the session cookies __Host-sid and __Secure-admin_sid, Secure, with HSTS, when the app runs on https', async () => {
    const secure = await startTestApp({
      APP_URL: 'https://studio.example',
      TRUST_PROXY: 'true',
    });
    const setCookies = (res: request.Response) =>
      (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    try {
      const { admin: account, password } = await createAdmin(secure.database);
      const res = await request(secure.app)
        .post('/api/admin/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Host', 'studio.example')
        .send({ email: account.email, password });
      expect(res.status).toBe(200);
      expect(setCookies(res).map((cookie) => cookie.split('=')[0])).toEqual(['__Secure-admin_sid']);
      const adminCookie = setCookies(res)[0]!;
      expect(adminCookie).toMatch(/; Path=\/api\/admin; /);
      expect(adminCookie).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
      expect(adminCookie).not.toMatch(/Domain=/i);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);

      // The prefixed cookie is the session: sent back, it signs the admin in; logout drops it
      // with the attributes it was set with (else the browser keeps it).
      const cookie = adminCookie.split(';')[0]!;
      const me = await request(secure.app)
        .get('/api/admin/me')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', cookie);
      expect(me.status).toBe(200);
      expect(
        (
          await request(secure.app)
            .get('/api/admin/me')
            .set('Cookie', `admin_sid=${cookie.split('=')[1]}`)
        ).status,
      ).toBe(401);
      const logout = await request(secure.app)
        .post('/api/admin/logout')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', cookie);
      expect(setCookies(logout)).toEqual([
        expect.stringMatching(
          /^__Secure-admin_sid=; Path=\/api\/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/,
        ),
      ]);

      // The client cookie is the same middleware; /api/login itself would fetch the provider's
      // discovery document from https://studio.example, which does not exist here.
      const probe = express();
      probe.set('trust proxy', 1);
      probe.use(
        clientSession({
          config: secure.config,
          store: new DatabaseSessionStore(createSessionRepository(secure.database.db)),
          secret: 'probe',
        }),
      );
      probe.get('/', (req, res) => {
        req.session.returnTo = '/portal';
        res.end();
      });
      const login = await request(probe).get('/').set('X-Forwarded-Proto', 'https');
      expect(setCookies(login).map((line) => line.split('=')[0])).toEqual(['__Host-sid']);
      // __Host-: Secure, Path=/ and no Domain, or the browser refuses it.
      expect(setCookies(login)[0]).toMatch(
        /^__Host-sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      );

      const signOut = await request(secure.app)
        .post('/api/logout')
        .set('X-Forwarded-Proto', 'https')
        .set('Host', 'studio.example')
        .set('Cookie', setCookies(login)[0]!.split(';')[0]!);
      expect(setCookies(signOut)).toContainEqual(
        expect.stringMatching(
          /^__Host-sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/,
        ),
      );
    } finally {
      await secure.close();
    }
  });

  it('keeps the plain names sid and admin_sid, without Secure, on http', async () => {
    const { admin: account, password } = await createAdmin(t.database);
    const res = await request(t.app)
      .post('/api/admin/login')
      .send({ email: account.email, password });
    expect((res.headers['set-cookie'] as unknown as string[])[0]).toMatch(
      /^admin_sid=[^;]+; Path=\/api\/admin; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    const start = await new BrowserSession(t.baseUrl).request('GET', '/api/login');
    expect(start.headers.getSetCookie()[0]).toMatch(
      /^sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });
});

describe('security headers', () => {
  const built = fs.existsSync(path.join(clientDistDir, 'index.html'));

  it('sends them on JSON, errors, provider pages, files and the app shell', async () => {
    const interaction = await new BrowserSession(t.baseUrl).navigate('GET', '/api/login');
    const answers = await Promise.all(
      [
        '/api/health',
        '/api/settings/public',
        '/api/tickets',
        '/api/no-such-route',
        '/robots.txt',
        '/portal/dashboard',
        new URL(interaction.url).pathname,
      ].map(async (url) => ({ url, res: await request(t.app).get(url) })),
    );
    for (const { url, res } of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/default-src 'self'/);
      expect(csp, url).toMatch(/frame-ancestors 'none'/);
      expect(csp, url).toMatch(/object-src 'none'/);
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    const shell = answers.find(({ url }) => url === '/portal/dashboard')!.res;
    expect(shell.status).toBe(built ? 200 : 503);
    if (built) expect(shell.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('SQL metacharacters', () => {
  const nasty = [
    "Robert'); DROP TABLE tickets;--",
    '" OR "1"="1',
    "\\'; select pg_sleep(5); --",
    '%_\\%',
    '$1 $$ $tag$ ::text',
    '/* */ -- ;',
  ];

  it('stores and returns them verbatim wherever people type, and every table survives', async () => {
    for (const text of nasty) {
      const ticket = await client.browser.request('POST', '/api/tickets', {
        subject: text,
        description: `Typed by a client: ${text}`,
      });
      expect(ticket.status).toBe(201);
      const { id } = (await ticket.json()) as { id: string };
      const message = await client.browser.request('POST', `/api/tickets/${id}/messages`, {
        message: text,
      });
      expect(message.status).toBe(201);
      const read = (await (await client.browser.request('GET', `/api/tickets/${id}`)).json()) as {
        ticket: { subject: string };
        messages: Array<{ message: string }>;
      };
      expect(read.ticket.subject).toBe(text);
      expect(read.messages.map((m) => m.message)).toContain(text);

      const profile = await client.browser.request('PATCH', '/api/auth/user', {
        firstName: text.slice(0, 100),
        businessName: text,
      });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { firstName: string }).firstName).toBe(text.slice(0, 100));

      const invoice = await admin.request('POST', '/api/admin/invoices', {
        clientName: text,
        clientEmail: 'sql@example.com',
        dueDate: '2026-12-31',
        notes: text,
        lineItems: [{ description: text, quantity: 1, unitPrice: 100 }],
      });
      expect(invoice.status).toBe(201);
      const created = (await invoice.json()) as { invoice: { id: string } };
      const detail = (await (
        await admin.request('GET', `/api/admin/invoices/${created.invoice.id}`)
      ).json()) as {
        invoice: { clientName: string; notes: string };
        lineItems: Array<{ description: string }>;
      };
      expect([
        detail.invoice.clientName,
        detail.invoice.notes,
        detail.lineItems[0]?.description,
      ]).toEqual([text, text, text]);

      const search = await admin.request('POST', '/api/admin/marketing-tool/search', {
        city: text,
        businessType: 'Restaurant',
      });
      expect(search.status, text).toBeLessThan(500);

      const listed = await admin.request(
        'GET',
        `/api/admin/invoices?status=${encodeURIComponent(text)}&search=${encodeURIComponent(text)}`,
      );
      expect(listed.status).toBeLessThan(500);
      await listed.arrayBuffer();
    }
    const { rows } = await t.database.executeSql(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThan(15);
    const tickets = await client.browser.request('GET', '/api/tickets');
    expect(((await tickets.json()) as { total: number }).total).toBe(nasty.length + 1);
  });
});
