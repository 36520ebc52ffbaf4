import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { PaymentListPageSchema } from '@shared/schemas/payments';
import { PayoutDetailSchema, PayoutPageSchema } from '@shared/schemas/payouts';
import { payments, payoutLines } from '../../db/schema';
import { clientWithSentInvoice, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import type { StripeObject, StripeStandIn } from '@tests/support/stripe-stand-in';
import { startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_payouts';
let t: TestApp;
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET));
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Stripe's US card fee as the stand-in charges it: 2.9% + 30¢. */
const fee = (amount: number) => Math.round(amount * 0.029) + 30;
const arrival = (payout: StripeObject) =>
  new Date(payout.arrival_date * 1000).toISOString().slice(0, 10);

/** A client's invoice of `total`, paid by card on the stand-in's Checkout page. */
async function paidByCard(total: number, firstName: string) {
  const { client, invoice } = await clientWithSentInvoice(t, total, { firstName });
  const started = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
  const { url } = (await started.json()) as { url: string };
  await stripe.completeCheckout(new URL(url).pathname.split('/').pop()!);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  return { invoice, payment: payment! };
}

async function payOut(opts?: Parameters<StripeStandIn['payOut']>[0]) {
  const { payout, sent } = await stripe.payOut(opts);
  expect(sent.map((delivery) => delivery.status)).toEqual([200]);
  return payout;
}

const detail = async (id: string) =>
  expectJson(await admin.get(`/api/admin/payouts/${id}`), PayoutDetailSchema);

/** The same signed event delivered again, as Stripe retries one. */
async function redeliver(event: StripeObject) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return admin
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(payload);
}

let paidPayout: StripeObject;
let cardPayment: Awaited<ReturnType<typeof paidByCard>>;

describe('an automatic payout', () => {
  it('lists the card payment and the credit note refund it held, matched, with exact gross, fees and net', async () => {
    cardPayment = await paidByCard(30_000, 'Aurore');
    const refunded = await paidByCard(10_000, 'Basile');
    const credited = await admin
      .post(`/api/admin/invoices/${refunded.invoice.id}/credit-notes`)
      .send({ reason: 'The logo was never delivered' });
    expect(credited.status).toBe(201);
    await stripe.idle();

    paidPayout = await payOut();
    const fees = fee(30_000) + fee(10_000);
    expect(paidPayout.amount).toBe(30_000 + 10_000 - 10_000 - fees);

    const page = expectJson(await admin.get('/api/admin/payouts'), PayoutPageSchema);
    expect(page.items).toEqual([
      {
        id: paidPayout.id,
        status: 'paid',
        arrivalDate: arrival(paidPayout),
        gross: 30_000,
        fees,
        net: 30_000 - fees,
        currency: 'usd',
        automatic: true,
        unmatched: 0,
        failureMessage: null,
      },
    ]);
    const { lines } = await detail(paidPayout.id);
    expect(
      lines.map(
        ({ kind, amount, fee: kept, net, invoiceNumber, matched, paymentId, creditNoteId }) => ({
          kind,
          amount,
          fee: kept,
          net,
          invoiceNumber,
          matched,
          paymentId,
          creditNoteId,
        }),
      ),
    ).toEqual([
      {
        kind: 'charge',
        amount: 30_000,
        fee: fee(30_000),
        net: 30_000 - fee(30_000),
        invoiceNumber: cardPayment.invoice.invoiceNumber,
        matched: true,
        paymentId: cardPayment.payment.id,
        creditNoteId: null,
      },
      {
        kind: 'charge',
        amount: 10_000,
        fee: fee(10_000),
        net: 10_000 - fee(10_000),
        invoiceNumber: refunded.invoice.invoiceNumber,
        matched: true,
        paymentId: refunded.payment.id,
        creditNoteId: null,
      },
      {
        kind: 'refund',
        amount: -10_000,
        fee: 0,
        net: -10_000,
        invoiceNumber: refunded.invoice.invoiceNumber,
        matched: true,
        paymentId: null,
        creditNoteId: credited.body.creditNote.id,
      },
    ]);
  });

  it('shows on each payment the payout it arrived in and what Stripe kept of it', async () => {
    const expected = {
      payoutId: paidPayout.id,
      arrivalDate: arrival(paidPayout),
      status: 'paid',
      fee: fee(30_000),
    };
    const list = expectJson(await admin.get('/api/admin/payments'), PaymentListPageSchema);
    expect(list.items.find((item) => item.id === cardPayment.payment.id)?.payout).toEqual(expected);
    const invoice = expectJson(
      await admin.get(`/api/admin/invoices/${cardPayment.invoice.id}`),
      InvoiceDetailSchema,
    );
    expect(invoice.payments.map((payment) => payment.payout)).toEqual([expected]);
  });

  it('flags a charge that is none of our payments as unmatched', async () => {
    const matched = await paidByCard(5_000, 'Camille');
    stripe.addBalanceTransaction({
      type: 'charge',
      amount: 2_000,
      fee: 88,
      source: 'ch_made_in_the_dashboard',
      description: 'A sale made in the Stripe dashboard',
    });
    const payout = await payOut();

    const flagged = expectJson(
      await admin.get('/api/admin/payouts?unmatched=true'),
      PayoutPageSchema,
    );
    expect(flagged.items.map((item) => [item.id, item.unmatched])).toEqual([[payout.id, 1]]);
    const { lines, gross, fees, net } = await detail(payout.id);
    expect({ gross, fees, net }).toEqual({
      gross: 7_000,
      fees: fee(5_000) + 88,
      net: 7_000 - fee(5_000) - 88,
    });
    expect(lines.map((line) => [line.sourceId, line.paymentId, line.matched])).toEqual([
      [matched.payment.stripeChargeId ?? expect.stringMatching(/^ch_/), matched.payment.id, true],
      ['ch_made_in_the_dashboard', null, false],
    ]);
  });
});

describe('a payout the bank returned', () => {
  it('is failed with its reason, keeps its lines, and a replayed payout.paid changes nothing', async () => {
    const [failed] = await stripe.failPayout(paidPayout.id, 'The bank account has been closed.');
    expect(failed!.status).toBe(200);
    const shown = await detail(paidPayout.id);
    expect(shown).toMatchObject({
      status: 'failed',
      failureMessage: 'The bank account has been closed.',
      net: paidPayout.amount,
    });
    expect(shown.lines).toHaveLength(3);

    const original = stripe.events.find(
      (sent) => sent.event.type === 'payout.paid' && sent.event.data.object.id === paidPayout.id,
    )!;
    const replay = await redeliver(original.event);
    expect(replay.status).toBe(200);
    expect((await detail(paidPayout.id)).status).toBe('failed');
    const kept = await t.database.db
      .select()
      .from(payoutLines)
      .where(eq(payoutLines.payoutId, paidPayout.id));
    expect(kept).toHaveLength(3);

    const list = expectJson(await admin.get('/api/admin/payments'), PaymentListPageSchema);
    expect(list.items.find((item) => item.id === cardPayment.payment.id)?.payout?.status).toBe(
      'failed',
    );
    const onlyFailed = expectJson(
      await admin.get('/api/admin/payouts?status=failed'),
      PayoutPageSchema,
    );
    expect(onlyFailed.items.map((item) => item.id)).toEqual([paidPayout.id]);
  });
});

describe('a manual payout', () => {
  it('is matched to the one payment not paid out yet whose net is its amount, else flagged', async () => {
    const manual = await paidByCard(20_000, 'Dorothée');
    const payout = await payOut({ automatic: false, amount: 20_000 - fee(20_000) });
    const matched = await detail(payout.id);
    expect(matched).toMatchObject({
      automatic: false,
      gross: 20_000,
      fees: fee(20_000),
      unmatched: 0,
    });
    expect(matched.lines.map((line) => [line.kind, line.paymentId])).toEqual([
      ['charge', manual.payment.id],
    ]);

    const unknown = await payOut({ automatic: false, amount: 12_345 });
    const flagged = await detail(unknown.id);
    expect(flagged).toMatchObject({ gross: 12_345, fees: 0, net: 12_345, unmatched: 1 });
    expect(flagged.lines.map((line) => [line.kind, line.matched, line.description])).toEqual([
      ['other', false, 'Manual payout: no single payment of this amount to match'],
    ]);
  });
});
