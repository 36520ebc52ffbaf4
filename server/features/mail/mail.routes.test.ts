import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { openTestDatabase } from '@tests/support/test-database';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { createMailRepository } from './mail.repository';
import { createMailer } from './mailer';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('without SMTP_URL: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the new-ticket message to the agency and shows it to the admin only', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Odile' });
    const created = await client.browser.request('POST', '/api/tickets', {
      subject: 'Broken contact form',
      description: 'The contact form on our site shows an error.',
    });
    expect(created.status).toBe(201);

    const stored = await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.subject, 'New support ticket: Broken contact form'));
      return rows[0];
    });
    expect(stored).toMatchObject({
      toAddress: 'hello@coastandcode.studio',
      fromAddress: '"Coast & Code Studio" <hello@coastandcode.studio>',
      status: 'stored',
    });
    expect(stored.text).toContain('The contact form on our site shows an error.');
    expect(stored.text).toContain(client.account.email.toLowerCase());

    expect((await request(t.app).get('/api/admin/outbox')).status).toBe(401);
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const list = await agent.get('/api/admin/outbox');
    expect(list.status).toBe(200);
    // The client's confirmation of the same ticket is kept beside it.
    expect(list.body.items.find((item: { id: string }) => item.id === stored.id)).toMatchObject({
      id: stored.id,
      status: 'stored',
      attempts: 0,
    });
    const one = await agent.get(`/api/admin/outbox/${stored.id}`);
    expect(one.body).toMatchObject({ subject: stored.subject, attachments: [] });
    expect((await agent.get('/api/admin/outbox/not-an-id')).status).toBe(404);

    const test = await agent.post('/api/admin/test-email');
    expect(test.status).toBe(200);
    // Kept, not sent: no text says it went anywhere.
    expect(test.body).toEqual({
      outcome: 'kept',
      message: 'Kept in the outbox: no mail server is configured.',
      details: `The test e-mail to ${admin.email} is in the outbox: set SMTP_URL to send mail.`,
    });
  });

  it('escapes what clients type in the HTML part', async () => {
    const client = await signedInClient(t.baseUrl);
    await client.browser.request('POST', '/api/tickets', {
      subject: 'XSS <script>',
      description: '<img src=x onerror=alert(1)> please fix',
    });
    const stored = await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.subject, 'New support ticket: XSS <script>'));
      return rows[0];
    });
    expect(stored.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(stored.html).not.toContain('<img');
  });
});

describe('with SMTP_URL: a real SMTP server', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Studio <studio@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the notifications: ticket to the agency, reply to the client, plan requests to the agency', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Paul' });
    const email = client.account.email.toLowerCase();
    const ticket = await (
      await client.browser.request('POST', '/api/tickets', {
        subject: 'New photos',
        description: 'Please add the new storefront photos.',
      })
    ).json();
    const toAgency = await smtp.waitFor(
      (mail) => mail.subject === 'New support ticket: New photos',
    );
    expect(toAgency.to).toMatchObject({ text: 'hello@coastandcode.studio' });
    expect(toAgency.from?.value[0]).toMatchObject({
      name: 'Studio',
      address: 'studio@example.com',
    });
    expect(toAgency.text).toContain('Please add the new storefront photos.');
    expect(toAgency.html).toContain(`/admin/support/${ticket.id}`);

    const { agent } = await signedInAdmin(t.app, t.database);
    await agent
      .post(`/api/admin/tickets/${ticket.id}/messages`)
      .send({ message: 'Added them to the gallery.' });
    const confirmation = await smtp.waitFor(
      (mail) => mail.subject === `[#${ticket.number}] New photos`,
    );
    expect(confirmation.to).toMatchObject({ text: email });
    const toClient = await smtp.waitFor(
      (mail) => mail.subject === `[#${ticket.number}] Re: New photos`,
    );
    expect(toClient.to).toMatchObject({ text: email });
    expect(toClient.text).toContain('Added them to the gallery.');

    await client.browser.request('POST', '/api/get-or-create-subscription', { planId: 'prestige' });
    const request = await smtp.waitFor((mail) =>
      Boolean(mail.subject?.startsWith('Plan request:')),
    );
    expect(request.subject).toBe('Plan request: Prestige from Paul Broussard');
    await client.browser.request('POST', '/api/subscription/cancel');
    const withdrawn = await smtp.waitFor((mail) =>
      Boolean(mail.subject?.startsWith('Plan request withdrawn:')),
    );
    expect(withdrawn.text).toContain('Nothing needs to be invoiced.');

    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `[#${ticket.number}] Re: New photos`));
    expect(sent[0]?.status).toBe('sent');
  });

  it('the test e-mail arrives and names the SMTP host', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const res = await agent.post('/api/admin/test-email');
    expect(res.body).toEqual({
      outcome: 'sent',
      message: `Test e-mail sent to ${admin.email}.`,
      details: 'Sent through SMTP 127.0.0.1.',
    });
    await smtp.waitFor(
      (mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(admin.email),
    );
  });

  it('sends attachments byte for byte', async () => {
    const database = await openTestDatabase();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Studio <studio@example.com>',
        defaultFrom: async () => ({ name: 'unused', address: 'unused@example.com' }),
        repository: createMailRepository(database.db),
        logger: pino({ level: 'silent' }),
      });
      const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff, 0x10]);
      await mailer.send({
        to: 'client@example.com',
        subject: 'Invoice INV-TEST',
        text: 'Your invoice is attached.',
        attachments: [{ filename: 'INV-TEST.pdf', contentType: 'application/pdf', content: bytes }],
      });
      const mail = await smtp.waitFor((m) => m.subject === 'Invoice INV-TEST');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe('INV-TEST.pdf');
      expect(mail.attachments[0]!.contentType).toBe('application/pdf');
      expect(Buffer.compare(mail.attachments[0]!.content, bytes)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('without MAIL_FROM: the business name and e-mail as sender', () => {
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

  it.each([
    'Coast & Code Studio\\',
    'The "Best" Studio',
    'Smith, Jones & Co.',
    'Café Ünïcode — Studio',
    '\\"Trick\\" <evil@example.com>, x',
  ])('the From header carries the exact business name %j', async (businessName) => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const current = await agent.get('/api/admin/settings');
    const saved = await agent
      .put('/api/admin/settings')
      .send({ ...current.body, businessName, businessEmail: 'studio@example.com' });
    expect(saved.status).toBe(200);
    const before = smtp.messages.length;
    expect((await agent.post('/api/admin/test-email')).body.details).toBe(
      'Sent through SMTP 127.0.0.1.',
    );
    const mail = await smtp.waitFor(
      (m) => smtp.messages.indexOf(m) >= before && JSON.stringify(m.to).includes(admin.email),
    );
    expect(mail.from?.value).toEqual([{ name: businessName, address: 'studio@example.com' }]);
  });
});

describe('with an SMTP server that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: the connection is refused at once.
    const sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    t = await startTestApp({ SMTP_URL: url });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the test e-mail reports the SMTP error, and the message is kept as failed', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const res = await agent.post('/api/admin/test-email');
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('failed');
    expect(res.body.message).toBe(
      `The test e-mail to ${admin.email} could not be sent through SMTP 127.0.0.1.`,
    );
    expect(res.body.details).toMatch(/ECONNREFUSED|connect/i);
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, admin.email));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
