import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema, IssuedCreditNoteSchema } from '@shared/schemas/invoices';
import {
  ClientTaxSettingsSchema,
  TAX_MESSAGES,
  TaxRateListSchema,
  TaxRateSchema,
} from '@shared/schemas/tax';
import {
  creditNoteTaxes,
  invoiceLineItems,
  invoices,
  invoiceTaxes,
  subscriptions,
} from '../../db/schema';
import { createClient, createSubscriber, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { pdfText } from '@tests/support/pdf-text';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-03-10T12:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
});

async function newRate(name: string, percent: number | string, isDefault = false) {
  const res = await admin.post('/api/admin/tax-rates').send({ name, percent, isDefault });
  expect(res.status).toBe(201);
  return expectJson(res, TaxRateSchema);
}

const binary = (path: string) =>
  admin
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function pdfOf(path: string) {
  const res = await binary(path);
  expect(res.status).toBe(200);
  return (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
}

async function taxRowsOf(invoiceId: string) {
  return t.database.db
    .select({
      name: invoiceTaxes.name,
      percentThousandths: invoiceTaxes.percentThousandths,
      taxableAmount: invoiceTaxes.taxableAmount,
      amount: invoiceTaxes.amount,
    })
    .from(invoiceTaxes)
    .where(eq(invoiceTaxes.invoiceId, invoiceId))
    .orderBy(asc(invoiceTaxes.position));
}

/** $100 of design (taxed), $50 of hosting (not taxed), $15 off. */
const invoiceBody = (clientId: string, taxRateIds: string[]) => ({
  clientId,
  clientName: 'Camille Broussard',
  clientEmail: 'camille@example.com',
  dueDate: '2026-03-31',
  lineItems: [
    { description: 'Design', quantity: 1, unitPrice: 10_000 },
    { description: 'Hosting', quantity: 1, unitPrice: 5_000, taxable: false },
  ],
  taxRateIds,
  discount: 1_500,
});

describe('tax rates', () => {
  it('are created, listed active first, renamed, retired, and refused when wrong', async () => {
    const state = await newRate('Rates test state', 4.45, true);
    expect(state).toMatchObject({ percent: 4.45, isDefault: true, retiredAt: null, used: false });

    const duplicate = await admin
      .post('/api/admin/tax-rates')
      .send({ name: 'rates TEST state', percent: 5 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(TAX_MESSAGES.nameTaken);

    const badPercent = await admin
      .post('/api/admin/tax-rates')
      .send({ name: 'Rates test city', percent: 4.4455 });
    expect(badPercent.status).toBe(400);
    expect(JSON.stringify(badPercent.body)).toContain(
      'The rate must be a percentage between 0 and 100 with at most 3 decimals',
    );

    const city = await newRate('Rates test city', '7.125');
    const renamed = await admin
      .patch(`/api/admin/tax-rates/${city.id}`)
      .send({ name: 'Rates test parish' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Rates test parish', percent: 7.125 });

    const retired = await admin.post(`/api/admin/tax-rates/${state.id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ isDefault: false, retiredAt: expect.any(String) });

    const active = expectJson(await admin.get('/api/admin/tax-rates'), TaxRateListSchema);
    expect(active.items.map((rate) => rate.id)).toContain(city.id);
    expect(active.items.map((rate) => rate.id)).not.toContain(state.id);
    const every = expectJson(
      await admin.get('/api/admin/tax-rates?retired=true'),
      TaxRateListSchema,
    );
    expect(every.items.at(-1)?.retiredAt).not.toBeNull();
    expect(every.items.map((rate) => rate.id)).toContain(state.id);

    // A retired name is free again; an unused rate can be deleted.
    await newRate('Rates test state', 4.5);
    expect((await admin.delete(`/api/admin/tax-rates/${city.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/tax-rates/${city.id}`)).status).toBe(404);
  });
});

describe('an invoice with named rates', () => {
  it('applies each rate to the taxable lines after their share of the discount, shows them, and keeps the rate from deletion', async () => {
    const client = await createClient(t.database);
    const state = await newRate('Louisiana state', 4.45);
    const parish = await newRate('Orleans parish', 5);

    const created = await admin
      .post('/api/admin/invoices')
      .send(invoiceBody(client.id, [state.id, parish.id]));
    expect(created.status).toBe(201);
    // The create answer also carries invoiceNumber beside the detail.
    const detail = InvoiceDetailSchema.parse(created.body);
    // Taxable $100 less its $10 share of the discount: $90; 4.45 % is $4.005, rounded half-up.
    expect(detail.taxes).toEqual([
      {
        taxRateId: state.id,
        name: 'Louisiana state',
        percent: 4.45,
        taxableAmount: 9_000,
        amount: 401,
      },
      {
        taxRateId: parish.id,
        name: 'Orleans parish',
        percent: 5,
        taxableAmount: 9_000,
        amount: 450,
      },
    ]);
    expect(detail.invoice).toMatchObject({
      subtotal: 15_000,
      tax: 851,
      discount: 1_500,
      total: 14_351,
    });
    expect(detail.lineItems.map((line) => line.taxable)).toEqual([true, false]);
    expect(await taxRowsOf(detail.invoice.id)).toEqual([
      { name: 'Louisiana state', percentThousandths: 4_450, taxableAmount: 9_000, amount: 401 },
      { name: 'Orleans parish', percentThousandths: 5_000, taxableAmount: 9_000, amount: 450 },
    ]);
    const lines = await t.database.db
      .select({ taxable: invoiceLineItems.taxable })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, detail.invoice.id))
      .orderBy(asc(invoiceLineItems.position));
    expect(lines).toEqual([{ taxable: true }, { taxable: false }]);

    const text = await pdfOf(`/api/admin/invoices/${detail.invoice.id}/pdf`);
    expect(text).toContain('Louisiana state (4.45%) $4.01');
    expect(text).toContain('Orleans parish (5%) $4.50');
    expect(text).toContain('$143.51');

    // Editing the draft rewrites its taxes: one rate now.
    const edited = await admin
      .put(`/api/admin/invoices/${detail.invoice.id}`)
      .send(invoiceBody(client.id, [parish.id]));
    expect(edited.status).toBe(200);
    expect(edited.body.invoice).toMatchObject({ tax: 450, total: 13_950 });
    expect(await taxRowsOf(detail.invoice.id)).toHaveLength(1);

    const listed = expectJson(await admin.get('/api/admin/tax-rates'), TaxRateListSchema);
    expect(listed.items.find((rate) => rate.id === parish.id)?.used).toBe(true);
    const used = await admin.delete(`/api/admin/tax-rates/${parish.id}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(TAX_MESSAGES.rateUsed);
    expect((await admin.post(`/api/admin/tax-rates/${parish.id}/retire`)).status).toBe(200);
    const retired = await admin
      .post('/api/admin/invoices')
      .send(invoiceBody(client.id, [parish.id]));
    expect(retired.status).toBe(400);
    expect(retired.body.message).toBe(TAX_MESSAGES.rateRetired);
    const unknown = await admin
      .post('/api/admin/invoices')
      .send(invoiceBody(client.id, [crypto.randomUUID()]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TAX_MESSAGES.rateNotFound);
  });

  it('refuses a rate that takes the total past the largest invoice', async () => {
    const client = await createClient(t.database);
    const whole = await newRate('Bound test', 100);
    const res = await admin.post('/api/admin/invoices').send({
      ...invoiceBody(client.id, [whole.id]),
      lineItems: [{ description: 'Everything', quantity: 1, unitPrice: 600_000_000 }],
      discount: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The invoice amounts are too large');
  });

  it('keeps a hand-typed tax as one "Tax" amount when no rate is chosen', async () => {
    const client = await createClient(t.database);
    const res = await admin
      .post('/api/admin/invoices')
      .send({ ...invoiceBody(client.id, []), tax: 700 });
    expect(res.status).toBe(201);
    expect(res.body.taxes).toEqual([
      { taxRateId: null, name: 'Tax', percent: null, taxableAmount: 13_500, amount: 700 },
    ]);
    expect(res.body.invoice.total).toBe(14_200);
  });
});

describe('a tax-exempt client', () => {
  it('is set on the client page and gets no rate, the certificate printed instead', async () => {
    const client = await createClient(t.database);
    const rate = await newRate('Exempt test rate', 8);
    const missing = await admin
      .put(`/api/admin/clients/${client.id}/tax`)
      .send({ taxExempt: true });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(TAX_MESSAGES.certificateRequired);

    const saved = await admin
      .put(`/api/admin/clients/${client.id}/tax`)
      .send({ taxExempt: true, taxExemptCertificate: 'LA-EX-0042', taxRateIds: [rate.id] });
    expect(saved.status).toBe(200);
    const settings = expectJson(
      await admin.get(`/api/admin/clients/${client.id}/tax`),
      ClientTaxSettingsSchema,
    );
    expect(settings).toEqual({
      taxExempt: true,
      taxExemptCertificate: 'LA-EX-0042',
      taxRateIds: [rate.id],
      lateFeeExempt: false,
    });
    expect((await admin.get(`/api/admin/clients/${crypto.randomUUID()}/tax`)).status).toBe(404);

    const res = await admin.post('/api/admin/invoices').send(invoiceBody(client.id, [rate.id]));
    expect(res.status).toBe(201);
    expect(res.body.taxes).toEqual([]);
    expect(res.body.invoice).toMatchObject({
      tax: 0,
      total: 13_500,
      taxExemptCertificate: 'LA-EX-0042',
    });
    const text = await pdfOf(`/api/admin/invoices/${res.body.invoice.id}/pdf`);
    expect(text).toContain('Tax exempt — certificate LA-EX-0042');
  });
});

describe('a renewal', () => {
  /** A running subscription whose period ends in two days: the daily run writes its renewal. */
  async function renewedFor(userId: string | null, tier: string) {
    const periodEnd = new Date(clock.now().getTime() + 2 * 24 * 3_600_000);
    const user =
      userId === null
        ? await createSubscriber(t.database, {
            tier,
            status: 'active',
            currentPeriodStart: clock.now(),
            currentPeriodEnd: periodEnd,
            monthlyPriceCents: 20_000,
          })
        : null;
    const id = userId ?? user!.id;
    if (userId !== null) {
      await t.database.db.insert(subscriptions).values({
        userId: id,
        tier,
        status: 'active',
        currentPeriodStart: clock.now(),
        currentPeriodEnd: periodEnd,
        monthlyPriceCents: 20_000,
      });
    }
    await t.services.billing.runDaily();
    const [renewal] = await t.database.db
      .select()
      .from(invoices)
      .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
      .where(eq(subscriptions.userId, id));
    return renewal!.invoices;
  }

  it("applies the agency's default rates, or the client's own, to a taxable plan only", async () => {
    // Only this test's rates are defaults.
    for (const rate of (await admin.get('/api/admin/tax-rates')).body.items) {
      if (rate.isDefault) {
        await admin.patch(`/api/admin/tax-rates/${rate.id}`).send({ isDefault: false });
      }
    }
    const byDefault = await newRate('Renewal default', 10, true);
    const own = await newRate('Renewal own', 2.5);

    const plain = await renewedFor(null, 'signature');
    expect(await taxRowsOf(plain.id)).toEqual([
      { name: 'Renewal default', percentThousandths: 10_000, taxableAmount: 20_000, amount: 2_000 },
    ]);
    expect(plain).toMatchObject({ subtotal: 20_000, tax: 2_000, total: 22_000 });

    const client = await createClient(t.database);
    await admin.put(`/api/admin/clients/${client.id}/tax`).send({ taxRateIds: [own.id] });
    const withOwn = await renewedFor(client.id, 'signature');
    expect(await taxRowsOf(withOwn.id)).toEqual([
      { name: 'Renewal own', percentThousandths: 2_500, taxableAmount: 20_000, amount: 500 },
    ]);
    expect(byDefault.isDefault).toBe(true);

    const plan = await admin.patch('/api/admin/plans/essentials').send({ taxable: false });
    expect(plan.status).toBe(200);
    expect(plan.body.taxable).toBe(false);
    const untaxed = await renewedFor(null, 'essentials');
    expect(untaxed).toMatchObject({ subtotal: 20_000, tax: 0, total: 20_000 });
    expect(await taxRowsOf(untaxed.id)).toEqual([
      { name: 'Renewal default', percentThousandths: 10_000, taxableAmount: 0, amount: 0 },
    ]);
  });
});

describe('credit notes', () => {
  it('reverse the tax in proportion, the last note taking the remainder', async () => {
    const client = await createClient(t.database);
    const state = await newRate('Credit test state', 4.45);
    const parish = await newRate('Credit test parish', 5);
    const created = await admin
      .post('/api/admin/invoices')
      .send(invoiceBody(client.id, [state.id, parish.id]));
    const id = created.body.invoice.id as string;
    expect((await admin.patch(`/api/admin/invoices/${id}`).send({ status: 'sent' })).status).toBe(
      200,
    );
    const paid = await admin
      .post(`/api/admin/invoices/${id}/payments`)
      .send({ amount: 14_351, method: 'bank_transfer', paidOn: '2026-03-10', reference: 'TR-9' });
    expect(paid.status).toBe(201);

    const first = await admin
      .post(`/api/admin/invoices/${id}/credit-notes`)
      .send({ amountCents: 5_000, reason: 'Part of the design was dropped' });
    expect(first.status).toBe(201);
    const note = expectJson(first, IssuedCreditNoteSchema).creditNote;
    // $50 of $143.51: 4.01 × 5000 / 14351 = 1.397 → $1.40; 4.50 × 5000 / 14351 = 1.568 → $1.57.
    expect(note.taxes).toEqual([
      { name: 'Credit test state', amount: 140 },
      { name: 'Credit test parish', amount: 157 },
    ]);
    const second = await admin
      .post(`/api/admin/invoices/${id}/credit-notes`)
      .send({ reason: 'The rest was cancelled' });
    expect(second.status).toBe(201);
    expect(second.body.creditNote.taxes).toEqual([
      { name: 'Credit test state', amount: 261 },
      { name: 'Credit test parish', amount: 293 },
    ]);

    const reversed = await t.database.db
      .select({ name: invoiceTaxes.name, amount: creditNoteTaxes.amount })
      .from(creditNoteTaxes)
      .innerJoin(invoiceTaxes, eq(invoiceTaxes.id, creditNoteTaxes.invoiceTaxId))
      .where(eq(invoiceTaxes.invoiceId, id));
    const byRate = (name: string) =>
      reversed.filter((row) => row.name === name).reduce((sum, row) => sum + row.amount, 0);
    expect([byRate('Credit test state'), byRate('Credit test parish')]).toEqual([401, 450]);

    const text = await pdfOf(`/api/admin/invoices/${id}/credit-notes/${note.id}/pdf`);
    expect(text).toContain('Tax reversed: Credit test state -$1.40');
    expect(text).toContain('Tax reversed: Credit test parish -$1.57');
  });
});
