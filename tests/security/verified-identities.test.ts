import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedInvoiceSchema } from '@shared/schemas/invoices';
import { GeneratedSignupLinkSchema } from '@shared/schemas/signup-links';
import { identityAccounts, invoices, outboxMessages, users } from '../../server/db/schema';
import { migrationsDir } from '../../server/lib/paths';
import { hashPassword } from '../../server/lib/passwords';
import { signedInAdmin } from '../factories';
import {
  BrowserSession,
  enterMailedCode,
  mailedCode,
  signInThroughIssuer,
  signInThroughProvider,
  signUpThroughProvider,
  startSignUpThroughProvider,
} from '../support/browser-session';
import { expectJson } from '../support/expect-json';
import { freePort } from '../support/server-process';
import { startTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';
import { startTestIssuer, type TestIssuer } from '../support/test-issuer';

const INVOICE = {
  clientName: 'Carol Landry',
  dueDate: '2026-12-31',
  lineItems: [{ description: 'Website care', quantity: 1, unitPrice: 29_900 }],
};

/** An invoice the admin created and sent to `email`: its id. */
async function sentInvoiceTo(t: TestApp, email: string): Promise<string> {
  const { agent } = await signedInAdmin(t.app, t.database);
  const created = await agent.post('/api/admin/invoices').send({ ...INVOICE, clientEmail: email });
  expect(created.status).toBe(201);
  const id = expectJson(created, CreatedInvoiceSchema).invoice.id;
  expect((await agent.post(`/api/admin/invoices/${id}/email`)).status).toBe(200);
  return id;
}

async function invoiceIdsSeenBy(browser: BrowserSession): Promise<string[]> {
  const res = await browser.request('GET', '/api/invoices');
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map(
    (invoice) => invoice.id,
  );
}

describe('the built-in provider proves e-mail addresses before they own anything', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses the takeover of an invoiced address: the stranger's sign-up never becomes an account", async () => {
    const carol = 'carol@example.com';
    const invoiceId = await sentInvoiceTo(t, carol);

    // Someone else creates "an account" for Carol's address: they get the code page, no account.
    const stranger = new BrowserSession(t.baseUrl);
    const codePage = await startSignUpThroughProvider(stranger, {
      firstName: 'Mallory',
      lastName: 'Grey',
      email: carol,
      password: 'i-am-not-carol',
    });
    expect(codePage.res.status).toBe(200);
    expect(codePage.url).toMatch(/\/oidc\/interaction\/[^/]+\/verify$/);
    const codeHtml = await codePage.res.text();
    expect(codeHtml).toContain('Check your e-mail');
    expect(
      await t.database.db.select().from(identityAccounts).where(eq(identityAccounts.email, carol)),
    ).toHaveLength(0);
    const guess = await stranger.submitForm(codePage.url, codeHtml, { code: '000000' });
    expect(guess.res.status).toBe(400);
    expect(await guess.res.text()).toContain('That code is not right. You have 4 tries left.');
    expect((await stranger.request('GET', '/api/auth/user')).status).toBe(401);

    // Carol can still sign up with her address, and her code makes the account hers.
    const owner = new BrowserSession(t.baseUrl);
    const done = await signUpThroughProvider(owner, {
      firstName: 'Carol',
      lastName: 'Landry',
      email: carol,
      password: 'carols-own-password',
    });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    expect(await invoiceIdsSeenBy(owner)).toEqual([invoiceId]);
    expect((await owner.request('GET', `/api/invoices/${invoiceId}/pdf`)).status).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, carol));
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice!.userId).toBe(user!.id);

    // The stranger's password never signs in to it.
    const tried = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      carol,
      'i-am-not-carol',
    );
    expect(tried.res.status).toBe(401);
  });

  it('answers a sign-up for a taken address exactly as for a new one, and tells the owner instead', async () => {
    const owner = {
      firstName: 'Nadia',
      lastName: 'Boudreaux',
      email: 'nadia@example.com',
      password: 'nadias-password',
    };
    await signUpThroughProvider(new BrowserSession(t.baseUrl), owner);

    const attempt = async (email: string) => {
      const page = await startSignUpThroughProvider(new BrowserSession(t.baseUrl), {
        ...owner,
        email,
        password: 'another-password',
      });
      const uid = /\/interaction\/([^/]+)\/verify$/.exec(page.url)![1]!;
      return { status: page.res.status, html: (await page.res.text()).replaceAll(uid, 'UID') };
    };
    const taken = await attempt('nadia@example.com');
    const free = await attempt('free.address@example.com');
    expect(taken.status).toBe(200);
    expect(taken.html).toBe(free.html.replaceAll('free.address@example.com', 'nadia@example.com'));

    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'nadia@example.com'));
    const subjects = mail.map((message) => message.subject);
    // One code for her own sign-up (blanked since she used it); for the second attempt a
    // notice, and no code.
    expect(subjects.filter((subject) => subject.endsWith(' verification code'))).toHaveLength(1);
    expect(subjects).toContain('Your Coast & Code Studio client portal account');
  });

  it('opens the page the app asks for, whatever accounts exist for the hinted address', async () => {
    await signUpThroughProvider(new BrowserSession(t.baseUrl), {
      firstName: 'Hint',
      lastName: 'Holder',
      email: 'hinted@example.com',
      password: 'hinted-password',
    });
    const titleFor = async (query: string) => {
      const page = await new BrowserSession(t.baseUrl).navigate('GET', `/api/login?${query}`);
      return /<title>([^·<]+)/.exec(await page.res.text())![1]!.trim();
    };
    expect(await titleFor('login_hint=hinted%40example.com')).toBe('Sign in');
    expect(await titleFor('login_hint=nobody%40example.com')).toBe('Sign in');
    expect(await titleFor('login_hint=hinted%40example.com&screen=signup')).toBe('Create account');
    expect(await titleFor('login_hint=nobody%40example.com&screen=signup')).toBe('Create account');
  });

  it('keeps codes hashed, allows 5 tries, expires them, and a new code works', async () => {
    const account = {
      firstName: 'Code',
      lastName: 'Tester',
      email: 'codes@example.com',
      password: 'codes-password',
    };
    const browser = new BrowserSession(t.baseUrl);
    const page = await startSignUpThroughProvider(browser, account);
    const html = await page.res.text();
    const { rows } = await t.database.executeSql(
      'select code_hash from identity_email_codes where email = $1',
      [account.email],
    );
    expect((rows[0] as { code_hash: string }).code_hash).toMatch(/^\$2[aby]\$/);

    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await browser.submitForm(page.url, html, { code: '999999' });
      expect(await wrong.res.text()).toContain(
        `You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    const fifth = await browser.submitForm(page.url, html, { code: '999999' });
    expect(fifth.res.status).toBe(429);
    expect(await fifth.res.text()).toContain('Too many wrong codes.');

    // A new code starts the tries again.
    const resend = /action="([^"]+\/verify\/resend)"/.exec(html)![1]!;
    const again = await browser.navigate(
      'POST',
      new URL(resend, page.url).href,
      new URLSearchParams(),
    );
    const againHtml = await again.res.text();
    expect(againHtml).toContain('We sent a new code.');
    const code = await mailedCode(t.baseUrl, account.email);
    const done = await browser.submitForm(again.url, againHtml, { code });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
  });

  it('caps the codes entered for one address at 30 a day, past the 15-minute limit', async () => {
    const account = {
      firstName: 'Guess',
      lastName: 'Er',
      email: 'guessed@example.com',
      password: 'guessed-password',
    };
    const browser = new BrowserSession(t.baseUrl);
    const page = await startSignUpThroughProvider(browser, account);
    const html = await page.res.text();
    const enter = async () => {
      const res = (await browser.submitForm(page.url, html, { code: '999999' })).res;
      return { status: res.status, text: await res.text() };
    };
    // 20 entries in 15 minutes (the code's own 5 tries are long spent), then the limit.
    for (let entry = 1; entry <= 20; entry += 1) {
      const answer = await enter();
      expect(answer.text, `entry ${entry}`).not.toContain('Too many code attempts');
    }
    const quarter = await enter();
    expect(quarter.status).toBe(429);
    expect(quarter.text).toMatch(/Too many code attempts\. Please try again in \d+ minutes?\./);

    // The 15 minutes pass: 10 more entries, and then the day's cap holds.
    await t.database.executeSql(
      "update rate_limit_hits set reset_at = now() - interval '1 second' where key = $1",
      [`code-entry:email:${account.email}`],
    );
    for (let entry = 21; entry <= 30; entry += 1) {
      const answer = await enter();
      expect(answer.text, `entry ${entry}`).not.toContain('Too many code attempts');
    }
    const day = await enter();
    expect(day.status).toBe(429);
    expect(day.text).toContain('Too many code attempts. Please try again in 24 hours.');
  });

  it('rate-limits sign-ups per e-mail address', async () => {
    const email = 'flood@example.com';
    let last = 0;
    for (let i = 0; i < 6; i += 1) {
      const page = await startSignUpThroughProvider(new BrowserSession(t.baseUrl), {
        firstName: 'Flo',
        lastName: 'Od',
        email,
        password: 'flood-password',
      });
      last = page.res.status;
      if (i < 5) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });

  it('asks an account made before codes existed to prove its address at its next sign-in', async () => {
    await t.database.db.insert(identityAccounts).values({
      email: 'legacy@example.com',
      passwordHash: await hashPassword('legacy-password'),
      firstName: 'Leah',
      lastName: 'Gacy',
    });
    const browser = new BrowserSession(t.baseUrl);
    const codePage = await signInThroughProvider(browser, 'legacy@example.com', 'legacy-password');
    expect(codePage.url).toMatch(/\/verify$/);
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(401);
    const done = await enterMailedCode(browser, codePage, 'legacy@example.com');
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'legacy@example.com'));
    expect(user!.emailVerified).toBe(true);
  });
});

describe('an external issuer: the e-mail counts only when the issuer verified it', () => {
  let issuer: TestIssuer;
  let t: TestApp;
  beforeAll(async () => {
    // The app's address must be known to register it with the issuer: pick the port first.
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    issuer = await startTestIssuer({
      appUrl,
      accounts: {
        mallory: { email: 'erin@example.com', email_verified: false, given_name: 'Mal' },
        erin: {
          email: 'Erin@Example.com',
          email_verified: true,
          given_name: 'Erin',
          family_name: 'Hebert',
        },
        'mallory-2': { email: 'dave@example.com', email_verified: false },
        dave: { email: 'dave@example.com', email_verified: true },
      },
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

  it('reads the e-mail and names from UserInfo when the ID token lacks them', async () => {
    const browser = new BrowserSession(t.baseUrl);
    const done = await signInThroughIssuer(browser, 'erin');
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const me = await browser.request('GET', '/api/auth/user');
    expect(await me.json()).toMatchObject({
      email: 'erin@example.com',
      firstName: 'Erin',
      lastName: 'Hebert',
    });
  });

  it('shows an invoice to the verified owner of its address only', async () => {
    const invoiceId = await sentInvoiceTo(t, 'erin@example.com');

    const unverified = new BrowserSession(t.baseUrl);
    await signInThroughIssuer(unverified, 'mallory');
    expect((await unverified.request('GET', '/api/auth/user')).status).toBe(200);
    expect(await invoiceIdsSeenBy(unverified)).toEqual([]);
    expect((await unverified.request('GET', `/api/invoices/${invoiceId}/pdf`)).status).toBe(404);

    const verified = new BrowserSession(t.baseUrl);
    await signInThroughIssuer(verified, 'erin');
    expect(await invoiceIdsSeenBy(verified)).toContain(invoiceId);
    expect((await verified.request('GET', `/api/invoices/${invoiceId}/pdf`)).status).toBe(200);
    expect(await invoiceIdsSeenBy(unverified)).toEqual([]);
  });

  it('refuses a signup link to an account whose e-mail is not verified', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const link = await agent
      .post('/api/admin/generate-signup-link')
      .send({ email: 'dave@example.com', planType: 'signature' });
    const { signupUrl } = expectJson(link, GeneratedSignupLinkSchema);
    const token = new URL(signupUrl).pathname.split('/').pop()!;

    const unverified = new BrowserSession(t.baseUrl);
    await signInThroughIssuer(unverified, 'mallory-2');
    const refused = await unverified.request('POST', `/api/signup/${token}/redeem`, {});
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('has not confirmed that dave@example.com');

    const verified = new BrowserSession(t.baseUrl);
    await signInThroughIssuer(verified, 'dave');
    expect((await verified.request('POST', `/api/signup/${token}/redeem`, {})).status).toBe(200);
  });
});

describe("a client's identity does not depend on the server's address", () => {
  it('keeps one account, with its data, when the server moves to another port', async () => {
    const database = await openTestDatabase();
    const account = {
      firstName: 'Port',
      lastName: 'Mover',
      email: 'mover@example.com',
      password: 'mover-password',
    };
    const first = await startTestApp({}, { database });
    await signUpThroughProvider(new BrowserSession(first.baseUrl), account);
    const signedIn = new BrowserSession(first.baseUrl);
    await signInThroughProvider(signedIn, account.email, account.password);
    expect((await signedIn.request('POST', '/api/tickets', TICKET)).status).toBe(201);
    await first.close();

    const moved = await startTestApp({}, { database });
    expect(moved.baseUrl).not.toBe(first.baseUrl);
    const again = new BrowserSession(moved.baseUrl);
    const done = await signInThroughProvider(again, account.email, account.password);
    expect(done.url).toBe(`${moved.baseUrl}/portal/dashboard`);
    const tickets = await again.request('GET', '/api/tickets');
    expect(((await tickets.json()) as { total: number }).total).toBe(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
    await moved.close();
    await database.close();
  }, 90_000);

  it('repairs the duplicates an earlier version made, keeping the client with the data', async () => {
    // The database as the previous version left it: migrated up to 0009.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.cpSync(migrationsDir, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
      entries: Array<{ idx: number }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 9);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const database = await openTestDatabase({ migrationsFolder: before });
    const run = (text: string) => database.executeSql(text);

    await run(`
      insert into identity_accounts (id, email, password_hash, first_name, last_name)
        values ('11111111-1111-4111-8111-111111111111', 'dup@example.com', 'x', 'Dup', 'Licate');
      insert into users (id, oidc_issuer, oidc_subject, email, business_name, created_at)
        values ('22222222-2222-4222-8222-222222222222', 'http://localhost:5000/oidc',
                '11111111-1111-4111-8111-111111111111', 'dup@example.com', null, now() - interval '30 days'),
               ('33333333-3333-4333-8333-333333333333', 'http://localhost:5612/oidc',
                '11111111-1111-4111-8111-111111111111', 'dup@example.com', 'Dup Bakery', now()),
               ('44444444-4444-4444-8444-444444444444', 'https://issuer.example',
                'someone-else', 'other@example.com', null, now());
      insert into subscriptions (user_id, tier, status)
        values ('22222222-2222-4222-8222-222222222222', 'signature', 'active');
      insert into tickets (user_id, subject, description)
        values ('22222222-2222-4222-8222-222222222222', 'Old', 'Before the move'),
               ('33333333-3333-4333-8333-333333333333', 'New', 'After the move');
    `);
    await database.migrate();

    const rows = (await run('select id, oidc_issuer, business_name from users order by id'))
      .rows as Array<{ id: string; oidc_issuer: string; business_name: string | null }>;
    expect(rows).toEqual([
      {
        id: '22222222-2222-4222-8222-222222222222',
        oidc_issuer: 'built-in',
        business_name: 'Dup Bakery',
      },
      {
        id: '44444444-4444-4444-8444-444444444444',
        oidc_issuer: 'https://issuer.example',
        business_name: null,
      },
    ]);
    const tickets = (await run('select user_id from tickets')).rows as Array<{ user_id: string }>;
    expect(tickets.map((ticket) => ticket.user_id)).toEqual([
      '22222222-2222-4222-8222-222222222222',
      '22222222-2222-4222-8222-222222222222',
    ]);
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  }, 60_000);
});

const TICKET = { subject: 'Update my hours', description: 'We now open at 8.', priority: 'normal' };
