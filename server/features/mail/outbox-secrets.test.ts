import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { createAdmin, newClientAccount, signedInAdmin, signedInClient } from '@tests/factories';
import {
  BrowserSession,
  CODE_IN_TEXT,
  startSignUpThroughProvider,
} from '@tests/support/browser-session';
import { OutboxMessageSchema, SECRET_HIDDEN } from '@shared/schemas/mail';
import { GeneratedSignupLinkSchema } from '@shared/schemas/signup-links';
import { expectJson } from '@tests/support/expect-json';
import { pollUntil } from '@tests/support/poll';
import { startSmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';
import { outboxMessages } from '../../db/schema';
import { FORGOTTEN } from './mail.repository';

const clock = createTestClock('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

/** The messages to `email`, oldest first, once `count` of them have landed. */
async function messagesTo(email: string, count: number) {
  return pollUntil(
    () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, email))
        .orderBy(asc(outboxMessages.createdAt)),
    (rows) => rows.length >= count,
    10_000,
  );
}

/** Everything the outbox keeps of a message that a reader (or a dump of it) could see. */
const everything = (row: typeof outboxMessages.$inferSelect) =>
  JSON.stringify([row.subject, row.text, row.html, row.attachments, row.secrets]);

describe('sign-in codes in the outbox', () => {
  it('are never in the subject, and are blanked once used', async () => {
    const account = newClientAccount();
    const browser = new BrowserSession(t.baseUrl);
    const page = await startSignUpThroughProvider(browser, account);
    const [sent] = await messagesTo(account.email, 1);
    const code = CODE_IN_TEXT.exec(sent!.text)![1]!;
    expect(sent!.subject).toBe('Your Coast & Code Studio verification code');
    expect(sent!.subject).not.toMatch(/\d{6}/);
    expect(sent!.html).toContain(code);

    const done = await browser.submitForm(page.url, await page.res.text(), { code });
    expect(done.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const [used] = await messagesTo(account.email, 1);
    expect(everything(used!)).not.toContain(code);
    expect(used!.text).toContain(`finish signing in to your client portal: ${FORGOTTEN}`);
    expect(used!.secrets).toEqual([]);
  });

  it('blanks the earlier code when a new one is sent', async () => {
    const account = newClientAccount();
    const browser = new BrowserSession(t.baseUrl);
    const page = await startSignUpThroughProvider(browser, account);
    const html = await page.res.text();
    const [first] = await messagesTo(account.email, 1);
    const firstCode = CODE_IN_TEXT.exec(first!.text)![1]!;

    const resend = /action="([^"]+\/verify\/resend)"/.exec(html)![1]!;
    await browser.navigate('POST', new URL(resend, page.url).href, new URLSearchParams());
    const [earlier, latest] = await messagesTo(account.email, 2);
    expect(everything(earlier!)).not.toContain(firstCode);
    expect(CODE_IN_TEXT.exec(latest!.text)?.[1]).toMatch(/^\d{6}$/);
  });

  it('are blanked by the sweep once expired, and only then', async () => {
    const account = newClientAccount();
    await startSignUpThroughProvider(new BrowserSession(t.baseUrl), account);
    const [sent] = await messagesTo(account.email, 1);
    const code = CODE_IN_TEXT.exec(sent!.text)![1]!;

    clock.set(new Date(clock.now().getTime() + 14 * 60_000));
    await t.services.mail.forgetExpiredSecrets();
    expect((await messagesTo(account.email, 1))[0]!.text).toContain(code);

    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    expect(await t.services.mail.forgetExpiredSecrets()).toBeGreaterThanOrEqual(1);
    const [expired] = await messagesTo(account.email, 1);
    expect(everything(expired!)).not.toContain(code);
    expect(expired!.secretsExpireAt).toBeNull();
  });
});

describe('signup links in the outbox', () => {
  it('are blanked once the invited client uses the link', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const invited = newClientAccount();
    const generated = await agent
      .post('/api/admin/generate-signup-link')
      .send({ email: invited.email, planType: 'signature' });
    expect(generated.status).toBe(201);
    const { signupUrl, link } = expectJson(generated, GeneratedSignupLinkSchema);
    const token = signupUrl.split('/').at(-1)!;
    expect(
      (await agent.post(`/api/admin/signup-links/${link.id}/send`).send({ signupUrl })).status,
    ).toBe(200);
    const [invitation] = await messagesTo(invited.email, 1);
    expect(invitation!.text).toContain(signupUrl);

    const client = await signedInClient(t.baseUrl, { email: invited.email });
    const redeemed = await client.browser.request('POST', `/api/signup/${token}/redeem`);
    expect(redeemed.status).toBe(200);
    const rows = await messagesTo(invited.email, 2);
    const kept = rows.find((row) => row.id === invitation!.id)!;
    expect(everything(kept)).not.toContain(token);
    expect(kept.text).toContain(`/signup/${FORGOTTEN}`);
  });
});

const addressedTo = (mail: ParsedMail, email: string) =>
  [mail.to ?? []].flat().some((address) => address.text.includes(email));

/** Another admin asks for a new password for `email` ("Forgot password?"): its reset e-mail. */
async function resetMailOf(app: TestApp, email: string) {
  expect((await request(app.app).post('/api/admin/forgot-password').send({ email })).status).toBe(
    200,
  );
  await app.services.notifications.idle();
  const [row] = await app.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email));
  const token = /reset-password\?token=([\w-]+)/.exec(row!.text)![1]!;
  return { row: row!, token };
}

describe('live secrets as an admin reads the outbox', () => {
  it('without a mail server shows them, the outbox being how they reach the recipient', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const { admin: other } = await createAdmin(t.database);
    const { row, token } = await resetMailOf(t, other.email);
    const read = expectJson(await agent.get(`/api/admin/outbox/${row.id}`), OutboxMessageSchema);
    expect(read).toMatchObject({ status: 'stored', liveSecret: 'shown' });
    expect(read.text).toContain(`/admin/reset-password?token=${token}`);
    expect(read.html).toContain(token);
  });

  it('with a mail server hides them, and Send again still sends them whole', async () => {
    const smtp = await startSmtpSink();
    const app = await startTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_ATTEMPTS: '1' });
    try {
      const { agent } = await signedInAdmin(app.app, app.database);
      const { admin: other } = await createAdmin(app.database);
      const sent = await resetMailOf(app, other.email);
      const read = expectJson(
        await agent.get(`/api/admin/outbox/${sent.row.id}`),
        OutboxMessageSchema,
      );
      expect(read).toMatchObject({ status: 'sent', liveSecret: 'hidden' });
      expect(JSON.stringify(read)).not.toContain(sent.token);
      expect(read.text).toContain(`/admin/reset-password?token=${SECRET_HIDDEN}`);
      // The recipient got it whole.
      const delivered = await smtp.waitFor((mail) => addressedTo(mail, other.email));
      expect(delivered.text).toContain(`/admin/reset-password?token=${sent.token}`);

      // A client's code too.
      const account = newClientAccount();
      await startSignUpThroughProvider(new BrowserSession(app.baseUrl), account);
      await app.services.notifications.idle();
      const [codeMail] = await app.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, account.email));
      const code = CODE_IN_TEXT.exec(codeMail!.text)![1]!;
      const codeRead = expectJson(
        await agent.get(`/api/admin/outbox/${codeMail!.id}`),
        OutboxMessageSchema,
      );
      expect(codeRead.liveSecret).toBe('hidden');
      expect(JSON.stringify(codeRead)).not.toContain(code);

      // Refused, then sent again by the admin: the answer hides it, the recipient gets it whole.
      const { admin: third } = await createAdmin(app.database);
      smtp.refuse();
      const refused = await resetMailOf(app, third.email);
      expect(refused.row.status).toBe('failed');
      smtp.accept();
      const again = await agent.post(`/api/admin/outbox/${refused.row.id}/send`);
      expect(again.status).toBe(200);
      expect(again.body.outbox).toMatchObject({ status: 'sent', liveSecret: 'hidden' });
      expect(JSON.stringify(again.body)).not.toContain(refused.token);
      const resent = await smtp.waitFor((mail) => addressedTo(mail, third.email));
      expect(resent.text).toContain(`/admin/reset-password?token=${refused.token}`);

      // Once used it is blanked out anyway, and there is nothing left to hide.
      const used = await request(app.app)
        .post('/api/admin/password-reset')
        .send({ token: sent.token, password: 'a brand new password 42' });
      expect(used.status).toBe(200);
      const after = expectJson(
        await agent.get(`/api/admin/outbox/${sent.row.id}`),
        OutboxMessageSchema,
      );
      expect(after.liveSecret).toBeNull();
      expect(after.text).toContain(`/admin/reset-password?token=${FORGOTTEN}`);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
