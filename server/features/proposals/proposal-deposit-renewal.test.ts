import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, proposals, subscriptions, users } from '../../db/schema';
import { signedInClient } from '@tests/factories';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

// Issue 38: "With Stripe configured the page goes straight to Checkout (saving the card for
// the renewals)". The recipient pays before having an account; the plan's first renewal is
// charged to the card they typed on that Checkout page, once.

const WEBHOOK_SECRET = 'whsec_test_proposal_renewal';
const DAY = 24 * 3600 * 1000;

const clock = createTestClock('2026-01-05T15:00:00.000Z');
let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET, {}, { clock }));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('a deposit paid before the account', () => {
  it('saves the card on Checkout, and the first renewal is charged to it once', async () => {
    const email = `renewal.${Date.now()}@example.com`;
    const [proposal] = await t.database.db
      .insert(proposals)
      .values({
        status: 'signed',
        title: 'Bayou Bakery website',
        recipientName: 'Camille Broussard',
        recipientEmail: email,
        planId: 'signature',
        planName: 'Signature',
        planMonthlyCents: 19_900,
        items: [{ description: 'Website build', quantity: 1, unitPrice: 300_000 }],
        depositPercent: 30,
        validUntil: '2026-12-31',
        signedAt: clock.now(),
        signedVersion: 1,
        signerName: 'Camille Broussard',
      })
      .returning();
    const billing = t.services.proposalBilling;
    await billing.settleSigned(proposal!.id);
    const url = await billing.depositCheckout(proposal!.id, `${t.baseUrl}/proposals/tok`);
    const session = stripe.checkoutSessions.get(new URL(url).pathname.split('/').pop()!)!;
    await stripe.completeCheckout(session.id);
    const customerId = session.customer as string;
    expect(customerId).toMatch(/^cus_/);

    const client = await signedInClient(t.baseUrl, { email });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    const card = [...stripe.paymentMethods.values()].find((pm) => pm.customer === customerId);
    expect(user).toMatchObject({
      stripeCustomerId: customerId,
      cardPaymentMethodId: card!.id,
      autoPay: true,
    });
    const [plan] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, client.user.id));
    expect(plan).toMatchObject({ status: 'active', monthlyPriceCents: 19_900 });
    const periodEnd = plan!.currentPeriodEnd!;

    // The renewal is made a week before the period ends, and charged on its due date.
    clock.set(new Date(periodEnd.getTime() - 7 * DAY));
    expect((await t.billing.runDaily()).renewalsCreated).toBe(1);
    clock.set(periodEnd);
    expect((await t.billing.runDaily()).renewalsCharged).toBe(1);
    expect((await t.billing.runDaily()).renewalsCharged).toBe(0);
    await stripe.idle();

    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, client.user.id))
      .orderBy(asc(invoices.createdAt));
    const renewal = rows.find((row) => row.periodStart !== null)!;
    expect(renewal).toMatchObject({ status: 'paid', amountPaid: 19_900 });
    const charges = stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as Record<string, string> | undefined)?.invoiceId === renewal.id,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body).toMatchObject({
      customer: customerId,
      payment_method: card!.id,
      off_session: 'true',
    });
  });
});
