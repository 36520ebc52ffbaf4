import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { LATE_FEE_MESSAGES, LateFeeSettingsViewSchema } from '@shared/schemas/late-fees';
import { PayLinkInvoiceSchema } from '@shared/schemas/payments';
import { createLogger } from '../../lib/logger';
import { invoiceLineItems, invoices, outboxMessages } from '../../db/schema';
import { createClient, createInvoice, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { pdfText } from '@tests/support/pdf-text';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import {
  createAppInstance,
  createTestClock,
  startTestAppWithStripe,
  type TestApp,
} from '@tests/support/test-app';

const clock = createTestClock('2026-03-01T17:00:00.000Z');
let t: TestApp;
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe('whsec_test_late_fees', {}, { clock }));
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const FLAT = { enabled: true, kind: 'flat', amountCents: 2500, graceDays: 15, taxable: false };
const TERMS = 'A late fee of $25.00 applies to an invoice not paid 15 days after its due date.';

/** The business day the next run happens on (noon in Chicago). */
const on = (day: string) => clock.set(`${day}T18:00:00.000Z`);

let numbers = 0;
/** A sent invoice of a year past (so its number never meets this year's counter). */
async function sentInvoice(overrides: Partial<typeof invoices.$inferInsert> = {}) {
  numbers += 1;
  return createInvoice(t.database, {
    invoiceNumber: `INV-2025-${String(100 + numbers).padStart(4, '0')}`,
    status: 'sent',
    sentAt: clock.now(),
    ...overrides,
  });
}

async function row(id: string) {
  return (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
}

async function feesOf(originalId: string) {
  return t.database.db.select().from(invoices).where(eq(invoices.lateFeeForInvoiceId, originalId));
}

async function mailTo(address: string) {
  return t.database.db
    .select({ subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()))
    .orderBy(asc(outboxMessages.createdAt));
}

const saveSettings = (body: object) => admin.put('/api/admin/settings/late-fees').send(body);

describe('late fee settings', () => {
  it('are off by default, refuse a flat fee of nothing, and the run charges nothing while off', async () => {
    const got = await admin.get('/api/admin/settings/late-fees');
    expect(expectJson(got, LateFeeSettingsViewSchema)).toEqual({
      enabled: false,
      kind: 'flat',
      amountCents: 2500,
      percent: 1.5,
      graceDays: 15,
      taxable: false,
    });
    const refused = await saveSettings({ ...FLAT, amountCents: 0 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Enter the late fee amount');

    const original = await sentInvoice({ dueDate: '2026-01-02' });
    on('2026-03-02');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toEqual([]);
  });
});

describe('the daily run', () => {
  it('charges a flat fee once after the grace period, e-mailed, never on a saved card or on a fee', async () => {
    expect((await saveSettings(FLAT)).body).toMatchObject({ enabled: true, amountCents: 2500 });
    const client = await createClient(t.database, {
      stripeCustomerId: 'cus_late_fee',
      cardPaymentMethodId: 'pm_late_fee',
      cardLast4: '4242',
      autoPay: true,
    });
    const original = await sentInvoice({
      userId: client.id,
      clientEmail: client.email!,
      dueDate: '2026-03-01',
      total: 40_000,
      amountPaid: 10_000,
    });

    // Sent before late fees were turned on, so its terms said nothing of a fee: never charged.
    const before = await sentInvoice({
      sentAt: new Date('2026-02-01T15:00:00.000Z'),
      dueDate: '2026-03-01',
    });

    // Due Mar 1, 15 days' grace: nothing until the grace period has ended on Mar 16.
    on('2026-03-16');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toEqual([]);

    on('2026-03-17');
    expect((await t.billing.runDaily()).lateFeesApplied).toBeGreaterThanOrEqual(1);
    expect(await feesOf(before.id)).toEqual([]);
    const [fee, ...more] = await feesOf(original.id);
    expect(more).toEqual([]);
    expect(fee).toMatchObject({
      status: 'sent',
      total: 2500,
      userId: client.id,
      dateIssued: '2026-03-17',
      dueDate: '2026-03-24',
      nextChargeOn: null,
      notes: `Late fee on ${original.invoiceNumber}, which was due Mar 1, 2026.`,
    });
    expect(fee!.invoiceNumber).toMatch(/^INV-2026-\d{4}$/);
    const lines = await t.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, fee!.id));
    expect(lines).toMatchObject([
      { description: `Late fee on ${original.invoiceNumber}`, quantity: 1, unitPrice: 2500 },
    ]);
    // The original's number and total never change.
    expect(await row(original.id)).toMatchObject({
      invoiceNumber: original.invoiceNumber,
      total: 40_000,
      amountPaid: 10_000,
      status: 'overdue',
    });
    const [issued] = (await mailTo(client.email!)).filter((m) =>
      m.subject.startsWith(`Invoice ${fee!.invoiceNumber} `),
    );
    expect(issued!.text).toContain('for $25.00, due Mar 24, 2026.');
    expect(issued!.text).toContain(TERMS);

    // The detail of each names the other.
    const detail = expectJson(
      await admin.get(`/api/admin/invoices/${original.id}`),
      InvoiceDetailSchema,
    );
    expect(detail.lateFee).toEqual({
      invoiceId: fee!.id,
      invoiceNumber: fee!.invoiceNumber,
      status: 'sent',
      total: 2500,
    });

    // Later runs: no second fee, no fee on the fee (overdue itself by then), no card charge.
    on('2026-03-24');
    await t.billing.runDaily();
    on('2026-04-20');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toHaveLength(1);
    expect(await row(fee!.id)).toMatchObject({ status: 'overdue', chargeAttempts: 0 });
    expect(await feesOf(fee!.id)).toEqual([]);
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
  });

  it('charges a percentage of the balance due, rounded half-up, also without an account', async () => {
    await saveSettings({ ...FLAT, kind: 'percent', percent: '1.5', graceDays: 0 });
    // $333.33 open: 1.5% is $4.99995, charged $5.00.
    const original = await sentInvoice({
      dueDate: '2026-04-19',
      total: 43_333,
      amountPaid: 10_000,
    });
    on('2026-04-19');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toEqual([]);
    on('2026-04-20');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toMatchObject([
      { status: 'sent', total: 500, userId: null, clientEmail: original.clientEmail },
    ]);
  });

  it('spares an exempt client, a paid and a void invoice', async () => {
    await saveSettings({ ...FLAT, graceDays: 0 });
    const exempt = await createClient(t.database, { lateFeeExempt: true });
    const spared = await Promise.all([
      sentInvoice({ userId: exempt.id, clientEmail: exempt.email!, dueDate: '2026-04-01' }),
      sentInvoice({ status: 'paid', dueDate: '2026-04-01' }),
      sentInvoice({ status: 'void', dueDate: '2026-04-01' }),
    ]);
    on('2026-04-21');
    await t.billing.runDaily();
    for (const invoice of spared) expect(await feesOf(invoice.id)).toEqual([]);
  });

  it('makes one fee when two server processes run at once', async () => {
    await saveSettings(FLAT);
    const original = await sentInvoice({ dueDate: '2026-04-01' });
    const other = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      clock: () => clock.now(),
    });
    try {
      on('2026-04-22');
      await Promise.all([t.billing.runDaily(), other.billing.runDaily()]);
    } finally {
      await other.close();
    }
    expect(await feesOf(original.id)).toMatchObject([{ status: 'sent', total: 2500 }]);
  });
});

describe('waiving a late fee', () => {
  it('voids the fee with the reason, only on a late fee, and the fee never comes back', async () => {
    await saveSettings({ ...FLAT, graceDays: 0 });
    const original = await sentInvoice({ dueDate: '2026-04-20' });
    on('2026-04-23');
    await t.billing.runDaily();
    const [fee] = await feesOf(original.id);

    const notAFee = await admin
      .post(`/api/admin/invoices/${original.id}/waive-late-fee`)
      .send({ reason: 'Goodwill' });
    expect(notAFee.status).toBe(409);
    expect(notAFee.body.message).toBe(LATE_FEE_MESSAGES.notALateFee);
    const noReason = await admin
      .post(`/api/admin/invoices/${fee!.id}/waive-late-fee`)
      .send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(LATE_FEE_MESSAGES.waiveReasonRequired);

    const waived = await admin
      .post(`/api/admin/invoices/${fee!.id}/waive-late-fee`)
      .send({ reason: 'Paid by check on the due date' });
    expect(expectJson(waived, InvoiceDetailSchema).invoice).toMatchObject({
      status: 'void',
      voidReason: 'Paid by check on the due date',
      lateFeeForInvoiceId: original.id,
    });
    on('2026-04-24');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toMatchObject([{ id: fee!.id, status: 'void' }]);
  });

  it('never deletes a fee left a draft (the run would charge it again): it is waived', async () => {
    await saveSettings({ ...FLAT, graceDays: 0 });
    const original = await sentInvoice({ dueDate: '2026-04-20' });
    // The run could not e-mail it, so it stayed a draft.
    const draft = await createInvoice(t.database, {
      invoiceNumber: null,
      lateFeeForInvoiceId: original.id,
      total: 2500,
    });
    const deleted = await admin.delete(`/api/admin/invoices/${draft.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(LATE_FEE_MESSAGES.notDeletable);

    const waived = await admin
      .post(`/api/admin/invoices/${draft.id}/waive-late-fee`)
      .send({ reason: 'Goodwill' });
    // Numbered first, as a void keeps its number.
    expect(expectJson(waived, InvoiceDetailSchema).invoice).toMatchObject({
      status: 'void',
      invoiceNumber: expect.stringMatching(/^INV-2026-/),
      voidReason: 'Goodwill',
    });
    on('2026-04-25');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toMatchObject([{ id: draft.id, status: 'void' }]);
  });
});

describe('what the client reads', () => {
  it('a reminder before the grace period ends warns of the fee; the PDF and pay page print the terms', async () => {
    await saveSettings(FLAT);
    const client = await createClient(t.database);
    const original = await sentInvoice({
      userId: client.id,
      clientEmail: client.email!,
      dueDate: '2026-04-21',
    });
    // The first reminder, 3 days after the due date: the fee applies after May 6.
    on('2026-04-24');
    await t.billing.runDaily();
    const [reminder] = (await mailTo(client.email!)).filter((m) =>
      m.subject.startsWith('Reminder:'),
    );
    expect(reminder!.text).toContain('A late fee of $25.00 applies after May 6, 2026.');

    const pdf = await admin
      .get(`/api/admin/invoices/${original.id}/pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect((await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ')).toContain(TERMS);

    const token = /\/pay\/([\w-]+)/.exec(reminder!.text)?.[1];
    const page = await admin.get(`/api/pay/${token}`);
    expect(expectJson(page, PayLinkInvoiceSchema).lateFeeTerms).toBe(TERMS);

    // Off: no terms anywhere, and no warning.
    await saveSettings({ ...FLAT, enabled: false });
    expect((await admin.get(`/api/pay/${token}`)).body.lateFeeTerms).toBeNull();
  });

  it('a reminder of an invoice sent before late fees were on warns of no fee', async () => {
    // Turned on May 10: an invoice sent on May 1 printed no terms, so the run never charges it.
    on('2026-05-10');
    await saveSettings(FLAT);
    const client = await createClient(t.database);
    const original = await sentInvoice({
      userId: client.id,
      clientEmail: client.email!,
      sentAt: new Date('2026-05-01T15:00:00.000Z'),
      dueDate: '2026-05-08',
    });
    on('2026-05-11');
    await t.billing.runDaily();
    const [reminder] = (await mailTo(client.email!)).filter((m) =>
      m.subject.startsWith('Reminder:'),
    );
    expect(reminder!.text).not.toContain('applies after');

    on('2026-05-24');
    await t.billing.runDaily();
    expect(await feesOf(original.id)).toEqual([]);
  });
});
