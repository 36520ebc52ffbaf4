import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noonIn } from '@shared/dates';
import { StatementSchema, type StatementLine } from '@shared/schemas/statements';
import { auditEvents, creditNotes, outboxMessages, payments } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { pdfText } from '@tests/support/pdf-text';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const TZ = 'America/Chicago';
const clock = createTestClock('2026-03-10T18:00:00.000Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
let clientA: Awaited<ReturnType<typeof signedInClient>>;
let clientB: Awaited<ReturnType<typeof signedInClient>>;
const notes: Record<'card' | 'byHand' | 'held', string> = { card: '', byHand: '', held: '' };

const at = (day: string) => noonIn(day, TZ);

/**
 * Client A's history: an invoice partly paid by check, one whose payment was voided, one paid
 * by card and credited three times (refunded to the card, returned by hand, held as credit),
 * a void invoice and a draft.
 */
async function history(userId: string, email: string) {
  const db = t.database.db;
  const invoice = (values: Parameters<typeof createInvoice>[1]) =>
    createInvoice(t.database, { userId, clientEmail: email, ...values });
  const a1 = await invoice({
    invoiceNumber: 'INV-2025-0101',
    status: 'overdue',
    dateIssued: '2025-11-20',
    dueDate: '2025-12-20',
    total: 10_000,
    amountPaid: 4_000,
  });
  const a2 = await invoice({
    invoiceNumber: 'INV-2026-0102',
    status: 'overdue',
    dateIssued: '2026-01-05',
    dueDate: '2026-02-04',
    total: 5_000,
  });
  const a3 = await invoice({
    invoiceNumber: 'INV-2026-0103',
    status: 'paid',
    dateIssued: '2026-01-15',
    dueDate: '2026-02-14',
    total: 20_000,
  });
  await invoice({
    invoiceNumber: 'INV-2026-0104',
    status: 'void',
    dateIssued: '2026-02-01',
    dueDate: '2026-03-03',
    total: 7_500,
    voidedAt: at('2026-02-05'),
    voidReason: 'Written twice',
  });
  await invoice({ invoiceNumber: null, status: 'draft', total: 99_900 });
  const [, , card] = await db
    .insert(payments)
    .values([
      {
        invoiceId: a1.id,
        clientId: userId,
        amount: 4_000,
        method: 'check',
        reference: '1042',
        paidAt: at('2025-12-05'),
      },
      {
        invoiceId: a2.id,
        clientId: userId,
        amount: 5_000,
        method: 'bank_transfer',
        paidAt: at('2026-01-10'),
        voidedAt: at('2026-01-12'),
        voidReason: 'Recorded on the wrong invoice',
      },
      {
        invoiceId: a3.id,
        clientId: userId,
        amount: 20_000,
        method: 'card',
        stripePaymentIntentId: `pi_${userId}`,
        paidAt: at('2026-01-20'),
      },
      // Flagged: it never counted toward the invoice, so the statement leaves it out.
      {
        invoiceId: a2.id,
        clientId: userId,
        amount: 9_999,
        method: 'card',
        stripePaymentIntentId: `pi_flagged_${userId}`,
        paidAt: at('2026-01-11'),
        flag: 'The amount does not match',
      },
    ])
    .returning();
  const note = (number: string, day: string, amount: number, refundAmount: number) => ({
    creditNoteNumber: number,
    invoiceId: a3.id,
    status: 'issued' as const,
    amount,
    refundAmount,
    paymentId: refundAmount > 0 ? card!.id : null,
    reason: 'Scope reduced',
    issuedAt: at(day),
  });
  const [cn1, cn2, cn3] = await db
    .insert(creditNotes)
    .values([
      note('CN-2026-0001', '2026-02-01', 5_000, 5_000),
      note('CN-2026-0002', '2026-02-10', 3_000, 0),
      note('CN-2026-0003', '2026-02-15', 2_000, 0),
    ])
    .returning();
  Object.assign(notes, { card: cn1!.id, byHand: cn2!.id, held: cn3!.id });
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
  clientA = await signedInClient(t.baseUrl, { firstName: 'Aurore' });
  clientB = await signedInClient(t.baseUrl, { firstName: 'Basile' });
  await history(clientA.user.id, clientA.account.email);
  // Client B was billed and paid in full: they owe nothing.
  const paid = await createInvoice(t.database, {
    userId: clientB.user.id,
    invoiceNumber: 'INV-2026-0201',
    status: 'paid',
    dateIssued: '2026-03-02',
    total: 12_000,
  });
  await t.database.db.insert(payments).values({
    invoiceId: paid.id,
    clientId: clientB.user.id,
    amount: 12_000,
    method: 'cash',
    paidAt: at('2026-03-03'),
  });
});
afterAll(async () => {
  await t?.close();
});

const byHand = (id: string, body: object) =>
  admin.post(`/api/admin/credit-notes/${id}/refunded-by-hand`).send(body);

const line = (
  date: string,
  type: StatementLine['type'],
  reference: string,
  amount: number,
  balance: number,
): StatementLine => ({ date, type, reference, amount, balance });

/** The statements e-mailed to `address` (not the sign-up's codes). */
async function mailTo(address: string) {
  await t.services.notifications.idle();
  const sent = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address.toLowerCase()));
  return sent.filter((mail) => mail.subject.startsWith('Your statement'));
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

describe('a credit note returned by hand', () => {
  it('records the day and reference once, audited, and refuses what has nothing to return', async () => {
    const res = await byHand(notes.byHand, { date: '2026-02-20', reference: 'Check 881' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      creditNoteNumber: 'CN-2026-0002',
      refundedByHandOn: '2026-02-20',
      refundedByHandReference: 'Check 881',
      refundedByHandAmount: 3_000,
    });
    const again = await byHand(notes.byHand, { date: '2026-02-21' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This credit note was marked returned by hand already, on 2026-02-20.',
    );
    const card = await byHand(notes.card, { date: '2026-02-21' });
    expect(card.status).toBe(409);
    expect(card.body.message).toBe(
      'This credit note was refunded to the card in full: nothing is left to return by hand.',
    );
    expect((await byHand(crypto.randomUUID(), { date: '2026-02-21' })).status).toBe(404);
    const missing = await byHand(notes.held, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Enter the day the money was returned');
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'invoice.credit_note_refunded_by_hand'));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ refundedByHandOn: '2026-02-20', amount: 3_000 });
  });

  it('waits until its card refund is settled, then keeps the amount returned by hand', async () => {
    const invoice = await createInvoice(t.database, {
      status: 'paid',
      dateIssued: '2026-03-02',
      total: 5_000,
    });
    const [note] = await t.database.db
      .insert(creditNotes)
      .values({
        creditNoteNumber: 'CN-2026-0301',
        invoiceId: invoice.id,
        status: 'issued',
        amount: 5_000,
        refundAmount: 3_000,
        stripeRefundId: 're_waiting_at_the_bank',
        refundStatus: 'pending',
        reason: 'Scope reduced',
        issuedAt: at('2026-03-04'),
      })
      .returning();
    // Were the $30.00 to fail at the bank, all $50.00 would be the agency's to return.
    const pending = await byHand(note!.id, { date: '2026-03-05', reference: 'Check 900' });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(
      'The card refund of $30.00 for this credit note is not settled yet (pending): mark it returned by hand once Stripe says it succeeded or failed.',
    );
    await t.database.db
      .update(creditNotes)
      .set({ refundStatus: 'succeeded' })
      .where(eq(creditNotes.id, note!.id));
    const marked = await byHand(note!.id, { date: '2026-03-05', reference: 'Check 900' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ refundedByHandAmount: 2_000 });
  });
});

describe("a client's statement", () => {
  const expected = {
    from: '2025-12-01',
    to: '2026-03-10',
    openingBalance: 10_000,
    lines: [
      line('2025-12-05', 'payment', 'Check 1042 · INV-2025-0101', -4_000, 6_000),
      line('2026-01-05', 'invoice', 'INV-2026-0102', 5_000, 11_000),
      line('2026-01-10', 'payment', 'Bank transfer · INV-2026-0102', -5_000, 6_000),
      line('2026-01-12', 'payment_void', 'Bank transfer · INV-2026-0102', 5_000, 11_000),
      line('2026-01-15', 'invoice', 'INV-2026-0103', 20_000, 31_000),
      line('2026-01-20', 'payment', 'Card · INV-2026-0103', -20_000, 11_000),
      line('2026-02-01', 'invoice', 'INV-2026-0104', 7_500, 18_500),
      line('2026-02-01', 'credit_note', 'CN-2026-0001', -5_000, 13_500),
      line('2026-02-01', 'refund', 'CN-2026-0001', 5_000, 18_500),
      line('2026-02-05', 'invoice_void', 'INV-2026-0104', -7_500, 11_000),
      line('2026-02-10', 'credit_note', 'CN-2026-0002', -3_000, 8_000),
      line('2026-02-15', 'credit_note', 'CN-2026-0003', -2_000, 6_000),
      line('2026-02-20', 'refund', 'CN-2026-0002 returned by hand (Check 881)', 3_000, 9_000),
    ],
    // What the two open invoices owe (6,000 + 5,000) less the credit held (CN-2026-0003).
    closingBalance: 9_000,
    ageing: { current: 0, days1to30: 0, days31to60: 5_000, days61to90: 6_000, over90: 0 },
  };

  it('gives the admin every line from the 1st three months back to today, with its running balance and ageing', async () => {
    const res = await admin.get(`/api/admin/clients/${clientA.user.id}/statement`);
    expect(res.status).toBe(200);
    const statement = expectJson(res, StatementSchema);
    expect(statement).toMatchObject(expected);
    expect(statement.client).toMatchObject({ id: clientA.user.id, email: clientA.account.email });
  });

  it('opens a later period at the balance the earlier lines left', async () => {
    const res = await admin
      .get(`/api/admin/clients/${clientA.user.id}/statement`)
      .query({ from: '2026-02-02', to: '2026-02-28' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openingBalance: 18_500, closingBalance: 9_000 });
    expect(res.body.lines).toHaveLength(4);
    const refused = await admin
      .get(`/api/admin/clients/${clientA.user.id}/statement`)
      .query({ from: '2026-03-01', to: '2026-02-01' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('From must be on or before To');
  });

  it('shows each client only their own in the portal, and no one else the admin routes', async () => {
    const own = await clientA.browser.request('GET', '/api/statement');
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject(expected);
    const other = await clientB.browser.request('GET', '/api/statement');
    expect(await other.json()).toMatchObject({
      openingBalance: 0,
      closingBalance: 0,
      lines: [
        line('2026-03-02', 'invoice', 'INV-2026-0201', 12_000, 12_000),
        line('2026-03-03', 'payment', 'Cash · INV-2026-0201', -12_000, 0),
      ],
    });
    const admins = await clientB.browser.request(
      'GET',
      `/api/admin/clients/${clientA.user.id}/statement`,
    );
    expect(admins.status).toBe(401);
    const unknown = await admin.get(`/api/admin/clients/${crypto.randomUUID()}/statement`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Client not found');
  });

  it('prints the same figures in the PDF, for the admin and the client', async () => {
    const res = await binary(`/api/admin/clients/${clientA.user.id}/statement.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Opening balance');
    expect(text).toContain('CN-2026-0002 returned by hand (Check 881)');
    expect(text).toContain('Closing balance on Mar 10, 2026 $90.00');
    const own = await clientA.browser.request('GET', '/api/statement.pdf');
    expect(own.status).toBe(200);
    const ownText = await pdfText(new Uint8Array(await own.arrayBuffer()));
    expect(ownText.replace(/\s+/g, ' ')).toContain('Closing balance on Mar 10, 2026 $90.00');
  });

  it('e-mails the client the statement with its PDF, audited', async () => {
    const res = await admin
      .post(`/api/admin/clients/${clientA.user.id}/statement/email`)
      .send({ from: '2026-02-01', to: '2026-02-28' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sentTo: clientA.account.email,
      from: '2026-02-01',
      to: '2026-02-28',
    });
    const [mail] = await mailTo(clientA.account.email);
    expect(mail!.subject).toMatch(/^Your statement from .+, Feb 1, 2026 to Feb 28, 2026$/);
    expect(mail!.text).toContain('On Feb 28, 2026 you owed $90.00.');
    expect(mail!.attachments.map((a) => a.filename)).toEqual([
      'Statement-2026-02-01-to-2026-02-28.pdf',
    ]);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'client.statement_emailed'),
          eq(auditEvents.targetId, clientA.user.id),
        ),
      );
    expect(audited).toHaveLength(1);
  });
});

describe('the monthly statements', () => {
  it('go on the 1st, when switched on, once to each client who owes, however often the job runs', async () => {
    expect((await admin.get('/api/admin/settings/statements')).body).toEqual({
      monthlyEmails: false,
    });
    clock.set('2026-04-01T13:00:00.000Z');
    expect(await t.services.statements.runMonthly()).toMatchObject({ off: true, sent: 0 });
    const on = await admin.put('/api/admin/settings/statements').send({ monthlyEmails: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ monthlyEmails: true });
    const before = (await mailTo(clientA.account.email)).length;

    const first = await t.services.statements.runMonthly();
    const second = await t.services.statements.runMonthly();
    expect(first).toMatchObject({ month: '2026-03', sent: 1, failed: 0 });
    expect(second).toMatchObject({ month: '2026-03', sent: 0 });
    const sent = (await mailTo(clientA.account.email)).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/Mar 1, 2026 to Mar 31, 2026$/),
    ]);
    // Client B owes nothing: no statement.
    expect(await mailTo(clientB.account.email)).toEqual([]);
  });
});
