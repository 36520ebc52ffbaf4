import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { invoices, outboxMessages, payments, subscriptions, users } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import { startStripeStandIn, type StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_renewals';

let t: TestApp | undefined;
let stripe: StripeStandIn | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  t = undefined;
  stripe = undefined;
});

/**
 * An app on a controlled clock (Jan 5, 2026) beside a Stripe stand-in, and a client whose
 * Signature plan was started by paying its first invoice by card (so the card is saved).
 * Their first month runs from Jan 6; February's renewal is made on Jan 30, due Feb 6.
 */
async function subscriberWithSavedCard() {
  const clock = createTestClock('2026-01-05T12:00:00.000Z');
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET, {}, { clock }));
  const app = t;
  const standIn = stripe;
  const admin = (await signedInAdmin(app.app, app.database)).agent;
  const client = await signedInClient(app.baseUrl, { firstName: 'Remy' });
  await client.browser.request('POST', '/api/get-or-create-subscription', { planId: 'signature' });
  const [first] = await app.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, client.user.id));
  clock.set('2026-01-06T12:00:00.000Z');
  expect(
    (await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' })).status,
  ).toBe(200);
  const started = await client.browser.request('POST', `/api/invoices/${first!.id}/pay`);
  const { url } = (await started.json()) as { url: string };
  await standIn.completeCheckout(new URL(url).pathname.split('/').pop()!);

  const [user] = await app.database.db.select().from(users).where(eq(users.id, client.user.id));
  expect(user).toMatchObject({ cardLast4: '4242', autoPay: true });
  const subscription = async () =>
    (
      await app.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, client.user.id))
    )[0]!;
  expect((await subscription()).status).toBe('active');

  clock.set('2026-01-30T12:00:00.000Z');
  expect((await app.billing.runDaily()).renewalsCreated).toBe(1);
  const renewal = async () =>
    (
      await app.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, client.user.id))
        .orderBy(asc(invoices.createdAt))
    )[1]!;
  expect(await renewal()).toMatchObject({ status: 'sent', dueDate: '2026-02-06' });

  /** The PaymentIntents the app asked Stripe for, for the renewal. */
  const renewalCharges = async () => {
    const id = (await renewal()).id;
    return standIn.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as Record<string, string> | undefined)?.invoiceId === id,
    );
  };
  const mail = async () =>
    (
      await app.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, client.account.email.toLowerCase()))
        .orderBy(asc(outboxMessages.createdAt))
    ).map((m) => ({ subject: m.subject, text: m.text }));
  return { app, standIn, clock, client, user: user!, subscription, renewal, renewalCharges, mail };
}

describe('renewals that pay themselves', () => {
  it('charges the saved card on the due date, once, and the webhook extends the plan', async () => {
    const { app, clock, subscription, renewal, renewalCharges, mail } =
      await subscriberWithSavedCard();
    clock.set('2026-02-05T12:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsCharged).toBe(0);

    clock.set('2026-02-06T06:00:00.000Z');
    const run = await app.billing.runDaily();
    expect(run).toMatchObject({ renewalsCharged: 1, renewalsDeclined: 0 });
    await stripe!.idle();
    expect(await renewal()).toMatchObject({ status: 'paid', amountPaid: 39_900 });
    expect((await subscription()).currentPeriodEnd).toEqual(new Date('2026-03-06T12:00:00.000Z'));

    // A second run that day, and the next day: no second charge.
    expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    clock.set('2026-02-07T06:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    const charges = await renewalCharges();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      body: { amount: '39900', currency: 'usd', off_session: 'true', confirm: 'true' },
      idempotencyKey: `invoice-${(await renewal()).id}-attempt-1`,
    });
    const rows = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, (await renewal()).id));
    expect(rows).toHaveLength(1);
    expect((await mail()).map((m) => m.subject)).toContain(
      `Receipt for invoice ${(await renewal()).invoiceNumber} from Coast & Code Studio`,
    );
  });

  it('tells the client of a decline with the pay link, and is paid by the retry a day later', async () => {
    const { app, standIn, clock, user, renewal, renewalCharges, mail } =
      await subscriberWithSavedCard();
    standIn.declineNextCharges(user.stripeCustomerId!, 1);

    clock.set('2026-02-06T06:00:00.000Z');
    expect(await app.billing.runDaily()).toMatchObject({ renewalsCharged: 0, renewalsDeclined: 1 });
    expect(await renewal()).toMatchObject({
      status: 'sent',
      chargeAttempts: 1,
      nextChargeOn: '2026-02-07',
    });
    const declined = (await mail()).find((m) => m.subject.startsWith('Your card was declined'));
    expect(declined?.text).toContain('We will try again on Feb 7, 2026.');
    expect(declined?.text).toMatch(/Pay this invoice online: http:\/\/127\.0\.0\.1:\d+\/pay\/\S+/);

    clock.set('2026-02-07T06:00:00.000Z');
    expect(await app.billing.runDaily()).toMatchObject({
      invoicesOverdue: 1,
      renewalsCharged: 1,
      renewalsDeclined: 0,
    });
    await standIn.idle();
    expect(await renewal()).toMatchObject({ status: 'paid', chargeAttempts: 2 });
    const charges = await renewalCharges();
    expect(charges.map((c) => c.idempotencyKey)).toEqual([
      `invoice-${(await renewal()).id}-attempt-1`,
      `invoice-${(await renewal()).id}-attempt-2`,
    ]);
  });

  it('tries on days 1, 3 and 5 after the due date, then leaves the plan to fall past due', async () => {
    const { app, standIn, clock, user, subscription, renewal, renewalCharges, mail } =
      await subscriberWithSavedCard();
    standIn.declineNextCharges(user.stripeCustomerId!, 10);
    const days = ['06', '07', '08', '09', '10', '11', '12'];
    const declinedOn: string[] = [];
    for (const day of days) {
      clock.set(`2026-02-${day}T06:00:00.000Z`);
      if ((await app.billing.runDaily()).renewalsDeclined === 1) declinedOn.push(day);
    }
    expect(declinedOn).toEqual(['06', '07', '09', '11']);
    expect(await renewalCharges()).toHaveLength(4);
    expect(await renewal()).toMatchObject({
      status: 'overdue',
      chargeAttempts: 4,
      nextChargeOn: null,
    });
    const declines = (await mail()).filter((m) => m.subject.startsWith('Your card was declined'));
    expect(declines).toHaveLength(4);
    expect(declines[3]!.text).toContain('That was our last try.');

    // The existing rule: past due 14 days after the period ended (Feb 6).
    clock.set('2026-02-20T12:00:00.000Z');
    expect((await app.billing.runDaily()).subscriptionsPastDue).toBe(1);
    expect((await subscription()).status).toBe('past_due');
  });

  it('finishes the run when Stripe cannot be reached, and tries again on the next retry day', async () => {
    const { app, standIn, clock, renewal } = await subscriberWithSavedCard();
    const port = standIn.port;
    await standIn.close();
    clock.set('2026-02-06T06:00:00.000Z');
    expect(await app.billing.runDaily()).toMatchObject({
      renewalsCharged: 0,
      renewalsDeclined: 0,
      renewalsChargeFailed: 1,
    });
    // The attempt is given back: the next run sends the same one, with the same key.
    expect(await renewal()).toMatchObject({ status: 'sent', chargeAttempts: 0 });
    // Stripe is back the next day: the same attempt charges the card.
    stripe = await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${app.baseUrl}/api/webhooks/stripe`,
      port,
    });
    for (const [id, customer] of standIn.customers) stripe.customers.set(id, customer);
    for (const [id, method] of standIn.paymentMethods) stripe.paymentMethods.set(id, method);
    clock.set('2026-02-07T06:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsCharged).toBe(1);
    await stripe.idle();
    expect(await renewal()).toMatchObject({ status: 'paid', chargeAttempts: 1 });
    expect(stripe.requests.find((r) => r.path === '/v1/payment_intents')?.idempotencyKey).toBe(
      `invoice-${(await renewal()).id}-attempt-1`,
    );
  });

  it('never charges again: not when the webhook is late, not after a refund', async () => {
    const { app, standIn, clock, renewal, renewalCharges } = await subscriberWithSavedCard();
    // The webhook endpoint is down on the due date: Stripe takes the money, we do not hear.
    standIn.setWebhookUrl('');
    clock.set('2026-02-06T06:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsCharged).toBe(1);
    expect(await renewal()).toMatchObject({ status: 'sent', nextChargeOn: null });
    // Later runs ask Stripe about that charge instead of charging again.
    for (const day of ['07', '09', '11']) {
      clock.set(`2026-02-${day}T06:00:00.000Z`);
      expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    }
    expect(await renewalCharges()).toHaveLength(1);

    // The webhook arrives; then the agency refunds the charge: the invoice is open again, and
    // no run charges the card a second time.
    standIn.setWebhookUrl(`${app.baseUrl}/api/webhooks/stripe`);
    const succeeded = standIn.events.find(
      (e) => e.event.type === 'payment_intent.succeeded' && e.status === 0,
    )!.event;
    await standIn.sendEvent('payment_intent.succeeded', succeeded.data.object);
    expect((await renewal()).status).toBe('paid');
    await standIn.refund(succeeded.data.object.id);
    expect((await renewal()).status).toBe('sent');
    for (const day of ['12', '13', '14']) {
      clock.set(`2026-02-${day}T06:00:00.000Z`);
      expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    }
    expect(await renewalCharges()).toHaveLength(1);
  });

  it('never charges the card for a renewal the client paid through Checkout while we were down', async () => {
    const { app, standIn, clock, client, renewal, renewalCharges } =
      await subscriberWithSavedCard();
    // The client pays the renewal from the portal, but its webhook does not reach the app.
    const started = await client.browser.request(
      'POST',
      `/api/invoices/${(await renewal()).id}/pay`,
    );
    const sessionId = new URL(((await started.json()) as { url: string }).url).pathname
      .split('/')
      .pop()!;
    standIn.setWebhookUrl('');
    const held = await standIn.completeCheckout(sessionId);
    standIn.setWebhookUrl(`${app.baseUrl}/api/webhooks/stripe`);
    expect(await renewal()).toMatchObject({ status: 'sent', amountPaid: 0 });

    // The due date's run reads the page first: paid, so no card is charged, on any day.
    clock.set('2026-02-06T06:00:00.000Z');
    expect(await app.billing.runDaily()).toMatchObject({ renewalsCharged: 0, renewalsDeclined: 0 });
    for (const day of ['07', '09']) {
      clock.set(`2026-02-${day}T06:00:00.000Z`);
      expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    }
    expect(await renewalCharges()).toHaveLength(0);

    // Stripe delivers the payment again: one payment, the renewal paid.
    for (const sent of held) await standIn.sendEvent(sent.event.type, sent.event.data.object);
    expect(await renewal()).toMatchObject({ status: 'paid', amountPaid: 39_900 });
    const rows = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, (await renewal()).id));
    expect(rows).toHaveLength(1);
  });

  it('reminds the client once no retry is to come, also when auto-pay is turned off', async () => {
    const { app, standIn, clock, client, user, mail } = await subscriberWithSavedCard();
    standIn.declineNextCharges(user.stripeCustomerId!, 10);
    clock.set('2026-02-06T06:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsDeclined).toBe(1);
    // The client turns automatic payment off: the retry of Feb 7 will not happen.
    await client.browser.request('PATCH', '/api/billing', { autoPay: false });
    const reminders = async () =>
      (await mail()).filter((m) => m.subject.startsWith('Reminder')).length;
    clock.set('2026-02-07T06:00:00.000Z');
    await app.billing.runDaily();
    clock.set('2026-02-09T06:00:00.000Z');
    expect((await app.billing.runDaily()).remindersSent).toBe(1);
    expect(await reminders()).toBe(1);
  });

  it('charges nobody whose automatic payment is off', async () => {
    const { app, clock, client, renewalCharges } = await subscriberWithSavedCard();
    await client.browser.request('PATCH', '/api/billing', { autoPay: false });
    clock.set('2026-02-06T06:00:00.000Z');
    expect((await app.billing.runDaily()).renewalsCharged).toBe(0);
    expect(await renewalCharges()).toHaveLength(0);
  });
});
