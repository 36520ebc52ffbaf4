import { and, asc, eq } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@shared/dates';
import type { ProposalEventKind } from '@shared/schemas/proposals';
import {
  invoiceLineItems,
  invoices,
  outboxMessages,
  payments,
  plans,
  proposalEvents,
  proposals,
  subscriptions,
  users,
  type InvoiceRow,
} from '../../db/schema';
import { createClient, signedInAdmin, signedInClient } from '@tests/factories';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { startTestAppWithStripe, type TestApp } from '@tests/support/test-app';
import { AppError, errorHandler } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { depositRoutes } from './deposit.routes';
import { portalInvitationEmail } from './proposal-billing.emails';

const WEBHOOK_SECRET = 'whsec_test_proposal_billing';

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let sequence = 0;

/** A signed proposal stored directly (the core's routes sign them in the product). */
async function signedProposal(overrides: Partial<typeof proposals.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.database.db
    .insert(proposals)
    .values({
      status: 'signed',
      title: 'Bayou Bakery website',
      recipientName: 'Camille Broussard',
      recipientEmail: `camille.proposal${sequence}.${Date.now()}@example.com`,
      planId: 'signature',
      planName: 'Signature',
      planMonthlyCents: 19_900,
      items: [
        { description: 'Website build', quantity: 1, unitPrice: 300_000 },
        { description: 'Logo', quantity: 2, unitPrice: 25_000 },
      ],
      depositPercent: 30,
      validUntil: '2099-12-31',
      signedAt: new Date(),
      signedVersion: 1,
      signerName: 'Camille Broussard',
      ...overrides,
    })
    .returning();
  return row!;
}

const billing = () => t.services.proposalBilling;

async function proposalRow(id: string) {
  const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, id));
  return row!;
}

async function invoiceRow(id: string): Promise<InvoiceRow> {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

async function linesOf(invoiceId: string) {
  const rows = await t.database.db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.position));
  return rows.map(({ description, quantity, unitPrice, total }) => ({
    description,
    quantity,
    unitPrice,
    total,
  }));
}

async function invoicesTo(email: string) {
  return t.database.db.select().from(invoices).where(eq(invoices.clientEmail, email));
}

/** The line the timeline shows for the proposal's event of `kind`. */
async function eventDetail(proposalId: string, kind: ProposalEventKind) {
  const [row] = await t.database.db
    .select({ detail: proposalEvents.detail })
    .from(proposalEvents)
    .where(and(eq(proposalEvents.proposalId, proposalId), eq(proposalEvents.kind, kind)));
  return row?.detail;
}

async function eventsOf(proposalId: string) {
  const rows = await t.database.db
    .select()
    .from(proposalEvents)
    .where(eq(proposalEvents.proposalId, proposalId))
    .orderBy(asc(proposalEvents.id));
  return rows.map((row) => row.kind);
}

async function mailTo(address: string) {
  await t.services.notifications.idle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()));
}

async function subscriptionOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** Pays the proposal's deposit on Checkout; Stripe's webhook delivered twice. */
async function payOnCheckout(proposalId: string) {
  const url = await billing().depositCheckout(proposalId, `${t.baseUrl}/proposals/tok`);
  const id = new URL(url).pathname.split('/').pop()!;
  const session = stripe.checkoutSessions.get(id)!;
  const sent = await stripe.completeCheckout(session.id);
  expect(sent.every((delivery) => delivery.status === 200)).toBe(true);
  // Stripe delivers an event again when it doubts it arrived: nothing happens twice.
  for (const delivery of sent) {
    const again = await stripe.sendEvent(delivery.event.type, delivery.event.data.object);
    expect(again.status).toBe(200);
  }
  return session;
}

describe('settling a signed proposal', () => {
  it('issues one first invoice and one remainder draft, however often it runs', async () => {
    const proposal = await signedProposal();
    await Promise.all([billing().settleSigned(proposal.id), billing().settleSigned(proposal.id)]);
    await billing().settleSigned(proposal.id);

    const settled = await proposalRow(proposal.id);
    const all = await invoicesTo(proposal.recipientEmail);
    expect(all).toHaveLength(2);
    const first = await invoiceRow(settled.depositInvoiceId!);
    expect(first).toMatchObject({
      status: 'sent',
      clientName: 'Camille Broussard',
      clientEmail: proposal.recipientEmail,
      planType: 'signature',
      subscriptionId: null,
      periodStart: null,
      total: 105_000 + 19_900,
    });
    expect(first.invoiceNumber).toMatch(/^INV-\d{4}-\d{4}$/);
    expect(await linesOf(first.id)).toEqual([
      {
        description: 'Deposit (30%) — Bayou Bakery website',
        quantity: 1,
        unitPrice: 105_000,
        total: 105_000,
      },
      {
        description: 'Signature plan — first month',
        quantity: 1,
        unitPrice: 19_900,
        total: 19_900,
      },
    ]);

    const rest = await invoiceRow(settled.remainderInvoiceId!);
    expect(rest).toMatchObject({ status: 'draft', invoiceNumber: null, total: 245_000 });
    expect(await linesOf(rest.id)).toEqual([
      { description: 'Website build', quantity: 1, unitPrice: 300_000, total: 300_000 },
      { description: 'Logo', quantity: 2, unitPrice: 25_000, total: 50_000 },
      {
        description: `Less the deposit (30%) billed on invoice ${first.invoiceNumber}`,
        quantity: 1,
        unitPrice: -105_000,
        total: -105_000,
      },
    ]);

    expect(settled.status).toBe('signed');
    expect(await eventsOf(proposal.id)).toEqual(['invoiced', 'invited']);
    const mail = await mailTo(proposal.recipientEmail);
    const { businessName } = await t.services.settings.getPublic();
    expect(mail.map((m) => m.subject).sort()).toEqual([
      `Invoice ${first.invoiceNumber} from ${businessName}`,
      `Welcome to ${businessName}: your client account`,
    ]);
    const invitation = mail.find((m) => m.subject.startsWith('Welcome'))!;
    expect(invitation.text).toContain('your Signature plan ($199.00/month), invoice');
    expect(invitation.text).toContain(
      `${t.baseUrl}/api/login?screen=signup&login_hint=${encodeURIComponent(proposal.recipientEmail)}`,
    );

    expect(await billing().payment(proposal.id)).toEqual({
      invoiceId: first.id,
      invoiceNumber: first.invoiceNumber,
      amountCents: 124_900,
      paid: false,
      online: true,
      instructions: expect.any(String),
    });
  });

  it('picks up where a run stopped: its draft first invoice is sent, not made again', async () => {
    const proposal = await signedProposal({ planId: null, planName: null, planMonthlyCents: null });
    // A run that stopped after creating the first invoice, before sending it.
    const [draft] = await t.database.db
      .insert(invoices)
      .values({
        clientName: proposal.recipientName,
        clientEmail: proposal.recipientEmail,
        status: 'draft',
        dueDate: '2099-01-01',
        subtotal: 105_000,
        total: 105_000,
      })
      .returning();
    await t.database.db
      .update(proposals)
      .set({ depositInvoiceId: draft!.id })
      .where(eq(proposals.id, proposal.id));

    await billing().settleSigned(proposal.id);
    await billing().settleSigned(proposal.id);

    expect(await invoicesTo(proposal.recipientEmail)).toHaveLength(2);
    expect((await invoiceRow(draft!.id)).status).toBe('sent');
    const settled = await proposalRow(proposal.id);
    expect(settled.depositInvoiceId).toBe(draft!.id);
    expect((await invoiceRow(settled.remainderInvoiceId!)).total).toBe(245_000);
    expect(await eventsOf(proposal.id)).toEqual(['invoiced', 'invited']);
  });

  it('bills the plan at the price the proposal copied, not the catalogue’s today', async () => {
    const proposal = await signedProposal({ depositPercent: 0, items: [] });
    await t.database.db
      .update(plans)
      .set({ monthlyPriceCents: 29_900 })
      .where(eq(plans.id, 'signature'));
    try {
      await billing().settleSigned(proposal.id);
      const settled = await proposalRow(proposal.id);
      const first = await invoiceRow(settled.depositInvoiceId!);
      expect(first.total).toBe(19_900);
      expect(await linesOf(first.id)).toEqual([
        {
          description: 'Signature plan — first month',
          quantity: 1,
          unitPrice: 19_900,
          total: 19_900,
        },
      ]);
      // Nothing one-off: no remainder draft.
      expect(settled.remainderInvoiceId).toBeNull();
    } finally {
      await t.database.db
        .update(plans)
        .set({ monthlyPriceCents: 19_900 })
        .where(eq(plans.id, 'signature'));
    }
  });

  it('with no deposit and no plan bills nothing now: paid at once, the items as a draft', async () => {
    const proposal = await signedProposal({
      planId: null,
      planName: null,
      planMonthlyCents: null,
      depositPercent: 0,
    });
    await billing().settleSigned(proposal.id);
    await billing().settleSigned(proposal.id);

    const settled = await proposalRow(proposal.id);
    expect(settled).toMatchObject({ status: 'paid', depositInvoiceId: null });
    expect(settled.paidAt).not.toBeNull();
    expect(await invoicesTo(proposal.recipientEmail)).toHaveLength(1);
    const rest = await invoiceRow(settled.remainderInvoiceId!);
    expect(rest).toMatchObject({ status: 'draft', total: 350_000 });
    expect(await eventsOf(proposal.id)).toEqual(['invited', 'paid']);
    expect(await billing().payment(proposal.id)).toBeNull();
    await expect(billing().depositCheckout(proposal.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe('the client and the plan', () => {
  it('paid before signing up: the plan starts when they sign up with that address', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    const { depositInvoiceId } = await proposalRow(proposal.id);

    await payOnCheckout(proposal.id);
    expect(await invoiceRow(depositInvoiceId!)).toMatchObject({ status: 'paid' });
    expect(
      await t.database.db.select().from(payments).where(eq(payments.invoiceId, depositInvoiceId!)),
    ).toHaveLength(1);
    const paid = await proposalRow(proposal.id);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(await eventsOf(proposal.id)).toEqual(['invoiced', 'invited', 'paid']);
    expect(await billing().payment(proposal.id)).toMatchObject({ paid: true, amountCents: 0 });
    await expect(billing().depositCheckout(proposal.id)).rejects.toMatchObject({ status: 409 });

    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    const plan = await subscriptionOf(client.user.id);
    expect(plan).toMatchObject({ tier: 'signature', status: 'active', monthlyPriceCents: 19_900 });
    expect(await invoiceRow(depositInvoiceId!)).toMatchObject({
      userId: client.user.id,
      subscriptionId: plan!.id,
    });
    const attached = await proposalRow(proposal.id);
    expect(attached.userId).toBe(client.user.id);
    expect((await invoiceRow(attached.remainderInvoiceId!)).userId).toBe(client.user.id);
    expect(await eventsOf(proposal.id)).toEqual(['invoiced', 'invited', 'paid', 'attached']);
    // The timeline says the plan started, not that it waits for an invoice paid already.
    expect(await eventDetail(proposal.id, 'attached')).toBe(
      'Attached to the client account: the Signature plan started, its first invoice being paid',
    );

    // Signing in again attaches nothing twice.
    await t.services.proposalBilling.attachForVerifiedEmail(client.user.id, client.account.email);
    expect(await eventsOf(proposal.id)).toEqual(['invoiced', 'invited', 'paid', 'attached']);
    expect(await invoicesTo(proposal.recipientEmail)).toHaveLength(2);
  });

  it('signed up before paying: the plan waits for the invoice, then starts, card kept', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    const pending = await subscriptionOf(client.user.id);
    expect(pending).toMatchObject({
      tier: 'signature',
      status: 'pending',
      monthlyPriceCents: 19_900,
    });
    const { depositInvoiceId } = await proposalRow(proposal.id);
    expect(await invoiceRow(depositInvoiceId!)).toMatchObject({
      userId: client.user.id,
      subscriptionId: pending!.id,
      status: 'sent',
    });
    expect(await eventDetail(proposal.id, 'attached')).toBe(
      'Attached to the client account: the Signature plan waits for the first invoice',
    );
    // The portal shows the plan waiting for that invoice, no second first invoice.
    const portal = await client.browser.request('GET', '/api/subscription');
    expect(portal.status).toBe(200);
    expect(await invoicesTo(proposal.recipientEmail)).toHaveLength(2);

    const session = await payOnCheckout(proposal.id);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    expect(session.customer).toBe(stored!.stripeCustomerId);
    const request = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(request?.body).toMatchObject({
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    expect(await subscriptionOf(client.user.id)).toMatchObject({ status: 'active' });
    expect((await proposalRow(proposal.id)).status).toBe('paid');
  });

  it('to an existing client: attached at signing, no invitation, one plan', async () => {
    const email = `existing.${Date.now()}@example.com`;
    const client = await createClient(t.database, { email, emailVerified: true });
    const proposal = await signedProposal({ recipientEmail: email });
    await billing().settleSigned(proposal.id);
    await billing().settleSigned(proposal.id);

    const settled = await proposalRow(proposal.id);
    expect(settled.userId).toBe(client.id);
    const plan = await subscriptionOf(client.id);
    expect(plan).toMatchObject({ status: 'pending', tier: 'signature', monthlyPriceCents: 19_900 });
    expect(await invoiceRow(settled.depositInvoiceId!)).toMatchObject({
      userId: client.id,
      subscriptionId: plan!.id,
      status: 'sent',
    });
    expect(await eventsOf(proposal.id)).toEqual(['attached', 'invoiced']);
    const mail = await mailTo(email);
    expect(mail.some((m) => m.subject.startsWith('Welcome'))).toBe(false);

    // Paid by hand by the owner: the plan starts and the proposal is paid.
    const { agent } = await signedInAdmin(t.app, t.database);
    const recorded = await agent
      .post(`/api/admin/invoices/${settled.depositInvoiceId}/payments`)
      .send({
        amount: 124_900,
        method: 'check',
        paidOn: calendarDateIn(new Date(), t.config.billing.timezone),
      });
    expect(recorded.status).toBe(201);
    expect(await subscriptionOf(client.id)).toMatchObject({ status: 'active' });
    expect((await proposalRow(proposal.id)).status).toBe('paid');

    // A part credited (the deposit corrected) leaves the plan; all of it credited ends it.
    const part = await agent
      .post(`/api/admin/invoices/${settled.depositInvoiceId}/credit-notes`)
      .send({ amountCents: 5_000, reason: 'Logo dropped from the deposit' });
    expect(part.status).toBe(201);
    expect(await subscriptionOf(client.id)).toMatchObject({ status: 'active' });
    const rest = await agent
      .post(`/api/admin/invoices/${settled.depositInvoiceId}/credit-notes`)
      .send({ amountCents: 119_900, reason: 'The client withdrew' });
    expect(rest.status).toBe(201);
    expect(await subscriptionOf(client.id)).toMatchObject({ status: 'canceled' });
  });

  it('to a client whose plan runs already: no second plan, and the event says so', async () => {
    const email = `running.${Date.now()}@example.com`;
    const client = await createClient(t.database, { email, emailVerified: true });
    await t.database.db.insert(subscriptions).values({
      userId: client.id,
      tier: 'essentials',
      status: 'active',
      monthlyPriceCents: 9_900,
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
    });
    const proposal = await signedProposal({ recipientEmail: email });
    await billing().settleSigned(proposal.id);

    expect(await subscriptionOf(client.id)).toMatchObject({ tier: 'essentials', status: 'active' });
    const settled = await proposalRow(proposal.id);
    expect(await invoiceRow(settled.depositInvoiceId!)).toMatchObject({
      userId: client.id,
      subscriptionId: null,
    });
    const [attached] = await t.database.db
      .select()
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, proposal.id), eq(proposalEvents.kind, 'attached')));
    expect(attached!.detail).toContain('no second plan was started');
  });
});

/** The Stripe customers made for the proposal's recipient before any account. */
function customersOfProposal(proposalId: string) {
  return [...stripe.customers.values()].filter((c) => c.metadata?.proposalId === proposalId);
}

/** The card Stripe keeps on the customer (the one Checkout saved). */
function cardsOf(customerId: string) {
  return [...stripe.paymentMethods.values()].filter((pm) => pm.customer === customerId);
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('the card saved for the renewals before any account', () => {
  it('paid before signing up: the card becomes the client’s as they sign up, once', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    // Two tabs open Checkout at once, and once more later: one customer for the recipient.
    await Promise.all([
      billing().depositCheckout(proposal.id, `${t.baseUrl}/proposals/tok`),
      billing().depositCheckout(proposal.id, `${t.baseUrl}/proposals/tok`),
    ]);
    const session = await payOnCheckout(proposal.id);
    const [customer] = customersOfProposal(proposal.id);
    expect(customersOfProposal(proposal.id)).toHaveLength(1);
    expect(customer).toMatchObject({
      email: proposal.recipientEmail,
      name: 'Camille Broussard',
    });
    expect(session.customer).toBe(customer!.id);
    expect((await proposalRow(proposal.id)).stripeCustomerId).toBe(customer!.id);
    const opened = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(opened.at(-1)?.body).toMatchObject({
      customer: customer!.id,
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    const [card] = cardsOf(customer!.id);
    expect(card).toBeDefined();

    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    expect(await userRow(client.user.id)).toMatchObject({
      stripeCustomerId: customer!.id,
      cardPaymentMethodId: card!.id,
      cardLast4: '4242',
      autoPay: true,
    });
    const settings = await client.browser.request('GET', '/api/billing');
    expect(await settings.json()).toMatchObject({
      card: { brand: 'visa', last4: '4242' },
      autoPay: true,
    });
    expect(await subscriptionOf(client.user.id)).toMatchObject({ status: 'active' });

    // Signing in again, and Stripe's card event again: nothing changes, no second customer.
    await billing().attachForVerifiedEmail(client.user.id, client.account.email);
    const again = await stripe.sendEvent('payment_method.attached', card!);
    expect(again.status).toBe(200);
    expect(await userRow(client.user.id)).toMatchObject({
      stripeCustomerId: customer!.id,
      cardPaymentMethodId: card!.id,
    });
    expect(customersOfProposal(proposal.id)).toHaveLength(1);
    expect(
      [...stripe.customers.values()].filter((c) => c.email === proposal.recipientEmail),
    ).toHaveLength(1);
  });

  it('Checkout opened, then signed up, then paid: the card lands on the client', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    const url = await billing().depositCheckout(proposal.id, `${t.baseUrl}/proposals/tok`);
    const [customer] = customersOfProposal(proposal.id);
    expect(customer).toBeDefined();

    // They sign up with the page still open: the customer is theirs already, no card yet.
    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    expect(await userRow(client.user.id)).toMatchObject({
      stripeCustomerId: customer!.id,
      cardPaymentMethodId: null,
    });
    expect(await subscriptionOf(client.user.id)).toMatchObject({ status: 'pending' });

    // The page opened before pays; its webhooks come twice.
    const id = new URL(url).pathname.split('/').pop()!;
    const sent = await stripe.completeCheckout(id);
    expect(sent.every((delivery) => delivery.status === 200)).toBe(true);
    for (const delivery of sent) {
      expect((await stripe.sendEvent(delivery.event.type, delivery.event.data.object)).status).toBe(
        200,
      );
    }
    const [card] = cardsOf(customer!.id);
    expect(await userRow(client.user.id)).toMatchObject({
      stripeCustomerId: customer!.id,
      cardPaymentMethodId: card!.id,
      cardLast4: '4242',
    });
    expect(await subscriptionOf(client.user.id)).toMatchObject({ status: 'active' });
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, (await proposalRow(proposal.id)).depositInvoiceId!)),
    ).toHaveLength(1);
    expect(
      [...stripe.customers.values()].filter((c) => c.email === proposal.recipientEmail),
    ).toHaveLength(1);
  });

  it('Checkout opened, signed up, opened again: the same customer, now the client’s', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    await billing().depositCheckout(proposal.id, `${t.baseUrl}/proposals/tok`);
    const [customer] = customersOfProposal(proposal.id);
    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    const session = await payOnCheckout(proposal.id);
    expect(session.customer).toBe(customer!.id);
    expect(await userRow(client.user.id)).toMatchObject({
      stripeCustomerId: customer!.id,
      cardPaymentMethodId: cardsOf(customer!.id)[0]!.id,
    });
  });

  it('a client with a card saved already keeps theirs', async () => {
    const email = `carded.${Date.now()}@example.com`;
    const proposal = await signedProposal({ recipientEmail: email });
    await billing().settleSigned(proposal.id);
    await payOnCheckout(proposal.id);
    const client = await createClient(t.database, {
      email,
      emailVerified: true,
      stripeCustomerId: `cus_own${Date.now()}`,
      cardPaymentMethodId: 'pm_own',
      cardBrand: 'mastercard',
      cardLast4: '4444',
    });
    await billing().attachForVerifiedEmail(client.id, email);
    expect(await userRow(client.id)).toMatchObject({
      stripeCustomerId: client.stripeCustomerId,
      cardPaymentMethodId: 'pm_own',
      cardLast4: '4444',
    });
    expect((await proposalRow(proposal.id)).userId).toBe(client.id);
  });
});

describe('the plan waiting for the proposal’s invoice, in the portal', () => {
  it('another plan or a cancel is refused, naming the invoice, which stays', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    const client = await signedInClient(t.baseUrl, { email: proposal.recipientEmail });
    const { depositInvoiceId } = await proposalRow(proposal.id);
    const first = await invoiceRow(depositInvoiceId!);
    const pending = await subscriptionOf(client.user.id);
    expect(pending).toMatchObject({ status: 'pending', tier: 'signature' });

    for (const [method, path, body] of [
      ['POST', '/api/get-or-create-subscription', { planId: 'essentials' }],
      ['POST', '/api/get-or-create-subscription', { planId: 'signature' }],
      ['POST', '/api/subscription/cancel', undefined],
    ] as const) {
      const res = await client.browser.request(method, path, body);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(
        `This plan was agreed in your proposal "Bayou Bakery website" and starts when invoice ${first.invoiceNumber} (with its deposit) is paid. Pay that invoice first, then change your plan; or contact us.`,
      );
    }
    expect(await invoiceRow(first.id)).toMatchObject({ status: 'sent', total: 124_900 });
    expect((await proposalRow(proposal.id)).depositInvoiceId).toBe(first.id);
    expect(await subscriptionOf(client.user.id)).toMatchObject({
      id: pending!.id,
      status: 'pending',
      tier: 'signature',
    });

    // Once it is paid the plan runs, and a plan change goes the usual way.
    await payOnCheckout(proposal.id);
    expect(await subscriptionOf(client.user.id)).toMatchObject({ status: 'active' });
    const change = await client.browser.request('POST', '/api/get-or-create-subscription', {
      planId: 'essentials',
    });
    expect(change.status).toBe(200);
  });
});

describe('a client who had asked for a plan of their own', () => {
  it('has that request replaced: its open Checkout page is closed before its invoice goes', async () => {
    const client = await signedInClient(t.baseUrl);
    const asked = await client.browser.request('POST', '/api/get-or-create-subscription', {
      planId: 'essentials',
    });
    expect(asked.status).toBe(200);
    const [own] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, client.user.id));
    const { agent } = await signedInAdmin(t.app, t.database);
    expect(
      (await agent.patch(`/api/admin/invoices/${own!.id}`).send({ status: 'sent' })).status,
    ).toBe(200);
    const opened = await client.browser.request('POST', `/api/invoices/${own!.id}/pay`);
    expect(opened.status).toBe(200);
    const page = new URL(((await opened.json()) as { url: string }).url).pathname.split('/').pop()!;
    expect(stripe.checkoutSessions.get(page)?.status).toBe('open');

    const proposal = await signedProposal({ recipientEmail: client.account.email });
    await billing().settleSigned(proposal.id);

    expect(stripe.checkoutSessions.get(page)?.status).toBe('expired');
    expect(await t.database.db.select().from(invoices).where(eq(invoices.id, own!.id))).toEqual([]);
    const settled = await proposalRow(proposal.id);
    expect(await subscriptionOf(client.user.id)).toMatchObject({
      status: 'pending',
      tier: 'signature',
    });
    expect(await invoiceRow(settled.depositInvoiceId!)).toMatchObject({
      userId: client.user.id,
      status: 'sent',
    });
  });
});

describe('POST /api/proposals/{token}/deposit', () => {
  it('answers Checkout for the first invoice, back to the proposal, and 404 for a wrong link', async () => {
    const proposal = await signedProposal();
    await billing().settleSigned(proposal.id);
    const tokens = new Map([['good-token', proposal.id]]);
    const app = express()
      .use(express.json())
      .use(
        '/api/proposals',
        depositRoutes(
          billing(),
          async (token) => {
            const id = tokens.get(token);
            if (!id) throw new AppError(404, 'This proposal link is not valid');
            return id;
          },
          t.services.rateLimits,
          t.baseUrl,
        ),
      )
      .use(errorHandler(createLogger('silent')));

    const res = await request(app).post('/api/proposals/good-token/deposit');
    expect(res.status).toBe(200);
    const session = stripe.checkoutSessions.get(new URL(res.body.url).pathname.split('/').pop()!);
    expect(session).toMatchObject({
      amount_total: 124_900,
      success_url: `${t.baseUrl}/proposals/good-token?paid=1`,
      cancel_url: `${t.baseUrl}/proposals/good-token`,
    });
    const wrong = await request(app).post('/api/proposals/forged/deposit');
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This proposal link is not valid');
  });
});

describe('the portal invitation', () => {
  it('names what waits in the portal and links to its sign-up for the address', () => {
    const email = portalInvitationEmail(
      {
        businessName: 'Coast & Code Studio',
        businessEmail: 'hello@coastandcode.test',
        timeZone: 'America/Chicago',
      },
      {
        email: 'camille@example.com',
        name: 'Camille Broussard',
        title: 'Bayou Bakery website',
        plan: { name: 'Signature', monthlyCents: 19_900 },
        invoiceNumber: 'INV-2026-0007',
        signupUrl: 'https://agency.test/api/login?screen=signup',
      },
    );
    expect(email.subject).toBe('Welcome to Coast & Code Studio: your client account');
    expect(email.text).toContain(
      'Create your client account with camille@example.com to find your Signature plan ($199.00/month), invoice INV-2026-0007, the signed agreement in one place.',
    );
    expect(email.text).toContain('Your plan starts once the first invoice is paid');
    expect(email.text).toContain(
      'Create your account: https://agency.test/api/login?screen=signup',
    );
  });
});
