import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invoices, plans, subscriptionEvents, subscriptions } from '../../db/schema';
import { migrationsDir } from '../../lib/paths';
import { signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';
import { openTestDatabase } from '@tests/support/test-database';

const clock = createTestClock('2026-03-01T12:00:00.000Z');
let t: TestApp;
let smtp: SmtpSink;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
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

/** The invoices of a subscription, oldest first. */
async function invoicesOf(subscriptionId: string) {
  return t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(asc(invoices.createdAt));
}

async function pay(invoiceId: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (row!.status === 'draft') {
    await admin.patch(`/api/admin/invoices/${invoiceId}`).send({ status: 'sent' });
  }
  const paid = await admin.patch(`/api/admin/invoices/${invoiceId}`).send({ status: 'paid' });
  expect(paid.status).toBe(200);
}

/** A signed-in client on an active plan: asked for on `on`, its first invoice paid then. */
async function activeSubscriber(firstName: string, planId: string, on: string) {
  clock.set(on);
  const client = await signedInClient(t.baseUrl, { firstName, lastName: 'Broussard' });
  const asked = await send(client.browser, 'POST', '/api/get-or-create-subscription', { planId });
  expect(asked.status).toBe(200);
  const sub = await subscriptionOf(client.user.id);
  const [first] = await invoicesOf(sub.id);
  await pay(first!.id);
  return { ...client, subscriptionId: sub.id, firstInvoiceTotal: first!.total };
}

describe('the plan catalogue', () => {
  it('lists the spec plans to everyone, and every plan with its subscribers to the admin', async () => {
    const open = await fetch(`${t.baseUrl}/api/plans`);
    expect(open.status).toBe(200);
    const { items } = (await open.json()) as { items: Array<Record<string, unknown>> };
    expect(
      items.map(({ id, name, monthlyPrice, popular }) => ({ id, name, monthlyPrice, popular })),
    ).toEqual([
      { id: 'essentials', name: 'Essentials', monthlyPrice: 19_900, popular: false },
      { id: 'signature', name: 'Signature', monthlyPrice: 39_900, popular: true },
      { id: 'prestige', name: 'Prestige', monthlyPrice: 59_900, popular: false },
    ]);
    expect(items[0]!.features).toContain('Template-based website');

    expect((await fetch(`${t.baseUrl}/api/admin/plans`)).status).toBe(401);
    const list = await admin.get('/api/admin/plans');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 3, page: 1 });
    expect(list.body.items[2]).toMatchObject({
      id: 'prestige',
      status: 'active',
      position: 2,
      updatesPerMonth: null,
      subscriberCount: 0,
      responseTimes: { aroundTheClock: true, firstResponse: { amount: 4, unit: 'hours' } },
    });
  });

  it('refuses a bad plan with the reason and adds nothing', async () => {
    const bodies: Array<[object, string]> = [
      [{ monthlyPrice: 10_000, features: ['Hosting'] }, 'Name is required'],
      [
        { name: 'Growth', monthlyPrice: 99.5, features: ['Hosting'] },
        'Monthly price must be whole cents',
      ],
      [
        { name: 'Growth', monthlyPrice: 50, features: ['Hosting'] },
        'Monthly price must be at least $1',
      ],
      [
        { name: 'Growth', monthlyPrice: 10_000, features: [] },
        'List at least one thing the plan includes',
      ],
    ];
    for (const [body, message] of bodies) {
      const res = await admin.post('/api/admin/plans').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const patch = await admin.patch('/api/admin/plans/essentials').send({});
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('Nothing to change');
    expect((await admin.patch('/api/admin/plans/gold').send({ name: 'Gold' })).status).toBe(404);
    expect(await t.database.db.select().from(plans)).toHaveLength(3);
  });

  it('adds a plan with an id from its name, the only popular one, that a client can subscribe to', async () => {
    const created = await admin.post('/api/admin/plans').send({
      name: 'Growth Plus',
      monthlyPrice: 29_900,
      features: ['Everything in Essentials', 'Blog'],
      popular: true,
      updatesPerMonth: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'growth-plus',
      name: 'Growth Plus',
      monthlyPrice: 29_900,
      popular: true,
      position: 3,
      status: 'active',
      // The targets of the plan that was the popular one.
      responseTimes: { firstResponse: { amount: 1, unit: 'days' } },
    });
    const again = await admin
      .post('/api/admin/plans')
      .send({ name: 'Growth plus', monthlyPrice: 30_000, features: ['Blog'] });
    expect(again.body.id).toBe('growth-plus-2');
    const popular = await t.database.db.select().from(plans).where(eq(plans.popular, true));
    expect(popular.map((row) => row.id)).toEqual(['growth-plus']);

    // Moved to the top of the list.
    const moved = await admin.patch('/api/admin/plans/growth-plus').send({ position: 0 });
    expect(moved.body.position).toBe(0);
    const order = (await (await fetch(`${t.baseUrl}/api/plans`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(order.items.map((plan) => plan.id)).toEqual([
      'growth-plus',
      'essentials',
      'signature',
      'prestige',
      'growth-plus-2',
    ]);

    const { subscriptionId, firstInvoiceTotal } = await activeSubscriber(
      'Odile',
      'growth-plus',
      '2026-03-01T12:00:00.000Z',
    );
    expect(firstInvoiceTotal).toBe(29_900);
    expect(
      (
        await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
      )[0],
    ).toMatchObject({ tier: 'growth-plus', status: 'active', monthlyPriceCents: 29_900 });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'plan.created'));
    expect(audit.map((row) => row.targetId)).toEqual(['growth-plus', 'growth-plus-2']);
  });

  it('bills a new price to new subscriptions only, and moves the others with notice by e-mail', async () => {
    const early = await activeSubscriber('Amelie', 'essentials', '2026-03-01T12:00:00.000Z');
    clock.set('2026-03-05T12:00:00.000Z');
    const repriced = await admin
      .patch('/api/admin/plans/essentials')
      .send({ monthlyPrice: 24_900 });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({
      monthlyPrice: 24_900,
      subscriberCount: 1,
      subscribersOnOtherPrice: 1,
    });
    const late = await activeSubscriber('Blaise', 'essentials', '2026-03-05T12:00:00.000Z');
    expect(late.firstInvoiceTotal).toBe(24_900);
    expect((await subscriptionOf(early.user.id)).monthlyPriceCents).toBe(19_900);

    // 30 days' notice from Mar 5: the Apr 1 renewal stays at the old price, May 1 is the first.
    clock.set('2026-03-05T13:00:00.000Z');
    const move = await admin.post('/api/admin/plans/essentials/move-subscribers');
    expect(move.status).toBe(200);
    expect(move.body).toEqual({
      moved: 1,
      notified: [
        {
          subscriptionId: early.subscriptionId,
          clientName: 'Amelie Broussard',
          from: '2026-05-01',
          price: 24_900,
          previousPrice: 19_900,
        },
      ],
    });
    const mail = await smtp.waitFor((m) => m.subject?.includes('$249.00/month') ?? false);
    expect(mail.subject).toBe('Your Essentials plan will be $249.00/month from May 1, 2026');
    expect(mail.text).toContain('(it is $199.00/month today)');
    expect((mail.to as { text: string }).text).toContain(early.user.email!);
    // Asked again: nobody left to move.
    expect(
      (await admin.post('/api/admin/plans/essentials/move-subscribers').send()).body.moved,
    ).toBe(0);

    // The April renewal bills the old price, May's the new one; the price changes in May.
    clock.set('2026-03-28T12:00:00.000Z');
    await t.billing.runDaily();
    const april = (await invoicesOf(early.subscriptionId)).filter((row) => row.periodStart);
    expect(april.map((row) => row.total)).toEqual([19_900]);
    await pay(april[0]!.id);
    clock.set('2026-04-01T13:00:00.000Z');
    await t.billing.runDaily();
    expect((await subscriptionOf(early.user.id)).monthlyPriceCents).toBe(19_900);
    clock.set('2026-04-28T12:00:00.000Z');
    await t.billing.runDaily();
    const renewals = (await invoicesOf(early.subscriptionId)).filter((row) => row.periodStart);
    expect(renewals.map((row) => row.total)).toEqual([19_900, 24_900]);
    await pay(renewals[1]!.id);
    clock.set('2026-05-01T13:00:00.000Z');
    await t.billing.runDaily();
    expect(await subscriptionOf(early.user.id)).toMatchObject({
      monthlyPriceCents: 24_900,
      scheduledPriceCents: null,
    });
    const history = await t.database.db
      .select({ kind: subscriptionEvents.kind, price: subscriptionEvents.monthlyPriceCents })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, early.subscriptionId))
      .orderBy(asc(subscriptionEvents.id));
    expect(history.filter((row) => row.kind.startsWith('price'))).toEqual([
      { kind: 'price_change_scheduled', price: 19_900 },
      { kind: 'price_changed', price: 24_900 },
    ]);
  });

  it('retires a plan: no new subscribers, the current ones keep it and renew at their price', async () => {
    const kept = await activeSubscriber('Celeste', 'prestige', '2026-05-02T12:00:00.000Z');
    const retired = await admin
      .patch('/api/admin/plans/prestige')
      .send({ status: 'retired', monthlyPrice: 69_900 });
    expect(retired.body).toMatchObject({ status: 'retired', subscriberCount: 1 });
    const open = (await (await fetch(`${t.baseUrl}/api/plans`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(open.items.map((plan) => plan.id)).not.toContain('prestige');

    const newcomer = await signedInClient(t.baseUrl, { firstName: 'Dorian' });
    const refused = await send(newcomer.browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'prestige',
    });
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'The Prestige plan is no longer offered. Please choose another plan.',
      }),
    });
    expect(
      await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, newcomer.user.id)),
    ).toEqual([]);

    clock.set('2026-05-30T12:00:00.000Z');
    await t.billing.runDaily();
    const renewals = await t.database.db
      .select({ total: invoices.total, planType: invoices.planType })
      .from(invoices)
      .where(
        and(eq(invoices.subscriptionId, kept.subscriptionId), isNotNull(invoices.periodStart)),
      );
    expect(renewals).toEqual([{ total: 59_900, planType: 'prestige' }]);

    const back = await admin.patch('/api/admin/plans/prestige').send({ status: 'active' });
    expect(back.body.status).toBe('active');
  });
});

it('makes the spec plans rows with the saved allowance and targets, and prices each subscription (the plans-catalogue migration)', async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const first = journal.entries.findIndex((entry) => entry.tag.endsWith('_plans-catalogue'));
  expect(first).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, first);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openTestDatabase({ migrationsFolder: before });
  await database.executeSql(`
    insert into settings (id, business_name, business_email, updates_per_month)
      values (1, 'Gulf Web', 'hi@example.com', '{"essentials": 3, "signature": 5, "prestige": null}');
    insert into response_time_settings (id, working_days, opens_at, closes_at, plans)
      values (1, '{1,2,3,4,5}', '08:00', '16:00', '{
        "essentials": {"aroundTheClock": false, "firstResponse": {"amount": 3, "unit": "days"},
                       "nextResponse": {"amount": 2, "unit": "days"}},
        "signature": {"aroundTheClock": false, "firstResponse": {"amount": 8, "unit": "hours"},
                      "nextResponse": {"amount": 8, "unit": "hours"}},
        "prestige": {"aroundTheClock": true, "firstResponse": {"amount": 2, "unit": "hours"},
                     "nextResponse": {"amount": 2, "unit": "hours"}}}');
    insert into users (id, oidc_issuer, oidc_subject, email)
      values ('11111111-1111-4111-8111-111111111111', 'built-in', 's1', 's1@example.com');
    insert into subscriptions (id, user_id, tier, status)
      values ('aaaaaaaa-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111111',
              'signature', 'active');
  `);
  await database.migrate();

  const rows = await database.db.select().from(plans).orderBy(asc(plans.position));
  expect(
    rows.map((row) => ({
      id: row.id,
      price: row.monthlyPriceCents,
      updates: row.updatesPerMonth,
      first: row.responseTimes.firstResponse,
      popular: row.popular,
      status: row.status,
    })),
  ).toEqual([
    {
      id: 'essentials',
      price: 19_900,
      updates: 3,
      first: { amount: 3, unit: 'days' },
      popular: false,
      status: 'active',
    },
    {
      id: 'signature',
      price: 39_900,
      updates: 5,
      first: { amount: 8, unit: 'hours' },
      popular: true,
      status: 'active',
    },
    {
      id: 'prestige',
      price: 59_900,
      updates: null,
      first: { amount: 2, unit: 'hours' },
      popular: false,
      status: 'active',
    },
  ]);
  const [subscription] = await database.db.select().from(subscriptions);
  expect(subscription).toMatchObject({ monthlyPriceCents: 39_900, scheduledPriceCents: null });
  // A plan column points at a plan row: an unknown id is refused.
  await expect(
    database.executeSql(
      `update subscriptions set tier = 'gold' where id = 'aaaaaaaa-1111-4111-8111-111111111111'`,
    ),
  ).rejects.toThrow(/foreign key/);
  await database.close();
});
