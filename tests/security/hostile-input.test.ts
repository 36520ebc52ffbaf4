import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT } from '@shared/site-content-defaults';
import { createAdmin, createInvoice, signedInClient } from '../factories';
import { BrowserSession } from '../support/browser-session';
import { concretePath, registeredRoutes } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';
import { tableFingerprint } from '../support/table-fingerprint';

/**
 * Property-based hostile input on every route that takes a body (read from the router, so a
 * new one is covered as it lands), sent by a caller allowed to use it: random JSON of every
 * kind, malformed text, other content types, valid bodies with fields dropped, given the
 * wrong type, a 1 MB string, unicode edge cases, or joined by extra and `__proto__` /
 * `constructor` keys. Every answer comes within 10 s and is below 500; a 4xx carries a
 * message and leaves every table as it was. GET routes get random query strings.
 */

/** Take no body and end the caller's session (or start a set-up): covered by the authorization matrix. */
const NOT_FUZZED = new Set([
  'POST /api/admin/logout',
  'POST /api/logout',
  'POST /api/admin/two-factor/setup',
  // Take no body: publishing the draft and restoring the previous version (site content).
  'POST /api/admin/site-content/publish',
  'POST /api/admin/site-content/restore',
]);

/** A refused sign-in is written to the audit log on purpose: that table may change there. */
const AUDITED_WHEN_REFUSED = new Set(['POST /api/admin/login']);

/** A valid body per route, for mutations that stay close to what the server expects. */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/consultations': {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    business: 'Analytical Engines',
    phone: '504-555-0100',
    details: 'A new website, please.',
  },
  'PATCH /api/admin/consultations/:id': { status: 'contacted' },
  'PUT /api/admin/settings': {
    businessName: 'Coastal Web Studio',
    businessEmail: 'hello@example.com',
    businessPhone: '504-555-0101',
    businessCity: 'New Orleans',
    businessState: 'LA',
    businessWebsite: 'https://example.com',
    autoSendRenewals: true,
  },
  'PUT /api/admin/legal-pages/:page': { markdown: '# Terms\n\nBe kind to each other.' },
  'PUT /api/admin/site-content': DEFAULT_SITE_CONTENT,
  'POST /api/admin/tickets/:id/messages': { message: 'We are on it.' },
  'PATCH /api/admin/tickets/:id': { status: 'in_progress' },
  'POST /api/admin/invoices': {
    clientName: 'Ada Lovelace',
    clientEmail: 'ada@example.com',
    planType: 'signature',
    dueDate: '2026-12-31',
    notes: 'Thank you.',
    lineItems: [{ description: 'Website care', quantity: 1, unitPrice: 19_900 }],
    tax: 0,
    discount: 0,
  },
  'PATCH /api/admin/invoices/:id': { status: 'paid', paidAt: '2026-11-20T10:00:00.000Z' },
  'POST /api/admin/generate-signup-link': { email: 'new@example.com', planType: 'essentials' },
  'POST /api/admin/signup-links/:id/send': { signupUrl: 'http://127.0.0.1/signup/x' },
  'POST /api/admin/marketing-tool/search': {
    state: 'LA',
    city: 'New Orleans',
    businessType: 'Restaurant',
    radius: 5,
    bulkMode: false,
  },
  // A wrong current password: the request is always refused, whatever else it holds.
  'POST /api/admin/reset-password': {
    currentPassword: 'not the password',
    newPassword: 'a brand new passphrase 42',
  },
  'POST /api/admin/login': { email: 'nobody@example.com', password: 'not the password' },
  'POST /api/admin/forgot-password': { email: 'nobody@example.com' },
  'POST /api/admin/password-reset': { token: 'not-a-token', password: 'a brand new passphrase' },
  'POST /api/admin/admin-invites': { email: 'new.admin@example.com' },
  'POST /api/admin/admin-invites/accept': {
    token: 'not-a-token',
    firstName: 'Noor',
    lastName: 'Haddad',
    password: 'a brand new passphrase',
  },
  'POST /api/admin/login/two-factor': { code: '123456' },
  'POST /api/admin/two-factor/enable': { password: 'not the password', code: '123456' },
  'POST /api/admin/two-factor/disable': { password: 'not the password', code: '123456' },
  'POST /api/admin/two-factor/recovery-codes': { password: 'not the password', code: '123456' },
  'PATCH /api/auth/user': { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '504-555-0100' },
  // A wrong current password: the request is always refused, whatever else it holds.
  'POST /api/auth/user/password': {
    currentPassword: 'not the password',
    newPassword: 'a brand new passphrase 42',
    confirmPassword: 'a brand new passphrase 42',
  },
  'POST /api/auth/user/email': { email: 'new.address@example.com' },
  'POST /api/auth/user/email/confirm': { code: '123456' },
  'PUT /api/admin/clients/:id/active': { active: false },
  'POST /api/admin/clients/:id/email-change': { email: 'new.address@example.com' },
  'POST /api/get-or-create-subscription': { planId: 'signature' },
  'POST /api/tickets': {
    subject: 'Broken contact form',
    description: 'The contact form answers with an error.',
    priority: 'high',
  },
  'POST /api/tickets/:id/messages': { message: 'Any news?' },
};

const CLIENT_ROUTES =
  /^\/api\/(auth\/user|get-or-create-subscription|subscription|tickets|signup\/:token\/redeem)/;

const edgeStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202E',
  'e\u0301',
  '𝕏🧨',
  '\r\n\t',
  "'; drop table users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
  'NaN',
  '-1',
  '1e309',
);
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  edgeStrings,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const specialKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'id',
);

/** Serialises entries by hand, so `__proto__` travels as an ordinary key. */
function objectText(entries: Array<[string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

interface Payload {
  text: string;
  contentType: string;
  kind: string;
}

function payloads(example: Record<string, unknown>): fc.Arbitrary<Payload> {
  const keys = Object.keys(example);
  const entries = Object.entries(example);
  const json = (kind: string) => (text: string) => ({
    text,
    contentType: 'application/json',
    kind,
  });
  const mutations: Array<fc.Arbitrary<Payload>> = [
    fc.jsonValue().map((value) => json('any JSON')(JSON.stringify(value) ?? 'null')),
    fc.string().map(json('text')),
    fc
      .record({ key: specialKey, value: fc.oneof(hostileValue, fc.constant({ isAdmin: true })) })
      .map(({ key, value }) => json('special key')(objectText([...entries, [key, value]]))),
    fc
      .tuple(hostileString, hostileValue)
      .map(([key, value]) => json('extra field')(objectText([...entries, [key, value]]))),
    fc.constant({ text: JSON.stringify(example), contentType: 'text/plain', kind: 'text/plain' }),
    fc
      .nat({ max: Math.max(1, JSON.stringify(example).length - 1) })
      .map((cut) => json('truncated JSON')(JSON.stringify(example).slice(0, cut))),
    fc.constant(json('1 MB string')(objectText([[keys[0] ?? 'value', 'x'.repeat(1_048_576)]]))),
    fc.constant(json('null')('null')),
  ];
  if (keys.length > 0) {
    mutations.push(
      fc.constantFrom(...entries).map(([key, value]) => ({
        text: new URLSearchParams({ [key]: String(value) }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        kind: 'form body',
      })),
      fc
        .constantFrom(...keys)
        .map((drop) => json('missing field')(objectText(entries.filter(([key]) => key !== drop)))),
      fc
        .record({ key: fc.constantFrom(...keys), value: hostileValue })
        .map(({ key, value }) =>
          json('wrong type')(
            objectText(entries.map(([k, v]) => [k, k === key ? value : v] as [string, unknown])),
          ),
        ),
      fc
        .record({ key: fc.constantFrom(...keys), value: edgeStrings })
        .map(({ key, value }) =>
          json('edge string')(
            objectText(entries.map(([k, v]) => [k, k === key ? value : v] as [string, unknown])),
          ),
        ),
    );
  }
  return fc.oneof(...mutations);
}

let t: TestApp;
let admin: BrowserSession;
let clientA: BrowserSession;
const ids = {} as Record<'ticket' | 'invoice' | 'consultation' | 'signupLink', string>;

beforeAll(async () => {
  t = await startTestApp({ LEAD_SOURCE: 'sample' });
  const { admin: account, password } = await createAdmin(t.database);
  admin = new BrowserSession(t.baseUrl);
  const login = await admin.request('POST', '/api/admin/login', { email: account.email, password });
  expect(login.status).toBe(200);
  await login.arrayBuffer();
  const a = await signedInClient(t.baseUrl);
  clientA = a.browser;
  const ticket = await clientA.request('POST', '/api/tickets', EXAMPLES['POST /api/tickets']);
  ids.ticket = ((await ticket.json()) as { id: string }).id;
  ids.invoice = (
    await createInvoice(t.database, {
      userId: a.user.id,
      clientEmail: a.account.email,
      status: 'sent',
    })
  ).id;
  const consultation = await new BrowserSession(t.baseUrl).request(
    'POST',
    '/api/consultations',
    EXAMPLES['POST /api/consultations'],
  );
  ids.consultation = ((await consultation.json()) as { id: string }).id;
  const link = await admin.request('POST', '/api/admin/generate-signup-link', {
    email: 'invited@example.com',
    planType: 'prestige',
  });
  ids.signupLink = ((await link.json()) as { id: string }).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function callerFor(route: string): BrowserSession {
  const path = route.split(' ')[1]!;
  if (path.startsWith('/api/admin/') && !/\/(login|setup)$/.test(path)) return admin;
  if (CLIENT_ROUTES.test(path)) return clientA;
  return new BrowserSession(t.baseUrl);
}

/**
 * The tables once every e-mail the requests so far caused is recorded: notifications are
 * written to the outbox after the answer, so a reading taken before they land would blame
 * the next request for them, or miss the writes of a refused one.
 */
async function settledFingerprint(): Promise<Record<string, string>> {
  await t.services.notifications.idle();
  return tableFingerprint(t.database);
}

async function messageOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return text.length > 0 ? text : undefined;
  }
}

it('answers hostile bodies on every body-taking route with a 4xx and a message, changing nothing', async () => {
  const routes = registeredRoutes(t.app).filter(
    (route) => /^(POST|PUT|PATCH) /.test(route) && !NOT_FUZZED.has(route),
  );
  expect(routes.length).toBeGreaterThan(20);
  const rejectedPerRoute: Record<string, number> = {};

  for (const route of routes) {
    const [method, path] = route.split(' ') as [string, string];
    const session = callerFor(route);
    rejectedPerRoute[route] = 0;
    await fc.assert(
      fc.asyncProperty(payloads(EXAMPLES[route] ?? {}), async (payload) => {
        const before = await settledFingerprint();
        const res = await session.send(
          method,
          concretePath(path, ids),
          payload.text,
          payload.contentType,
        );
        const message = await messageOf(res);
        const context = `${route} (${payload.kind}) -> ${res.status}: ${String(message).slice(0, 200)}`;
        expect(res.status, context).toBeLessThan(500);
        if (res.status >= 400) {
          rejectedPerRoute[route]! += 1;
          expect(typeof message === 'string' && message.length > 0, context).toBe(true);
          const after = await settledFingerprint();
          if (AUDITED_WHEN_REFUSED.has(route)) {
            delete after.audit_events;
            delete before.audit_events;
          }
          expect(after, `${context}: the database changed`).toEqual(before);
        }
      }),
      { numRuns: 50, endOnFailure: true },
    );
  }
  // The properties are not vacuous: every route refused hostile bodies.
  expect(Object.entries(rejectedPerRoute).filter(([, count]) => count === 0)).toEqual([]);
  // No body reached Object.prototype.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
}, 600_000);

it('answers random query strings on every GET route below 500', async () => {
  const routes = registeredRoutes(t.app).filter((route) => route.startsWith('GET /api/'));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('status', 'page', 'limit', 'sort', 'q', 'returnTo', '__proto__'),
            hostileString,
          ),
          hostileString,
        ),
        { maxLength: 4 },
      ),
      async (route, pairs) => {
        const session = callerFor(route);
        const url = new URL(concretePath(route.split(' ')[1]!, ids), t.baseUrl);
        for (const [key, value] of pairs) url.searchParams.append(key, value);
        const res = await session.request('GET', url.href);
        await res.arrayBuffer();
        expect(res.status, `${url.pathname}${url.search} -> ${res.status}`).toBeLessThan(500);
      },
    ),
    { numRuns: 300 },
  );
}, 300_000);
