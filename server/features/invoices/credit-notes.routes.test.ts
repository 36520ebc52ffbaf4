import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientInvoicePageSchema,
  IssuedCreditNoteSchema,
  InvoiceDetailSchema,
} from '@shared/schemas/invoices';
import { DashboardStatsSchema, DashboardTrendsSchema } from '@shared/schemas/dashboard';
import { testDatabaseUrl } from '../../config';
import { auditEvents, creditNotes, invoices, outboxMessages, payments } from '../../db/schema';
import {
  clientWithSentInvoice,
  createInvoice,
  signedInAdmin,
  signedInClient,
} from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { pdfText } from '@tests/support/pdf-text';
import type { StripeStandIn } from '@tests/support/stripe-stand-in';
import { createTestClock, startTestAppWithStripe, type TestApp } from '@tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_credit_notes';
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

type Client = Awaited<ReturnType<typeof signedInClient>>;

/** A client's invoice of `total`, paid by card on the Stripe stand-in's Checkout page. */
async function paidByCard(total: number, firstName: string) {
  const { client, invoice } = await clientWithSentInvoice(t, total, { firstName });
  const started = await client.browser.request('POST', `/api/invoices/${invoice.id}/pay`);
  const { url } = (await started.json()) as { url: string };
  const sent = await stripe.completeCheckout(new URL(url).pathname.split('/').pop()!);
  expect(sent.every((event) => event.status === 200)).toBe(true);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  expect(await row(invoice.id)).toMatchObject({ status: 'paid', amountPaid: total });
  return { client, invoice, payment: payment! };
}

/** A client's invoice of `total`, paid by a bank transfer the admin recorded. */
async function paidByTransfer(total: number, firstName: string, paidOn = '2026-03-09') {
  const { client, invoice } = await clientWithSentInvoice(t, total, { firstName });
  const recorded = await admin
    .post(`/api/admin/invoices/${invoice.id}/payments`)
    .send({ amount: total, method: 'bank_transfer', paidOn, reference: 'TR-1' });
  expect(recorded.status).toBe(201);
  expect(recorded.body.invoice.status).toBe('paid');
  return { client, invoice, paymentId: recorded.body.payments[0].id as string };
}

const credit = (invoiceId: string, body: object) =>
  admin.post(`/api/admin/invoices/${invoiceId}/credit-notes`).send(body);

async function row(id: string) {
  const [found] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return found!;
}

async function notesOf(invoiceId: string) {
  return t.database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt));
}

async function mailTo(address: string) {
  await t.services.notifications.idle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()));
}

async function pdfOf(res: { status: number; headers: Record<string, string>; body: Buffer }) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfText(res.body)).replace(/\s+/g, ' ');
}

const binary = (agent: typeof admin, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function clientPdf(client: Client, invoiceId: string, creditNoteId: string) {
  return client.browser.request(
    'GET',
    `/api/invoices/${invoiceId}/credit-notes/${creditNoteId}/pdf`,
  );
}

describe('a credit note of an invoice paid by card', () => {
  it('refunds the card through Stripe, is numbered, e-mailed with its PDF, audited, and leaves the invoice paid', async () => {
    const { client, invoice, payment } = await paidByCard(30_000, 'Aurore');
    const res = await credit(invoice.id, { reason: 'The logo was never delivered' });
    expect(res.status).toBe(201);
    const issued = expectJson(res, IssuedCreditNoteSchema);
    expect(issued.creditNote).toMatchObject({
      status: 'issued',
      amount: 30_000,
      refundAmount: 30_000,
      refundStatus: 'succeeded',
      reason: 'The logo was never delivered',
    });
    expect(issued.creditNote.creditNoteNumber).toMatch(/^CN-2026-\d{4}$/);
    expect(issued.creditNote.createdBy).toMatch(/@/);
    expect(issued.message).toBe(
      `Credit note ${issued.creditNote.creditNoteNumber} for $300.00 is issued. $300.00 is refunded to the client's card through Stripe. ${invoice.clientName} is e-mailed the credit note.`,
    );
    expect(issued.creditable).toEqual({ remaining: 0, cardRefundable: 0 });

    // Stripe was asked for exactly this refund, once, keyed by the note.
    const refund = stripe.refunds.get(issued.creditNote.stripeRefundId!);
    expect(refund).toMatchObject({
      amount: 30_000,
      payment_intent: payment.stripePaymentIntentId,
      reason: 'requested_by_customer',
      metadata: {
        creditNoteId: issued.creditNote.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
      },
    });
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.at(-1)?.idempotencyKey).toBe(`credit-note-${issued.creditNote.id}`);

    // Its charge.refunded webhook changes nothing the payment counts toward.
    await stripe.idle();
    expect(stripe.events.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'charge.refunded' },
    });
    expect(await row(invoice.id)).toMatchObject({
      status: 'paid',
      amountPaid: 30_000,
      paymentFlags: [],
    });
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmount: 0, refundedAt: null });

    const mail = (await mailTo(client.account.email)).find((m) =>
      m.subject.startsWith('Credit note'),
    );
    expect(mail!.subject).toBe(
      `Credit note ${issued.creditNote.creditNoteNumber} for invoice ${invoice.invoiceNumber} from Coast & Code Studio`,
    );
    expect(mail!.text).toContain('$300.00 is refunded to the card you paid with.');
    expect(mail!.attachments.map((a) => a.filename)).toEqual([
      `${issued.creditNote.creditNoteNumber}.pdf`,
    ]);
    const attached = Buffer.from(mail!.attachments[0]!.contentBase64, 'base64');
    expect(await pdfText(attached)).toContain(issued.creditNote.creditNoteNumber);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'invoice.credit_note_issued'),
          eq(auditEvents.targetId, invoice.id),
        ),
      );
    expect(event).toMatchObject({
      targetType: 'invoice',
      after: {
        creditNoteId: issued.creditNote.id,
        creditNoteNumber: issued.creditNote.creditNoteNumber,
        amount: 30_000,
        refundAmount: 30_000,
        stripeRefundId: issued.creditNote.stripeRefundId,
        reason: 'The logo was never delivered',
      },
    });

    // Nothing is left to credit.
    const again = await credit(invoice.id, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Nothing is left to credit on invoice ${invoice.invoiceNumber}: its credit notes cover all that was paid.`,
    );

    // The PDF, for the admin and for the client who owns it (nobody else).
    const id = issued.creditNote.id;
    const text = await pdfOf(
      await binary(admin, `/api/admin/invoices/${invoice.id}/credit-notes/${id}/pdf`),
    );
    expect(text).toContain(`Credit note ${issued.creditNote.creditNoteNumber}`);
    expect(text).toContain(`for invoice ${invoice.invoiceNumber}`);
    expect(text).toContain('$300.00');
    expect(text).toContain('The logo was never delivered');
    expect(text).toContain('$300.00 is refunded to the card you paid with.');
    const own = await clientPdf(client, invoice.id, id);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain(
      `${issued.creditNote.creditNoteNumber}.pdf`,
    );
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stranger = await signedInClient(t.baseUrl);
    expect((await clientPdf(stranger, invoice.id, id)).status).toBe(404);
    expect(
      (await admin.get(`/api/admin/invoices/${invoice.id}/credit-notes/not-an-id/pdf`)).status,
    ).toBe(404);

    // The client's billing history shows it under the invoice, which stays paid.
    const history = ClientInvoicePageSchema.parse(
      await (await client.browser.request('GET', '/api/invoices')).json(),
    );
    expect(history.items.find((item) => item.id === invoice.id)).toMatchObject({
      status: 'paid',
      creditNotes: [{ id, creditNoteNumber: issued.creditNote.creditNoteNumber, amount: 30_000 }],
    });
    // The invoice's own PDF names it too.
    const invoicePdf = await pdfOf(await binary(admin, `/api/admin/invoices/${invoice.id}/pdf`));
    expect(invoicePdf).toContain(`Credit note ${issued.creditNote.creditNoteNumber}`);
  });

  it('issues nothing, and uses no number, when Stripe refuses the refund', async () => {
    const { invoice, payment } = await paidByCard(12_000, 'Blaise');
    await stripe.dispute(payment.stripePaymentIntentId!);
    const res = await credit(invoice.id, { amountCents: 5_000, reason: 'Partial refund' });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^Stripe refused the refund: Charge ch_\w+ has been charged back; cannot issue a refund\. No credit note was issued and nothing was refunded\.$/,
    );
    expect(await notesOf(invoice.id)).toEqual([]);
    const detail = expectJson(
      await admin.get(`/api/admin/invoices/${invoice.id}`),
      InvoiceDetailSchema,
    );
    expect(detail.creditNotes).toEqual([]);
    expect(detail.creditable).toEqual({ remaining: 12_000, cardRefundable: 12_000 });
  });

  it('keeps the note waiting when Stripe does not answer, and settles it with the same refund on the next try', async () => {
    const { invoice, payment } = await paidByCard(8_000, 'Cyprien');
    stripe.setReachable(false);
    let res;
    try {
      res = await credit(invoice.id, { amountCents: 3_000, reason: 'One page less' });
    } finally {
      stripe.setReachable(true);
    }
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      'Stripe did not answer, so whether the $30.00 refund was made is not known yet. The credit note waits: issue it again to ask Stripe once more (the same refund, never a second one).',
    );
    const waiting = expectJson(
      await admin.get(`/api/admin/invoices/${invoice.id}`),
      InvoiceDetailSchema,
    );
    expect(waiting.creditNotes).toMatchObject([
      { status: 'pending', creditNoteNumber: null, amount: 3_000, refundAmount: 3_000 },
    ]);
    // Its amount is reserved: the rest is all that can be credited meanwhile.
    expect(waiting.creditable).toEqual({ remaining: 5_000, cardRefundable: 5_000 });

    const retried = await credit(invoice.id, { amountCents: 3_000, reason: 'One page less' });
    expect(retried.status).toBe(201);
    const issued = expectJson(retried, IssuedCreditNoteSchema);
    expect(issued.creditNote).toMatchObject({
      id: waiting.creditNotes[0]!.id,
      status: 'issued',
      amount: 3_000,
    });
    expect(issued.message).toContain(
      "The credit note that was waiting for Stripe's answer was settled first",
    );
    const made = [...stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === payment.stripePaymentIntentId,
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(3_000);
  });
  it('asks Stripe again about a note a stopped process left waiting, not about one being asked now', async () => {
    const { invoice, payment } = await paidByCard(6_000, 'Damien');
    // Reserved just now, its request perhaps still on its way: left alone.
    const recent = await t.services.repositories.creditNotes.reserve(invoice.id, {
      amount: 1_000,
      reason: 'Left behind',
      adminId: null,
      cardRefunds: true,
    });
    expect(recent.kind).toBe('reserved');
    const fresh = expectJson(
      await credit(invoice.id, { amountCents: 2_000, reason: 'New one' }),
      IssuedCreditNoteSchema,
    );
    expect(fresh.creditNote).toMatchObject({ amount: 2_000, reason: 'New one', status: 'issued' });
    expect(fresh.creditable.remaining).toBe(3_000);
    // Reserved ten minutes ago by a process that stopped: settled by the next request.
    await t.database.db
      .update(creditNotes)
      .set({ createdAt: new Date(clock.now().getTime() - 10 * 60_000) })
      .where(eq(creditNotes.status, 'pending'));
    const settled = expectJson(
      await credit(invoice.id, { amountCents: 500, reason: 'Another' }),
      IssuedCreditNoteSchema,
    );
    expect(settled.creditNote).toMatchObject({
      amount: 1_000,
      reason: 'Left behind',
      status: 'issued',
    });
    expect(settled.creditNote.createdBy).toBeNull();
    const made = [...stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === payment.stripePaymentIntentId,
    );
    expect(made.map((refund) => refund.amount).sort()).toEqual([1_000, 2_000]);
  });
});

describe('a credit note of an invoice paid by bank transfer', () => {
  it('asks nothing of Stripe, says the money is returned outside the product, and stops at what was paid', async () => {
    const { client, invoice, paymentId } = await paidByTransfer(30_000, 'Delphine');
    const refundsBefore = stripe.refunds.size;
    const part = await credit(invoice.id, { amountCents: 10_000, reason: '  Discount agreed  ' });
    expect(part.status).toBe(201);
    const first = expectJson(part, IssuedCreditNoteSchema);
    expect(first.creditNote).toMatchObject({
      amount: 10_000,
      refundAmount: 0,
      stripeRefundId: null,
      reason: 'Discount agreed',
    });
    expect(first.message).toBe(
      `Credit note ${first.creditNote.creditNoteNumber} for $100.00 is issued. Return $100.00 to the client yourself: no card refund is made for it. ${invoice.clientName} is e-mailed the credit note.`,
    );
    expect(first.creditable).toEqual({ remaining: 20_000, cardRefundable: 0 });
    expect(stripe.refunds.size).toBe(refundsBefore);
    const mail = (await mailTo(client.account.email)).find((m) =>
      m.subject.startsWith('Credit note'),
    );
    expect(mail!.text).toContain('$100.00 is returned to you by us directly.');

    // More than is left, a zero amount, no reason: refused, nothing changed.
    const tooMuch = await credit(invoice.id, { amountCents: 20_001, reason: 'Too much' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(
      `A credit note for invoice ${invoice.invoiceNumber} can be at most $200.00: what is still un-credited of what was paid.`,
    );
    const zero = await credit(invoice.id, { amountCents: 0, reason: 'Nothing' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('The amount must be more than $0.00');
    const fraction = await credit(invoice.id, { amountCents: 10.5, reason: 'Half a cent' });
    expect(fraction.status).toBe(400);
    const blank = await credit(invoice.id, { amountCents: 100, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Say why the credit note is issued');
    expect(await notesOf(invoice.id)).toHaveLength(1);

    // Without an amount: all that is left.
    const rest = expectJson(
      await credit(invoice.id, { reason: 'Project cancelled' }),
      IssuedCreditNoteSchema,
    );
    expect(rest.creditNote.amount).toBe(20_000);
    expect(rest.creditNotes.map((note) => note.amount)).toEqual([10_000, 20_000]);
    expect((await credit(invoice.id, { reason: 'Again' })).status).toBe(409);
    expect(await row(invoice.id)).toMatchObject({ status: 'paid', amountPaid: 30_000 });

    // Its payment now stays on record.
    const voided = await admin
      .post(`/api/admin/payments/${paymentId}/void`)
      .send({ reason: 'Oops' });
    expect(voided.status).toBe(409);
    expect(voided.body.message).toBe(
      'Its invoice has credit notes, which already say what of this money goes back: a payment of a credited invoice stays on record.',
    );
  });

  it('answers 409 for an invoice that is not paid, and 404 for one that does not exist', async () => {
    const { invoice } = await clientWithSentInvoice(t, 5_000, { firstName: 'Eloi' });
    const sent = await credit(invoice.id, { reason: 'Mistake' });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe(
      'Only a paid invoice is corrected by a credit note: this invoice is sent. Void it instead, or void the payments recorded by mistake.',
    );
    const draft = await admin.post('/api/admin/invoices').send({
      clientName: 'Draft Client',
      clientEmail: 'draft@example.com',
      dueDate: '2026-04-01',
      lineItems: [{ description: 'Logo', quantity: 1, unitPrice: 1_000 }],
    });
    expect((await credit(draft.body.invoice.id, { reason: 'Mistake' })).status).toBe(409);
    expect((await credit('not-an-id', { reason: 'Mistake' })).status).toBe(404);
    expect((await credit(crypto.randomUUID(), { reason: 'Mistake' })).status).toBe(404);
  });
});

describe('numbering', () => {
  it('gives two notes issued at the same moment consecutive numbers, and never credits more than was paid', async () => {
    const one = await paidByTransfer(4_000, 'Fanny');
    const two = await paidByTransfer(4_000, 'Gaspard');
    const [a, b] = await Promise.all([
      credit(one.invoice.id, { reason: 'Concurrent one' }),
      credit(two.invoice.id, { reason: 'Concurrent two' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const numbers = [a, b]
      .map((res) => Number(/^CN-2026-(\d{4})$/.exec(res.body.creditNote.creditNoteNumber)![1]))
      .sort((x, y) => x - y);
    expect(numbers[1]).toBe(numbers[0]! + 1);

    // Two full credit notes of one invoice at once: one is issued, the other finds nothing left.
    const three = await paidByTransfer(4_000, 'Honoré');
    const both = await Promise.all([
      credit(three.invoice.id, { reason: 'First' }),
      credit(three.invoice.id, { reason: 'Second' }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await notesOf(three.invoice.id)).toHaveLength(1);

    // Every number issued in this file, refused refunds included, follows the last: no gaps.
    const issued = await t.database.db
      .select({ number: creditNotes.creditNoteNumber })
      .from(creditNotes)
      .where(isNotNull(creditNotes.creditNoteNumber));
    const sequence = issued.map(({ number }) => Number(number!.slice(-4))).sort((x, y) => x - y);
    expect(sequence).toEqual(sequence.map((_, index) => index + 1));
  });
});

describe('revenue', () => {
  it('takes a credit note off the month it was issued in, not the month of the payment', async () => {
    const stats = async () =>
      expectJson(await admin.get('/api/admin/dashboard-stats'), DashboardStatsSchema);
    const trends = async () =>
      Object.fromEntries(
        expectJson(
          await admin.get('/api/admin/dashboard-trends'),
          DashboardTrendsSchema,
        ).months.map((month) => [month.month, month.collected]),
      );
    const { invoice } = await paidByTransfer(50_000, 'Iris', '2026-03-10');
    const march = (await trends())['2026-03']!;
    clock.set('2026-04-05T12:00:00.000Z');
    try {
      const aprilBefore = await stats();
      expect(
        (await credit(invoice.id, { amountCents: 20_000, reason: 'Late delivery' })).status,
      ).toBe(201);
      expect((await stats()).collectedThisMonth).toBe(aprilBefore.collectedThisMonth - 20_000);
      const after = await trends();
      expect(after['2026-03']).toBe(march);
      expect(after['2026-04']).toBe(aprilBefore.collectedThisMonth - 20_000);
      // And the number follows the year it is issued in.
      const [note] = (await notesOf(invoice.id)).slice(-1);
      expect(note!.creditNoteNumber).toMatch(/^CN-2026-/);
    } finally {
      clock.set('2026-03-10T12:00:00.000Z');
    }
  });
});

// PGlite has one connection, so two requests never overlap there: only PostgreSQL can race.
describe.skipIf(!testDatabaseUrl())('a payment voided while a credit note is issued', () => {
  it('lets one of the two happen, never both, every time', async () => {
    for (let run = 0; run < 20; run += 1) {
      const invoice = await createInvoice(t.database, { status: 'sent', total: 10_000 });
      const recorded = await admin
        .post(`/api/admin/invoices/${invoice.id}/payments`)
        .send({ amount: 10_000, method: 'check', paidOn: '2026-03-09' });
      expect(recorded.body.invoice.status).toBe('paid');
      const paymentId = recorded.body.payments[0].id as string;
      const [voided, credited] = await Promise.all([
        admin.post(`/api/admin/payments/${paymentId}/void`).send({ reason: 'Bounced' }),
        credit(invoice.id, { reason: 'Cancelled' }),
      ]);
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId));
      const notes = await notesOf(invoice.id);
      if (voided.status === 200) {
        expect(credited.status).toBe(409);
        expect(notes).toEqual([]);
        expect(await row(invoice.id)).toMatchObject({ status: 'sent', amountPaid: 0 });
      } else {
        expect([voided.status, credited.status]).toEqual([409, 201]);
        expect(payment!.voidedAt).toBeNull();
        expect(notes.map((note) => note.status)).toEqual(['issued']);
        expect(await row(invoice.id)).toMatchObject({ status: 'paid', amountPaid: 10_000 });
      }
    }
  }, 60_000);
});
