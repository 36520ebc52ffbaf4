import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLineItems, invoices, subscriptions } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import {
  createTestClock,
  startTestAppWithStripe,
  type TestApp,
  type TestClock,
} from '@tests/support/test-app';

/**
 * The billing run's days are the business's calendar days (BILLING_TIMEZONE), not UTC's: in
 * Kiritimati (UTC+14) 10 AM UTC is already midnight of the next day, and in Chicago the
 * evening of a due date is the next day in UTC.
 */

interface Running {
  t: TestApp;
  stripe: StripeStandIn;
  admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
  clock: TestClock;
}

async function startIn(timeZone: string, at: string): Promise<Running> {
  const clock = createTestClock(at);
  const { t, stripe } = await startTestAppWithStripe(
    `whsec_test_zone_${timeZone.replace(/\W/g, '_').toLowerCase()}`,
    { BILLING_TIMEZONE: timeZone },
    { clock },
  );
  return { t, stripe, clock, admin: (await signedInAdmin(t.app, t.database)).agent };
}

async function invoiceRow({ t }: Running, id: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/**
 * A client asks for the Signature plan at `requestedAt`, and pays its first invoice by card on
 * the Stripe stand-in's page at `paidAt` (so the card is saved for the renewals).
 */
async function planPaidByCard(running: Running, requestedAt: string, paidAt: string) {
  const { t, stripe, clock, admin } = running;
  clock.set(requestedAt);
  const client = await signedInClient(t.baseUrl);
  await client.browser.request('POST', '/api/get-or-create-subscription', { planId: 'signature' });
  const [first] = await t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, client.user.id));
  clock.set(paidAt);
  expect((await admin.post(`/api/admin/invoices/${first!.id}/mark-sent`)).status).toBe(200);
  const started = await client.browser.request('POST', `/api/invoices/${first!.id}/pay`);
  const { url } = (await started.json()) as { url: string };
  await stripe.completeCheckout(new URL(url).pathname.split('/').pop()!);
  const [subscription] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, client.user.id));
  expect(subscription!.status).toBe('active');
  const all = async () =>
    t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, client.user.id))
      .orderBy(asc(invoices.createdAt));
  return { first: (await all())[0]!, subscription: subscription!, invoices: all };
}

async function lineOf({ t }: Running, invoiceId: string) {
  const [line] = await t.database.db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId));
  return line!.description;
}

describe('in Kiritimati (UTC+14)', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startIn('Pacific/Kiritimati', '2026-01-05T10:30:00.000Z');
  });
  afterAll(async () => {
    await running?.t.close();
    await running?.stripe.close();
  });

  it('makes an invoice overdue, and reminds of it, at midnight there', async () => {
    const { t, clock } = running;
    const invoice = await createInvoice(t.database, { status: 'sent', dueDate: '2026-03-10' });
    // 11:59 PM on its due date there.
    clock.set('2026-03-10T09:59:00.000Z');
    await t.billing.runDaily();
    expect(await invoiceRow(running, invoice.id)).toMatchObject({ status: 'sent' });
    // Midnight: Mar 11 there, still Mar 10 in UTC.
    clock.set('2026-03-10T10:00:00.000Z');
    await t.billing.runDaily();
    expect(await invoiceRow(running, invoice.id)).toMatchObject({ status: 'overdue' });

    // The first reminder is 3 days after the due date: Mar 13 there.
    clock.set('2026-03-12T09:59:00.000Z');
    await t.billing.runDaily();
    expect((await invoiceRow(running, invoice.id)).remindersSent).toBe(0);
    clock.set('2026-03-12T10:00:00.000Z');
    await t.billing.runDaily();
    expect((await invoiceRow(running, invoice.id)).remindersSent).toBe(1);
  });

  it("dates a plan's invoices by its calendar, and charges a renewal on its due day there", async () => {
    // Asked for at 12:30 AM on Jan 6 there, paid at 12:30 AM on Jan 7 there.
    const plan = await planPaidByCard(
      running,
      '2026-01-05T10:30:00.000Z',
      '2026-01-06T10:30:00.000Z',
    );
    expect(plan.first).toMatchObject({ dateIssued: '2026-01-06', dueDate: '2026-01-13' });
    expect(plan.subscription.currentPeriodEnd).toEqual(new Date('2026-02-06T10:30:00.000Z'));

    const { t, clock } = running;
    clock.set('2026-01-31T10:30:00.000Z');
    await t.billing.runDaily();
    const renewal = (await plan.invoices())[1]!;
    expect(renewal).toMatchObject({ status: 'sent', dueDate: '2026-02-07' });
    expect(await lineOf(running, renewal.id)).toBe('Signature plan, 2026-02-07 to 2026-03-07');

    // 11:59 PM on Feb 6 there: not due yet. Midnight: Feb 7, and the card is charged.
    clock.set('2026-02-06T09:59:00.000Z');
    expect((await t.billing.runDaily()).renewalsCharged).toBe(0);
    clock.set('2026-02-06T10:00:00.000Z');
    expect((await t.billing.runDaily()).renewalsCharged).toBe(1);
  });

  it("numbers an invoice and a credit note in the year there, on New Year's Day", async () => {
    const { t, clock, admin } = running;
    // 12:30 AM on Jan 1, 2027 there; still 2026 in UTC.
    clock.set('2026-12-31T10:30:00.000Z');
    const draft = await createInvoice(t.database, { invoiceNumber: null, total: 5_000 });
    const sent = await admin.post(`/api/admin/invoices/${draft.id}/mark-sent`);
    expect(sent.status).toBe(200);
    expect(sent.body.invoice).toMatchObject({
      invoiceNumber: 'INV-2027-0001',
      dateIssued: draft.dateIssued,
    });
    const paid = await admin
      .post(`/api/admin/invoices/${draft.id}/payments`)
      .send({ amount: 5_000, method: 'cash', paidOn: '2027-01-01' });
    expect(paid.status).toBe(201);
    const credited = await admin
      .post(`/api/admin/invoices/${draft.id}/credit-notes`)
      .send({ reason: 'Goodwill' });
    expect(credited.status).toBe(201);
    expect(credited.body.creditNote.creditNoteNumber).toBe('CN-2027-0001');
  });
});

describe('in Chicago (UTC-6, UTC-5 in summer)', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startIn('America/Chicago', '2026-02-27T18:00:00.000Z');
  });
  afterAll(async () => {
    await running?.t.close();
    await running?.stripe.close();
  });

  it('leaves an invoice open on the evening of its due date', async () => {
    const { t, clock } = running;
    const invoice = await createInvoice(t.database, { status: 'sent', dueDate: '2026-03-10' });
    // 10 PM on Mar 10 there (CDT), Mar 11 in UTC.
    clock.set('2026-03-11T03:00:00.000Z');
    await t.billing.runDaily();
    expect(await invoiceRow(running, invoice.id)).toMatchObject({ status: 'sent' });
    clock.set('2026-03-11T05:00:00.000Z');
    await t.billing.runDaily();
    expect(await invoiceRow(running, invoice.id)).toMatchObject({ status: 'overdue' });
  });

  it("runs a plan's month to the same day there across the spring change", async () => {
    // Paid at 11:30 PM on Mar 1 (CST): its month ends at 11:30 PM on Apr 1 (CDT).
    const plan = await planPaidByCard(
      running,
      '2026-02-27T18:00:00.000Z',
      '2026-03-02T05:30:00.000Z',
    );
    expect(plan.subscription.currentPeriodEnd).toEqual(new Date('2026-04-02T04:30:00.000Z'));
    const { t, clock } = running;
    clock.set('2026-03-26T12:00:00.000Z');
    await t.billing.runDaily();
    const renewal = (await plan.invoices())[1]!;
    expect(renewal).toMatchObject({ dueDate: '2026-04-01' });
    expect(await lineOf(running, renewal.id)).toBe('Signature plan, 2026-04-01 to 2026-05-01');
  });
});
