import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { pdfText } from '@tests/support/pdf-text';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-03-01T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
const INSTRUCTIONS = 'Bank transfer to Coast & Code Studio\nIBAN US00 1234 5678';

beforeAll(async () => {
  // No STRIPE_SECRET_KEY: the product as an agency without Stripe runs it.
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
  const settings = (await admin.get('/api/admin/settings')).body;
  const saved = await admin
    .put('/api/admin/settings')
    .send({ ...settings, paymentInstructions: INSTRUCTIONS, reminderDays: [7, 3, 3] });
  expect(saved.body).toMatchObject({ paymentInstructions: INSTRUCTIONS, reminderDays: [3, 7] });
});
afterAll(async () => {
  await t.close();
});

async function mailTo(address: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address))
    .orderBy(asc(outboxMessages.createdAt));
}

describe('without Stripe', () => {
  it('shows no way to pay online and answers 503 on the payment routes', async () => {
    const client = await signedInClient(t.baseUrl);
    const invoice = await createInvoice(t.database, { userId: client.user.id, status: 'sent' });
    const billing = await client.browser.request('GET', '/api/billing');
    expect(await billing.json()).toEqual({
      onlinePayments: false,
      paymentInstructions: INSTRUCTIONS,
      card: null,
      autoPay: true,
    });
    const pay = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
    expect(pay.status).toBe(503);
    expect((await pay.json()).message).toBe(
      'Online payment is not set up. Please pay as the invoice describes.',
    );
    expect((await client.browser.request('POST', '/api/billing-portal')).status).toBe(503);
    const webhook = await request(t.app)
      .post('/api/webhooks/stripe')
      .set('stripe-signature', 't=1,v1=abc')
      .send('{}');
    // No webhook route at all: nothing answers for Stripe.
    expect(webhook.status).toBe(404);
  });

  it('e-mails and prints the payment instructions instead of a pay link', async () => {
    const draft = await createInvoice(t.database, {
      status: 'draft',
      clientEmail: 'odile@example.com',
      dueDate: '2026-03-10',
    });
    expect(
      (await admin.patch(`/api/admin/invoices/${draft.id}`).send({ status: 'sent' })).status,
    ).toBe(200);
    const [mail] = await mailTo('odile@example.com');
    expect(mail!.text).toContain(`How to pay:\n${INSTRUCTIONS}`);
    expect(mail!.text).not.toContain('/pay/');
    const pdf = await admin.get(`/api/admin/invoices/${draft.id}/pdf`).buffer(true);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('HOW TO PAY');
    expect(text).toContain('IBAN US00 1234 5678');
  });

  it('reminds an overdue invoice on the days the settings name, once each', async () => {
    const invoice = await createInvoice(t.database, {
      status: 'sent',
      clientEmail: 'pierre@example.com',
      clientName: 'Pierre Guidry',
      dueDate: '2026-03-02',
      total: 12_000,
      subtotal: 12_000,
    });
    const reminders = async () =>
      (await mailTo('pierre@example.com')).filter((m) => m.subject.startsWith('Reminder'));
    const runOn = async (day: string) => {
      clock.set(`2026-03-${day}T12:00:00.000Z`);
      return (await t.billing.runDaily()).remindersSent;
    };
    expect(await runOn('03')).toBe(0); // overdue now, not yet three days
    expect(await runOn('05')).toBe(1);
    expect(await runOn('05')).toBe(0);
    expect(await runOn('06')).toBe(0);
    expect(await runOn('09')).toBe(1);
    // No day left in the settings for it (the run still reminds the other overdue invoice,
    // whose third day it missed: once, not once per missed day).
    expect(await runOn('20')).toBe(1);
    expect(
      (await mailTo('odile@example.com')).filter((m) => m.subject.startsWith('Reminder')),
    ).toHaveLength(1);
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.subject).toBe(`Reminder: invoice ${invoice.invoiceNumber} is overdue`);
    expect(sent[0]!.text).toContain('was due on Mar 2, 2026 and $120.00 is still open');
    expect(sent[0]!.text).toContain(INSTRUCTIONS);
    // No card payment: the portal is the call to action.
    expect(sent[0]!.text).toMatch(/See your billing history: http:\/\/\S+\/portal\/dashboard/);

    // Reminders off: none for another overdue invoice.
    const settings = (await admin.get('/api/admin/settings')).body;
    await admin.put('/api/admin/settings').send({ ...settings, remindersEnabled: false });
    await createInvoice(t.database, {
      status: 'overdue',
      clientEmail: 'quiet@example.com',
      dueDate: '2026-03-01',
    });
    expect(await runOn('25')).toBe(0);
    expect(await mailTo('quiet@example.com')).toHaveLength(0);
  });
});
