import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSettingsSchema, PayLinkInvoiceSchema } from '@shared/schemas/payments';
import {
  auditEvents,
  invoices,
  outboxMessages,
  payments,
  stripeEvents,
  users,
} from '../../db/schema';
import {
  clientWithSentInvoice,
  createInvoice,
  signedInAdmin,
  signedInClient,
} from '@tests/factories';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_payments_routes';

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

type Client = Awaited<ReturnType<typeof signedInClient>>;

/** A signed-in client with a sent invoice of theirs. */
const clientWithInvoice = (total = 39_900) => clientWithSentInvoice(t, total);

async function pay(client: Client, invoiceId: string) {
  const res = await client.browser.request('POST', `/api/invoices/${invoiceId}/pay`);
  return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
}

/** The Checkout session behind a url the app answered. */
function sessionOf(url: string) {
  const id = new URL(url).pathname.split('/').pop()!;
  const session = stripe.checkoutSessions.get(id);
  if (!session) throw new Error(`no checkout session ${id}`);
  return session;
}

async function invoiceRow(id: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** The messages of an invoice's warnings (its row or its API answer), oldest first. */
function warningsOf(invoice: { paymentFlags: Array<{ message: string }> }) {
  return invoice.paymentFlags.map((flag) => flag.message);
}

async function paymentsOf(invoiceId: string) {
  return t.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

async function mailTo(address: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()));
}

/** Posts an event to the app's webhook as Stripe would, signed with `secret`. */
function postEvent(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return request(t.app)
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
}

describe('paying an invoice by card', () => {
  it('goes from Pay now through Checkout to a paid invoice, a saved card and a receipt', async () => {
    const { client, invoice } = await clientWithInvoice();
    const started = await pay(client, invoice.id);
    expect(started.status).toBe(200);
    const session = sessionOf(started.body.url!);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 39_900,
      currency: 'usd',
      metadata: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
    });
    expect(session.success_url).toBe(
      `${t.baseUrl}/portal/dashboard?invoice=${invoice.id}&payment=success`,
    );
    // The client's customer at Stripe, made once and kept.
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    expect(session.customer).toBe(stored!.stripeCustomerId);
    const checkoutRequest = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(checkoutRequest?.body).toMatchObject({
      payment_intent_data: { setup_future_usage: 'off_session' },
    });

    // Nothing is recorded until Stripe says the money moved.
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const delivered = await stripe.completeCheckout(session.id);
    expect(delivered.every((sent) => sent.status === 200)).toBe(true);

    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', amountPaid: 39_900 });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      amount: 39_900,
      method: 'card',
      flag: null,
      stripeCheckoutSessionId: session.id,
    });
    // Checkout completed and the PaymentIntent succeeded: two events, one payment.
    expect(await paymentsOf(invoice.id)).toHaveLength(1);

    const mail = await mailTo(client.account.email);
    const receipt = mail.find((m) => m.subject.startsWith('Receipt for invoice'));
    expect(receipt?.attachments[0]?.filename).toBe(`${invoice.invoiceNumber}-paid.pdf`);

    const billing = PaymentSettingsSchema.parse(
      await (await client.browser.request('GET', '/api/billing')).json(),
    );
    expect(billing).toEqual({
      onlinePayments: true,
      paymentInstructions: '',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number) },
      autoPay: true,
    });

    // A second invoice reuses the same customer.
    const second = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'overdue',
    });
    const again = await pay(client, second.id);
    expect(sessionOf(again.body.url!).customer).toBe(stored!.stripeCustomerId);
    expect(stripe.customers.size).toBeGreaterThan(0);
    expect(
      [...stripe.customers.values()].filter((c) => c.metadata?.userId === client.user.id),
    ).toHaveLength(1);
  });

  it("answers 404 for another client's invoice, 409 for a draft or a paid one", async () => {
    const { invoice } = await clientWithInvoice();
    const stranger = await signedInClient(t.baseUrl);
    expect((await pay(stranger, invoice.id)).status).toBe(404);
    expect((await pay(stranger, 'not-an-id')).status).toBe(404);

    const { client } = await clientWithInvoice();
    const draft = await createInvoice(t.database, { userId: client.user.id, status: 'draft' });
    expect(await pay(client, draft.id)).toEqual({
      status: 409,
      body: { message: 'This invoice cannot be paid yet' },
    });
    const tiny = await createInvoice(t.database, {
      userId: client.user.id,
      status: 'sent',
      total: 49,
      subtotal: 49,
    });
    expect(await pay(client, tiny.id)).toEqual({
      status: 409,
      body: {
        message: 'Amounts under $0.50 cannot be paid by card. Please pay as the invoice describes.',
      },
    });
    const paid = await createInvoice(t.database, { userId: client.user.id, status: 'paid' });
    expect(await pay(client, paid.id)).toEqual({
      status: 409,
      body: { message: 'This invoice is already paid' },
    });
    expect((await request(t.app).post(`/api/invoices/${invoice.id}/pay`)).status).toBe(401);
  });

  it('has its effect once when an event is replayed or delivered twice at once', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    const sent = await stripe.completeCheckout(session.id);
    const completed = sent.find((s) => s.event.type === 'checkout.session.completed')!.event;
    expect(await paymentsOf(invoice.id)).toHaveLength(1);

    // The same event again, and twice at once: still one payment, one event row.
    expect((await postEvent(completed)).status).toBe(200);
    const [a, b] = await Promise.all([postEvent(completed), postEvent(completed)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).amountPaid).toBe(39_900);
    const rows = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, completed.id));
    expect(rows).toHaveLength(1);

    // A new event never seen before, delivered twice at the same moment: one payment.
    const other = await clientWithInvoice();
    const fresh = {
      ...completed,
      id: 'evt_concurrent_first_delivery',
      data: {
        object: {
          ...completed.data.object,
          id: 'cs_test_concurrent',
          payment_intent: 'pi_concurrent',
          metadata: { invoiceId: other.invoice.id },
        },
      },
    };
    const both = await Promise.all([postEvent(fresh), postEvent(fresh)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await paymentsOf(other.invoice.id)).toHaveLength(1);
    expect(await invoiceRow(other.invoice.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses a missing or bad signature with a 400 and changes nothing', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    stripe.setWebhookUrl('');
    const sent = await stripe.completeCheckout(session.id);
    stripe.setWebhookUrl(`${t.baseUrl}/api/webhooks/stripe`);
    const completed = sent.find((s) => s.event.type === 'checkout.session.completed')!.event;

    const forged = await postEvent(completed, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: 'Invalid Stripe signature' });
    const unsigned = await request(t.app)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(JSON.stringify(completed));
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toEqual({ message: 'Missing Stripe-Signature header' });
    // A body changed after signing fails too.
    const payload = JSON.stringify(completed);
    const tampered = await request(t.app)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set(
        'stripe-signature',
        Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      )
      .send(payload.replace('"amount_total":39900', '"amount_total":1'));
    expect(tampered.status).toBe(400);

    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect((await invoiceRow(invoice.id)).status).toBe('sent');
    const recorded = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, completed.id));
    expect(recorded).toHaveLength(0);
  });

  it('records an amount that does not match the balance without marking the invoice paid', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    await stripe.completeCheckout(session.id, { amount: 10_000 });
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'sent', amountPaid: 0 });
    expect(warningsOf(row)).toEqual([
      'A card payment of $100.00 USD did not match the balance due of $399.00: it does not count until you check it.',
    ]);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ amount: 10_000, flag: warningsOf(row)[0] });
    const detail = await admin.get(`/api/admin/invoices/${invoice.id}`);
    expect(warningsOf(detail.body.invoice)).toEqual(warningsOf(row));
    expect(detail.body.payments[0]).toMatchObject({
      amount: 10_000,
      method: 'card',
      stripeDashboardUrl: `https://dashboard.stripe.com/test/payments/${payment!.stripePaymentIntentId}`,
    });

    // The owner refunds it in Stripe and marks the check resolved: the warning goes.
    const resolved = await admin.post(`/api/admin/invoices/${invoice.id}/resolve-flag`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.invoice).toMatchObject({
      paymentFlags: [],
      status: 'sent',
      amountPaid: 0,
    });
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/resolve-flag`)).status).toBe(409);
  });

  it('opens a paid invoice again when Stripe refunds its payment, and flags a dispute', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    await stripe.completeCheckout(session.id);
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;
    expect((await invoiceRow(invoice.id)).status).toBe('paid');

    await stripe.dispute(intentId);
    expect(warningsOf(await invoiceRow(invoice.id))).toEqual([
      'The client disputed a card payment of $399.00 (fraudulent): answer it in the Stripe dashboard.',
    ]);

    await stripe.refund(intentId);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'sent', amountPaid: 0, paidAt: null });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment!.refundedAt).toBeInstanceOf(Date);
  });
});

describe('warnings on an invoice', () => {
  it('keeps every warning, shows each, and resolves one or all of them, audited', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    await stripe.completeCheckout(session.id, { amount: 10_000 });
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;
    await stripe.dispute(intentId);
    const mismatch =
      'A card payment of $100.00 USD did not match the balance due of $399.00: it does not count until you check it.';
    const dispute =
      'The client disputed a card payment of $100.00 (fraudulent): answer it in the Stripe dashboard.';

    // The dispute does not overwrite the first warning: both are listed, oldest first.
    const detail = await admin.get(`/api/admin/invoices/${invoice.id}`);
    const flags = detail.body.invoice.paymentFlags as Array<{ id: string; message: string }>;
    expect(flags.map((flag) => flag.message)).toEqual([mismatch, dispute]);
    const listed = await admin.get(`/api/admin/invoices?q=${invoice.invoiceNumber}`);
    expect(listed.body.items[0].paymentFlags).toEqual(flags);

    const one = await admin
      .post(`/api/admin/invoices/${invoice.id}/resolve-flag`)
      .send({ flagId: flags[1]!.id });
    expect(one.status).toBe(200);
    expect(one.body.invoice.paymentFlags).toEqual([flags[0]]);
    const bad = await admin
      .post(`/api/admin/invoices/${invoice.id}/resolve-flag`)
      .send({ flagId: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose the warning to resolve again');
    const gone = await admin
      .post(`/api/admin/invoices/${invoice.id}/resolve-flag`)
      .send({ flagId: flags[1]!.id });
    expect(gone.status).toBe(409);

    const all = await admin.post(`/api/admin/invoices/${invoice.id}/resolve-flag`);
    expect(all.body.invoice.paymentFlags).toEqual([]);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'invoice.payment_flag_resolved'),
          eq(auditEvents.targetId, invoice.id),
        ),
      )
      .orderBy(asc(auditEvents.createdAt));
    expect(audited.map((row) => row.before)).toEqual([
      { paymentFlags: [dispute] },
      { paymentFlags: [mismatch] },
    ]);
    // The flagged payment was what the mismatch was about: it is marked dealt with too.
    const [payment] = await paymentsOf(invoice.id);
    expect(payment!.flagResolvedAt).toBeInstanceOf(Date);
  });
});

describe('money that moves back', () => {
  it('counts a partial refund off the invoice and reopens it', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    await stripe.completeCheckout(session.id);
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;
    const charge = [...stripe.charges.values()].find((c) => c.payment_intent === intentId)!;
    const partly = await stripe.sendEvent('charge.refunded', {
      ...charge,
      amount_refunded: 9_900,
      refunded: false,
    });
    expect(partly.status).toBe(200);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'sent', amountPaid: 30_000, paidAt: null });
    expect(warningsOf(row)).toEqual([
      'Stripe refunded $99.00 of a card payment of $399.00: the rest still counts toward the invoice.',
    ]);
    // Then the rest: the payment counts for nothing.
    await stripe.refund(intentId);
    expect(await invoiceRow(invoice.id)).toMatchObject({ amountPaid: 0 });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ refundedAmount: 39_900 });
    expect(payment!.refundedAt).toBeInstanceOf(Date);
  });

  it('asks Stripe to deliver a refund again when it comes before its payment', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    stripe.setWebhookUrl('');
    const held = await stripe.completeCheckout(session.id);
    stripe.setWebhookUrl(`${t.baseUrl}/api/webhooks/stripe`);
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;
    const charge = [...stripe.charges.values()].find((c) => c.payment_intent === intentId)!;
    const early = await stripe.sendEvent('charge.refunded', {
      ...charge,
      amount_refunded: charge.amount,
      refunded: true,
    });
    expect(early.status).toBe(500);
    // The payment arrives, then Stripe's next delivery of the refund: both take effect.
    for (const sent of held) expect((await postEvent(sent.event)).status).toBe(200);
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
    expect((await postEvent(early.event)).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'sent', amountPaid: 0 });
  });

  it("lets a refund of someone else's charge go", async () => {
    const foreign = await stripe.sendEvent('charge.refunded', {
      id: 'ch_not_ours',
      object: 'charge',
      amount: 1_000,
      amount_refunded: 1_000,
      payment_intent: null,
    });
    expect(foreign.status).toBe(200);
  });
});

describe('payments the admin records', () => {
  it('add up to paid, showing the balance due, and the covering one sends a receipt', async () => {
    const { client, invoice } = await clientWithInvoice(30_000);
    const first = await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 10_000, method: 'check', paidOn: '2026-11-20', reference: 'Check #1042' });
    expect(first.status).toBe(201);
    expect(first.body.invoice).toMatchObject({ status: 'sent', amountPaid: 10_000 });
    expect(first.body.payments).toEqual([
      expect.objectContaining({
        amount: 10_000,
        method: 'check',
        reference: 'Check #1042',
        // The day received, kept as its noon in the business's zone (Chicago, CST).
        paidAt: '2026-11-20T18:00:00.000Z',
        stripeDashboardUrl: null,
      }),
    ]);
    expect(
      (await mailTo(client.account.email)).filter((m) => m.subject.startsWith('Receipt')),
    ).toHaveLength(0);

    // The client sees the balance in their billing history.
    const history = await (await client.browser.request('GET', '/api/invoices')).json();
    expect(history.items.find((i: { id: string }) => i.id === invoice.id)).toMatchObject({
      total: 30_000,
      amountPaid: 10_000,
      status: 'sent',
    });
    // Online, only the balance is asked for.
    const session = sessionOf((await pay(client, invoice.id)).body.url!);
    expect(session.amount_total).toBe(20_000);

    const second = await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 20_000, method: 'bank_transfer', paidOn: '2026-11-22', reference: '' });
    expect(second.body.invoice).toMatchObject({ status: 'paid', amountPaid: 30_000 });
    expect(second.body.invoice.paidAt).toBe('2026-11-22T18:00:00.000Z');
    expect(
      (await mailTo(client.account.email)).filter((m) => m.subject.startsWith('Receipt')),
    ).toHaveLength(1);

    const again = await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 100, method: 'cash', paidOn: '2026-11-22', reference: '' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An invoice that is paid cannot take a payment');

    // Money received stays on record: the invoice cannot be deleted any more.
    const removed = await admin.delete(`/api/admin/invoices/${invoice.id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(
      'An invoice with payments cannot be deleted: the money received stays on record.',
    );
    expect(await paymentsOf(invoice.id)).toHaveLength(2);
  });

  it('closes a checkout page left open once a payment changes what is owed', async () => {
    const { client, invoice } = await clientWithInvoice();
    const firstTab = sessionOf((await pay(client, invoice.id)).body.url!);
    // A second tab: the first page is closed, only the newest can take the money.
    const secondTab = sessionOf((await pay(client, invoice.id)).body.url!);
    expect(stripe.checkoutSessions.get(firstTab.id)!.status).toBe('expired');
    expect(stripe.checkoutSessions.get(secondTab.id)!.status).toBe('open');

    // The owner records the transfer the client made meanwhile: the open page is closed too,
    // so the client cannot pay the invoice a second time by card.
    await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 39_900, method: 'bank_transfer', paidOn: '2026-11-20', reference: '' });
    expect(stripe.checkoutSessions.get(secondTab.id)!.status).toBe('expired');
    const page = await fetch(`${stripe.url}/checkout/${secondTab.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=4242424242424242',
    });
    expect(page.status).toBe(409);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('refuses more than the balance due, a typo the owner could not undo', async () => {
    const { invoice } = await clientWithInvoice(30_000);
    const tooMuch = await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 300_000, method: 'check', paidOn: '2026-11-20', reference: '' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('The payment is more than the balance due of $300.00');
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it('refuses bad input with the schema message and records nothing', async () => {
    const { invoice } = await clientWithInvoice();
    const cases: Array<[object, string]> = [
      [{ amount: 0, method: 'cash', paidOn: '2026-11-20' }, 'Amount must be more than $0.00'],
      [
        { amount: 1.5, method: 'cash', paidOn: '2026-11-20' },
        'Amount must be a whole number of cents',
      ],
      [
        { amount: 100, method: 'card', paidOn: '2026-11-20' },
        'Method must be bank transfer, check, cash or other',
      ],
      [{ amount: 100, method: 'cash', paidOn: 'yesterday' }, 'Date received is required'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`/api/admin/invoices/${invoice.id}/payments`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const client = await signedInClient(t.baseUrl);
    const asClient = await client.browser.request(
      'POST',
      `/api/admin/invoices/${invoice.id}/payments`,
      { amount: 100, method: 'cash', paidOn: '2026-11-20' },
    );
    expect(asClient.status).toBe(401);
  });

  it('show on the dashboard as collected, outstanding and overdue', async () => {
    const before = (await admin.get('/api/admin/dashboard-stats')).body;
    const overdue = await createInvoice(t.database, { status: 'overdue', total: 5_000 });
    await admin
      .post(`/api/admin/invoices/${overdue.id}/payments`)
      .send({ amount: 2_000, method: 'cash', paidOn: new Date().toISOString().slice(0, 10) });
    const after = (await admin.get('/api/admin/dashboard-stats')).body;
    expect(after.collectedThisMonth - before.collectedThisMonth).toBe(2_000);
    expect(after.overdue - before.overdue).toBe(3_000);
    expect(after.outstanding - before.outstanding).toBe(3_000);
  });
});

describe('the pay link', () => {
  it('is in the invoice e-mail and shows the invoice and a Pay button without signing in', async () => {
    const draft = await createInvoice(t.database, {
      status: 'draft',
      clientName: 'Luc Fontenot',
      clientEmail: 'luc@example.com',
      total: 19_900,
      subtotal: 19_900,
      dueDate: '2026-12-07',
    });
    // "Send" on a draft e-mails it.
    const sent = await admin.patch(`/api/admin/invoices/${draft.id}`).send({ status: 'sent' });
    expect(sent.status).toBe(200);
    expect(sent.body.invoice.status).toBe('sent');
    const [mail] = await mailTo('luc@example.com');
    expect(mail?.text).toContain('due Dec 7, 2026');
    const link = /Pay this invoice online: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toMatch(new RegExp(`^${t.baseUrl}/pay/[\\w-]{40,}$`));
    const token = link!.split('/').pop()!;
    // Only its hash is stored.
    expect((await invoiceRow(draft.id)).payTokenHash).not.toContain(token);

    const shown = await request(t.app).get(`/api/pay/${token}`);
    expect(shown.status).toBe(200);
    expect(PayLinkInvoiceSchema.parse(shown.body)).toEqual({
      invoiceNumber: draft.invoiceNumber,
      businessName: 'Coast & Code Studio',
      clientName: 'Luc Fontenot',
      dateIssued: draft.dateIssued,
      dueDate: '2026-12-07',
      status: 'sent',
      total: 19_900,
      amountPaid: 0,
      taxes: [],
      taxExemptCertificate: null,
      onlinePayments: true,
      paymentInstructions: '',
      lateFeeTerms: null,
    });

    const started = await request(t.app).post(`/api/pay/${token}`);
    expect(started.status).toBe(200);
    const session = sessionOf(started.body.url);
    expect(session).toMatchObject({ amount_total: 19_900, customer_email: 'luc@example.com' });
    // Whoever holds the link may not be the client: no card is kept for renewals.
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(created?.body.payment_intent_data).not.toHaveProperty('setup_future_usage');
    expect(session.success_url).toBe(`${t.baseUrl}/pay/${token}?payment=success`);
    await stripe.completeCheckout(session.id);
    expect((await request(t.app).get(`/api/pay/${token}`)).body.status).toBe('paid');
    const payAgain = await request(t.app).post(`/api/pay/${token}`);
    expect(payAgain.status).toBe(409);

    const wrong = await request(t.app).get(`/api/pay/${token.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: 'This pay link is not valid' });
  });
});

describe('a pay link of a client with a saved card', () => {
  it('opens Checkout without their Stripe customer, so nothing of theirs is prefilled', async () => {
    const { client, invoice } = await clientWithInvoice();
    // The client paid once from the portal: their Stripe customer holds a card and address.
    await stripe.completeCheckout(sessionOf((await pay(client, invoice.id)).body.url!).id);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    expect(stored!.stripeCustomerId).toEqual(expect.any(String));
    const second = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'sent',
    });
    const link = await t.services.payments.payLink(second.id);
    const started = await request(t.app).post(`/api/pay/${link!.url.split('/').pop()}`);
    expect(started.status).toBe(200);
    const session = sessionOf(started.body.url);
    expect(session.customer).toBeNull();
    expect(session.customer_email).toBe(client.account.email);
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(created?.body).not.toHaveProperty('customer');
    expect(created?.body.payment_intent_data).not.toHaveProperty('setup_future_usage');
  });
});

describe('the saved card', () => {
  it('turns auto-pay off and on, and opens Stripe’s portal to change the card', async () => {
    const { client, invoice } = await clientWithInvoice();
    const portalBefore = await client.browser.request('POST', '/api/billing-portal');
    expect(portalBefore.status).toBe(409);
    await stripe.completeCheckout(sessionOf((await pay(client, invoice.id)).body.url!).id);

    const off = await client.browser.request('PATCH', '/api/billing', { autoPay: false });
    expect((await off.json()).autoPay).toBe(false);
    const bad = await client.browser.request('PATCH', '/api/billing', { autoPay: 'yes' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Automatic payment must be on or off');

    const portal = await client.browser.request('POST', '/api/billing-portal');
    const { url } = (await portal.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/billing-portal/bps_`));

    // A new card saved in the portal becomes the one renewals use.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    await fetch(`${url}/cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=5555555555554444',
    });
    await stripe.idle();
    const [updated] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, client.user.id)));
    expect(updated).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
    expect(updated!.cardPaymentMethodId).not.toBe(user!.cardPaymentMethodId);
  });
});
