import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentListPageSchema } from '@shared/schemas/payments';
import { auditEvents, invoices, payments, subscriptions } from '../../db/schema';
import { clientWithSentInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_deleted_invoices';
const UNREACHABLE =
  "Stripe could not be reached to close the invoice's open payment page. Nothing was deleted; try again.";

const clock = createTestClock('2026-03-01T12:00:00.000Z');
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

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Opens the Checkout page of the client's invoice from the portal; its session. */
async function openPayPage(client: Client, invoiceId: string) {
  const started = await send(client.browser, 'POST', `/api/invoices/${invoiceId}/pay`);
  expect(started.status).toBe(200);
  const id = new URL(started.body.url as string).pathname.split('/').pop()!;
  return stripe.checkoutSessions.get(id)!;
}

/** Pays a Checkout page as the stand-in's page does; false when the page refuses. */
async function payOnPage(sessionId: string) {
  const res = await fetch(`${stripe.url}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card_number=4242424242424242',
    redirect: 'manual',
  });
  await stripe.idle();
  return res.status === 303;
}

const clientWithInvoice = (total = 19_900) =>
  clientWithSentInvoice(t, total, { firstName: 'Odile' });

async function invoiceExists(id: string) {
  return (await t.database.db.select().from(invoices).where(eq(invoices.id, id))).length === 1;
}

async function subscriptionOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row!;
}

/** Stripe down for the length of `work`. */
async function whileStripeIsDown<T>(work: () => Promise<T>): Promise<T> {
  stripe.setReachable(false);
  try {
    return await work();
  } finally {
    stripe.setReachable(true);
  }
}

describe('deleting an invoice whose payment page is open', () => {
  it('closes the page first, so nobody can pay an invoice that is gone', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = await openPayPage(client, invoice.id);
    expect((await admin.delete(`/api/admin/invoices/${invoice.id}`)).status).toBe(204);
    expect(await invoiceExists(invoice.id)).toBe(false);
    expect(stripe.checkoutSessions.get(session.id)!.status).toBe('expired');
    expect(await payOnPage(session.id)).toBe(false);
  });

  it('deletes nothing when Stripe cannot be reached, and says so', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = await openPayPage(client, invoice.id);
    const refused = await whileStripeIsDown(() =>
      admin.delete(`/api/admin/invoices/${invoice.id}`),
    );
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: UNREACHABLE });
    expect(await invoiceExists(invoice.id)).toBe(true);
    const deleted = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'invoice.deleted'), eq(auditEvents.targetId, invoice.id)));
    expect(deleted).toHaveLength(0);
    // Stripe is back: the page is closed and the invoice goes.
    expect((await admin.delete(`/api/admin/invoices/${invoice.id}`)).status).toBe(204);
    expect(stripe.checkoutSessions.get(session.id)!.status).toBe('expired');
  });

  it('keeps an invoice whose page was paid before its webhook arrived', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = await openPayPage(client, invoice.id);
    stripe.setWebhookUrl('');
    const held = await stripe.completeCheckout(session.id);
    stripe.setWebhookUrl(`${t.baseUrl}/api/webhooks/stripe`);
    const kept = await admin.delete(`/api/admin/invoices/${invoice.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe(
      'A card payment for this invoice is on its way from Stripe: the invoice stays, and the payment will be recorded on it.',
    );
    for (const sent of held) await stripe.sendEvent(sent.event.type, sent.event.data.object);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'paid', amountPaid: 19_900 });
  });
});

describe('plan requests that delete an unpaid invoice', () => {
  /** A client whose plan request's first invoice was sent and whose pay page is open. */
  async function pendingWithOpenPage(firstName: string) {
    clock.set('2026-03-01T12:00:00.000Z');
    const client = await signedInClient(t.baseUrl, { firstName });
    await send(client.browser, 'POST', '/api/get-or-create-subscription', { planId: 'signature' });
    const [first] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, client.user.id));
    await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' });
    const session = await openPayPage(client, first!.id);
    return { client, first: first!, session };
  }

  /** A client on an active plan whose next month's renewal is sent and its pay page open. */
  async function activeWithOpenRenewalPage(firstName: string) {
    const { client, first } = await pendingWithOpenPage(firstName);
    clock.set('2026-03-02T12:00:00.000Z');
    await admin
      .post(`/api/admin/invoices/${first.id}/payments`)
      .send({ amount: first.total, method: 'check', paidOn: '2026-03-02' });
    clock.set('2026-03-27T12:00:00.000Z');
    await t.billing.runDaily();
    const [renewal] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, client.user.id), isNotNull(invoices.periodStart)))
      .orderBy(asc(invoices.createdAt));
    expect(renewal).toMatchObject({ status: 'sent' });
    const session = await openPayPage(client, renewal!.id);
    return { client, renewal: renewal!, session };
  }

  it('withdraws a request only once its invoice’s page is closed', async () => {
    const { client, first, session } = await pendingWithOpenPage('Aurore');
    const refused = await whileStripeIsDown(() =>
      send(client.browser, 'POST', '/api/subscription/cancel'),
    );
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(
      "Stripe could not be reached to close your invoice's open payment page. Nothing was changed; please try again in a moment.",
    );
    expect((await subscriptionOf(client.user.id)).status).toBe('pending');
    expect(await invoiceExists(first.id)).toBe(true);

    const withdrawn = await send(client.browser, 'POST', '/api/subscription/cancel');
    expect(withdrawn.status).toBe(200);
    expect((await subscriptionOf(client.user.id)).status).toBe('canceled');
    expect(await invoiceExists(first.id)).toBe(false);
    expect(stripe.checkoutSessions.get(session.id)!.status).toBe('expired');
  });

  it('refuses to withdraw a request whose invoice was just paid', async () => {
    const { client, first, session } = await pendingWithOpenPage('Blaise');
    stripe.setWebhookUrl('');
    const held = await stripe.completeCheckout(session.id);
    stripe.setWebhookUrl(`${t.baseUrl}/api/webhooks/stripe`);
    const refused = await send(client.browser, 'POST', '/api/subscription/cancel');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Your invoice has just been paid, so this can no longer be changed here. Please open a support ticket.',
    );
    expect((await subscriptionOf(client.user.id)).status).toBe('pending');
    for (const sent of held) await stripe.sendEvent(sent.event.type, sent.event.data.object);
    expect((await subscriptionOf(client.user.id)).status).toBe('active');
    expect(await invoiceExists(first.id)).toBe(true);
  });

  it('cancels or changes a plan only once the renewal’s page is closed', async () => {
    const { client, renewal, session } = await activeWithOpenRenewalPage('Cyprien');
    const cancel = await whileStripeIsDown(() =>
      send(client.browser, 'POST', '/api/subscription/cancel'),
    );
    expect(cancel.status).toBe(503);
    const change = await whileStripeIsDown(() =>
      send(client.browser, 'POST', '/api/subscription/plan-change', { planId: 'prestige' }),
    );
    expect(change.status).toBe(503);
    expect(await subscriptionOf(client.user.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      pendingTier: null,
    });
    expect(await invoiceExists(renewal.id)).toBe(true);
    expect(stripe.checkoutSessions.get(session.id)!.status).toBe('open');

    const changed = await send(client.browser, 'POST', '/api/subscription/plan-change', {
      planId: 'prestige',
    });
    expect(changed.status).toBe(200);
    expect(await invoiceExists(renewal.id)).toBe(false);
    expect(stripe.checkoutSessions.get(session.id)!.status).toBe('expired');
  });
});

describe('money for an invoice that is gone', () => {
  it('is kept as an orphan payment with who paid, and its refund and dispute are recorded', async () => {
    const { client, invoice } = await clientWithInvoice();
    const session = await openPayPage(client, invoice.id);
    // Deleted as an earlier version did, leaving its page open; the client pays it.
    await t.database.db.delete(invoices).where(eq(invoices.id, invoice.id));
    const delivered = await stripe.completeCheckout(session.id);
    expect(delivered.map((sent) => sent.status)).toEqual(delivered.map(() => 200));
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;
    const [orphan] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentIntentId, intentId));
    expect(orphan).toMatchObject({
      invoiceId: null,
      amount: 19_900,
      method: 'card',
      clientId: client.user.id,
      payerEmail: client.account.email.toLowerCase(),
    });
    expect(orphan!.flag).toBe(
      `A card payment of $199.00 USD arrived for invoice ${invoice.invoiceNumber}, which no longer exists: refund it in Stripe, or record it on another invoice by hand.`,
    );

    const dispute = await stripe.dispute(intentId);
    expect(dispute.map((sent) => sent.status)).toEqual([200]);
    const refund = await stripe.refund(intentId);
    expect(refund.map((sent) => sent.status)).toEqual([200]);
    const [refunded] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, orphan!.id));
    expect(refunded).toMatchObject({ refundedAmount: 19_900 });
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
    expect(refunded!.flag).toContain('The client disputed a card payment of $199.00 (fraudulent)');
  });

  it('records a payment that names no invoice of ours the same way', async () => {
    const delivered = await stripe.sendEvent('payment_intent.succeeded', {
      id: 'pi_without_invoice',
      object: 'payment_intent',
      amount: 5_000,
      amount_received: 5_000,
      currency: 'usd',
      customer: null,
      latest_charge: 'ch_without_invoice',
      metadata: {},
      receipt_email: 'someone@example.com',
    });
    expect(delivered.status).toBe(200);
    const [orphan] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentIntentId, 'pi_without_invoice'));
    expect(orphan).toMatchObject({
      invoiceId: null,
      amount: 5_000,
      payerEmail: 'someone@example.com',
      flag: 'A card payment of $50.00 USD arrived that names no invoice of ours: refund it in Stripe, or record it on the right invoice by hand.',
    });
  });

  it('shows on the payments screen, flagged, until the admin marks it resolved', async () => {
    const { client, invoice } = await clientWithInvoice(12_300);
    const session = await openPayPage(client, invoice.id);
    await t.database.db.delete(invoices).where(eq(invoices.id, invoice.id));
    await stripe.completeCheckout(session.id);
    const intentId = stripe.checkoutSessions.get(session.id)!.payment_intent as string;

    const list = async (query: string) => {
      const res = await admin.get(`/api/admin/payments?${query}`);
      expect(res.status).toBe(200);
      return PaymentListPageSchema.parse(res.body);
    };
    const orphans = await list(`status=orphan&q=${encodeURIComponent(client.account.email)}`);
    expect(orphans.total).toBe(1);
    const [row] = orphans.items;
    expect(row).toMatchObject({
      invoiceId: null,
      invoiceNumber: null,
      amount: 12_300,
      method: 'card',
      clientId: client.user.id,
      clientName: 'Odile Broussard',
      refundedAmount: 0,
      flagResolvedAt: null,
      stripeDashboardUrl: `https://dashboard.stripe.com/test/payments/${intentId}`,
    });
    expect((await list('status=flagged')).items.map((p) => p.id)).toContain(row!.id);

    const resolved = await admin.post(`/api/admin/payments/${row!.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.flagResolvedAt).toEqual(expect.any(String));
    expect((await admin.post(`/api/admin/payments/${row!.id}/resolve`)).status).toBe(409);
    expect((await list('status=flagged')).items.map((p) => p.id)).not.toContain(row!.id);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'payment.flag_resolved'), eq(auditEvents.targetId, row!.id)));
    expect(audited?.before).toEqual({ flag: row!.flag, flagResolvedAt: null });

    // Refunded in Stripe's dashboard: the screen shows it refunded.
    await stripe.refund(intentId);
    const refunded = await list('status=refunded');
    expect(refunded.items.find((p) => p.id === row!.id)).toMatchObject({
      refundedAmount: 12_300,
    });
  });

  it('refuses a bad filter with the schema message', async () => {
    const res = await admin.get('/api/admin/payments?status=nonsense');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Status must be one of: flagged, orphan, refunded');
  });
});
