import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_stand_in_test';

/** The app's webhook endpoint in miniature: it accepts only events that verify. */
async function startWebhookReceiver() {
  const verifier = new Stripe('sk_test_receiver');
  const received: Stripe.Event[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const header = String(req.headers['stripe-signature']);
        received.push(verifier.webhooks.constructEvent(Buffer.concat(chunks), header, SECRET));
        res.writeHead(200).end('{"received":true}');
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    received,
    types: () => received.map((event) => event.type),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({ webhookSecret: SECRET, webhookUrl: receiver.url });
  stripe = new Stripe('sk_test_x', standIn.sdkOptions);
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});
beforeEach(async () => {
  await standIn.idle();
  receiver.received.length = 0;
});

async function paidCheckout(customer: string) {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer,
    client_reference_id: 'invoice-7',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 12_500,
          product_data: { name: 'Invoice INV-0007' },
        },
        quantity: 2,
      },
    ],
    payment_intent_data: { setup_future_usage: 'off_session', metadata: { invoiceId: '7' } },
    metadata: { clientId: '3' },
    success_url: 'http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:1/cancelled',
  });
  const sent = await standIn.completeCheckout(session.id);
  return { session, sent };
}

describe('the Stripe stand-in', () => {
  it('creates, reads and updates customers in Stripe’s shape', async () => {
    const created = await stripe.customers.create({
      email: 'ann@example.com',
      name: 'Ann',
      metadata: { clientId: '1' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      name: 'Ann',
      livemode: false,
      metadata: { clientId: '1' },
      invoice_settings: { default_payment_method: null },
    });
    expect(created.id).toMatch(/^cus_/);
    expect(created.created).toBeCloseTo(Date.now() / 1000, -1);
    const updated = await stripe.customers.update(created.id, { name: 'Ann B' });
    expect(updated.name).toBe('Ann B');
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({
      name: 'Ann B',
    });
    await standIn.idle();
    expect(receiver.received.at(-1)).toMatchObject({
      type: 'customer.updated',
      data: { previous_attributes: { name: 'Ann' } },
    });
  });

  it('completes a checkout session and sends signed events in Stripe’s order', async () => {
    const customer = await stripe.customers.create({ email: 'bo@example.com', name: 'Bo' });
    const { session, sent } = await paidCheckout(customer.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 25_000,
      currency: 'usd',
      payment_intent: null,
      url: `${standIn.url}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(sent.map(({ event }) => event.type)).toEqual([
      'payment_method.attached',
      'checkout.session.completed',
      'payment_intent.succeeded',
      'charge.succeeded',
    ]);
    expect(sent.every(({ status }) => status === 200)).toBe(true);
    expect(receiver.types()).toEqual(sent.map(({ event }) => event.type));
    expect(receiver.received[0]).toMatchObject({
      api_version: Stripe.API_VERSION,
      livemode: false,
    });

    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.payment_method'],
    });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 25_000,
    });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount_received: 25_000,
      customer: customer.id,
      setup_future_usage: 'off_session',
      metadata: { invoiceId: '7', clientId: '3' },
      payment_method: { object: 'payment_method', customer: customer.id, card: { last4: '4242' } },
    });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount: 25_000,
      paid: true,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
  });

  it('sends webhooks that verify with the secret, and only with it', async () => {
    const delivery = await standIn.sendEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect(delivery).toMatchObject({ status: 200, body: '{"received":true}' });
    expect(receiver.received).toMatchObject([
      { id: delivery.event.id, type: 'invoice.paid', data: { object: { id: 'in_1' } } },
    ]);
    expect(delivery.event.id).toMatch(/^evt_/);

    const impostor = await startStripeStandIn({ webhookSecret: 'whsec_other' });
    try {
      expect((await impostor.sendEvent('invoice.paid', {})).status).toBe(0); // no URL yet
      impostor.setWebhookUrl(receiver.url);
      const rejected = await impostor.sendEvent('invoice.paid', {});
      expect(rejected.status).toBe(400);
      expect(rejected.body).toContain('No signatures found matching the expected signature');
      expect(impostor.events.map(({ status }) => status)).toEqual([0, 400]);
    } finally {
      await impostor.close();
    }
  });

  it('charges a saved card off-session, and declines it when told to', async () => {
    const customer = await stripe.customers.create({ email: 'cy@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const pm = sent[0]!.event.data.object.id as string;
    const charge = (description: string) =>
      stripe.paymentIntents.create({
        amount: 9_900,
        currency: 'usd',
        customer: customer.id,
        payment_method: pm,
        off_session: true,
        confirm: true,
        metadata: { invoiceId: '8' },
        description,
      });

    standIn.declineNextCharges(customer.id, 1, 'insufficient_funds');
    receiver.received.length = 0;
    const error = await charge('first try').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card was declined.',
      payment_intent: { status: 'requires_payment_method', metadata: { invoiceId: '8' } },
    });
    await standIn.idle();
    expect(receiver.types()).toEqual(['payment_intent.payment_failed']);

    receiver.received.length = 0;
    const intent = await charge('second try');
    expect(intent).toMatchObject({ status: 'succeeded', amount: 9_900, payment_method: pm });
    await standIn.idle();
    expect(receiver.types()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);

    await expect(
      stripe.paymentIntents.create({ amount: 100, currency: 'usd', confirm: true }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
  });

  it('lists a customer’s cards both ways', async () => {
    const customer = await stripe.customers.create({ email: 'di@example.com' });
    await paidCheckout(customer.id);
    const viaCustomer = await stripe.customers.listPaymentMethods(customer.id);
    const viaList = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(viaCustomer).toMatchObject({ object: 'list', has_more: false });
    expect(viaCustomer.data.map((pm) => pm.card?.last4)).toEqual(['4242']);
    expect(viaList.data).toEqual(viaCustomer.data);
    expect(await stripe.paymentMethods.retrieve(viaList.data[0]!.id)).toMatchObject({
      type: 'card',
    });
  });

  it('pays and declines on the hosted checkout page', async () => {
    const customer = await stripe.customers.create({ email: 'ed@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 4_000, product_data: { name: 'Logo' } },
          quantity: 1,
        },
      ],
      success_url: 'http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:1/cancelled',
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<title>Stand-in Checkout</title>');
    expect(html).toContain('$40.00');
    expect(html).toContain('Logo');
    expect(html).toMatch(/<label for="card-number">Card number<\/label>/);
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('href="http://127.0.0.1:1/cancelled">Cancel</a>');

    const pay = (card: string) =>
      fetch(`${standIn.url}/checkout/${session.id}/pay`, {
        method: 'POST',
        body: new URLSearchParams({ card_number: card }),
        redirect: 'manual',
      });
    const declined = await pay('4000 0000 0000 0002');
    expect(await declined.text()).toContain('Your card was declined.');
    expect(standIn.checkoutSessions.get(session.id)).toMatchObject({ status: 'open' });
    expect(receiver.received).toEqual([]);

    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:1/paid?session=${session.id}`);
    expect(standIn.checkoutSessions.get(session.id)).toMatchObject({ payment_status: 'paid' });
    expect(receiver.types()).toContain('checkout.session.completed');
  });

  it('saves a new default card in the hosted billing portal', async () => {
    const customer = await stripe.customers.create({ email: 'fi@example.com' });
    await paidCheckout(customer.id);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:1/billing',
    });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
    expect(portal.id).toMatch(/^bps_/);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('<title>Stand-in Billing Portal</title>');
    expect(html).toContain('Visa ending in 4242');
    expect(html).toContain('href="http://127.0.0.1:1/billing">Return to the site</a>');

    receiver.received.length = 0;
    const saved = await fetch(`${portal.url}/cards`, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '5555 5555 5555 4444' }),
    });
    expect(await saved.text()).toContain('Mastercard ending in 4444');
    expect(receiver.types()).toEqual(['payment_method.attached', 'customer.updated']);
    const updated = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const pm = await stripe.paymentMethods.retrieve(
      updated.invoice_settings.default_payment_method as string,
    );
    expect(pm.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it('refunds and disputes a payment', async () => {
    const customer = await stripe.customers.create({ email: 'gu@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const intent = sent[2]!.event.data.object.id as string;

    const [refunded] = await standIn.refund(intent);
    expect(refunded!.event).toMatchObject({
      type: 'charge.refunded',
      data: { object: { amount_refunded: 25_000, refunded: true, payment_intent: intent } },
    });
    const [disputed] = await standIn.dispute(intent);
    expect(disputed!.event.data.object).toMatchObject({
      object: 'dispute',
      amount: 25_000,
      payment_intent: intent,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect(disputed!.event.data.object.id).toMatch(/^dp_/);
    expect(receiver.types().slice(-2)).toEqual(['charge.refunded', 'charge.dispute.created']);
  });

  it('refunds part of a payment through POST /v1/refunds, then the rest, then refuses more', async () => {
    const customer = await stripe.customers.create({ email: 'ro@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const intent = sent[2]!.event.data.object.id as string;
    await standIn.idle();
    receiver.received.length = 0;

    const part = await stripe.refunds.create(
      {
        payment_intent: intent,
        amount: 10_000,
        reason: 'requested_by_customer',
        metadata: { creditNoteId: 'cn-1' },
      },
      { idempotencyKey: 'credit-note-cn-1' },
    );
    expect(part).toMatchObject({
      object: 'refund',
      amount: 10_000,
      currency: 'usd',
      payment_intent: intent,
      reason: 'requested_by_customer',
      status: 'succeeded',
      metadata: { creditNoteId: 'cn-1' },
    });
    expect(part.id).toMatch(/^re_/);
    expect(part.charge).toMatch(/^ch_/);
    // The same key again: the same refund, not a second one.
    const again = await stripe.refunds.create(
      {
        payment_intent: intent,
        amount: 10_000,
        reason: 'requested_by_customer',
        metadata: { creditNoteId: 'cn-1' },
      },
      { idempotencyKey: 'credit-note-cn-1' },
    );
    expect(again.id).toBe(part.id);
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(
      1,
    );
    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(10_000);

    await expect(
      stripe.refunds.create({ payment_intent: intent, amount: 20_000 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      message: 'Refund amount ($200.00) is greater than unrefunded amount on charge ($150.00)',
    });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(15_000);
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    await standIn.idle();
    expect(receiver.received.map((event) => event.type)).toEqual([
      'charge.refunded',
      'charge.refunded',
    ]);
    expect(
      receiver.received.map((event) => (event.data.object as Stripe.Charge).amount_refunded),
    ).toEqual([10_000, 25_000]);
  });

  it('leaves refunds pending when told to, then settles or fails them as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'pe@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const intent = sent[2]!.event.data.object.id as string;
    standIn.setRefundsPending(true);
    const first = await stripe.refunds.create({ payment_intent: intent, amount: 5_000 });
    const second = await stripe.refunds.create({ payment_intent: intent, amount: 2_000 });
    standIn.setRefundsPending(false);
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    await standIn.idle();
    receiver.received.length = 0;

    await standIn.settleRefund(first.id);
    expect((await stripe.refunds.retrieve(first.id)).status).toBe('succeeded');
    await standIn.failRefund(second.id);
    const failed = await stripe.refunds.retrieve(second.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(failed.failure_balance_transaction).toMatch(/^txn_/);
    expect(receiver.received.map((event) => [event.type, event.data.previous_attributes])).toEqual([
      ['refund.updated', { status: 'pending' }],
      ['refund.updated', { status: 'pending', failure_reason: null }],
      ['refund.failed', { status: 'pending', failure_reason: null }],
    ]);
    // The failed refund's money is back on the charge.
    const charge = await stripe.charges.retrieve(failed.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 5_000, refunded: false });
  });

  it('refuses to refund a disputed payment', async () => {
    const customer = await stripe.customers.create({ email: 'di@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const intent = sent[2]!.event.data.object.id as string;
    await standIn.dispute(intent);
    await expect(
      stripe.refunds.create({ payment_intent: intent, amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it('answers unknown routes and bad keys with Stripe’s error envelope', async () => {
    await expect(stripe.invoices.retrieve('in_1')).rejects.toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
      message: "No such customer: 'cus_missing'",
    });
    const badKey = new Stripe('pk_test_x', standIn.sdkOptions);
    await expect(badKey.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const noKey = await fetch(`${standIn.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('replays a request sent twice with the same Idempotency-Key', async () => {
    const customer = await stripe.customers.create({ email: 'ha@example.com' });
    const { sent } = await paidCheckout(customer.id);
    const pm = sent[0]!.event.data.object.id as string;
    const params = {
      amount: 5_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm,
      off_session: true,
      confirm: true,
    };
    receiver.received.length = 0;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge-inv-9' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge-inv-9' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await stripe.paymentIntents.create(params);
    expect(other.id).not.toBe(first.id);
    await standIn.idle();
    expect(receiver.types().filter((type) => type === 'payment_intent.succeeded')).toHaveLength(2);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      body: { amount: '5000', off_session: 'true' },
      idempotencyKey: expect.stringMatching(/^stripe-node-retry-/),
    });
    await expect(
      stripe.paymentIntents.create(
        { ...params, amount: 6_000 },
        { idempotencyKey: 'charge-inv-9' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('pays out every unpaid-out balance transaction and lists them by payout, page by page', async () => {
    await standIn.payOut(); // what the tests above moved
    const customer = await stripe.customers.create({ email: 'po@example.com', name: 'Po' });
    await paidCheckout(customer.id);
    await standIn.idle();
    standIn.addBalanceTransaction({ type: 'stripe_fee', amount: -500, description: 'Radar' });
    const manual = await standIn.payOut({ automatic: false, amount: 1_000 });
    expect(manual.payout).toMatchObject({ automatic: false, amount: 1_000, status: 'paid' });
    expect((await stripe.balanceTransactions.list({ payout: manual.payout.id })).data).toEqual([]);

    const { payout, sent } = await standIn.payOut();
    expect(sent.map((delivery) => delivery.event.type)).toEqual(['payout.paid']);
    const listed = await stripe.balanceTransactions
      .list({ payout: payout.id, limit: 1, expand: ['data.source'] })
      .autoPagingToArray({ limit: 100 });
    const [own, fee, charge] = listed;
    expect(listed).toHaveLength(3);
    expect(own).toMatchObject({ type: 'payout', amount: -payout.amount });
    expect(fee).toMatchObject({ type: 'stripe_fee', amount: -500, fee: 0, net: -500 });
    // 2.9% + 30¢ of the session's $250.00.
    expect(charge).toMatchObject({ type: 'charge', amount: 25_000, fee: 755, net: 24_245 });
    expect((charge!.source as Stripe.Charge).payment_intent).toMatch(/^pi_/);
    expect(payout.amount).toBe(24_245 - 500);
    expect(await stripe.payouts.retrieve(payout.id)).toMatchObject({ status: 'paid' });

    const [failed] = await standIn.failPayout(payout.id, 'No such account');
    expect(failed!.event).toMatchObject({
      type: 'payout.failed',
      data: { object: { status: 'failed', failure_message: 'No such account' } },
    });
  });
});
