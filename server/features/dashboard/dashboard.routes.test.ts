import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthIn } from '@shared/dates';
import { DashboardTrendsSchema } from '@shared/schemas/dashboard';
import { consultations, invoices, subscriptionEvents, subscriptions } from '../../db/schema';
import {
  createConsultation,
  createSubscriber,
  signedInAdmin,
  signedInClient,
} from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

/** A client who asked for the plan and whose first invoice the admin recorded as paid. */
async function payingClient(email?: string) {
  const client = await signedInClient(t.baseUrl, email ? { email } : {});
  await client.browser.request('POST', '/api/get-or-create-subscription', { planId: 'signature' });
  const [sub] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, client.user.id));
  const [first] = await t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, sub!.id), isNull(invoices.periodStart)));
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'sent' });
  await admin.patch(`/api/admin/invoices/${first!.id}`).send({ status: 'paid' });
  return client;
}

/** A consultation request from the landing page, received now. */
async function requestConsultation(email: string) {
  await t.database.db.insert(consultations).values({ name: 'Lead', email });
}

describe('GET /api/admin/dashboard-stats', () => {
  it('is for the admin only', async () => {
    expect((await request(t.app).get('/api/admin/dashboard-stats')).status).toBe(401);
    expect((await request(t.app).get('/api/admin/dashboard-trends')).status).toBe(401);
  });

  it('is all zero on an empty database (no division by zero)', async () => {
    const res = await admin.get('/api/admin/dashboard-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeSubscribers: 0,
      mrr: 0,
      arr: 0,
      conversionRate: 0,
      consultationRequests: 0,
      convertedRequests: 0,
      // Midnight of a month's 1st in the business time zone (America/Chicago: 5 or 6 AM UTC).
      conversionSince: expect.stringMatching(/^\d{4}-\d{2}-01T0[56]:00:00\.000Z$/),
      collectedThisMonth: 0,
      outstanding: 0,
      overdue: 0,
      planDistribution: { essentials: 0, signature: 0, prestige: 0 },
    });
  });

  it('converts one request and two paying clients into 100.0%, never more', async () => {
    // The request is written with another case than the account that became a client.
    await requestConsultation('Aurelie.Martin@Example.com');
    await payingClient('aurelie.martin@example.com');
    await payingClient();

    const stats = (await admin.get('/api/admin/dashboard-stats')).body;
    expect(stats).toMatchObject({
      consultationRequests: 1,
      convertedRequests: 1,
      conversionRate: 1,
      activeSubscribers: 2,
    });
    await t.database.db.delete(consultations);
  });

  it('counts a request only when its e-mail became a paying client after it', async () => {
    // Already a client (since last week) when they wrote: that request did not bring them.
    const existing = await payingClient();
    await t.database.db
      .update(subscriptionEvents)
      .set({ occurredAt: new Date(Date.now() - 7 * DAY) })
      .where(eq(subscriptionEvents.userId, existing.user.id));
    await requestConsultation(existing.account.email);
    // Wrote, then became a client.
    await requestConsultation('bastien.richard@example.com');
    await payingClient('bastien.richard@example.com');
    // Wrote, and only asked for a plan (never paid).
    await requestConsultation('nadine@example.com');
    const pending = await signedInClient(t.baseUrl, { email: 'nadine@example.com' });
    await pending.browser.request('POST', '/api/get-or-create-subscription', {
      planId: 'essentials',
    });
    // Wrote twice: two requests, both converted.
    await requestConsultation('yvette@example.com');
    await requestConsultation('YVETTE@example.com');
    await payingClient('yvette@example.com');

    const stats = (await admin.get('/api/admin/dashboard-stats')).body;
    expect(stats).toMatchObject({ consultationRequests: 5, convertedRequests: 3 });
    expect(stats.conversionRate).toBe(3 / 5);
    await t.database.db.delete(consultations);
  });

  it('counts active subscriptions only and prices them by plan', async () => {
    const before = (await admin.get('/api/admin/dashboard-stats')).body;
    await createSubscriber(t.database, { tier: 'essentials', status: 'active' });
    await createSubscriber(t.database, { tier: 'prestige', status: 'pending' });
    await createSubscriber(t.database, { tier: 'prestige', status: 'past_due' });
    await createSubscriber(t.database, { tier: 'prestige', status: 'canceled' });
    await createConsultation(t.database);

    const after = (await admin.get('/api/admin/dashboard-stats')).body;
    expect(after.activeSubscribers - before.activeSubscribers).toBe(1);
    // In cents, as every amount in the API.
    expect(after.mrr - before.mrr).toBe(199_00);
    expect(after.arr - before.arr).toBe(12 * 199_00);
    expect(after.planDistribution.essentials - before.planDistribution.essentials).toBe(1);
    expect(after.planDistribution.prestige).toBe(before.planDistribution.prestige);
    // A request nobody converted lowers the rate.
    expect(after.consultationRequests - before.consultationRequests).toBe(1);
    expect(after.convertedRequests).toBe(before.convertedRequests);
  });

  it("answers the last twelve months' trends in cents, oldest first, ending with this month", async () => {
    const res = await admin.get('/api/admin/dashboard-trends');
    expect(res.status).toBe(200);
    const { months } = DashboardTrendsSchema.parse(res.body);
    expect(months).toHaveLength(12);
    // This month in the business time zone (the default, America/Chicago).
    expect(months.at(-1)!.month).toBe(monthIn(new Date(), 'America/Chicago'));
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort());
    // This month's MRR from the history is the MRR of the subscriptions that went through
    // the product (the factory's rows above have no history).
    expect(months.reduce((sum, m) => sum + m.newClients, 0)).toBe(5);
    expect(months.at(-1)!.collected).toBe(5 * 39_900);
  });
});
