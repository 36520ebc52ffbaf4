import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calendarDateIn } from '@shared/dates';
import { DashboardTrendsSchema } from '@shared/schemas/dashboard';
import { invoices, outboxMessages, payments } from '../../db/schema';
import { createInvoice, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

/**
 * A payment the admin records by hand is received on a day, with no time of day: in
 * Kiritimati (UTC+14) that day must stay that day, on the screens and in the month's revenue,
 * although noon UTC there is already the next day.
 */
const ZONE = 'Pacific/Kiritimati';
const clock = createTestClock('2026-04-02T00:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({ BILLING_TIMEZONE: ZONE }, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
});

async function collected() {
  const { months } = expectJson(
    await admin.get('/api/admin/dashboard-trends'),
    DashboardTrendsSchema,
  );
  return Object.fromEntries(months.map((month) => [month.month, month.collected]));
}

const dayThere = (at: Date | string) => calendarDateIn(new Date(at), ZONE);

it('keeps the day given on the payment, the invoice and the month it counts in', async () => {
  const before = await collected();
  const invoice = await createInvoice(t.database, {
    status: 'sent',
    total: 10_000,
    clientEmail: 'moana@example.com',
  });
  const res = await admin
    .post(`/api/admin/invoices/${invoice.id}/payments`)
    .send({ amount: 10_000, method: 'check', paidOn: '2026-03-31', reference: '#7' });
  expect(res.status).toBe(201);
  expect(dayThere(res.body.payments[0].paidAt)).toBe('2026-03-31');
  expect(dayThere(res.body.invoice.paidAt)).toBe('2026-03-31');

  const after = await collected();
  expect(after['2026-03']).toBe(before['2026-03']! + 10_000);
  expect(after['2026-04']).toBe(before['2026-04']);

  // The corrected receipt of a void names that day too.
  const voided = await admin
    .post(`/api/admin/payments/${res.body.payments[0].id}/void`)
    .send({ reason: 'Wrong invoice' });
  expect(voided.status).toBe(200);
  await t.services.notifications.idle();
  const receipt = (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'moana@example.com'))
  ).find((message) => message.subject.startsWith('Corrected receipt'));
  expect(receipt!.text).toContain('The payment of $100.00 recorded on Mar 31, 2026 for invoice');
});

it("moves a day an earlier version kept as noon UTC to that day's noon there, once", async () => {
  const legacy = new Date('2026-03-31T12:00:00.000Z');
  const invoice = await createInvoice(t.database, { status: 'paid', total: 5_000, paidAt: legacy });
  const [byHand] = await t.database.db
    .insert(payments)
    .values({ invoiceId: invoice.id, amount: 5_000, method: 'bank_transfer', paidAt: legacy })
    .returning();
  // Stripe's instants are what Stripe said, even at noon UTC.
  const [byCard] = await t.database.db
    .insert(payments)
    .values({ invoiceId: null, amount: 700, method: 'card', paidAt: legacy })
    .returning();

  expect(await t.services.payments.keepHandRecordedDays()).toBe(1);
  const row = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  expect((await row(byHand!.id)).paidAt).toEqual(new Date('2026-03-30T22:00:00.000Z'));
  expect(dayThere((await row(byHand!.id)).paidAt)).toBe('2026-03-31');
  expect((await row(byCard!.id)).paidAt).toEqual(legacy);
  const [paid] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  expect(paid!.paidAt).toEqual(new Date('2026-03-30T22:00:00.000Z'));

  expect(await t.services.payments.keepHandRecordedDays()).toBe(0);
  expect((await row(byHand!.id)).paidAt).toEqual(new Date('2026-03-30T22:00:00.000Z'));
});
