import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema, InvoicePageSchema } from '@shared/schemas/invoices';
import { auditEvents, invoiceLineItems, invoices, outboxMessages, payments } from '../../db/schema';
import { clientWithSentInvoice, createInvoice, signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_invoice_corrections';
const clock = createTestClock('2026-03-10T12:00:00.000Z');
let t: TestApp;
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  ({ t, stripe } = await startTestAppWithStripe(WEBHOOK_SECRET, {}, { clock }));
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const body = {
  clientName: 'Camille Broussard',
  clientEmail: 'camille@example.com',
  planType: null,
  dueDate: '2026-04-15',
  notes: 'First version',
  tax: 0,
  discount: 0,
  lineItems: [{ description: 'Logo', quantity: 1, unitPrice: 10_000 }],
};

async function row(id: string) {
  const [found] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return found!;
}

async function mailTo(address: string) {
  await t.services.notifications.idle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()));
}

async function audited(kind: string, targetId: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), eq(auditEvents.targetId, targetId)));
}

async function stats() {
  const res = await admin.get('/api/admin/dashboard-stats');
  expect(res.status).toBe(200);
  return res.body as { outstanding: number; collectedThisMonth: number };
}

describe('PUT /api/admin/invoices/{id}: editing a draft', () => {
  it('replaces every field and line of a draft, counts the totals again and audits it', async () => {
    const created = await admin.post('/api/admin/invoices').send(body);
    const id = created.body.invoice.id as string;
    const res = await admin.put(`/api/admin/invoices/${id}`).send({
      ...body,
      clientName: 'Camille B. Studio',
      notes: 'Second version',
      tax: 500,
      lineItems: [
        { description: 'Logo', quantity: 2, unitPrice: 10_000 },
        { description: 'Business cards', quantity: 1, unitPrice: 2_500 },
      ],
    });
    expect(res.status).toBe(200);
    const detail = expectJson(res, InvoiceDetailSchema);
    expect(detail.invoice).toMatchObject({
      clientName: 'Camille B. Studio',
      notes: 'Second version',
      status: 'draft',
      subtotal: 22_500,
      tax: 500,
      total: 23_000,
    });
    const lines = await t.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, id));
    expect(lines.map((line) => [line.description, line.total]).sort()).toEqual([
      ['Business cards', 2_500],
      ['Logo', 20_000],
    ]);
    const [event] = await audited('invoice.updated', id);
    expect(event).toMatchObject({
      before: { clientName: 'Camille Broussard', total: 10_000, lineItems: 1 },
      after: { clientName: 'Camille B. Studio', total: 23_000, lineItems: 2 },
    });
  });

  it('answers 409 for a sent invoice and changes nothing; a bad body is a 400', async () => {
    const sent = await createInvoice(t.database, { status: 'sent', total: 10_000 });
    const refused = await admin.put(`/api/admin/invoices/${sent.id}`).send(body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Only a draft can be edited: this invoice is sent. Void it and create a new one to correct it.',
    );
    expect(await row(sent.id)).toMatchObject({ clientName: sent.clientName, notes: '' });
    const draft = await admin.post('/api/admin/invoices').send(body);
    const bad = await admin
      .put(`/api/admin/invoices/${draft.body.invoice.id}`)
      .send({ ...body, lineItems: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please add at least one line item');
    expect((await admin.put('/api/admin/invoices/not-an-id').send(body)).status).toBe(404);
  });
});

describe('POST /api/admin/invoices/{id}/mark-sent', () => {
  it('numbers the draft and records it sent without e-mailing anyone', async () => {
    const created = await admin
      .post('/api/admin/invoices')
      .send({ ...body, clientEmail: 'quiet@example.com' });
    const id = created.body.invoice.id as string;
    const res = await admin.post(`/api/admin/invoices/${id}/mark-sent`);
    expect(res.status).toBe(200);
    expect(res.body.invoice).toMatchObject({ status: 'sent' });
    expect(res.body.invoice.invoiceNumber).toMatch(/^INV-2026-\d{4}$/);
    expect(await mailTo('quiet@example.com')).toHaveLength(0);
    expect(await audited('invoice.marked_sent', id)).toHaveLength(1);
    expect((await admin.post(`/api/admin/invoices/${id}/mark-sent`)).status).toBe(409);
  });
});

describe('POST /api/admin/invoices/{id}/void', () => {
  it('keeps the number, owes nothing, leaves the figures, closes the Checkout page and the pay link, and tells the client', async () => {
    const { client, invoice } = await clientWithSentInvoice(t, 30_000, { firstName: 'Odile' });
    const before = await stats();
    // The client opens a payment page, and a pay link is out (the PDF prints it).
    const started = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
    const { url } = (await started.json()) as { url: string };
    const sessionId = new URL(url).pathname.split('/').pop()!;
    await admin.get(`/api/admin/invoices/${invoice.id}/pdf`);
    const linked = await row(invoice.id);
    expect(linked.payTokenHash).not.toBeNull();

    const res = await admin
      .post(`/api/admin/invoices/${invoice.id}/void`)
      .send({ reason: 'Billed to the wrong company' });
    expect(res.status).toBe(200);
    const detail = expectJson(res, InvoiceDetailSchema);
    expect(detail.invoice).toMatchObject({
      status: 'void',
      invoiceNumber: invoice.invoiceNumber,
      voidReason: 'Billed to the wrong company',
    });
    expect(detail.payLink).toBeNull();
    expect(stripe.checkoutSessions.get(sessionId)!.status).toBe('expired');
    expect(await row(invoice.id)).toMatchObject({
      openCheckoutSessionId: null,
      payTokenHash: null,
    });
    expect((await stats()).outstanding).toBe(before.outstanding - 30_000);

    // The client sees it void in the billing history, and cannot pay it.
    const history = await client.browser.request('GET', '/api/invoices');
    const page = (await history.json()) as { items: Array<{ id: string; status: string }> };
    expect(page.items.find((item) => item.id === invoice.id)?.status).toBe('void');
    const pay = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
    expect(pay.status).toBe(409);

    const [mail] = (await mailTo(client.account.email)).filter((m) => m.subject.includes('void'));
    expect(mail!.subject).toBe(`Invoice ${invoice.invoiceNumber} from Coast & Code Studio is void`);
    expect(mail!.text).toContain('Why: Billed to the wrong company');
    expect(await audited('invoice.voided', invoice.id)).toHaveLength(1);
  });

  it('refuses drafts, paid invoices, an invoice with money received, and a missing reason', async () => {
    const draft = await createInvoice(t.database, { status: 'draft', invoiceNumber: null });
    const paid = await createInvoice(t.database, { status: 'paid' });
    const part = await createInvoice(t.database, { status: 'sent', amountPaid: 100 });
    const voidIt = (id: string, reason = 'Mistake') =>
      admin.post(`/api/admin/invoices/${id}/void`).send({ reason });
    expect((await voidIt(draft.id)).body.message).toBe(
      'A draft is not voided: it has no number yet, so delete it instead.',
    );
    const refused = await voidIt(paid.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'A paid invoice is not voided: issue a credit note for it instead.',
    );
    expect((await voidIt(part.id)).status).toBe(409);
    const blank = await voidIt(part.id, '  ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Say why the invoice is voided');
    expect(await row(part.id)).toMatchObject({ status: 'sent', voidedAt: null });
  });

  it('voids nothing when Stripe cannot be reached to close the open page', async () => {
    const { client, invoice } = await clientWithSentInvoice(t, 12_000, { firstName: 'Ines' });
    await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
    stripe.setReachable(false);
    try {
      const res = await admin
        .post(`/api/admin/invoices/${invoice.id}/void`)
        .send({ reason: 'Duplicate' });
      expect(res.status).toBe(503);
    } finally {
      stripe.setReachable(true);
    }
    expect(await row(invoice.id)).toMatchObject({ status: 'sent' });
  });

  it('writes the status, the pay link, the audit row and the e-mail together, or none of them', async () => {
    const { client, invoice } = await clientWithSentInvoice(t, 8_000, { firstName: 'Yann' });
    await admin.get(`/api/admin/invoices/${invoice.id}/pdf`);
    const linked = await row(invoice.id);
    expect(linked.payTokenHash).not.toBeNull();
    // The audit log refuses this one row, as a full disk or a lost connection would: the
    // database itself, nothing of ours replaced.
    await t.database.db.execute(sql`
      create function refuse_void_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_void_audit before insert on audit_events
      for each row when (new.kind = 'invoice.voided') execute function refuse_void_audit()`);
    try {
      const res = await admin
        .post(`/api/admin/invoices/${invoice.id}/void`)
        .send({ reason: 'Wrong amount' });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_void_audit on audit_events`);
      await t.database.db.execute(sql`drop function refuse_void_audit()`);
    }
    expect(await row(invoice.id)).toMatchObject({
      status: 'sent',
      voidedAt: null,
      payTokenHash: linked.payTokenHash,
      payLinkVersion: linked.payLinkVersion,
    });
    const told = (await mailTo(client.account.email)).filter((m) => m.subject.includes('void'));
    expect(told).toEqual([]);

    // Once the audit log takes it, all of it is written.
    const res = await admin
      .post(`/api/admin/invoices/${invoice.id}/void`)
      .send({ reason: 'Wrong amount' });
    expect(res.status).toBe(200);
    expect(await row(invoice.id)).toMatchObject({
      status: 'void',
      payTokenHash: null,
      payLinkVersion: linked.payLinkVersion + 1,
    });
    expect(await audited('invoice.voided', invoice.id)).toHaveLength(1);
    expect(
      (await mailTo(client.account.email)).filter((m) => m.subject.includes('void')),
    ).toHaveLength(1);
  });
});

describe('POST /api/admin/payments/{id}/void', () => {
  it('gives the balance back, reopens the invoice (overdue once due), sends a corrected receipt and audits both', async () => {
    const { client, invoice } = await clientWithSentInvoice(t, 20_000, { firstName: 'Paul' });
    await t.database.db
      .update(invoices)
      .set({ dueDate: '2026-03-01' })
      .where(eq(invoices.id, invoice.id));
    const before = await stats();
    const recorded = await admin
      .post(`/api/admin/invoices/${invoice.id}/payments`)
      .send({ amount: 20_000, method: 'check', paidOn: '2026-03-09', reference: '#118' });
    expect(recorded.status).toBe(201);
    expect(recorded.body.invoice.status).toBe('paid');
    const paymentId = recorded.body.payments[0].id as string;
    expect((await stats()).collectedThisMonth).toBe(before.collectedThisMonth + 20_000);

    const res = await admin
      .post(`/api/admin/payments/${paymentId}/void`)
      .send({ reason: 'The check bounced' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: paymentId, voidReason: 'The check bounced' });
    expect(await row(invoice.id)).toMatchObject({ status: 'overdue', amountPaid: 0, paidAt: null });
    expect((await stats()).collectedThisMonth).toBe(before.collectedThisMonth);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept!.voidedAt).not.toBeNull();

    const corrected = (await mailTo(client.account.email)).find((m) =>
      m.subject.startsWith('Corrected receipt'),
    );
    expect(corrected!.text).toContain('The payment of $200.00 recorded on Mar 9, 2026 for invoice');
    expect(corrected!.text).toContain('The balance due on invoice');
    expect(await audited('invoice.paid', invoice.id)).toHaveLength(1);
    expect(await audited('payment.voided', invoice.id)).toHaveLength(1);

    const again = await admin.post(`/api/admin/payments/${paymentId}/void`).send({ reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment is void already.');
  });
});

describe('GET /api/admin/invoices?sort=&dir=', () => {
  it('sorts by each column both ways, and refuses an unknown sort', async () => {
    const tag = 'sortcheck';
    for (const [name, total, due] of [
      ['Bravo', 300, '2026-05-02'],
      ['alpha', 100, '2026-05-03'],
      ['Charlie', 200, '2026-05-01'],
    ] as const) {
      await createInvoice(t.database, {
        clientName: `${name} ${tag}`,
        total,
        subtotal: total,
        dueDate: due,
        status: 'sent',
      });
    }
    const names = async (query: string) => {
      const res = await admin.get(`/api/admin/invoices?q=${tag}&${query}`);
      expect(res.status).toBe(200);
      return expectJson(res, InvoicePageSchema).items.map((i) => i.clientName.split(' ')[0]);
    };
    expect(await names('sort=client')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await names('sort=client&dir=desc')).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(await names('sort=total&dir=asc')).toEqual(['alpha', 'Charlie', 'Bravo']);
    expect(await names('sort=due&dir=desc')).toEqual(['alpha', 'Bravo', 'Charlie']);
    const bad = await admin.get('/api/admin/invoices?sort=color');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Sort must be one of: number, issued, due, client, total, status, created',
    );
  });
});
