import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UpcomingRenewalPageSchema,
  type UpcomingRenewal,
  type UpcomingRenewalPage,
} from '@shared/schemas/renewals';
import { invoiceLineItems, invoices, subscriptions } from '../../db/schema';
import { createSubscriber, signedInAdmin, signedInClient } from '@tests/factories';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-01-05T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

async function subscriptionOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row!;
}

async function invoicesOf(subscriptionId: string) {
  return t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(asc(invoices.createdAt));
}

const NOTHING = {
  invoicesOverdue: 0,
  periodsStarted: 0,
  subscriptionsEnded: 0,
  subscriptionsPastDue: 0,
  renewalsCreated: 0,
  renewalsSent: 0,
  renewalsNotSent: 0,
  renewalsCharged: 0,
  renewalsDeclined: 0,
  renewalsChargeFailed: 0,
  remindersSent: 0,
  freeRenewalsSettled: 0,
  lateFeesApplied: 0,
  lateFeesNotSent: 0,
};

describe('a subscription over several months', () => {
  it('is invoiced, started, renewed, falls past due, recovers and ends when cancelled', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Remy', lastName: 'Thibodeaux' });
    const subscribe = await client.browser.request('POST', '/api/get-or-create-subscription', {
      planId: 'signature',
    });
    expect(subscribe.status).toBe(200);
    const sub = await subscriptionOf(client.user.id);
    expect(sub.status).toBe('pending');

    // The request made a draft invoice for the first month, addressed to the client.
    const [first] = await invoicesOf(sub.id);
    expect(first).toMatchObject({
      status: 'draft',
      clientName: 'Remy Thibodeaux',
      clientEmail: client.account.email,
      planType: 'signature',
      total: 39_900,
      dateIssued: '2026-01-05',
      dueDate: '2026-01-12',
      periodStart: null,
    });

    // Sent and paid on Jan 6: the plan runs one month from the payment.
    clock.set('2026-01-06T12:00:00.000Z');
    expect(
      (await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' })).status,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'paid' })).status,
    ).toBe(200);
    let current = await subscriptionOf(client.user.id);
    expect(current).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2026-01-06T12:00:00.000Z'),
      currentPeriodEnd: new Date('2026-02-06T12:00:00.000Z'),
      activatedAt: new Date('2026-01-06T12:00:00.000Z'),
    });
    const portal = await client.browser.request('GET', '/api/subscription');
    expect(await portal.json()).toMatchObject({ status: 'active', tier: 'signature' });

    // Eight days before the period ends: nothing to do yet.
    clock.set('2026-01-29T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual(NOTHING);

    // Seven days before: the next month's invoice is made and sent (to the outbox here).
    clock.set('2026-01-30T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, renewalsCreated: 1, renewalsSent: 1 });
    // Idempotent: a second run the same day changes nothing.
    expect(await t.billing.runDaily()).toEqual(NOTHING);
    let all = await invoicesOf(sub.id);
    expect(all).toHaveLength(2);
    const february = all[1]!;
    expect(february).toMatchObject({
      status: 'sent',
      total: 39_900,
      dueDate: '2026-02-06',
      periodStart: new Date('2026-02-06T12:00:00.000Z'),
      periodEnd: new Date('2026-03-06T12:00:00.000Z'),
    });

    // Paying it extends the period by a month; the new month starts on its first day.
    clock.set('2026-02-02T09:00:00.000Z');
    await admin.patch(`/api/admin/invoices/${february.id}`).send({ status: 'paid' });
    current = await subscriptionOf(client.user.id);
    expect(current.currentPeriodEnd).toEqual(new Date('2026-03-06T12:00:00.000Z'));
    clock.set('2026-02-07T06:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, periodsStarted: 1 });
    current = await subscriptionOf(client.user.id);
    expect(current.currentPeriodStart).toEqual(new Date('2026-02-06T12:00:00.000Z'));

    // March's invoice goes out and is not paid: overdue after its due date...
    clock.set('2026-02-27T12:00:00.000Z');
    expect((await t.billing.runDaily()).renewalsCreated).toBe(1);
    const march = (await invoicesOf(sub.id))[2]!;
    clock.set('2026-03-07T06:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, invoicesOverdue: 1 });
    // ...and the subscription past due 14 days after the period ended, out of the MRR.
    clock.set('2026-03-20T11:00:00.000Z');
    expect((await t.billing.runDaily()).subscriptionsPastDue).toBe(0);
    clock.set('2026-03-20T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, subscriptionsPastDue: 1 });
    expect((await subscriptionOf(client.user.id)).status).toBe('past_due');
    expect((await admin.get('/api/admin/dashboard-stats')).body).toMatchObject({
      activeSubscribers: 0,
      mrr: 0,
    });
    expect(await (await client.browser.request('GET', '/api/subscription')).json()).toMatchObject({
      status: 'past_due',
    });
    // A past-due plan makes no new invoices until it is paid.
    expect((await t.billing.runDaily()).renewalsCreated).toBe(0);

    // Paying the overdue invoice brings it back, through 6 AM on April 6 in Chicago (daylight
    // time by then: 11 AM UTC).
    clock.set('2026-03-21T12:00:00.000Z');
    expect(
      (await admin.patch(`/api/admin/invoices/${march.id}`).send({ status: 'paid' })).status,
    ).toBe(200);
    current = await subscriptionOf(client.user.id);
    expect(current).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2026-04-06T11:00:00.000Z'),
    });
    expect((await admin.get('/api/admin/dashboard-stats')).body).toMatchObject({
      activeSubscribers: 1,
      mrr: 399_00,
    });

    // The client cancels: no April invoice is made, and the plan ends on April 6.
    clock.set('2026-03-25T12:00:00.000Z');
    const cancel = await client.browser.request('POST', '/api/subscription/cancel');
    expect(cancel.status).toBe(200);
    clock.set('2026-03-30T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, periodsStarted: 1 });
    clock.set('2026-04-06T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, subscriptionsEnded: 1 });
    expect((await subscriptionOf(client.user.id)).status).toBe('canceled');
    clock.set('2026-05-30T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual(NOTHING);
    all = await invoicesOf(sub.id);
    expect(all.map((invoice) => invoice.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('leaves renewals as drafts when auto-send is off, and a withdrawn request takes its draft along', async () => {
    clock.set('2026-06-01T12:00:00.000Z');
    const settings = (await admin.get('/api/admin/settings')).body;
    expect(
      (await admin.put('/api/admin/settings').send({ ...settings, autoSendRenewals: false }))
        .status,
    ).toBe(200);

    const client = await signedInClient(t.baseUrl);
    await client.browser.request('POST', '/api/get-or-create-subscription', { planId: 'prestige' });
    const sub = await subscriptionOf(client.user.id);
    // Switching plans while pending replaces the first invoice.
    await client.browser.request('POST', '/api/get-or-create-subscription', {
      planId: 'essentials',
    });
    let all = await invoicesOf(sub.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ planType: 'essentials', total: 19_900, status: 'draft' });

    await admin.patch(`/api/admin/invoices/${all[0]!.id}`).send({ status: 'sent' });
    await admin.patch(`/api/admin/invoices/${all[0]!.id}`).send({ status: 'paid' });
    clock.set('2026-06-25T12:00:00.000Z');
    expect(await t.billing.runDaily()).toEqual({ ...NOTHING, renewalsCreated: 1 });
    all = await invoicesOf(sub.id);
    expect(all[1]).toMatchObject({ status: 'draft', sentAt: null, dueDate: '2026-07-01' });

    // Another client withdraws a pending request: its unpaid first invoice is gone.
    const other = await signedInClient(t.baseUrl);
    await other.browser.request('POST', '/api/get-or-create-subscription', { planId: 'signature' });
    const otherSub = await subscriptionOf(other.user.id);
    expect(await invoicesOf(otherSub.id)).toHaveLength(1);
    await other.browser.request('POST', '/api/subscription/cancel');
    expect(await invoicesOf(otherSub.id)).toHaveLength(0);
  });

  it("lists the next 30 days' renewals, each previewing the very invoice the run then makes", async () => {
    clock.set('2026-09-01T12:00:00.000Z');
    const subscriber = async (values: Partial<typeof subscriptions.$inferInsert>) => {
      const user = await createSubscriber(t.database, {
        tier: 'signature',
        status: 'active',
        ...values,
      });
      return (await subscriptionOf(user.id)).id;
    };
    // Renews on Sep 5 with a month given free; on Sep 20 onto the plan asked for (Prestige).
    const free = await subscriber({
      currentPeriodEnd: new Date('2026-09-05T12:00:00.000Z'),
      freeMonths: 1,
    });
    const changing = await subscriber({
      tier: 'essentials',
      pendingTier: 'prestige',
      currentPeriodEnd: new Date('2026-09-20T12:00:00.000Z'),
    });
    // Not listed: past the 30 days, or ending rather than renewing.
    const later = await subscriber({ currentPeriodEnd: new Date('2026-10-15T12:00:00.000Z') });
    const ending = await subscriber({
      currentPeriodEnd: new Date('2026-09-10T12:00:00.000Z'),
      cancelAtPeriodEnd: true,
    });

    const upcoming = async (query = '') => {
      const res = await admin.get(`/api/admin/renewals/upcoming${query}`);
      expect(res.status).toBe(200);
      return UpcomingRenewalPageSchema.parse(res.body);
    };
    const first = await upcoming();
    const mine = (page: UpcomingRenewalPage, id: string) =>
      page.items.find((item) => item.subscriptionId === id);
    expect(mine(first, later)).toBeUndefined();
    expect(mine(first, ending)).toBeUndefined();
    expect(mine(first, free)).toMatchObject({
      planName: 'Signature',
      renewalDate: '2026-09-05',
      amount: 0,
      freeMonth: true,
      invoice: null,
      preview: {
        lineItems: [
          {
            description: 'Signature plan, 2026-09-05 to 2026-10-05',
            quantity: 1,
            unitPrice: 39_900,
            total: 39_900,
          },
          { description: 'Free month (credit)', quantity: 1, unitPrice: -39_900, total: -39_900 },
        ],
        subtotal: 0,
        total: 0,
        dueDate: '2026-09-05',
      },
    });
    expect(mine(first, changing)).toMatchObject({
      planId: 'prestige',
      planName: 'Prestige',
      renewalDate: '2026-09-20',
      amount: 59_900,
      freeMonth: false,
    });
    // Soonest first, a page at a time.
    const order = first.items.map((item) => item.subscriptionId);
    expect(order.indexOf(free)).toBeLessThan(order.indexOf(changing));
    const paged = await upcoming(`?page=2&pageSize=1`);
    expect(paged).toMatchObject({ total: first.total, page: 2, pageSize: 1 });
    expect(paged.items).toEqual([first.items[1]]);
    expect((await admin.get('/api/admin/renewals/upcoming?pageSize=500')).body.message).toBe(
      'Page size must be between 1 and 100',
    );

    // The run makes each renewal invoice exactly as it was previewed.
    const madeAsPreviewed = async (subscriptionId: string, preview: UpcomingRenewal['preview']) => {
      const [invoice] = (await invoicesOf(subscriptionId)).filter((row) => row.periodStart);
      const lines = await t.database.db
        .select({
          description: invoiceLineItems.description,
          quantity: invoiceLineItems.quantity,
          unitPrice: invoiceLineItems.unitPrice,
          total: invoiceLineItems.total,
        })
        .from(invoiceLineItems)
        .where(eq(invoiceLineItems.invoiceId, invoice!.id))
        .orderBy(asc(invoiceLineItems.position));
      expect({
        lineItems: lines,
        subtotal: invoice!.subtotal,
        total: invoice!.total,
        dueDate: invoice!.dueDate,
        notes: invoice!.notes,
      }).toEqual(preview);
      return invoice!;
    };
    await t.billing.runDaily();
    const made = await madeAsPreviewed(free, mine(first, free)!.preview);
    expect(mine(await upcoming(), free)).toMatchObject({
      amount: 0,
      preview: null,
      invoice: { id: made.id, invoiceNumber: made.invoiceNumber, total: 0 },
    });
    clock.set('2026-09-13T12:00:00.000Z');
    await t.billing.runDaily();
    await madeAsPreviewed(changing, mine(first, changing)!.preview);

    expect((await request(t.app).get('/api/admin/renewals/upcoming')).status).toBe(401);
  });
});
