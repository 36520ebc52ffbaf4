import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages } from '../../db/schema';
import { startJobs, type JobRunner } from '../../jobs';
import { createLogger } from '../../lib/logger';
import { createClient, createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { createMailRepository } from './mail.repository';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the outbox list: paged, searched and filtered', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
  const base = Date.parse('2026-11-01T12:00:00Z');
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await signedInAdmin(t.app, t.database)).agent;
    const repository = createMailRepository(t.database.db);
    // 30 messages a minute apart: even ones invoices, odd ones ticket replies; every third
    // failed, sent or kept.
    for (let i = 0; i < 30; i++) {
      await repository.record({
        fromAddress: '"Coast & Code Studio" <hello@coastandcode.studio>',
        toAddress: `person${i}@example.com`,
        subject: i % 2 === 0 ? `Invoice INV-2026-${String(i).padStart(4, '0')}` : `Re: Ticket ${i}`,
        text: `Message ${i}`,
        status: (['failed', 'sent', 'stored'] as const)[i % 3]!,
        error: i % 3 === 0 ? '451 Mailbox temporarily unavailable' : null,
        attempts: i % 3 === 2 ? 0 : 1,
        createdAt: new Date(base + i * 60_000),
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers one page, newest first, with how many there are in all', async () => {
    const first = await admin.get('/api/admin/outbox?pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 30, page: 1, pageSize: 10 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      toAddress: 'person29@example.com',
      clientId: null,
      subject: 'Re: Ticket 29',
      status: 'stored',
      error: null,
      attempts: 0,
      createdAt: new Date(base + 29 * 60_000).toISOString(),
    });
    const last = await admin.get('/api/admin/outbox?page=3&pageSize=10');
    expect(last.body.items.map((m: { toAddress: string }) => m.toAddress).at(-1)).toBe(
      'person0@example.com',
    );
    const beyond = await admin.get('/api/admin/outbox?page=4&pageSize=10');
    expect(beyond.body).toMatchObject({ items: [], total: 30, page: 4 });
    // The default page is 25 long.
    expect((await admin.get('/api/admin/outbox')).body.items).toHaveLength(25);
  });

  it('searches the recipient and subject, ignoring case, and filters by status', async () => {
    const invoices = await admin.get('/api/admin/outbox?q=inv-2026&pageSize=100');
    expect(invoices.body.total).toBe(15);
    const failed = await admin.get('/api/admin/outbox?status=failed&pageSize=100');
    expect(failed.body.total).toBe(10);
    expect(failed.body.items.every((m: { status: string }) => m.status === 'failed')).toBe(true);
    expect(failed.body.items[0].error).toBe('451 Mailbox temporarily unavailable');
    const both = await admin.get('/api/admin/outbox?q=PERSON1&status=stored');
    // person1, person10..19: the stored ones are 11, 14, 17.
    expect(both.body.items.map((m: { toAddress: string }) => m.toAddress)).toEqual([
      'person17@example.com',
      'person14@example.com',
      'person11@example.com',
    ]);
    // % and _ are taken literally.
    expect((await admin.get('/api/admin/outbox?q=%25')).body.total).toBe(0);
    expect((await admin.get('/api/admin/outbox?q=&status=')).body.total).toBe(30);
  });

  it('refuses a status or page that is not one', async () => {
    const status = await admin.get('/api/admin/outbox?status=queued');
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('Status must be one of: stored, sent, failed');
    expect((await admin.get('/api/admin/outbox?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/outbox?pageSize=101')).status).toBe(400);
    expect((await request(t.app).get('/api/admin/outbox')).status).toBe(401);
  });

  it('names the client account a recipient is, a verified one first, ignoring case', async () => {
    await createClient(t.database, { email: 'PERSON4@example.com', emailVerified: false });
    const verified = await createClient(t.database, {
      email: 'person4@Example.com',
      emailVerified: true,
    });
    const unverifiedOnly = await createClient(t.database, { email: 'person6@example.com' });
    const page = await admin.get('/api/admin/outbox?q=person&pageSize=100');
    const clientOf = (address: string) =>
      page.body.items.find((m: { toAddress: string }) => m.toAddress === address).clientId;
    expect(clientOf('person4@example.com')).toBe(verified.id);
    expect(clientOf('person6@example.com')).toBe(unverifiedOnly.id);
    expect(clientOf('person8@example.com')).toBeNull();
    const id = page.body.items.find(
      (m: { toAddress: string }) => m.toAddress === 'person4@example.com',
    ).id;
    expect((await admin.get(`/api/admin/outbox/${id}`)).body).toMatchObject({
      clientId: verified.id,
      text: 'Message 4',
    });
  });

  it("shows a message's Reply-To and Message-ID, and null where it has none", async () => {
    const repository = createMailRepository(t.database.db);
    const threaded = await repository.record({
      fromAddress: '"Coast & Code Studio" <hello@coastandcode.studio>',
      toAddress: 'odile@example.com',
      subject: '[#4] New opening hours',
      text: 'Which days change?',
      status: 'stored',
      headers: {
        replyTo: 'support+t_0123456789abcdef0123456789abcdef@coastandcode.studio',
        messageId: '<ticket-4@coastandcode.studio>',
      },
    });
    expect((await admin.get(`/api/admin/outbox/${threaded.id}`)).body).toMatchObject({
      replyTo: 'support+t_0123456789abcdef0123456789abcdef@coastandcode.studio',
      messageId: '<ticket-4@coastandcode.studio>',
    });
    const [plain] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'person1@example.com'));
    expect((await admin.get(`/api/admin/outbox/${plain!.id}`)).body).toMatchObject({
      replyTo: null,
      messageId: null,
    });
  });

  it('has nothing to send again without a mail server', async () => {
    const [failed] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'person0@example.com'));
    const res = await admin.post(`/api/admin/outbox/${failed!.id}/send`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No mail server is configured: set SMTP_URL to send this message.',
    );
  });
});

describe('a mail server that refuses: retries with back-off, then Send again', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let jobs: JobRunner;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Three hand-overs in all, the first retry a second later: a test-sized back-off.
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_RETRY_ATTEMPTS: '3',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    jobs = await startJobs({
      database: t.database,
      config: t.config,
      logger: createLogger('silent'),
      services: { billing: { runDaily: async () => ({}) as never }, mail: t.services.mail },
    });
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await smtp.close();
  });

  const messageTo = (subject: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, subject))
      .then((rows) => rows[0]);

  const retryJobs = async (outboxId: string) =>
    (
      await t.database.executeSql(
        `select state from pgboss.job where name = 'mail-retry' and data->>'outboxId' = $1`,
        [outboxId],
      )
    ).rows as Array<{ state: string }>;

  it('tries a refused message again, a little later each time, until the server takes it', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Rosalie' });
    smtp.refuse();
    const refusedBefore = smtp.refusedTo.length;
    // The client's confirmation is refused beside the agency's e-mail: count the agency's.
    const agencyRefusals = () =>
      smtp.refusedTo
        .slice(refusedBefore)
        .filter((to) => !to.includes(client.account.email.toLowerCase())).length;
    await client.browser.request('POST', '/api/tickets', {
      subject: 'Retry me',
      description: 'The server was busy.',
    });
    const subject = 'New support ticket: Retry me';
    const refused = await eventually(async () => {
      const row = await messageTo(subject);
      return row?.status === 'failed' ? row : undefined;
    });
    expect(refused.attempts).toBe(1);
    expect(refused.error).toMatch(/451 Mailbox temporarily unavailable/);

    const started = Date.now();
    // Its second refusal is its first retry's, which waits MAIL_RETRY_DELAY_SECONDS.
    await eventually(async () => (agencyRefusals() >= 2 ? true : undefined));
    expect(Date.now() - started).toBeGreaterThan(500);
    const second = await eventually(async () => {
      const row = await messageTo(subject);
      return row?.attempts === 2 && row.error ? row : undefined;
    });
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });

    smtp.accept();
    const sent = await eventually(async () => {
      const row = await messageTo(subject);
      return row?.status === 'sent' ? row : undefined;
    });
    expect(sent).toMatchObject({ attempts: 3, error: null });
    await smtp.waitFor((mail) => mail.subject === subject);
    expect(smtp.messages.filter((mail) => mail.subject === subject)).toHaveLength(1);
    // pg-boss marks the job completed once its handler has returned, after the message went.
    const jobs = await eventually(async () => {
      const rows = await retryJobs(sent.id);
      return rows.every((row) => row.state === 'completed') ? rows : undefined;
    });
    expect(jobs).toEqual([{ state: 'completed' }]);
    // A retry goes out with the headers it was first sent with: answers reach the ticket.
    const confirmation = await smtp.waitFor(
      (mail) => /^\[#\d+\] Retry me$/.test(mail.subject ?? ''),
      10_000,
    );
    expect(confirmation.replyTo?.text).toMatch(/^\S+\+t_[0-9a-f]{32}@/);
    expect(confirmation.messageId).toMatch(/^<ticket-[0-9a-f-]{36}@/);
  });

  it('after the last try the message stays failed with its error; Send again tries once more at once', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Gaston' });
    smtp.refuse('Mailbox full');
    await client.browser.request('POST', '/api/tickets', {
      subject: 'Never taken',
      description: 'The mailbox is full.',
    });
    const subject = 'New support ticket: Never taken';
    const exhausted = await eventually(async () => {
      const row = await messageTo(subject);
      return row && row.attempts === 3 ? row : undefined;
    });
    expect(exhausted.status).toBe('failed');
    expect(exhausted.error).toMatch(/451 Mailbox full/);
    // The job is done: no fourth try comes.
    await eventually(async () =>
      (await retryJobs(exhausted.id))[0]?.state === 'completed' ? true : undefined,
    );
    expect((await messageTo(subject))!.attempts).toBe(3);

    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const listed = await agent.get(
      '/api/admin/outbox?status=failed&q=New support ticket: Never taken',
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: exhausted.id, attempts: 3, error: exhausted.error }),
    ]);

    // Still refused: the answer names the error, the message counts the try.
    const again = await agent.post(`/api/admin/outbox/${exhausted.id}/send`);
    expect(again.status).toBe(502);
    expect(again.body.message).toMatch(/^The message could not be sent: .*451 Mailbox full/);
    expect((await messageTo(subject))!).toMatchObject({ status: 'failed', attempts: 4 });

    smtp.accept();
    const sent = await agent.post(`/api/admin/outbox/${exhausted.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Sent to hello@coastandcode.studio through SMTP 127.0.0.1.');
    expect(sent.body.outbox).toMatchObject({
      id: exhausted.id,
      status: 'sent',
      error: null,
      attempts: 5,
    });
    const mail = await smtp.waitFor((m) => m.subject === subject);
    expect(mail.text).toContain('The mailbox is full.');

    const twice = await agent.post(`/api/admin/outbox/${exhausted.id}/send`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This message was sent already.');
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);

    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'mail.resent'), eq(auditEvents.targetId, exhausted.id)))
      .orderBy(auditEvents.createdAt);
    expect(audited.map((event) => [event.actorEmail, event.after?.status])).toEqual([
      [admin.email, 'failed'],
      [admin.email, 'sent'],
    ]);
    expect(audited[0]!.after).toMatchObject({
      subject,
      error: expect.stringMatching(/Mailbox full/),
    });
  });

  it('does not retry an invoice the admin was told could not be sent: it stays a draft', async () => {
    smtp.refuse();
    const invoice = await createInvoice(t.database, { clientEmail: 'odette@example.com' });
    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent.post(`/api/admin/invoices/${invoice.id}/email`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^The invoice could not be e-mailed: /);
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'odette@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await retryJobs(row!.id)).toEqual([]);
    smtp.accept();
  });
});
