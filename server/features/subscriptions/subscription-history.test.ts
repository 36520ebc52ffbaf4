import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionHistorySchema } from '@shared/schemas/subscriptions';
import { signedInAdmin, signedInClient, subscriptionInvoices } from '@tests/factories';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-05-01T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

/** The client's first-month invoice, or their first renewal. */
const invoiceOf = async (userId: string, renewal: boolean) =>
  (await subscriptionInvoices(t.database, userId, renewal))[0]!;

describe("a client's subscription history", () => {
  it('records every transition in the transaction that makes it, and is listed newest first, a page at a time', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    const post = (url: string, body?: object) => browser.request('POST', url, body);

    await post('/api/get-or-create-subscription', { planId: 'essentials' });
    clock.set('2026-05-01T13:00:00.000Z');
    await post('/api/subscription/cancel');
    clock.set('2026-05-02T12:00:00.000Z');
    await post('/api/get-or-create-subscription', { planId: 'signature' });
    // The admin records the first payment: the plan starts.
    clock.set('2026-05-03T12:00:00.000Z');
    const first = await invoiceOf(user.id, false);
    await admin.patch(`/api/admin/invoices/${first.id}`).send({ status: 'sent' });
    await admin.patch(`/api/admin/invoices/${first.id}`).send({ status: 'paid' });
    // The renewal is made, not paid: past due 14 days after the period ended...
    clock.set('2026-05-28T12:00:00.000Z');
    await t.billing.runDaily();
    clock.set('2026-06-17T12:00:00.000Z');
    expect((await t.billing.runDaily()).subscriptionsPastDue).toBe(1);
    // ...paid late, active again; then cancelled, and ended at the period end.
    clock.set('2026-06-18T12:00:00.000Z');
    await admin
      .patch(`/api/admin/invoices/${(await invoiceOf(user.id, true)).id}`)
      .send({ status: 'paid' });
    clock.set('2026-06-19T12:00:00.000Z');
    await post('/api/subscription/cancel');
    clock.set('2026-07-04T12:00:00.000Z');
    expect((await t.billing.runDaily()).subscriptionsEnded).toBe(1);

    const history = await t.services.subscriptions.listHistory(user.id);
    expect(SubscriptionHistorySchema.parse(history)).toEqual(history);
    expect(
      history.items.map((e) => [e.kind, e.status, e.tier, e.monthlyPriceCents, e.occurredAt]),
    ).toEqual([
      ['canceled', 'canceled', 'signature', 39_900, '2026-07-04T12:00:00.000Z'],
      ['cancel_requested', 'active', 'signature', 39_900, '2026-06-19T12:00:00.000Z'],
      ['renewed', 'active', 'signature', 39_900, '2026-06-18T12:00:00.000Z'],
      ['past_due', 'past_due', 'signature', 39_900, '2026-06-17T12:00:00.000Z'],
      ['activated', 'active', 'signature', 39_900, '2026-05-03T12:00:00.000Z'],
      ['requested', 'pending', 'signature', 39_900, '2026-05-02T12:00:00.000Z'],
      ['withdrawn', 'canceled', 'essentials', 19_900, '2026-05-01T13:00:00.000Z'],
      ['requested', 'pending', 'essentials', 19_900, '2026-05-01T12:00:00.000Z'],
    ]);
    expect(history.items[0]).toMatchObject({
      periodStart: '2026-06-03T12:00:00.000Z',
      periodEnd: '2026-07-03T12:00:00.000Z',
    });

    const second = await t.services.subscriptions.listHistory(user.id, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(second.items.map((e) => e.kind)).toEqual(['past_due', 'activated', 'requested']);
    // Another client's history is their own.
    const other = await signedInClient(t.baseUrl);
    expect((await t.services.subscriptions.listHistory(other.user.id)).items).toEqual([]);
  });

  it('is listed by when each thing happened, also when a payment recorded by hand is dated by its day', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    // Requested at 4:52 PM in Chicago (CDT)...
    clock.set('2026-07-10T21:52:00.000Z');
    await browser.request('POST', '/api/get-or-create-subscription', { planId: 'essentials' });
    // ...and paid by check that day, recorded at 5:10 PM: the payment is kept as the day's
    // noon, so the plan started at 12:00 PM, before it was requested.
    clock.set('2026-07-10T22:10:00.000Z');
    const first = await invoiceOf(user.id, false);
    await admin.patch(`/api/admin/invoices/${first.id}`).send({ status: 'sent' });
    const paid = await admin
      .post(`/api/admin/invoices/${first.id}/payments`)
      .send({ amount: first.total, method: 'check', paidOn: '2026-07-10', reference: '' });
    expect(paid.status).toBe(201);

    const history = await t.services.subscriptions.listHistory(user.id);
    expect(history.items.map((e) => [e.kind, e.occurredAt])).toEqual([
      ['requested', '2026-07-10T21:52:00.000Z'],
      ['activated', '2026-07-10T17:00:00.000Z'],
    ]);
  });
});
