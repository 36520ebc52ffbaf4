import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, subscriptions } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest outbox message to `to` whose subject starts with `subject`, as stored. */
async function mailTo(t: TestApp, to: string, subject: string) {
  return eventually(async () => {
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, to));
    return rows.find((row) => row.subject.startsWith(subject));
  });
}

describe('without a mail server: kept, never claimed as sent; dates as the screens write them', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
  const clock = createTestClock('2026-12-06T15:05:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({}, { clock });
    admin = (await signedInAdmin(t.app, t.database)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  it("e-mailing an invoice says it was kept, and the e-mail gives the due date as 'Dec 7, 2026'", async () => {
    const invoice = await createInvoice(t.database, {
      clientEmail: 'amelie@example.com',
      clientName: 'Amélie Thibodeaux',
      dueDate: '2026-12-07',
      status: 'sent',
    });
    const res = await admin.post(`/api/admin/invoices/${invoice.id}/email`);
    expect(res.status).toBe(200);
    expect(res.body.delivery).toBe('kept');
    expect(res.body.message).toBe(
      `Kept in the outbox: no mail server is configured. Invoice ${invoice.invoiceNumber} did not reach amelie@example.com: download the PDF to send it yourself.`,
    );
    const mail = await mailTo(t, 'amelie@example.com', `Invoice ${invoice.invoiceNumber}`);
    expect(mail.status).toBe('stored');
    expect(mail.text).toContain(`due Dec 7, 2026.`);
    expect(mail.html).toContain(`due Dec 7, 2026.`);
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('sending a draft says how it went out, as the e-mail answer does', async () => {
    const draft = await createInvoice(t.database, { clientEmail: 'benoit@example.com' });
    const res = await admin.patch(`/api/admin/invoices/${draft.id}`).send({ status: 'sent' });
    expect(res.status).toBe(200);
    expect(res.body.invoice.status).toBe('sent');
    expect(res.body.delivery).toBe('kept');
    expect(res.body.message).toMatch(/^Kept in the outbox: no mail server is configured\. /);
  });

  it("a signup link's e-mail is kept, and gives when it ends as 'Dec 13, 2026 at 9:05 AM CST'", async () => {
    const made = await admin
      .post('/api/admin/generate-signup-link')
      .send({ email: 'celine@example.com', planType: 'signature' });
    const sent = await admin
      .post(`/api/admin/signup-links/${made.body.link.id}/send`)
      .send({ signupUrl: made.body.signupUrl });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      message:
        'Kept in the outbox: no mail server is configured. The invitation did not reach celine@example.com: copy the link to send it yourself.',
      delivery: 'kept',
    });
    const mail = await mailTo(t, 'celine@example.com', 'Your Signature plan');
    // A link works 7 days by default (Settings); 3:05 PM UTC, as the business's clock
    // (BILLING_TIMEZONE, America/Chicago) reads it.
    expect(mail.text).toContain('works once, until Dec 13, 2026 at 9:05 AM CST.');
  });

  it("a cancellation tells the agency the plan's last day as 'Nov 30, 2026', the business's day", async () => {
    const { browser, user } = await signedInClient(t.baseUrl, { firstName: 'Denise' });
    await browser.request('POST', '/api/get-or-create-subscription', { planId: 'essentials' });
    await t.database.db
      .update(subscriptions)
      .set({
        status: 'active',
        activatedAt: new Date('2026-11-01T00:00:00Z'),
        currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
        currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
      })
      .where(eq(subscriptions.userId, user.id));
    expect((await browser.request('POST', '/api/subscription/cancel')).status).toBe(200);
    const mail = await mailTo(t, 'hello@coastandcode.studio', 'Cancellation request: Denise');
    // Midnight UTC of Dec 1 is 6 PM on Nov 30 in the business time zone (America/Chicago).
    expect(mail.text).toContain('It stays active until Nov 30, 2026, then ends.');
  });
});

describe('with a mail server: the same answers say it was sent', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('e-mailing an invoice names the mail server, and the e-mail arrives', async () => {
    const invoice = await createInvoice(t.database, {
      clientEmail: 'elodie@example.com',
      dueDate: '2027-01-15',
      status: 'sent',
    });
    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent.post(`/api/admin/invoices/${invoice.id}/email`);
    expect(res.body).toMatchObject({
      delivery: 'sent',
      message: `Invoice ${invoice.invoiceNumber} was sent to elodie@example.com through SMTP 127.0.0.1.`,
    });
    const mail = await smtp.waitFor((m) => m.subject?.includes(invoice.invoiceNumber!) ?? false);
    expect(mail.text).toContain('due Jan 15, 2027.');
  });
});
