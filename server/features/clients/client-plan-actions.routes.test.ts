import { and, asc, desc, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  invoiceLineItems,
  invoices,
  outboxMessages,
  subscriptions,
  users,
} from '../../db/schema';
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

async function mailTo(address: string, subject: string) {
  const [mail] = await pollUntil(
    () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.toAddress, address), like(outboxMessages.subject, subject))),
    (rows) => rows.length > 0,
    10_000,
  );
  return mail!;
}

async function lastAudit(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, userId))
    .orderBy(desc(auditEvents.createdAt));
  return row;
}

/** A client on an active plan: requested on Mar 1, first invoice paid on Mar 2 (to Apr 2). */
async function activeSubscriber(firstName: string, planId = 'signature') {
  clock.set('2026-03-01T12:00:00.000Z');
  const client = await signedInClient(t.baseUrl, { firstName, lastName: 'Broussard' });
  await send(client.browser, 'POST', '/api/get-or-create-subscription', { planId });
  const sub = await subscriptionOf(client.user.id);
  const [first] = await t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, sub.id));
  clock.set('2026-03-02T12:00:00.000Z');
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' });
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'paid' });
  clock.set('2026-03-10T12:00:00.000Z');
  return { ...client, id: client.user.id, email: client.user.email!, subscriptionId: sub.id };
}

const patchPlan = (id: string, body: object) =>
  admin.patch(`/api/admin/clients/${id}/subscription`).send(body);

describe('the owner changes a client plan', () => {
  it('from the next period, as the client can: the client is e-mailed and the audit log keeps it', async () => {
    const client = await activeSubscriber('Odile');
    const res = await patchPlan(client.id, { planType: 'prestige' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'The plan changes to Prestige on Apr 2, 2026, when the next billing period starts.',
    );
    const sub = await subscriptionOf(client.id);
    expect(sub).toMatchObject({ tier: 'signature', pendingTier: 'prestige' });
    const mail = await mailTo(client.email, 'Your plan changes to Prestige on Apr 2, 2026');
    expect(mail.text).toContain(
      'It starts on Apr 2, 2026, with your next billing period: the renewal invoice for that period bills the Prestige plan.',
    );
    const audit = await lastAudit(client.id);
    expect(audit).toMatchObject({
      kind: 'client.subscription_changed',
      targetType: 'client',
      before: { pendingTier: null, pendingTierFrom: null },
      // 6 AM on Apr 2 in Chicago, as the plan started at 6 AM on Mar 2: daylight time by then.
      after: { pendingTier: 'prestige', pendingTierFrom: '2026-04-02T11:00:00.000Z' },
    });
    // The page shows it.
    const detail = await admin.get(`/api/admin/clients/${client.id}`);
    expect(detail.body.subscription).toMatchObject({ pendingTier: 'prestige', freeMonths: 0 });
  });

  it('at once: the plan is the new one today, and the next renewal bills it', async () => {
    const client = await activeSubscriber('Anatole');
    const res = await patchPlan(client.id, { planType: 'essentials', starts: 'now' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'The plan is now Essentials, from today. The next renewal invoice bills it.',
    );
    expect(await subscriptionOf(client.id)).toMatchObject({
      tier: 'essentials',
      status: 'active',
      pendingTier: null,
    });
    await mailTo(client.email, 'Your plan is now Essentials');
    expect(await lastAudit(client.id)).toMatchObject({
      kind: 'client.subscription_changed',
      before: { tier: 'signature' },
      after: { tier: 'essentials' },
    });
    clock.set('2026-03-26T12:00:00.000Z');
    await t.billing.runDaily();
    const [renewal] = await t.database.db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.subscriptionId, client.subscriptionId), isNotNull(invoices.periodStart)),
      );
    expect(renewal).toMatchObject({ planType: 'essentials', total: 19_900 });
    // Again to the same plan: refused, nothing changes.
    const again = await patchPlan(client.id, { planType: 'essentials', starts: 'now' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The client is already on the Essentials plan.');
  });

  it('cancels at the period end, takes it back, and ends a plan at once', async () => {
    const client = await activeSubscriber('Josette');
    const cancel = await patchPlan(client.id, { cancelAtPeriodEnd: true });
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe(
      'The Signature plan is canceled: it stays active until Apr 2, 2026, then ends.',
    );
    expect(await subscriptionOf(client.id)).toMatchObject({ cancelAtPeriodEnd: true });
    const cancelled = await mailTo(client.email, 'Your Signature plan ends on Apr 2, 2026');
    expect(cancelled.text).toContain('Choose "Keep my plan" in your portal before then.');
    expect(await lastAudit(client.id)).toMatchObject({
      before: { cancelAtPeriodEnd: false },
      after: { cancelAtPeriodEnd: true },
    });

    const takeBack = await patchPlan(client.id, { cancelAtPeriodEnd: false });
    expect(takeBack.status).toBe(200);
    expect(takeBack.body.message).toBe(
      'The cancellation is taken back: the Signature plan continues and renews as before.',
    );
    expect(await subscriptionOf(client.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    await mailTo(client.email, 'Your Signature plan continues');
    expect((await patchPlan(client.id, { cancelAtPeriodEnd: false })).body.message).toBe(
      'This plan is not being canceled: there is nothing to take back.',
    );

    const end = await patchPlan(client.id, { endNow: true });
    expect(end.status).toBe(200);
    expect(end.body.message).toBe('The Signature plan has ended today.');
    expect(await subscriptionOf(client.id)).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: new Date('2026-03-10T12:00:00.000Z'),
    });
    await mailTo(client.email, 'Your Signature plan has ended');
    expect(await lastAudit(client.id)).toMatchObject({
      before: { status: 'active' },
      after: { status: 'canceled', currentPeriodEnd: '2026-03-10T12:00:00.000Z' },
    });
    // An ended plan has nothing to end or take back, and its portal says so.
    expect((await patchPlan(client.id, { endNow: true })).status).toBe(409);
    expect((await send(client.browser, 'GET', '/api/subscription')).body.status).toBe('canceled');
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const client = await activeSubscriber('Evariste');
    const bodies: [object, string][] = [
      [{}, 'Give exactly one change: planType, cancelAtPeriodEnd or endNow'],
      [
        { planType: 'prestige', cancelAtPeriodEnd: true },
        'Give exactly one change: planType, cancelAtPeriodEnd or endNow',
      ],
      [{ planType: 'Gold!' }, 'Please choose a plan'],
      [{ planType: 'prestige', starts: 'tomorrow' }, 'starts must be now or next_period'],
      [{ endNow: false }, 'endNow can only be true'],
    ];
    for (const [body, message] of bodies) {
      const res = await patchPlan(client.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await subscriptionOf(client.id)).toMatchObject({
      tier: 'signature',
      pendingTier: null,
      cancelAtPeriodEnd: false,
    });
    const unknown = await patchPlan('00000000-0000-4000-8000-000000000000', { endNow: true });
    expect(unknown.status).toBe(404);
  });
});

describe('a month free', () => {
  it('is a credit line on the next renewal invoice the billing run makes: nothing owed, the plan runs on', async () => {
    const client = await activeSubscriber('Ursule');
    const res = await admin.post(`/api/admin/clients/${client.id}/free-months`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('A month free given: the next renewal invoice shows the credit.');
    expect((await subscriptionOf(client.id)).freeMonths).toBe(1);
    const mail = await mailTo(client.email, 'A month of your plan free');
    expect(mail.text).toContain(
      'Good news: we have given you a month of your Signature plan free.',
    );
    expect(await lastAudit(client.id)).toMatchObject({
      kind: 'client.free_months_given',
      before: { freeMonths: 0 },
      after: { freeMonths: 1 },
    });

    clock.set('2026-03-26T12:00:00.000Z');
    const run = await t.billing.runDaily();
    expect(run.freeRenewalsSettled).toBe(1);
    const [renewal] = await t.database.db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.subscriptionId, client.subscriptionId), isNotNull(invoices.periodStart)),
      );
    expect(renewal).toMatchObject({ subtotal: 0, total: 0, status: 'paid' });
    const lines = await t.database.db
      .select({ description: invoiceLineItems.description, total: invoiceLineItems.total })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, renewal!.id))
      .orderBy(asc(invoiceLineItems.position));
    expect(lines).toEqual([
      { description: 'Signature plan, 2026-04-02 to 2026-05-02', total: 39_900 },
      { description: 'Free month (credit)', total: -39_900 },
    ]);
    // The month is given: the plan runs to May 2 and the free month is used up.
    expect(await subscriptionOf(client.id)).toMatchObject({
      status: 'active',
      freeMonths: 0,
      currentPeriodEnd: new Date('2026-05-02T11:00:00.000Z'),
    });
    // The month after is billed in full again.
    clock.set('2026-04-26T12:00:00.000Z');
    await t.billing.runDaily();
    const renewals = await t.database.db
      .select({ total: invoices.total })
      .from(invoices)
      .where(
        and(eq(invoices.subscriptionId, client.subscriptionId), isNotNull(invoices.periodStart)),
      )
      .orderBy(asc(invoices.periodStart));
    expect(renewals.map((r) => r.total)).toEqual([0, 39_900]);
  });

  it('is refused for a plan that ends, and for bad input', async () => {
    const client = await activeSubscriber('Honorine');
    for (const body of [{ months: 0 }, { months: 13 }, { months: 1.5 }, { months: 'two' }]) {
      expect(
        (await admin.post(`/api/admin/clients/${client.id}/free-months`).send(body)).status,
      ).toBe(400);
    }
    await patchPlan(client.id, { cancelAtPeriodEnd: true });
    const refused = await admin.post(`/api/admin/clients/${client.id}/free-months`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This plan ends at the period end: there is no renewal to credit.',
    );
    expect((await subscriptionOf(client.id)).freeMonths).toBe(0);
  });
});

describe("the client's details", () => {
  it('are corrected by the owner, in the audit log; bad input changes nothing', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Lucien', lastName: 'Guidry' });
    const res = await admin
      .patch(`/api/admin/clients/${client.user.id}`)
      .send({ firstName: ' Lucienne ', businessName: 'Guidry Boats', phoneNumber: '' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      firstName: 'Lucienne',
      lastName: 'Guidry',
      name: 'Lucienne Guidry',
      businessName: 'Guidry Boats',
      phoneNumber: null,
    });
    expect(await lastAudit(client.user.id)).toMatchObject({
      kind: 'client.details_updated',
      before: { firstName: 'Lucien', businessName: null },
      after: { firstName: 'Lucienne', businessName: 'Guidry Boats' },
    });
    for (const body of [{ firstName: 'x'.repeat(201) }, { email: 'new@example.com' }]) {
      expect((await admin.patch(`/api/admin/clients/${client.user.id}`).send(body)).status).toBe(
        400,
      );
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
    expect(user).toMatchObject({ firstName: 'Lucienne', email: client.user.email });
  });
});

describe('the client takes their own cancellation back', () => {
  it('with DELETE /api/subscription/cancel before the period ends; the agency hears of it', async () => {
    const client = await activeSubscriber('Placide');
    await send(client.browser, 'POST', '/api/subscription/cancel');
    const kept = await send(client.browser, 'DELETE', '/api/subscription/cancel');
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe(
      'Your cancellation is taken back: your Signature plan continues and renews as before.',
    );
    expect(kept.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const agency = (await t.services.settings.getPublic()).businessEmail;
    const mail = await mailTo(agency, 'Cancellation taken back: Placide Broussard (Signature)');
    expect(mail.text).toContain('took back their cancellation and keeps the Signature plan.');
    // Nothing left to take back.
    const again = await send(client.browser, 'DELETE', '/api/subscription/cancel');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Your plan is not being canceled: there is nothing to take back.',
    );
    // The renewal is made again by the daily run.
    clock.set('2026-03-26T12:00:00.000Z');
    expect((await t.billing.runDaily()).renewalsCreated).toBeGreaterThanOrEqual(1);
  });

  it('not after the plan ended', async () => {
    const client = await activeSubscriber('Aurore');
    await send(client.browser, 'POST', '/api/subscription/cancel');
    clock.set('2026-04-03T12:00:00.000Z');
    await t.billing.runDaily();
    const late = await send(client.browser, 'DELETE', '/api/subscription/cancel');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This plan has already ended. Choose a plan to start again.');
  });
});
