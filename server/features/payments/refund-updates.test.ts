import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import {
  auditEvents,
  creditNotes,
  failedRefunds,
  invoices,
  outboxMessages,
  payments,
} from '../../db/schema';
import { clientWithSentInvoice, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import type { StripeEventSent, StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

/**
 * A card refund Stripe accepts as pending can fail days later at the bank (the card was
 * closed): the money is back in the agency's Stripe balance, and what the refund did is undone.
 */
const WEBHOOK_SECRET = 'whsec_test_refund_updates';
const clock = createTestClock('2026-03-10T12:00:00.000Z');
let t: TestApp;
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET, {}, { clock }));
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A client's invoice of `total`, paid by card on the Stripe stand-in's Checkout page. */
async function paidByCard(total: number, firstName: string) {
  const { invoice, client } = await clientWithSentInvoice(t, total, { firstName });
  const started = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
  const { url } = (await started.json()) as { url: string };
  await stripe.completeCheckout(new URL(url).pathname.split('/').pop()!);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  return { invoice, payment: payment! };
}

const delivered = (sent: StripeEventSent[]) =>
  sent.map(({ event, status }) => [event.type, status]);

async function row(id: string) {
  const [found] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return found!;
}

async function paymentRow(id: string) {
  const [found] = await t.database.db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

async function failureAudits(invoiceId: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, 'payment.refund_failed'), eq(auditEvents.targetId, invoiceId)));
}

/** The owner's e-mails about a failed refund of the invoice's money. */
async function ownerMail(invoice: { id: string; clientName: string }) {
  await t.services.notifications.idle();
  const { businessEmail } = await t.services.settings.getPublic();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toAddress, businessEmail.toLowerCase()),
        like(outboxMessages.subject, `A card refund of % to ${invoice.clientName} failed`),
        like(outboxMessages.text, `%/admin/invoices/${invoice.id}%`),
      ),
    );
}

describe("a credit note's card refund", () => {
  it('that fails is flagged, audited and mailed once, and the note is returned by hand', async () => {
    const { invoice, payment } = await paidByCard(30_000, 'Solene');
    stripe.setRefundsPending(true);
    try {
      const issued = await admin
        .post(`/api/admin/invoices/${invoice.id}/credit-notes`)
        .send({ amountCents: 10_000, reason: 'One page less' });
      expect(issued.status).toBe(201);
      expect(issued.body.creditNote).toMatchObject({
        refundAmount: 10_000,
        refundStatus: 'pending',
      });
      const note = issued.body.creditNote as { id: string; stripeRefundId: string };
      await stripe.idle();

      // Stripe sends refund.updated and refund.failed for the one failure.
      const sent = await stripe.failRefund(note.stripeRefundId);
      expect(delivered(sent)).toEqual([
        ['refund.updated', 200],
        ['refund.failed', 200],
      ]);

      const [failed] = await t.database.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.id, note.id));
      // The note stays, numbered; its money is now the agency's to give back another way.
      expect(failed).toMatchObject({
        status: 'issued',
        amount: 10_000,
        refundAmount: 0,
        refundStatus: 'failed',
      });
      const detail = expectJson(
        await admin.get(`/api/admin/invoices/${invoice.id}`),
        InvoiceDetailSchema,
      );
      expect(detail.invoice).toMatchObject({ status: 'paid', amountPaid: 30_000 });
      expect(detail.invoice.paymentFlags.map((flag) => flag.message)).toEqual([
        `Stripe could not refund $100.00 to the card for credit note ${failed!.creditNoteNumber} (expired or canceled card): the money is back in your Stripe balance. Return it to the client another way.`,
      ]);
      expect(detail.creditNotes[0]).toMatchObject({ refundAmount: 0, refundStatus: 'failed' });
      expect(
        await t.database.db
          .select()
          .from(failedRefunds)
          .where(eq(failedRefunds.stripeRefundId, note.stripeRefundId)),
      ).toEqual([
        expect.objectContaining({
          paymentId: payment.id,
          creditNoteId: note.id,
          amount: 10_000,
          reason: 'expired_or_canceled_card',
        }),
      ]);
      const [audit, ...more] = await failureAudits(invoice.id);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({
        actorAdminId: null,
        actorEmail: 'stripe webhook',
        targetType: 'invoice',
        after: expect.objectContaining({
          refundId: note.stripeRefundId,
          reason: 'expired_or_canceled_card',
          creditNoteNumber: failed!.creditNoteNumber,
        }),
      });
      const [mail, ...again] = await ownerMail(invoice);
      expect(again).toEqual([]);
      expect(mail!.subject).toBe(`A card refund of $100.00 to ${invoice.clientName} failed`);
      expect(mail!.text).toContain(
        `It was the refund of credit note ${failed!.creditNoteNumber}: ${invoice.clientName} still has $100.00 to get back.`,
      );

      // The card can take the whole payment back again: a refund in the dashboard of all
      // that Stripe holds of it reopens the invoice, none of it taken for the failed note's.
      stripe.setRefundsPending(false);
      await stripe.refund(payment.stripePaymentIntentId!);
      expect(await paymentRow(payment.id)).toMatchObject({ refundedAmount: 30_000 });
      expect(await row(invoice.id)).toMatchObject({ status: 'sent', amountPaid: 0 });
    } finally {
      stripe.setRefundsPending(false);
    }
  });

  it('that goes through says so', async () => {
    const { invoice } = await paidByCard(12_000, 'Maelle');
    stripe.setRefundsPending(true);
    const issued = await admin
      .post(`/api/admin/invoices/${invoice.id}/credit-notes`)
      .send({ reason: 'Goodwill' });
    stripe.setRefundsPending(false);
    expect(issued.body.creditNote.refundStatus).toBe('pending');
    await stripe.idle();
    expect(delivered(await stripe.settleRefund(issued.body.creditNote.stripeRefundId))).toEqual([
      ['refund.updated', 200],
    ]);
    const [settled] = await t.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.id, issued.body.creditNote.id));
    expect(settled).toMatchObject({ refundAmount: 12_000, refundStatus: 'succeeded' });
    expect((await row(invoice.id)).paymentFlags).toEqual([]);
  });
});

describe('a refund made in the Stripe dashboard', () => {
  it('that fails counts toward the invoice again, which is paid again', async () => {
    const { invoice, payment } = await paidByCard(20_000, 'Gaelle');
    stripe.setRefundsPending(true);
    try {
      await stripe.refund(payment.stripePaymentIntentId!);
    } finally {
      stripe.setRefundsPending(false);
    }
    expect(await row(invoice.id)).toMatchObject({ status: 'sent', amountPaid: 0 });
    const [refund] = [...stripe.refunds.values()].filter(
      (made) => made.payment_intent === payment.stripePaymentIntentId,
    );

    const sent = await stripe.failRefund(refund!.id, 'lost_or_stolen_card');
    expect(delivered(sent)).toEqual([
      ['refund.updated', 200],
      ['refund.failed', 200],
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedAmount: 0, refundedAt: null });
    const after = await row(invoice.id);
    expect(after).toMatchObject({ status: 'paid', amountPaid: 20_000 });
    expect(after.paymentFlags.map((flag) => flag.message)).toEqual([
      'Stripe could not make the refund of $200.00 of a card payment of $200.00 (lost or stolen card): the money is back in your Stripe balance and counts again. Refund it again in Stripe if it is still owed.',
    ]);
    expect(await failureAudits(invoice.id)).toHaveLength(1);
    const [mail, ...again] = await ownerMail(invoice);
    expect(again).toEqual([]);
    expect(mail!.text).toContain(
      `It was a refund made in the Stripe dashboard, so it no longer counts as given back: $200.00 counts toward invoice ${invoice.invoiceNumber} again, which is paid again.`,
    );
  });
});
