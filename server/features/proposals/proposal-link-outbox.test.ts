import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { OutboxMessageSchema } from '@shared/schemas/mail';
import { outboxMessages } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';
import { FORGOTTEN } from '../mail/mail.repository';

// The proposal's link lets whoever holds it sign as the recipient: the outbox forgets it once
// the mail server takes the message, as it forgets a used sign-in code or pay link.

// 9 AM in the business's time zone (America/Chicago), Monday March 2, 2026.
const clock = createTestClock('2026-03-02T15:00:00.000Z');
let withServer: TestApp;
let outboxOnly: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  [withServer, outboxOnly] = await Promise.all([
    startTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_ATTEMPTS: '1' }, { clock }),
    startTestApp({}, { clock }),
  ]);
});
afterAll(async () => {
  await withServer?.close();
  await outboxOnly?.close();
  await smtp?.close();
});

let n = 0;
async function sentProposal(app: TestApp, validUntil = '2026-03-20') {
  n += 1;
  const { agent } = await signedInAdmin(app.app, app.database);
  const email = `marie.link${n}.${Date.now()}@example.com`;
  const created = await agent.post('/api/admin/proposals').send({
    recipient: { name: 'Marie Landry', email, businessName: 'Bayou Bakes' },
    title: `Website for Bayou Bakes ${n}`,
    planType: 'signature',
    items: [{ description: 'Website build', quantity: 1, unitPrice: 250_000 }],
    depositPercent: 30,
    validUntil,
  });
  expect(created.status).toBe(201);
  const id = created.body.proposal.id as string;
  expect((await agent.post(`/api/admin/proposals/${id}/send`)).status).toBe(200);
  return { agent, id, email };
}

async function outboxTo(app: TestApp, email: string) {
  return app.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email))
    .orderBy(asc(outboxMessages.createdAt));
}

/** Everything the outbox keeps of a message that a reader (or a dump of it) could see. */
const everything = (row: typeof outboxMessages.$inferSelect) =>
  JSON.stringify([row.subject, row.text, row.html, row.attachments, row.secrets]);

const linkIn = (text: string | undefined) => /\/proposals\/([\w-]{43})/.exec(text ?? '')?.[1];
const addressedTo = (mail: ParsedMail, email: string) => JSON.stringify(mail.to).includes(email);

describe('the proposal link in the outbox, with a mail server', () => {
  it('is forgotten once sent; the admin still sees the proposal and revokes the link', async () => {
    const { agent, id, email } = await sentProposal(withServer);
    const delivered = await smtp.waitFor((mail) => addressedTo(mail, email));
    const token = linkIn(delivered.text);
    expect(token).toBeDefined();
    expect((await request(withServer.app).get(`/api/proposals/${token}`)).status).toBe(200);

    const [kept] = await outboxTo(withServer, email);
    expect(kept).toMatchObject({ status: 'sent', secretRef: null, secrets: [] });
    expect(everything(kept!)).not.toContain(token);
    expect(kept!.text).toContain(`/proposals/${FORGOTTEN}`);
    const read = expectJson(await agent.get(`/api/admin/outbox/${kept!.id}`), OutboxMessageSchema);
    expect(JSON.stringify(read)).not.toContain(token);

    const shown = await agent.get(`/api/admin/proposals/${id}`);
    expect(shown.status).toBe(200);
    expect((await agent.post(`/api/admin/proposals/${id}/revoke`)).status).toBe(200);
    expect((await request(withServer.app).get(`/api/proposals/${token}`)).status).toBe(404);
  });

  it('the reminder too, which the recipient gets whole', async () => {
    clock.set('2026-03-02T15:00:00.000Z');
    const { email } = await sentProposal(withServer, '2026-03-07');
    clock.set('2026-03-04T15:00:00.000Z');
    try {
      await withServer.services.proposals.runUpkeep();
      const reminder = await smtp.waitFor(
        (mail) => addressedTo(mail, email) && (mail.subject ?? '').startsWith('Reminder'),
      );
      const token = linkIn(reminder.text);
      expect(token).toBeDefined();
      const rows = await outboxTo(withServer, email);
      expect(rows.map((row) => row.subject)).toEqual([
        expect.stringContaining('sent you a proposal'),
        expect.stringContaining('Reminder'),
      ]);
      for (const row of rows) {
        expect(row.status).toBe('sent');
        expect(everything(row)).not.toContain(token);
      }
    } finally {
      clock.set('2026-03-02T15:00:00.000Z');
    }
  });

  it('is kept while the message failed, and forgotten once Send again delivers it', async () => {
    smtp.refuse();
    let sent: Awaited<ReturnType<typeof sentProposal>>;
    try {
      sent = await sentProposal(withServer);
    } finally {
      smtp.accept();
    }
    const { agent, id, email } = sent;
    const [failed] = await outboxTo(withServer, email);
    expect(failed).toMatchObject({ status: 'failed', secretRef: `proposal-link:${id}` });
    const token = linkIn(failed!.text)!;
    expect(token).toBeDefined();

    const again = await agent.post(`/api/admin/outbox/${failed!.id}/send`);
    expect(again.status).toBe(200);
    const delivered = await smtp.waitFor((mail) => addressedTo(mail, email));
    expect(linkIn(delivered.text)).toBe(token);
    const [forgotten] = await outboxTo(withServer, email);
    expect(forgotten).toMatchObject({ status: 'sent', secretRef: null });
    expect(everything(forgotten!)).not.toContain(token);
  });
});

describe('the proposal link in the outbox, without a mail server', () => {
  it('is kept (the outbox is how it reaches them) until the link is revoked', async () => {
    const { agent, id, email } = await sentProposal(outboxOnly);
    const [stored] = await outboxTo(outboxOnly, email);
    expect(stored).toMatchObject({ status: 'stored', secretRef: `proposal-link:${id}` });
    const token = linkIn(stored!.text)!;
    expect((await request(outboxOnly.app).get(`/api/proposals/${token}`)).status).toBe(200);

    expect((await agent.post(`/api/admin/proposals/${id}/revoke`)).status).toBe(200);
    const [revoked] = await outboxTo(outboxOnly, email);
    expect(revoked!.secretRef).toBeNull();
    expect(everything(revoked!)).not.toContain(token);
  });

  it('is blanked by the sweep the day the proposal expires unsigned, not before', async () => {
    clock.set('2026-03-02T15:00:00.000Z');
    const { email } = await sentProposal(outboxOnly, '2026-03-07');
    try {
      const [stored] = await outboxTo(outboxOnly, email);
      const token = linkIn(stored!.text)!;
      // Mar 7, 11 PM in Chicago: still the last day.
      clock.set('2026-03-08T05:00:00.000Z');
      await outboxOnly.services.mail.forgetExpiredSecrets();
      expect((await outboxTo(outboxOnly, email))[0]!.text).toContain(token);
      // Mar 8, just past midnight in Chicago.
      clock.set('2026-03-08T06:01:00.000Z');
      await outboxOnly.services.mail.forgetExpiredSecrets();
      expect(everything((await outboxTo(outboxOnly, email))[0]!)).not.toContain(token);
    } finally {
      clock.set('2026-03-02T15:00:00.000Z');
    }
  });
});
