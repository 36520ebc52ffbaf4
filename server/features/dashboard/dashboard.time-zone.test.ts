import { afterAll, beforeAll, expect, it } from 'vitest';
import { DashboardStatsSchema, DashboardTrendsSchema } from '@shared/schemas/dashboard';
import { payments } from '../../db/schema';
import { createInvoice, signedInAdmin } from '@tests/factories';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The dashboard's months are the business's calendar months (BILLING_TIMEZONE), not UTC's: in
 * New York, 10:30 PM on January 31 is already February 1 in UTC, and still January there.
 */
const clock = createTestClock('2026-02-10T15:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({ BILLING_TIMEZONE: 'America/New_York' }, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

async function cardPayment(invoiceId: string, amount: number, paidAt: string) {
  await t.database.db
    .insert(payments)
    .values({ invoiceId, amount, method: 'card', paidAt: new Date(paidAt) });
}

it('counts money in the month of the business time zone, across a month boundary', async () => {
  const invoice = await createInvoice(t.database, {
    status: 'paid',
    total: 30_000,
    dateIssued: '2026-01-20',
    sentAt: new Date('2026-01-20T15:00:00.000Z'),
    paidAt: new Date('2026-02-01T05:30:00.000Z'),
  });
  // 10:30 PM on Jan 31 in New York (Feb 1, 3:30 AM UTC): January's.
  await cardPayment(invoice.id, 10_000, '2026-02-01T03:30:00.000Z');
  // 12:30 AM on Feb 1 in New York (5:30 AM UTC): February's.
  await cardPayment(invoice.id, 20_000, '2026-02-01T05:30:00.000Z');
  // Issued on Feb 1 and never e-mailed (no sentAt): owed from February, not from UTC's
  // midnight of Feb 1, which is still January 31 in New York.
  await createInvoice(t.database, { status: 'sent', total: 5_000, dateIssued: '2026-02-01' });

  const { months } = DashboardTrendsSchema.parse(
    (await admin.get('/api/admin/dashboard-trends')).body,
  );
  expect(months.at(-1)!.month).toBe('2026-02');
  const january = months.find((m) => m.month === '2026-01')!;
  const february = months.find((m) => m.month === '2026-02')!;
  expect(january).toMatchObject({ collected: 10_000, outstanding: 20_000 });
  expect(february).toMatchObject({ collected: 20_000, outstanding: 5_000 });

  const stats = DashboardStatsSchema.parse((await admin.get('/api/admin/dashboard-stats')).body);
  expect(stats.collectedThisMonth).toBe(20_000);
  // Eleven months back from February, from midnight of the 1st in New York (EST, UTC-5).
  expect(stats.conversionSince).toBe('2025-03-01T05:00:00.000Z');
});

it('starts a new month at midnight in the business time zone, not at midnight UTC', async () => {
  // 11:30 PM on Feb 28 in New York is Mar 1 in UTC: still February there.
  clock.set('2026-03-01T04:30:00.000Z');
  let { months } = DashboardTrendsSchema.parse(
    (await admin.get('/api/admin/dashboard-trends')).body,
  );
  expect(months.at(-1)!.month).toBe('2026-02');
  clock.set('2026-03-01T05:00:00.000Z');
  ({ months } = DashboardTrendsSchema.parse((await admin.get('/api/admin/dashboard-trends')).body));
  expect(months.at(-1)!.month).toBe('2026-03');
  expect(months[0]!.month).toBe('2025-04');
});
