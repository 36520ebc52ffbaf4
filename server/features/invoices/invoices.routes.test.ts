import { count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoicePageSchema, InvoiceSchema } from '@shared/schemas/invoices';
import { invoiceLineItems, invoices, payments } from '../../db/schema';
import { createClient, createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

const base = {
  clientName: 'Camille Broussard',
  clientEmail: 'Camille@Example.com',
  planType: 'signature',
  dueDate: '2026-12-15',
  notes: 'Thank you!',
  tax: 0,
  discount: 0,
};

async function invoiceCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(invoices);
  return row!.n;
}

describe('admin invoices', () => {
  it('are for the admin only', async () => {
    expect((await request(t.app).get('/api/admin/invoices')).status).toBe(401);
    const client = await signedInClient(t.baseUrl);
    const res = await client.browser.request('POST', '/api/admin/invoices', {
      ...base,
      lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 100 }],
    });
    expect(res.status).toBe(401);
  });

  it('computes every total in integer cents on the server, ignoring totals sent by the browser', async () => {
    const res = await admin.post('/api/admin/invoices').send({
      ...base,
      tax: 5,
      discount: 3,
      total: 1,
      subtotal: 1,
      lineItems: [
        { description: 'Ten cents', quantity: 1, unitPrice: 10, total: 999 },
        { description: 'Twenty cents', quantity: 1, unitPrice: 20 },
        { description: 'Three hours', quantity: 3, unitPrice: 3333 },
      ],
    });
    expect(res.status).toBe(201);
    // A draft is numbered when it is sent.
    expect(res.body.invoiceNumber).toBeNull();
    expect(res.body.invoice).toMatchObject({
      clientEmail: 'camille@example.com',
      status: 'draft',
      subtotal: 30 + 9999,
      tax: 5,
      discount: 3,
      total: 30 + 9999 + 5 - 3,
      sentAt: null,
      paidAt: null,
    });
    expect(res.body.lineItems.map((line: { total: number }) => line.total)).toEqual([10, 20, 9999]);
  });

  it('drops lines without a description or price, and refuses an invoice with none left or a discount above subtotal plus tax', async () => {
    const before = await invoiceCount();
    const none = await admin.post('/api/admin/invoices').send({
      ...base,
      lineItems: [
        { description: '   ', quantity: 1, unitPrice: 500 },
        { description: 'Free', quantity: 1, unitPrice: 0 },
        { description: 'Negative', quantity: 1, unitPrice: -100 },
      ],
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please add at least one line item');

    const discount = await admin.post('/api/admin/invoices').send({
      ...base,
      tax: 100,
      discount: 1101,
      lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 1000 }],
    });
    expect(discount.status).toBe(400);
    expect(discount.body.message).toBe('The discount cannot be more than the subtotal plus tax');

    for (const [body, message] of [
      [
        { lineItems: [{ description: 'x', quantity: 0, unitPrice: 100 }] },
        'Quantity must be at least 1',
      ],
      [
        { lineItems: [{ description: 'x', quantity: 1.5, unitPrice: 100 }] },
        'Quantity must be a whole number',
      ],
      [
        { lineItems: [{ description: 'x', quantity: 1, unitPrice: 10.5 }] },
        'Unit price must be a whole number of cents',
      ],
      [
        { tax: -1, lineItems: [{ description: 'x', quantity: 1, unitPrice: 100 }] },
        'Tax cannot be negative',
      ],
      [
        { clientEmail: 'nope', lineItems: [{ description: 'x', quantity: 1, unitPrice: 100 }] },
        'Please enter a valid email address',
      ],
      // A plan id the catalogue does not have (was a 500 from the foreign key).
      [
        { planType: 'platinum', lineItems: [{ description: 'x', quantity: 1, unitPrice: 100 }] },
        'That plan does not exist. Please choose one of our plans.',
      ],
    ] as const) {
      const res = await admin.post('/api/admin/invoices').send({ ...base, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await invoiceCount()).toBe(before);

    const kept = await admin.post('/api/admin/invoices').send({
      ...base,
      lineItems: [
        { description: '', quantity: 1, unitPrice: 500 },
        { description: 'Kept', quantity: 2, unitPrice: 250 },
      ],
    });
    expect(kept.status).toBe(201);
    expect(kept.body.lineItems).toEqual([
      expect.objectContaining({ description: 'Kept', quantity: 2, unitPrice: 250, total: 500 }),
    ]);
  });

  it('refuses amounts and totals beyond what an invoice can hold with 400, storing nothing', async () => {
    const before = await invoiceCount();
    const line = (quantity: number, unitPrice: number) => ({
      description: 'x',
      quantity,
      unitPrice,
    });
    for (const [body, message] of [
      // Each beyond PostgreSQL's integer (2,147,483,647) on its own.
      [{ lineItems: [line(1, 2_147_483_648)] }, 'Unit price cannot be more than $10,000,000.00'],
      [{ tax: 3_000_000_000, lineItems: [line(1, 100)] }, 'Tax cannot be more than $10,000,000.00'],
      [
        // Subtotal and total in range: only the discount column would overflow (was a 500).
        {
          tax: 1_000_000_000,
          discount: 2_500_000_000,
          lineItems: [line(1, 1_000_000_000), line(1, 1_000_000_000)],
        },
        'Discount cannot be more than $10,000,000.00',
      ],
      // Each amount allowed, their product or sum not.
      [
        { lineItems: [line(100_000, 999_999_999)] },
        'The invoice total cannot be more than $10,000,000.00',
      ],
      [
        { lineItems: Array.from({ length: 200 }, () => line(1_000, 999_999)) },
        'The invoice total cannot be more than $10,000,000.00',
      ],
      [
        { tax: 600_000_000, lineItems: [line(1, 600_000_000)] },
        'The invoice total cannot be more than $10,000,000.00',
      ],
    ] as const) {
      const res = await admin.post('/api/admin/invoices').send({ ...base, ...body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await invoiceCount()).toBe(before);

    const largest = await admin.post('/api/admin/invoices').send({
      ...base,
      tax: 1,
      discount: 1_000_000_000,
      lineItems: [line(2, 499_999_999), line(1, 1)],
    });
    expect(largest.status).toBe(201);
    expect(largest.body.invoice).toMatchObject({ subtotal: 999_999_999, tax: 1, total: 0 });
  });

  it('lists invoices newest first, each exactly as its detail shows it', async () => {
    await t.database.db.delete(invoices);
    expect((await admin.get('/api/admin/invoices')).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    const made = [];
    for (const [n, planType] of [null, 'essentials', 'prestige'].entries()) {
      const res = await admin.post('/api/admin/invoices').send({
        ...base,
        planType,
        clientName: `Listed "${n}" <client> é`,
        notes: n === 1 ? '' : `Line one\nline "two" ${n}`,
        tax: n * 100,
        lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 12_345 + n }],
      });
      made.push(res.body.invoice.id as string);
    }
    await admin.patch(`/api/admin/invoices/${made[1]}`).send({ status: 'sent' });
    await admin.patch(`/api/admin/invoices/${made[2]}`).send({ status: 'sent' });
    await admin.patch(`/api/admin/invoices/${made[2]}`).send({ status: 'paid' });
    // An instant with microseconds: the list writes milliseconds as toISOString() does.
    await t.database.db
      .update(invoices)
      .set({ createdAt: sql`'2026-03-04T05:06:07.891999Z'::timestamptz` })
      .where(eq(invoices.id, made[0]!));

    const list = await admin.get('/api/admin/invoices');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    const details = await Promise.all(
      [made[2], made[1], made[0]].map(
        async (id) => (await admin.get(`/api/admin/invoices/${id}`)).body.invoice,
      ),
    );
    expect(list.body).toEqual({ items: details, total: 3, page: 1, pageSize: 25 });
    expect(details[2].createdAt).toBe('2026-03-04T05:06:07.891Z');
    expect(
      details.map((invoice) => [invoice.status, Boolean(invoice.sentAt), Boolean(invoice.paidAt)]),
    ).toEqual([
      ['paid', true, true],
      ['sent', true, false],
      ['draft', false, false],
    ]);
    expect(
      list.body.items.every((invoice: unknown) => InvoiceSchema.safeParse(invoice).success),
    ).toBe(true);
  });

  it('pages, searches and filters the list, keeping the newest first', async () => {
    await t.database.db.delete(payments);
    await t.database.db.delete(invoices);
    const owner = await createClient(t.database);
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
    for (let n = 0; n < 30; n++) {
      await createInvoice(t.database, {
        invoiceNumber: `PAGED-${String(n + 1).padStart(4, '0')}`,
        clientName: n % 10 === 0 ? 'Bayou 100% Bakery_Co' : `Client ${n}`,
        status: n % 3 === 0 ? 'paid' : 'sent',
        userId: n < 4 ? owner.id : null,
        createdAt: at(n),
      });
    }
    const get = async (query: string) => {
      const res = await admin.get(`/api/admin/invoices?${query}`);
      expect(res.status).toBe(200);
      return expectJson(res, InvoicePageSchema);
    };
    const numbers = (page: { items: Array<{ invoiceNumber: string | null }> }) =>
      page.items.map((invoice) => invoice.invoiceNumber);

    const second = await get('page=2&pageSize=25');
    expect(second).toMatchObject({ total: 30, page: 2, pageSize: 25 });
    expect(numbers(second)).toEqual([
      'PAGED-0005',
      'PAGED-0004',
      'PAGED-0003',
      'PAGED-0002',
      'PAGED-0001',
    ]);

    // The search looks in the number, name and e-mail, ignoring case; % and _ are literal.
    expect(numbers(await get('q=paged-0012'))).toEqual(['PAGED-0012']);
    expect(numbers(await get('q=%25%20bakery_co'))).toEqual([
      'PAGED-0021',
      'PAGED-0011',
      'PAGED-0001',
    ]);
    expect((await get('q=100%25x')).total).toBe(0);
    expect((await get('q=_')).total).toBe(3);

    const paid = await get('status=paid');
    expect(paid.total).toBe(10);
    expect(paid.items.every((invoice) => (invoice as { status?: string }).status === 'paid')).toBe(
      true,
    );
    expect(numbers(await get(`client=${owner.id}&status=sent`))).toEqual([
      'PAGED-0003',
      'PAGED-0002',
    ]);
    // Blank parameters (an emptied search box) mean "not set".
    expect((await get('q=&status=&page=&pageSize=')).total).toBe(30);

    for (const [query, message] of [
      ['status=cancelled', 'Status must be one of: draft, sent, paid, overdue, void'],
      ['page=0', 'Page must be 1 or more'],
      ['pageSize=500', 'Page size must be between 1 and 100'],
      ['client=nope', 'Client must be a client id'],
    ]) {
      const res = await admin.get(`/api/admin/invoices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });

  it('numbers invoices when sent, uniquely and in sequence, even when 50 are sent at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        admin.post('/api/admin/invoices').send({
          ...base,
          clientName: `Parallel ${n}`,
          lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 100 }],
        }),
      ),
    );
    expect(created.every((res) => res.status === 201)).toBe(true);
    // A draft has no number.
    expect(created.map((res) => res.body.invoiceNumber)).toEqual(Array(50).fill(null));

    const sent = await Promise.all(
      created.map((res) =>
        admin.patch(`/api/admin/invoices/${res.body.invoice.id}`).send({ status: 'sent' }),
      ),
    );
    expect(sent.every((res) => res.status === 200)).toBe(true);
    const numbers = sent.map((res) => res.body.invoice.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(49);
  });

  it('moves draft -> sent -> paid with their times, and refuses any other change with 409', async () => {
    const created = await admin.post('/api/admin/invoices').send({
      ...base,
      lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 39_900 }],
    });
    const id = created.body.invoice.id;

    const early = await admin.patch(`/api/admin/invoices/${id}`).send({ status: 'paid' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('An invoice that is draft cannot be marked paid');

    const sent = await admin
      .patch(`/api/admin/invoices/${id}`)
      .send({ status: 'sent', sentAt: '2001-01-01T00:00:00.000Z' });
    expect(sent.status).toBe(200);
    expect(sent.body.invoice.status).toBe('sent');
    expect(Date.now() - new Date(sent.body.invoice.sentAt).getTime()).toBeLessThan(60_000);

    const paid = await admin.patch(`/api/admin/invoices/${id}`).send({ status: 'paid' });
    expect(paid.body.invoice.status).toBe('paid');
    expect(paid.body.invoice.paidAt).not.toBeNull();

    for (const status of ['sent', 'draft', 'overdue', 'paid']) {
      const res = await admin.patch(`/api/admin/invoices/${id}`).send({ status });
      expect(res.status, status).toBe(409);
    }

    const overdue = await admin.post('/api/admin/invoices').send({
      ...base,
      lineItems: [{ description: 'Plan', quantity: 1, unitPrice: 100 }],
    });
    await t.database.db
      .update(invoices)
      .set({ status: 'overdue' })
      .where(eq(invoices.id, overdue.body.invoice.id));
    const late = await admin
      .patch(`/api/admin/invoices/${overdue.body.invoice.id}`)
      .send({ status: 'paid' });
    expect(late.body.invoice.status).toBe('paid');
  });

  it('shows one invoice with its lines, deletes it with its lines, and answers 404 after', async () => {
    const created = await admin.post('/api/admin/invoices').send({
      ...base,
      lineItems: [
        { description: 'One', quantity: 1, unitPrice: 100 },
        { description: 'Two', quantity: 2, unitPrice: 100 },
      ],
    });
    const id = created.body.invoice.id;
    const detail = await admin.get(`/api/admin/invoices/${id}`);
    expect(detail.body.lineItems.map((line: { description: string }) => line.description)).toEqual([
      'One',
      'Two',
    ]);
    const list = await admin.get('/api/admin/invoices');
    expect(list.body.items[0].id).toBe(id);

    expect((await admin.delete(`/api/admin/invoices/${id}`)).status).toBe(204);
    const [lines] = await t.database.db
      .select({ n: count() })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, id));
    expect(lines!.n).toBe(0);
    for (const target of [id, 'not-a-uuid']) {
      const res = await admin.get(`/api/admin/invoices/${target}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Invoice not found');
    }
    expect((await admin.delete(`/api/admin/invoices/${id}`)).status).toBe(404);
  });
});
