import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { monthIn } from '@shared/dates';
import { eq } from 'drizzle-orm';
import { consultations, proposals, sites } from '../../server/db/schema';
import { clientDistDir } from '../../server/lib/paths';
import { createAdmin, createInvoice, signedInClient } from '../factories';
import { insertSignedProposal } from '../support/agreement-fixtures';
import { BrowserSession } from '../support/browser-session';
import { concretePath, registeredRoutes } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every route the Express app registers, read from its router (so a new route cannot be
 * forgotten), called by four callers: anonymous, client A, client B and the admin. Each
 * route's expected statuses are listed below; a route missing from the list fails the test.
 * Requests carry an empty JSON body where they take one: a caller who may use a route gets
 * its validation answer (400), one who may not gets 401 (not signed in as the right kind of
 * user) or 404 (someone else's record).
 */
type Caller = 'anonymous' | 'clientA' | 'clientB' | 'admin';
type Expected = Record<Caller, number>;

const all = (status: number): Expected => ({
  anonymous: status,
  clientA: status,
  clientB: status,
  admin: status,
});
/** /api/admin/*: the admin session only; a client's session is no admin session. */
const adminOnly = (status: number): Expected => ({
  anonymous: 401,
  clientA: 401,
  clientB: 401,
  admin: status,
});
/** Client routes: the client session only; the admin has none. */
const clientOnly = (a: number, b = a): Expected => ({
  anonymous: 401,
  clientA: a,
  clientB: b,
  admin: 401,
});

const EXPECTED: Record<string, Expected> = {
  'GET /oidc/interaction/:uid': all(400),
  'GET /oidc/interaction/:uid/signup': all(400),
  'POST /oidc/interaction/:uid/login': all(400),
  'POST /oidc/interaction/:uid/signup': all(400),
  'GET /oidc/interaction/:uid/verify': all(400),
  'POST /oidc/interaction/:uid/verify': all(400),
  'POST /oidc/interaction/:uid/verify/resend': all(400),
  'GET /oidc/interaction/:uid/forgot': all(400),
  'POST /oidc/interaction/:uid/forgot': all(400),
  'GET /oidc/interaction/:uid/reset': all(400),
  'POST /oidc/interaction/:uid/reset': all(400),
  'POST /oidc/interaction/:uid/reset/resend': all(400),
  'POST /api/admin/login': all(400),
  // The sign-in's second step: open to all, like the first (the code is checked after validation).
  'POST /api/admin/login/two-factor': all(400),
  'POST /api/admin/logout': all(200),
  'POST /api/admin/setup': all(404),
  'POST /api/admin/reset-password': adminOnly(400),
  // The one-time links' routes: open to all, the link is checked after validation.
  'POST /api/admin/forgot-password': all(400),
  'GET /api/admin/password-reset': all(400),
  'POST /api/admin/password-reset': all(400),
  'GET /api/admin/first-admin': all(400),
  'POST /api/admin/first-admin': all(400),
  'GET /api/admin/admin-invites/accept': all(400),
  'POST /api/admin/admin-invites/accept': all(400),
  'GET /api/admin/admins': adminOnly(200),
  'GET /api/admin/admin-invites': adminOnly(200),
  'POST /api/admin/admin-invites': adminOnly(400),
  'DELETE /api/admin/admin-invites/:id': adminOnly(404),
  'GET /api/admin/me': adminOnly(200),
  'GET /api/admin/two-factor': adminOnly(200),
  'POST /api/admin/two-factor/setup': adminOnly(200),
  'POST /api/admin/two-factor/enable': adminOnly(400),
  'POST /api/admin/two-factor/disable': adminOnly(400),
  'POST /api/admin/two-factor/recovery-codes': adminOnly(400),
  'GET /api/admin/audit': adminOnly(200),
  'GET /api/admin/consultations': adminOnly(200),
  // The inbound log: an unknown message is not found; release validates its body first.
  'GET /api/admin/inbound': adminOnly(200),
  'GET /api/admin/inbound/summary': adminOnly(200),
  'GET /api/admin/inbound/:id': adminOnly(404),
  'GET /api/admin/inbound/:id/raw': adminOnly(404),
  'POST /api/admin/inbound/:id/release': adminOnly(400),
  'POST /api/admin/inbound/:id/consultation': adminOnly(404),
  'GET /api/admin/consultations/summary': adminOnly(200),
  'POST /api/admin/consultations': adminOnly(400),
  'PATCH /api/admin/consultations/:id': adminOnly(400),
  'GET /api/admin/settings': adminOnly(200),
  'PUT /api/admin/settings': adminOnly(400),
  'GET /api/admin/settings/response-times': adminOnly(200),
  // The books (issue 39): the matrix sends no period, so the admin's answer is 400.
  'GET /api/admin/reports/tax': adminOnly(400),
  'GET /api/admin/exports/:kind': adminOnly(400),
  'GET /api/admin/settings/accounting': adminOnly(200),
  'PUT /api/admin/settings/accounting': adminOnly(400),
  'PUT /api/admin/settings/response-times': adminOnly(400),
  'GET /api/admin/settings/updates': adminOnly(200),
  'PUT /api/admin/settings/updates': adminOnly(400),
  // Late fees (issue 39): every field has a default, so an empty body saves them off.
  'GET /api/admin/settings/late-fees': adminOnly(200),
  'PUT /api/admin/settings/late-fees': adminOnly(200),
  // The logo on the PDFs: none uploaded yet, and an upload without a file.
  'GET /api/admin/settings/logo': adminOnly(200),
  'GET /api/admin/settings/logo/image': adminOnly(404),
  'PUT /api/admin/settings/logo': adminOnly(400),
  'DELETE /api/admin/settings/logo': adminOnly(200),
  'GET /api/admin/renewals/upcoming': adminOnly(200),
  // The plan catalogue: no plan has a random id.
  'GET /api/admin/plans': adminOnly(200),
  'POST /api/admin/plans': adminOnly(400),
  'GET /api/admin/plans/:id': adminOnly(404),
  'PATCH /api/admin/plans/:id': adminOnly(400),
  'POST /api/admin/plans/:id/move-subscribers': adminOnly(404),
  'GET /api/admin/saved-replies': adminOnly(200),
  'POST /api/admin/saved-replies': adminOnly(400),
  'PUT /api/admin/saved-replies/:id': adminOnly(400),
  'DELETE /api/admin/saved-replies/:id': adminOnly(404),
  'GET /api/admin/legal-pages/:page': adminOnly(200),
  'PUT /api/admin/legal-pages/:page': adminOnly(400),
  'GET /api/admin/site-content': adminOnly(200),
  'PUT /api/admin/site-content': adminOnly(400),
  // Publishing (the draft, here the defaults) keeps what was live to restore.
  'POST /api/admin/site-content/publish': adminOnly(200),
  'POST /api/admin/site-content/restore': adminOnly(200),
  // No file in the form.
  'POST /api/admin/site-images': adminOnly(400),
  'GET /api/admin/dashboard-stats': adminOnly(200),
  'GET /api/admin/setup-checklist': adminOnly(200),
  'GET /api/admin/dashboard-trends': adminOnly(200),
  'GET /api/admin/dashboard-response-times': adminOnly(200),
  'GET /api/admin/tickets': adminOnly(200),
  'GET /api/admin/tickets/summary': adminOnly(200),
  'GET /api/admin/tickets/:id': adminOnly(200),
  'POST /api/admin/tickets/:id/messages': adminOnly(400),
  'PATCH /api/admin/tickets/:id': adminOnly(400),
  // The matrix's ticket is a question, not a website update: nothing to bill.
  'POST /api/admin/tickets/:id/extra-update': adminOnly(409),
  // Client A's file: any admin downloads it.
  'GET /api/admin/attachments/:id': adminOnly(200),
  // The matrix's ticket was opened in the portal: it has no original e-mail.
  'GET /api/admin/tickets/:id/original': adminOnly(404),
  'GET /api/admin/tickets/:id/messages/:messageId/original': adminOnly(404),
  'GET /api/admin/invoices': adminOnly(200),
  'POST /api/admin/invoices': adminOnly(400),
  'GET /api/admin/invoices/:id': adminOnly(200),
  'PATCH /api/admin/invoices/:id': adminOnly(400),
  'PUT /api/admin/invoices/:id': adminOnly(400),
  'POST /api/admin/invoices/:id/mark-sent': adminOnly(409),
  'POST /api/admin/invoices/:id/void': adminOnly(400),
  'POST /api/admin/invoices/:id/waive-late-fee': adminOnly(400),
  'POST /api/admin/invoices/:id/credit-notes': adminOnly(400),
  // No credit note has the id the matrix makes up (credit-notes.routes.test.ts has real ones).
  'GET /api/admin/invoices/:id/credit-notes/:creditNoteId/pdf': adminOnly(404),
  'GET /api/admin/invoices/:id/pdf': adminOnly(200),
  'POST /api/admin/invoices/:id/email': adminOnly(200),
  'POST /api/admin/invoices/:id/payments': adminOnly(400),
  'POST /api/admin/invoices/:id/resolve-flag': adminOnly(409),
  'POST /api/admin/invoices/:id/pay-link/revoke': adminOnly(409),
  'DELETE /api/admin/invoices/:id': adminOnly(204),
  'GET /api/admin/payments': adminOnly(200),
  // No such payment (a fresh id): the admin's answer is 404 to the others' 401.
  'POST /api/admin/payments/:id/resolve': adminOnly(404),
  'POST /api/admin/payments/:id/void': adminOnly(400),
  // Stripe's payouts (issue 39): no payout has the id the matrix makes up.
  'GET /api/admin/payouts': adminOnly(200),
  'GET /api/admin/payouts/:id': adminOnly(404),
  'POST /api/admin/generate-signup-link': adminOnly(400),
  'GET /api/admin/signup-links': adminOnly(200),
  'POST /api/admin/signup-links/:id/send': adminOnly(400),
  'POST /api/admin/signup-links/:id/renew': adminOnly(404),
  'POST /api/admin/signup-links/:id/resend': adminOnly(404),
  'POST /api/admin/signup-links/:id/revoke': adminOnly(404),
  'GET /api/admin/clients': adminOnly(200),
  'GET /api/admin/clients/:id': adminOnly(200),
  'PATCH /api/admin/clients/:id': adminOnly(200),
  'PATCH /api/admin/clients/:id/subscription': adminOnly(400),
  'POST /api/admin/clients/:id/free-months': adminOnly(409),
  'POST /api/admin/clients/:id/notes': adminOnly(400),
  'GET /api/admin/clients/:id/password-reset': adminOnly(200),
  'GET /api/admin/clients/:id/updates': adminOnly(200),
  // Client A signs in with the built-in provider: the e-mail goes.
  'POST /api/admin/clients/:id/password-reset': adminOnly(200),
  'DELETE /api/admin/clients/:id/notes/:noteId': adminOnly(404),
  'PUT /api/admin/clients/:id/active': adminOnly(400),
  'GET /api/admin/clients/:id/email-change': adminOnly(200),
  'POST /api/admin/clients/:id/email-change': adminOnly(400),
  // No change under way to cancel.
  'DELETE /api/admin/clients/:id/email-change': adminOnly(404),
  // Client A's monthly reports: made on demand (the month is required), sent again, read.
  'GET /api/admin/clients/:id/reports': adminOnly(200),
  'POST /api/admin/clients/:id/reports': adminOnly(400),
  'POST /api/admin/reports/:id/send': adminOnly(200),
  'GET /api/admin/reports/:id/pdf': adminOnly(200),
  // Client A's statement (issue 39): the period is optional, so the e-mail goes to them.
  'GET /api/admin/clients/:id/statement': adminOnly(200),
  'GET /api/admin/clients/:id/statement.pdf': adminOnly(200),
  'POST /api/admin/clients/:id/statement/email': adminOnly(200),
  'GET /api/admin/settings/statements': adminOnly(200),
  'PUT /api/admin/settings/statements': adminOnly(200),
  // The day is required before the note is looked for.
  'POST /api/admin/credit-notes/:id/refunded-by-hand': adminOnly(400),
  'POST /api/admin/test-email': adminOnly(200),
  'GET /api/admin/outbox': adminOnly(200),
  'GET /api/admin/outbox/:id': adminOnly(404),
  'POST /api/admin/outbox/:id/send': adminOnly(404),
  'GET /api/admin/outbox/:id/attachments/:index': adminOnly(404),
  'POST /api/admin/marketing-tool/search': adminOnly(400),
  // The city suggestions: with nothing typed, the default state's listed cities.
  'GET /api/admin/marketing-tool/cities': adminOnly(200),
  'GET /api/admin/marketing-tool/jobs/:id': adminOnly(404),
  'POST /api/admin/marketing-tool/jobs/:id/cancel': adminOnly(404),
  'GET /api/admin/marketing-tool/searches': adminOnly(200),
  'GET /api/admin/marketing-tool/searches/:id/leads': adminOnly(404),
  'GET /api/admin/marketing-tool/searches/:id/leads/:leadId': adminOnly(404),
  'GET /api/admin/clients/:id/sites': adminOnly(200),
  'POST /api/admin/clients/:id/sites': adminOnly(400),
  'GET /api/admin/sites': adminOnly(200),
  'PATCH /api/admin/sites/:id': adminOnly(400),
  // The matrix's site is paused: checking it now is refused.
  'POST /api/admin/sites/:id/check': adminOnly(409),
  'GET /api/admin/sites/:id/checks': adminOnly(200),
  'GET /api/admin/sites/:id/incidents': adminOnly(200),
  'DELETE /api/admin/sites/:id': adminOnly(204),
  'GET /api/admin/dashboard/site-care': adminOnly(200),
  'GET /api/login': all(302),
  'GET /api/auth/login': all(302),
  'GET /api/callback': all(302),
  'GET /api/auth/user': clientOnly(200),
  'PATCH /api/auth/user': clientOnly(200),
  'GET /api/auth/user/password': clientOnly(200),
  'POST /api/auth/user/password': clientOnly(400),
  'GET /api/auth/user/email': clientOnly(200),
  'POST /api/auth/user/email': clientOnly(400),
  // No change under way to send a new code for.
  'POST /api/auth/user/email/resend': clientOnly(409),
  'POST /api/auth/user/email/confirm': clientOnly(400),
  'DELETE /api/auth/user/email': clientOnly(200),
  'GET /api/health': all(200),
  'GET /api/settings/public': all(200),
  // The plans on offer: public, as the pricing shows them.
  'GET /api/plans': all(200),
  'GET /api/legal-pages/:page': all(200),
  'GET /api/site-content': all(200),
  // No image has this id.
  'GET /api/site-images/:id/:file': all(404),
  'POST /api/consultations': all(400),
  // The mail providers' servers: no session counts, only the URL's password or the signature.
  'POST /api/webhooks/inbound/postmark': all(401),
  'POST /api/webhooks/inbound/mailgun': all(401),
  'POST /api/webhooks/inbound/mailgun/mime': all(401),
  'GET /api/subscription': clientOnly(200),
  'POST /api/get-or-create-subscription': clientOnly(400),
  'POST /api/subscription/cancel': clientOnly(404),
  'DELETE /api/subscription/cancel': clientOnly(404),
  'POST /api/subscription/plan-change': clientOnly(400),
  'DELETE /api/subscription/plan-change': clientOnly(404),
  'GET /api/tickets': clientOnly(200),
  'GET /api/tickets/summary': clientOnly(200),
  'GET /api/tickets/response-time': clientOnly(200),
  // Each client's own meter of the month.
  'GET /api/updates': clientOnly(200),
  'POST /api/tickets': clientOnly(400),
  // Client B asking for client A's ticket: as if it did not exist.
  'GET /api/tickets/:id': clientOnly(200, 404),
  'POST /api/tickets/:id/messages': clientOnly(201, 404),
  // What the file pickers check: no record, open to all.
  'GET /api/attachments/limits': all(200),
  // Client A's file: client B learns nothing of it.
  'GET /api/attachments/:id': clientOnly(200, 404),
  'GET /api/reports': clientOnly(200),
  'GET /api/statement': clientOnly(200),
  'GET /api/statement.pdf': clientOnly(200),
  // Client A's report: client B learns nothing of it.
  'GET /api/reports/:id/pdf': clientOnly(200, 404),
  // The signed-in client's own websites: each gets their own list.
  'GET /api/sites': clientOnly(200),
  'GET /api/invoices': clientOnly(200),
  'GET /api/invoices/:id/pdf': clientOnly(200, 404),
  'GET /api/invoices/:id/credit-notes/:creditNoteId/pdf': clientOnly(404),
  // This app has no Stripe: paying online is 503 to its owner, 404 to anyone else.
  'POST /api/invoices/:id/pay': clientOnly(503, 404),
  'GET /api/billing': clientOnly(200),
  'PATCH /api/billing': clientOnly(400),
  'POST /api/billing-portal': clientOnly(503),
  // A pay link's token is its only key: a wrong one is not found, whoever asks.
  'GET /api/pay/:token': all(404),
  'POST /api/pay/:token': all(404),
  'GET /api/signup/:token': all(404),
  'POST /api/signup/:token/redeem': clientOnly(404),
  // Proposals: the owner's, behind the admin session; client A's signed one is not client B's.
  'GET /api/admin/settings/proposals': adminOnly(200),
  'PUT /api/admin/settings/proposals': adminOnly(400),
  'GET /api/admin/proposals/stats': adminOnly(200),
  'GET /api/admin/proposals': adminOnly(200),
  'POST /api/admin/proposals': adminOnly(400),
  'GET /api/admin/proposals/:id': adminOnly(200),
  'PUT /api/admin/proposals/:id': adminOnly(400),
  // Signed: it stays, is sent no more, and has no link left to revoke.
  'DELETE /api/admin/proposals/:id': adminOnly(409),
  'POST /api/admin/proposals/:id/send': adminOnly(409),
  'POST /api/admin/proposals/:id/revoke': adminOnly(409),
  'GET /api/admin/proposals/:id/pdf': adminOnly(200),
  // Sales tax (issue 39): the rates in Settings, each client's taxation.
  'GET /api/admin/tax-rates': adminOnly(200),
  'POST /api/admin/tax-rates': adminOnly(400),
  'PATCH /api/admin/tax-rates/:id': adminOnly(400),
  'POST /api/admin/tax-rates/:id/retire': adminOnly(404),
  'DELETE /api/admin/tax-rates/:id': adminOnly(404),
  'GET /api/admin/clients/:id/tax': adminOnly(200),
  'PUT /api/admin/clients/:id/tax': adminOnly(200),
  'GET /api/admin/consultations/:id': adminOnly(200),
  'GET /api/proposals/mine': clientOnly(200),
  'GET /api/proposals/mine/:id/pdf': clientOnly(200, 404),
  // A proposal's token is its only key, as a pay link's: a wrong one is not found by anyone.
  'GET /api/proposals/:token': all(404),
  'POST /api/proposals/:token/sign': all(404),
  'POST /api/proposals/:token/decline': all(404),
  'POST /api/proposals/:token/deposit': all(404),
  'GET /api/proposals/:token/pdf': all(404),
  'GET /robots.txt': all(200),
  'GET /sitemap.xml': all(200),
  // The app shell is public; before `npm run build` there is none to serve (503 for all).
  'GET <spa>': all(fs.existsSync(path.join(clientDistDir, 'index.html')) ? 200 : 503),
  // Asks for a click; signs no one out.
  'GET /api/logout': all(200),
  // Last: it ends the caller's session.
  'POST /api/logout': all(200),
};

let t: TestApp;
const sessions = {} as Record<Exclude<Caller, 'anonymous' | 'admin'>, BrowserSession>;
let adminCredentials: { email: string; password: string };
const ids = {} as Record<string, string>;

beforeAll(async () => {
  // The inbound webhooks exist only when configured.
  t = await startTestApp({
    POSTMARK_INBOUND_USER: 'postmark',
    POSTMARK_INBOUND_PASSWORD: 'matrix-password',
    MAILGUN_WEBHOOK_SIGNING_KEY: 'matrix-signing-key',
  });
  const { admin, password } = await createAdmin(t.database);
  adminCredentials = { email: admin.email, password };
  const a = await signedInClient(t.baseUrl);
  const b = await signedInClient(t.baseUrl);
  sessions.clientA = a.browser;
  sessions.clientB = b.browser;
  ids.client = a.user.id;
  const ticket = await a.browser.request('POST', '/api/tickets', {
    subject: "Client A's ticket",
    description: 'Only client A and the agency may read this.',
    priority: 'normal',
  });
  ids.ticket = ((await ticket.json()) as { id: string }).id;
  const form = new FormData();
  form.append('message', 'A file for the matrix.');
  form.append('files', new Blob(['opening hours\n']), 'hours.txt');
  const url = new URL(`/api/tickets/${ids.ticket}/messages`, t.baseUrl);
  const sent = await fetch(url, {
    method: 'POST',
    headers: { cookie: a.browser.cookieHeaderFor(url) },
    body: form,
  });
  const sentDetail = (await sent.json()) as { messages: Array<{ attachments: { id: string }[] }> };
  ids.attachment = sentDetail.messages[0]!.attachments[0]!.id;
  ids.invoice = (
    await createInvoice(t.database, {
      userId: a.user.id,
      clientEmail: a.account.email,
      status: 'sent',
    })
  ).id;
  ids.invoiceToDelete = (await createInvoice(t.database)).id;
  // Client A's report of the month so far, made as the admin makes one.
  ids.report = (
    await t.services.reports.makeForClient(
      a.user.id,
      monthIn(new Date(), t.config.billing.timezone),
      { adminId: null, email: 'matrix@example.com' },
    )
  ).id;
  // Paused: nothing checks it (a check would reach for the internet).
  const [site, siteToDelete] = await t.database.db
    .insert(sites)
    .values([
      { userId: a.user.id, url: 'https://8.8.8.8/', paused: true },
      { userId: a.user.id, url: 'https://8.8.4.4/', paused: true },
    ])
    .returning();
  ids.site = site!.id;
  ids.siteToDelete = siteToDelete!.id;
  // The landing page's form answers the same whether kept or not: the row tells its id.
  const asked = await fetch(`${t.baseUrl}/api/consultations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Lead', email: 'lead@example.com' }),
  });
  expect(asked.status).toBe(201);
  const [consultation] = await t.database.db
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.email, 'lead@example.com'));
  ids.consultation = consultation!.id;
  // Client A's signed proposal, its agreement sealed.
  ids.proposal = await insertSignedProposal(t.database);
  await t.database.db
    .update(proposals)
    .set({ userId: a.user.id })
    .where(eq(proposals.id, ids.proposal));
  await t.services.agreements.ensure(ids.proposal);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A new admin session. */
async function newAdminSession(): Promise<BrowserSession> {
  const session = new BrowserSession(t.baseUrl);
  const res = await session.request('POST', '/api/admin/login', adminCredentials);
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  // express-session ends the answer once the session is stored: read it all before going on.
  await res.arrayBuffer();
  return session;
}

let admin: BrowserSession | undefined;

/**
 * The admin's session, signed in again only when the last route ended it (logout, a password
 * reset): each sign-in costs a bcrypt comparison, and a sign-in per request made the matrix
 * slow enough to time out on a busy machine. The matrix's refused sign-in, setup,
 * second-step and password calls all count as failed sign-ins from this one address; the
 * limit itself is tested in the rate-limit tests, so its counters start again before each
 * admin call rather than lock the matrix's own admin out.
 */
async function adminSession(): Promise<BrowserSession> {
  await t.database.executeSql('delete from rate_limit_hits');
  if (admin) {
    const me = await admin.request('GET', '/api/admin/me');
    await me.arrayBuffer();
    if (me.status === 200) return admin;
  }
  admin = await newAdminSession();
  return admin;
}

/** Valid bodies where the ownership check comes after validation. */
const BODIES: Record<string, object> = {
  'POST /api/tickets/:id/messages': { message: 'Written by the authorization matrix.' },
};

function pathFor(method: string, route: string): string {
  if (route === '<spa>') return '/portal';
  if (method === 'DELETE' && route === '/api/admin/invoices/:id') {
    return `/api/admin/invoices/${ids.invoiceToDelete}`;
  }
  if (method === 'DELETE' && route === '/api/admin/sites/:id') {
    return `/api/admin/sites/${ids.siteToDelete}`;
  }
  return concretePath(route, ids);
}

it('answers every registered route as expected for each caller', async () => {
  const routes = registeredRoutes(t.app);
  expect(
    routes.filter((route) => !(route in EXPECTED)),
    'routes without expectations',
  ).toEqual([]);
  expect(
    Object.keys(EXPECTED).filter((route) => !routes.includes(route)),
    'expectations without a route',
  ).toEqual([]);

  const ordered = Object.keys(EXPECTED);
  const actual: Record<string, Expected> = {};
  for (const route of ordered) {
    const [method, path] = route.split(' ') as [string, string];
    const takesBody = method !== 'GET' && method !== 'DELETE';
    actual[route] = {} as Expected;
    for (const caller of ['anonymous', 'clientB', 'clientA', 'admin'] as const) {
      const session =
        caller === 'anonymous'
          ? new BrowserSession(t.baseUrl)
          : caller === 'admin'
            ? await adminSession()
            : sessions[caller];
      const body = BODIES[route] ?? (takesBody ? {} : undefined);
      const res = await session.request(method, pathFor(method, path), body);
      await res.arrayBuffer();
      actual[route][caller] = res.status;
    }
  }
  expect(actual).toEqual(EXPECTED);
}, 180_000);

/**
 * The same routes under another letter case. The path prefixes that pick the session
 * (/api, /api/admin, /oidc) are matched case-sensitively, as cookie paths are: a variant of
 * them is no route (404), never a request that reaches a guard without its session (a 500
 * before). The rest of an admin path answers as the canonical one does, or 404.
 */
const PREFIX_VARIANTS: Array<[RegExp, string[]]> = [
  [/^\/api\/admin\//, ['/api/ADMIN/', '/api/Admin/', '/API/admin/', '/Api/Admin/']],
  [/^\/api\//, ['/API/', '/Api/']],
  [/^\/oidc\//, ['/OIDC/']],
];

function prefixVariants(path: string): string[] {
  const found = PREFIX_VARIANTS.find(([prefix]) => prefix.test(path));
  return found ? found[1].map((variant) => path.replace(found[0], variant)) : [];
}

/** /api/admin/tickets/:id -> /api/admin/TICKETS/:id: the route's own words upper-cased. */
function tailVariant(path: string): string {
  return path.replace(
    /^(\/api\/admin)(\/.*)$/,
    (_all, prefix: string, tail: string) =>
      prefix + tail.replace(/\/([a-z-]+)/g, (segment) => segment.toUpperCase()),
  );
}

it('answers a case variant of every API path as not found, never with a 500', async () => {
  const variants: string[] = [];
  const callers = {
    anonymous: new BrowserSession(t.baseUrl),
    clientA: sessions.clientA,
    admin: await adminSession(),
  };
  const answers: Record<string, number[]> = {};
  for (const route of registeredRoutes(t.app)) {
    const [method, path] = route.split(' ') as [string, string];
    for (const variant of prefixVariants(pathFor(method, path))) {
      variants.push(`${method} ${variant}`);
      const takesBody = method !== 'GET' && method !== 'DELETE';
      answers[`${method} ${variant}`] = [];
      for (const session of Object.values(callers)) {
        const res = await session.request(method, variant, takesBody ? {} : undefined);
        await res.arrayBuffer();
        answers[`${method} ${variant}`]!.push(res.status);
      }
    }
  }
  expect(variants).toContain('GET /api/ADMIN/me');
  expect(variants).toContain('POST /api/Admin/login');
  expect(variants).toContain('GET /API/admin/settings');
  expect(
    Object.entries(answers).filter(([, statuses]) => statuses.some((status) => status !== 404)),
  ).toEqual([]);
  // The admin's session survived every variant: none reached a route.
  const me = await callers.admin.request('GET', '/api/admin/me');
  expect(me.status).toBe(200);
}, 120_000);

it('answers an admin path with its own words in capitals as the canonical path, or 404', async () => {
  const deletable = (await createInvoice(t.database)).id;
  const wrong: string[] = [];
  for (const route of registeredRoutes(t.app).filter((r) => r.includes(' /api/admin/'))) {
    const [method, path] = route.split(' ') as [string, string];
    let concrete = pathFor(method, path);
    if (method === 'DELETE') concrete = concrete.replace(ids.invoiceToDelete!, deletable);
    const variant = tailVariant(concrete);
    if (variant === concrete) continue;
    const takesBody = method !== 'GET' && method !== 'DELETE';
    for (const caller of ['anonymous', 'clientA', 'admin'] as const) {
      const session =
        caller === 'anonymous'
          ? new BrowserSession(t.baseUrl)
          : caller === 'admin'
            ? await adminSession()
            : sessions[caller];
      const res = await session.request(
        method,
        variant,
        BODIES[route] ?? (takesBody ? {} : undefined),
      );
      await res.arrayBuffer();
      if (res.status !== EXPECTED[route]![caller] && res.status !== 404) {
        wrong.push(`${caller} ${method} ${variant} -> ${res.status}`);
      }
    }
  }
  expect(wrong).toEqual([]);
}, 120_000);
