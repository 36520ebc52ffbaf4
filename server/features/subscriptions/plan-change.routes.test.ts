import { and, asc, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLineItems, invoices, outboxMessages, subscriptions } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { pollUntil } from '@tests/support/poll';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-03-01T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  return { status: res.status, body: await res.json() };
}

async function subscriptionOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row!;
}

/** The renewal invoices of a subscription, oldest first, with their one line. */
async function renewalsOf(subscriptionId: string) {
  return t.database.db
    .select({
      id: invoices.id,
      planType: invoices.planType,
      total: invoices.total,
      status: invoices.status,
      periodStart: invoices.periodStart,
      line: invoiceLineItems.description,
    })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoiceId, invoices.id))
    .where(and(eq(invoices.subscriptionId, subscriptionId), isNotNull(invoices.periodStart)))
    .orderBy(asc(invoices.createdAt));
}

async function mailTo(subject: string) {
  return pollUntil(
    () => t.database.db.select().from(outboxMessages).where(like(outboxMessages.subject, subject)),
    (rows) => rows.length > 0,
    10_000,
  );
}

/** A signed-in client on an active plan: requested on Mar 1, first invoice paid on Mar 2. */
async function activeSubscriber(firstName: string, planId = 'signature') {
  clock.set('2026-03-01T12:00:00.000Z');
  const client = await signedInClient(t.baseUrl, { firstName, lastName: 'Fontenot' });
  await send(client.browser, 'POST', '/api/get-or-create-subscription', { planId });
  const sub = await subscriptionOf(client.user.id);
  const [first] = await t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, sub.id));
  clock.set('2026-03-02T12:00:00.000Z');
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' });
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'paid' });
  return { ...client, subscriptionId: sub.id };
}

describe('a plan change', () => {
  it('starts with the next period: its renewal bills the new plan, and the plan changes when it begins', async () => {
    const { browser, user, subscriptionId } = await activeSubscriber('Celeste');

    const change = await send(browser, 'POST', '/api/subscription/plan-change', {
      planId: 'prestige',
    });
    expect(change.status).toBe(200);
    expect(change.body.message).toBe(
      'Your Signature plan changes to Prestige on Apr 2, 2026, when your next billing period starts. Your next invoice bills the new plan.',
    );
    // A month in Chicago: 6 AM on Mar 2 (CST) to 6 AM on Apr 2 (CDT), an hour less in UTC.
    expect(change.body.subscription).toEqual({
      tier: 'signature',
      status: 'active',
      currentPeriodStart: '2026-03-02T12:00:00.000Z',
      currentPeriodEnd: '2026-04-02T11:00:00.000Z',
      cancelAtPeriodEnd: false,
      pendingTier: 'prestige',
      pendingTierFrom: '2026-04-02T11:00:00.000Z',
      withdrawn: false,
      // The price stays the current plan's until the change begins.
      monthlyPrice: 39900,
    });
    // The agency hears of it, as of every other plan request.
    const [mail] = await mailTo('Plan change: Celeste Fontenot (Signature to Prestige)');
    expect(mail!.toAddress).toBe((await t.services.settings.getPublic()).businessEmail);
    expect(mail!.text).toContain('The change starts on Apr 2, 2026');

    // Asking again changes nothing; the portal reads the pending change.
    const again = await send(browser, 'POST', '/api/subscription/plan-change', {
      planId: 'prestige',
    });
    expect(again.body.message).toBe(
      'Your change to the Prestige plan on Apr 2, 2026 is already requested.',
    );
    expect((await send(browser, 'GET', '/api/subscription')).body.pendingTier).toBe('prestige');

    // Seven days before the period ends, the renewal bills Prestige at Prestige's price.
    clock.set('2026-03-26T12:00:00.000Z');
    await t.billing.runDaily();
    let renewals = await renewalsOf(subscriptionId);
    expect(renewals).toEqual([
      expect.objectContaining({
        planType: 'prestige',
        total: 59_900,
        status: 'sent',
        line: 'Prestige plan, 2026-04-02 to 2026-05-02',
      }),
    ]);

    // Changing the mind re-bills that month: the unpaid renewal is made again at the new price.
    expect(
      (await send(browser, 'POST', '/api/subscription/plan-change', { planId: 'essentials' }))
        .status,
    ).toBe(200);
    expect(await renewalsOf(subscriptionId)).toEqual([]);
    await t.billing.runDaily();
    renewals = await renewalsOf(subscriptionId);
    expect(renewals.map((r) => [r.planType, r.total])).toEqual([['essentials', 19_900]]);

    // Back to Prestige, paid ahead: the period end moves a month, the start date stays.
    await send(browser, 'POST', '/api/subscription/plan-change', { planId: 'prestige' });
    await t.billing.runDaily();
    renewals = await renewalsOf(subscriptionId);
    expect(renewals.map((r) => [r.planType, r.total])).toEqual([['prestige', 59_900]]);
    clock.set('2026-03-28T12:00:00.000Z');
    await admin.patch(`/api/admin/invoices/${renewals[0]!.id}`).send({ status: 'paid' });
    expect((await send(browser, 'GET', '/api/subscription')).body).toMatchObject({
      tier: 'signature',
      currentPeriodEnd: '2026-05-02T11:00:00.000Z',
      pendingTier: 'prestige',
      pendingTierFrom: '2026-04-02T11:00:00.000Z',
    });
    // Paid for, the change can no longer be withdrawn.
    const late = await send(browser, 'DELETE', '/api/subscription/plan-change');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'Your first month on the Prestige plan is already paid, so the change can no longer be withdrawn. Please open a support ticket.',
    );

    // The month begins: the plan is Prestige, in the subscription and on the dashboard.
    clock.set('2026-04-03T06:00:00.000Z');
    expect((await t.billing.runDaily()).periodsStarted).toBe(1);
    expect(await subscriptionOf(user.id)).toMatchObject({
      tier: 'prestige',
      pendingTier: null,
      pendingTierFrom: null,
      currentPeriodStart: new Date('2026-04-02T11:00:00.000Z'),
    });

    const history = await t.services.subscriptions.listHistory(user.id);
    expect(history.items.map((e) => [e.kind, e.tier, e.monthlyPriceCents, e.pendingTier])).toEqual([
      ['plan_changed', 'prestige', 59_900, null],
      ['renewed', 'signature', 39_900, 'prestige'],
      ['plan_change_requested', 'signature', 39_900, 'prestige'],
      ['plan_change_requested', 'signature', 39_900, 'essentials'],
      ['plan_change_requested', 'signature', 39_900, 'prestige'],
      ['activated', 'signature', 39_900, null],
      ['requested', 'signature', 39_900, null],
    ]);
    expect(history).toMatchObject({ total: 7, page: 1, pageSize: 25 });
  });

  it('is withdrawn by choosing the current plan again or by DELETE, and the renewal is re-billed', async () => {
    const { browser, subscriptionId } = await activeSubscriber('Odile', 'essentials');
    await send(browser, 'POST', '/api/subscription/plan-change', { planId: 'signature' });

    const kept = await send(browser, 'POST', '/api/subscription/plan-change', {
      planId: 'essentials',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe(
      'Your plan change is withdrawn: you stay on the Essentials plan.',
    );
    expect(kept.body.subscription).toMatchObject({ pendingTier: null, pendingTierFrom: null });
    await mailTo('Plan change withdrawn: Odile Fontenot (stays on Essentials)');

    await send(browser, 'POST', '/api/subscription/plan-change', { planId: 'prestige' });
    clock.set('2026-03-27T12:00:00.000Z');
    await t.billing.runDaily();
    expect((await renewalsOf(subscriptionId)).map((r) => r.total)).toEqual([59_900]);
    const withdrawn = await send(browser, 'DELETE', '/api/subscription/plan-change');
    expect(withdrawn.status).toBe(200);
    expect(await renewalsOf(subscriptionId)).toEqual([]);
    await t.billing.runDaily();
    expect((await renewalsOf(subscriptionId)).map((r) => [r.planType, r.total])).toEqual([
      ['essentials', 19_900],
    ]);

    const none = await send(browser, 'DELETE', '/api/subscription/plan-change');
    expect(none).toEqual({
      status: 404,
      body: { message: 'You have no plan change to withdraw.' },
    });
  });

  it('is refused without a running plan in good standing, and says why', async () => {
    clock.set('2026-03-01T12:00:00.000Z');
    const newcomer = await signedInClient(t.baseUrl);
    const refusals: Array<[BrowserSession, string, string]> = [];
    refusals.push([
      newcomer.browser,
      'signature',
      'You have no active plan to change. Choose a plan to request it.',
    ]);
    const same = await activeSubscriber('Marcus');
    refusals.push([same.browser, 'signature', 'You are already on the Signature plan.']);
    const ending = await activeSubscriber('Theo');
    await send(ending.browser, 'POST', '/api/subscription/cancel');
    refusals.push([
      ending.browser,
      'prestige',
      'Your plan ends on Apr 2, 2026: it cannot be changed after a cancellation request.',
    ]);
    for (const [browser, planId, message] of refusals) {
      const res = await send(browser, 'POST', '/api/subscription/plan-change', { planId });
      expect(res).toEqual({ status: 409, body: { message } });
    }
    // The period is over and its renewal unpaid: pay first.
    clock.set('2026-04-03T12:00:00.000Z');
    const unpaid = await send(same.browser, 'POST', '/api/subscription/plan-change', {
      planId: 'prestige',
    });
    expect(unpaid).toEqual({
      status: 409,
      body: { message: 'Your renewal invoice is unpaid: please pay it before changing your plan.' },
    });
    const bad = await send(same.browser, 'POST', '/api/subscription/plan-change', {
      planId: 'platinum',
    });
    expect(bad.status).toBe(400);
  });

  it('goes with a cancellation requested after it', async () => {
    const { browser, user } = await activeSubscriber('Remy');
    await send(browser, 'POST', '/api/subscription/plan-change', { planId: 'prestige' });
    const cancel = await send(browser, 'POST', '/api/subscription/cancel');
    expect(cancel.body.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      pendingTier: null,
    });
    const [latest] = (await t.services.subscriptions.listHistory(user.id, { pageSize: 1 })).items;
    expect(latest).toMatchObject({ kind: 'cancel_requested', pendingTier: null });
  });
});
