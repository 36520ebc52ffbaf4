import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { auditEvents, outboxMessages } from '../../db/schema';
import { createInvoice, signedInAdmin } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';
import { FORGOTTEN } from '../mail/mail.repository';
import { PAY_LINK_EXPIRED } from '../invoices/pay-links';

const WEBHOOK_SECRET = 'whsec_test_pay_links';
const clock = createTestClock('2026-11-20T10:00:00Z');

let t: TestApp;
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(
    WEBHOOK_SECRET,
    // Each test poses as its own address, so one test's limits do not reach another's.
    { PAY_LINK_DAYS: '30', TRUST_PROXY: 'true' },
    { clock },
  ));
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let address = 0;
/** Requests from an address of their own. */
function visitor() {
  address += 1;
  const ip = `10.20.${address >> 8}.${address & 255}`;
  return {
    get: (path: string) => request(t.app).get(path).set('X-Forwarded-For', ip),
    post: (path: string) => request(t.app).post(path).set('X-Forwarded-For', ip),
  };
}

/** A sent invoice e-mailed to its client: its id, and the token of the link in the e-mail. */
async function emailedInvoice(email: string) {
  const invoice = await createInvoice(t.database, { status: 'sent', clientEmail: email });
  return { id: invoice.id, token: await emailAgain(invoice.id, email) };
}

/** E-mails the invoice again: the token of the link in the newest e-mail. */
async function emailAgain(invoiceId: string, email: string): Promise<string> {
  const before = (await messagesTo(email)).length;
  expect((await admin.post(`/api/admin/invoices/${invoiceId}/email`)).status).toBe(200);
  const messages = await pollUntil(
    () => messagesTo(email),
    (rows) => rows.length > before,
    5_000,
  );
  const newest = messages.at(-1)!;
  return /Pay this invoice online: \S+\/pay\/([\w-]+)/.exec(newest.text)![1]!;
}

function messagesTo(email: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email))
    .orderBy(outboxMessages.createdAt);
}

describe('a pay link', () => {
  it('works for PAY_LINK_DAYS after it was last e-mailed, and an e-mail renews it', async () => {
    const { id, token } = await emailedInvoice('lifetime@example.com');
    const detail = InvoiceDetailSchema.parse((await admin.get(`/api/admin/invoices/${id}`)).body);
    expect(detail.payLink).toEqual({ expiresAt: '2026-12-20T10:00:00.000Z' });

    clock.set('2026-12-15T10:00:00Z');
    expect((await visitor().get(`/api/pay/${token}`)).status).toBe(200);
    clock.set('2026-12-20T10:00:01Z');
    const expired = await visitor().get(`/api/pay/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ message: PAY_LINK_EXPIRED });
    expect((await visitor().post(`/api/pay/${token}`)).status).toBe(410);

    // E-mailed again: the same link, working 30 days from now.
    expect(await emailAgain(id, 'lifetime@example.com')).toBe(token);
    expect((await visitor().get(`/api/pay/${token}`)).status).toBe(200);
    clock.set('2026-11-20T10:00:00Z');
  });

  it('is revoked from the invoice page: every copy stops working, and the next e-mail has a new one', async () => {
    const email = 'revoked@example.com';
    const { id, token } = await emailedInvoice(email);
    const opened = await visitor().post(`/api/pay/${token}`);
    expect(opened.status).toBe(200);
    const sessionId = new URL(opened.body.url as string).pathname.split('/').pop()!;

    const revoked = await admin.post(`/api/admin/invoices/${id}/pay-link/revoke`);
    expect(revoked.status).toBe(200);
    expect(InvoiceDetailSchema.parse(revoked.body).payLink).toBeNull();
    expect((await visitor().get(`/api/pay/${token}`)).status).toBe(404);
    // The page opened from it is closed, and the outbox keeps no working copy.
    expect(stripe.checkoutSessions.get(sessionId)?.status).toBe('expired');
    const [first] = await messagesTo(email);
    expect(first!.text).not.toContain(token);
    expect(first!.text).toContain(`/pay/${FORGOTTEN}`);
    expect(first!.attachments).toEqual([]);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, id), eq(auditEvents.kind, 'invoice.pay_link_revoked')));
    expect(audited?.after).toEqual({ payLinkExpiresAt: null });
    // Nothing is out any more: a second revoke is refused.
    expect((await admin.post(`/api/admin/invoices/${id}/pay-link/revoke`)).status).toBe(409);

    const fresh = await emailAgain(id, email);
    expect(fresh).not.toBe(token);
    expect((await visitor().get(`/api/pay/${fresh}`)).status).toBe(200);
    expect((await visitor().get(`/api/pay/${token}`)).status).toBe(404);
  });

  it('is blanked out of the outbox once the invoice is paid', async () => {
    const email = 'paid-link@example.com';
    const { token } = await emailedInvoice(email);
    const opened = await visitor().post(`/api/pay/${token}`);
    const sessionId = new URL(opened.body.url as string).pathname.split('/').pop()!;
    await stripe.completeCheckout(sessionId);
    const [invoiceMail] = await pollUntil(
      () => messagesTo(email),
      (rows) => rows.length > 0 && !rows[0]!.text.includes(token),
      5_000,
    );
    expect(invoiceMail!.text).toContain(`/pay/${FORGOTTEN}`);
  });

  it('is matched in its own case only, and limited for whoever holds it', async () => {
    const { token } = await emailedInvoice('limits@example.com');
    expect((await visitor().get(`/api/PAY/${token}`)).status).toBe(404);

    // Opening a payment page (which closes the client's own) at most 10 times an hour a link.
    for (let n = 0; n < 10; n += 1) {
      expect((await visitor().post(`/api/pay/${token}`)).status).toBe(200);
    }
    const tooMany = await visitor().post(`/api/pay/${token}`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toMatch(/^Too many payment attempts\. Please try again in /);

    // Wrong links: 20 in 15 minutes from one address.
    const guesser = visitor();
    for (let n = 0; n < 20; n += 1) {
      expect((await guesser.get(`/api/pay/${'x'.repeat(30)}${n}`)).status).toBe(404);
    }
    expect((await guesser.get(`/api/pay/${token}`)).status).toBe(429);
    expect((await visitor().get(`/api/pay/${token}`)).status).toBe(200);
  });
});
