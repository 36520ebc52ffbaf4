import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClient, subscriptionInvoices } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-01-10T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

const invoicesOf = (userId: string, renewal: boolean) =>
  subscriptionInvoices(t.database, userId, renewal);

async function pay(invoiceId: string) {
  await admin.patch(`/api/admin/invoices/${invoiceId}`).send({ status: 'sent' });
  const res = await admin.patch(`/api/admin/invoices/${invoiceId}`).send({ status: 'paid' });
  expect(res.status).toBe(200);
}

/**
 * A client asks for a plan (at `askedAt`, else now) and the admin records the first invoice
 * paid the same day.
 */
async function subscribeAndPay(planId: string, firstName: string, askedAt?: string) {
  const client = await signedInClient(t.baseUrl, { firstName });
  if (askedAt) clock.set(askedAt);
  await client.browser.request('POST', '/api/get-or-create-subscription', { planId });
  await pay((await invoicesOf(client.user.id, false))[0]!.id);
  return client;
}

const day = (iso: string) => `${iso}T12:00:00.000Z`;

describe('GET /api/admin/dashboard-trends', () => {
  it('follows MRR, new and churned clients, collected and outstanding month by month', async () => {
    let andre: { browser: BrowserSession; user: { id: string } } | undefined;
    let lucien: { user: { id: string } } | undefined;
    // Day by day from Jan 10 to Apr 5, with the daily run each day.
    for (
      let at = new Date(day('2026-01-10'));
      at <= new Date(day('2026-04-05'));
      at = new Date(at.getTime() + 24 * 60 * 60 * 1000)
    ) {
      clock.set(at);
      const today = at.toISOString().slice(0, 10);
      if (today === '2026-01-10') andre = await subscribeAndPay('signature', 'Andre');
      // Andre's February is paid (its invoice was made on Feb 3), then he cancels.
      if (today === '2026-02-05') await pay((await invoicesOf(andre!.user.id, true))[0]!.id);
      if (today === '2026-02-15') lucien = await subscribeAndPay('essentials', 'Lucien');
      if (today === '2026-02-20') await andre!.browser.request('POST', '/api/subscription/cancel');
      // Lucien never pays his March renewal: past due on Mar 29.
      if (today === '2026-04-02') {
        // Asked for at 6 pm; the payment the admin records is dated by its day (noon), before
        // the request: it still comes after it.
        await subscribeAndPay('prestige', 'Lucille', '2026-04-02T18:00:00.000Z');
      }
      await t.billing.runDaily();
    }
    expect((await invoicesOf(lucien!.user.id, true))[0]).toMatchObject({ status: 'overdue' });

    const res = await admin.get('/api/admin/dashboard-trends');
    expect(res.status).toBe(200);
    const zero = { mrr: 0, newClients: 0, churnedClients: 0, collected: 0, outstanding: 0 };
    const earlier = [
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
    ].map((month) => ({ month, ...zero }));
    expect(res.body.months).toEqual([
      ...earlier,
      // Andre started on Signature and paid his first month.
      {
        month: '2026-01',
        mrr: 39_900,
        newClients: 1,
        churnedClients: 0,
        collected: 39_900,
        outstanding: 0,
      },
      // Lucien started on Essentials; Andre paid February (his plan runs until Mar 10).
      {
        month: '2026-02',
        mrr: 59_800,
        newClients: 1,
        churnedClients: 0,
        collected: 59_800,
        outstanding: 0,
      },
      // Andre's plan ended; Lucien's renewal is owed and his plan past due: no MRR left.
      {
        month: '2026-03',
        mrr: 0,
        newClients: 0,
        churnedClients: 1,
        collected: 0,
        outstanding: 19_900,
      },
      // This month so far: Lucille on Prestige.
      {
        month: '2026-04',
        mrr: 59_900,
        newClients: 1,
        churnedClients: 0,
        collected: 59_900,
        outstanding: 19_900,
      },
    ]);
    // The history's MRR of today is the dashboard's MRR card.
    expect((await admin.get('/api/admin/dashboard-stats')).body.mrr).toBe(59_900);
  });
});
