import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsultation, createSubscriber, signedInAdmin } from '../../../tests/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard-stats', () => {
  it('is for the admin only', async () => {
    expect((await request(t.app).get('/api/admin/dashboard-stats')).status).toBe(401);
  });

  it('is all zero on an empty database (no division by zero)', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent.get('/api/admin/dashboard-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeSubscribers: 0,
      mrr: 0,
      arr: 0,
      conversionRate: 0,
      collectedThisMonth: 0,
      outstanding: 0,
      overdue: 0,
      planDistribution: { essentials: 0, signature: 0, prestige: 0 },
    });
  });

  it('counts active subscriptions only, prices them by plan, and converts against consultation requests', async () => {
    const activated = new Date('2026-10-01T00:00:00Z');
    await createSubscriber(t.database, {
      tier: 'essentials',
      status: 'active',
      activatedAt: activated,
    });
    await createSubscriber(t.database, {
      tier: 'signature',
      status: 'active',
      activatedAt: activated,
    });
    await createSubscriber(t.database, {
      tier: 'signature',
      status: 'active',
      activatedAt: activated,
    });
    await createSubscriber(t.database, { tier: 'prestige', status: 'pending' });
    // Was active once, has ended: counts for conversion, not for revenue.
    await createSubscriber(t.database, {
      tier: 'prestige',
      status: 'canceled',
      activatedAt: activated,
    });
    for (let n = 0; n < 8; n += 1) await createConsultation(t.database);

    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent.get('/api/admin/dashboard-stats');
    expect(res.body).toEqual({
      activeSubscribers: 3,
      // In cents, as every amount in the API.
      mrr: 199_00 + 399_00 + 399_00,
      arr: 12 * (199_00 + 399_00 + 399_00),
      conversionRate: 4 / 8,
      collectedThisMonth: 0,
      outstanding: 0,
      overdue: 0,
      planDistribution: { essentials: 1, signature: 2, prestige: 0 },
    });
  });
});
