import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '@shared/dates';
import { creditNoteFor } from '../invoices/credit-amounts';
import { countPayment, uncountPayment, whyNotVoidable } from '../invoices/invoice-rules';
import {
  buildStatement,
  defaultPeriod,
  lastMonthOf,
  type CreditNoteFacts,
  type FailedRefundFacts,
  type InvoiceFacts,
  type PaymentFacts,
} from './statement-lines';

const START = '2026-01-01';
const dayOf = (n: number) => addDaysToDate(START, n);

/** One step of a client's money history, applied by the invoices' and payments' own rules. */
const step = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), total: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    op: fc.constant('pay' as const),
    pick: fc.nat(),
    amount: fc.integer({ min: 1, max: 60_000 }),
    card: fc.boolean(),
  }),
  fc.record({ op: fc.constant('void-payment' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('stripe-refund' as const), pick: fc.nat(), cut: fc.nat() }),
  fc.record({ op: fc.constant('stripe-refund-fails' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('credit' as const), pick: fc.nat(), cut: fc.nat() }),
  fc.record({ op: fc.constant('note-refund-fails' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('by-hand' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('void-invoice' as const), pick: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface Model {
  invoices: Array<InvoiceFacts & { status: 'sent' | 'paid' | 'void'; amountPaid: number }>;
  payments: Array<PaymentFacts & { failedBack: number }>;
  notes: CreditNoteFacts[];
  failed: FailedRefundFacts[];
  noteInvoice: Map<string, string>;
}

/** Plays a history day by day as the product would record it. */
function play(steps: readonly Step[]): Model {
  const m: Model = { invoices: [], payments: [], notes: [], failed: [], noteInvoice: new Map() };
  const pick = <T>(list: readonly T[], n: number) => (list.length ? list[n % list.length] : null);
  steps.forEach((s, day) => {
    const on = dayOf(day);
    if (s.op === 'invoice') {
      const id = `i${m.invoices.length}`;
      m.invoices.push({
        id,
        number: `INV-${id}`,
        issuedOn: on,
        dueDate: dayOf(day + 14),
        total: s.total,
        voidedOn: null,
        status: 'sent',
        amountPaid: 0,
      });
    } else if (s.op === 'pay') {
      const invoice = pick(
        m.invoices.filter((i) => i.status !== 'void'),
        s.pick,
      );
      if (!invoice) return;
      const counted = countPayment(invoice, s.amount);
      invoice.amountPaid = counted.amountPaid;
      if (counted.becamePaid) invoice.status = 'paid';
      m.payments.push({
        id: `p${m.payments.length}`,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        method: s.card ? 'card' : 'check',
        reference: '',
        amount: s.amount,
        paidOn: on,
        voidedOn: null,
        refundedAmount: 0,
        refundedOn: null,
        failedBack: 0,
      });
    } else if (s.op === 'void-payment') {
      const payment = pick(
        m.payments.filter(
          (p) =>
            p.method !== 'card' &&
            !p.voidedOn &&
            ![...m.noteInvoice.values()].includes(p.invoiceId),
        ),
        s.pick,
      );
      if (!payment) return;
      const invoice = m.invoices.find((i) => i.id === payment.invoiceId)!;
      const after = uncountPayment(invoice, payment.amount - payment.refundedAmount);
      invoice.amountPaid = after.amountPaid;
      if (after.reopened) invoice.status = 'sent';
      payment.voidedOn = on;
    } else if (s.op === 'stripe-refund') {
      const payment = pick(
        m.payments.filter((p) => p.method === 'card'),
        s.pick,
      );
      if (!payment) return;
      const byNotes = m.notes
        .filter((n) => m.noteInvoice.get(n.id) === payment.invoiceId)
        .reduce((sum, n) => sum + n.refundAmount, 0);
      const left = payment.amount - payment.refundedAmount - byNotes;
      if (left <= 0) return;
      const amount = 1 + (s.cut % left);
      const invoice = m.invoices.find((i) => i.id === payment.invoiceId)!;
      const after = uncountPayment(invoice, amount);
      invoice.amountPaid = after.amountPaid;
      if (after.reopened) invoice.status = 'sent';
      payment.refundedAmount += amount;
      payment.refundedOn = payment.refundedAmount === payment.amount ? on : null;
    } else if (s.op === 'stripe-refund-fails') {
      const payment = pick(
        m.payments.filter((p) => p.refundedAmount > 0),
        s.pick,
      );
      if (!payment) return;
      const back = payment.refundedAmount;
      payment.refundedAmount = 0;
      payment.refundedOn = null;
      m.failed.push({ paymentId: payment.id, creditNoteId: null, amount: back, failedOn: on });
      const invoice = m.invoices.find((i) => i.id === payment.invoiceId)!;
      const counted = countPayment(invoice, back);
      invoice.amountPaid = counted.amountPaid;
      if (counted.becamePaid) invoice.status = 'paid';
    } else if (s.op === 'credit') {
      const invoice = pick(
        m.invoices.filter((i) => i.status === 'paid'),
        s.pick,
      );
      if (!invoice) return;
      const payments = m.payments
        .filter((p) => p.invoiceId === invoice.id)
        .map((p) => ({
          ...p,
          flag: null,
          voidedAt: p.voidedOn ? new Date() : null,
          stripePaymentIntentId: p.method === 'card' ? `pi_${p.id}` : null,
        }));
      const notes = m.notes
        .filter((n) => m.noteInvoice.get(n.id) === invoice.id)
        .map((n) => ({ ...n, paymentId: n.refundAmount > 0 ? 'card' : null }));
      const remaining = invoice.amountPaid - notes.reduce((sum, n) => sum + n.amount, 0);
      if (remaining <= 0) return;
      const decision = creditNoteFor(invoice, payments, notes, {
        amount: 1 + (s.cut % remaining),
        cardRefunds: true,
      });
      if (decision.kind !== 'reserve') return;
      const id = `n${m.notes.length}`;
      m.noteInvoice.set(id, invoice.id);
      m.notes.push({
        id,
        number: `CN-${id}`,
        issuedOn: on,
        amount: decision.amount,
        refundAmount: decision.refundAmount,
        refundedByHandOn: null,
        refundedByHandReference: null,
        refundedByHandAmount: null,
      });
    } else if (s.op === 'note-refund-fails') {
      const note = pick(
        m.notes.filter((n) => n.refundAmount > 0),
        s.pick,
      );
      if (!note) return;
      m.failed.push({
        paymentId: 'x',
        creditNoteId: note.id,
        amount: note.refundAmount,
        failedOn: on,
      });
      note.refundAmount = 0;
    } else if (s.op === 'by-hand') {
      const note = pick(
        m.notes.filter((n) => !n.refundedByHandOn && n.amount > n.refundAmount),
        s.pick,
      );
      if (!note) return;
      note.refundedByHandOn = on;
      note.refundedByHandAmount = note.amount - note.refundAmount;
    } else {
      const invoice = pick(
        m.invoices.filter((i) => whyNotVoidable(i) === null),
        s.pick,
      );
      if (!invoice) return;
      invoice.status = 'void';
      invoice.voidedOn = on;
    }
  });
  return m;
}

const factsOf = (m: Model) => ({
  invoices: m.invoices,
  payments: m.payments,
  creditNotes: m.notes,
  failedRefunds: m.failed,
});

describe('a statement over random histories', () => {
  it('ends at what the open invoices owe less the credit held, and ages exactly what they owe', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const m = play(steps);
        const statement = buildStatement(factsOf(m), { from: START, to: dayOf(400) });
        const open = m.invoices
          .filter((i) => i.status !== 'void')
          .map((i) => i.total - i.amountPaid);
        // A card refund that failed after the rest was returned by hand is still owed.
        const held = m.notes.reduce(
          (sum, n) => sum + n.amount - n.refundAmount - (n.refundedByHandAmount ?? 0),
          0,
        );
        const owed = open.reduce((sum, b) => sum + b, 0);
        expect(statement.closingBalance).toBe(owed - held);
        const aged = Object.values(statement.ageing).reduce((sum, v) => sum + v, 0);
        expect(aged).toBe(open.filter((b) => b > 0).reduce((sum, b) => sum + b, 0));
        expect(statement.openingBalance).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('opens a period where the one before it closed, each line carrying its running balance', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.nat(45), (steps, split) => {
        const facts = factsOf(play(steps));
        const before = buildStatement(facts, { from: START, to: dayOf(split - 1) });
        const after = buildStatement(facts, { from: dayOf(split), to: dayOf(100) });
        expect(after.openingBalance).toBe(before.closingBalance);
        let balance = after.openingBalance;
        for (const line of after.lines) {
          balance += line.amount;
          expect(line.balance).toBe(balance);
          expect(line.date >= dayOf(split)).toBe(true);
        }
        expect(after.closingBalance).toBe(balance);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a credit note returned by hand whose card refund failed afterwards', () => {
  it('keeps the amount returned by hand, and the failed card part as credit held', () => {
    const statement = buildStatement(
      {
        invoices: [
          {
            id: 'i',
            number: 'INV-1',
            issuedOn: '2026-03-01',
            dueDate: '2026-03-31',
            total: 10_000,
            voidedOn: null,
          },
        ],
        payments: [
          {
            id: 'p',
            invoiceId: 'i',
            invoiceNumber: 'INV-1',
            method: 'card',
            reference: '',
            amount: 10_000,
            paidOn: '2026-03-02',
            voidedOn: null,
            refundedAmount: 0,
            refundedOn: null,
          },
        ],
        // $50.00 credited: $30.00 to the card, $20.00 returned by hand; then the card failed.
        creditNotes: [
          {
            id: 'n',
            number: 'CN-1',
            issuedOn: '2026-03-03',
            amount: 5_000,
            refundAmount: 0,
            refundedByHandOn: '2026-03-04',
            refundedByHandReference: null,
            refundedByHandAmount: 2_000,
          },
        ],
        failedRefunds: [
          { paymentId: 'p', creditNoteId: 'n', amount: 3_000, failedOn: '2026-03-05' },
        ],
      },
      { from: '2026-03-01', to: '2026-03-31' },
    );
    expect(
      statement.lines.find((line) => line.reference === 'CN-1 returned by hand'),
    ).toMatchObject({
      amount: 2_000,
    });
    expect(statement.closingBalance).toBe(-3_000);
  });
});

describe('the period of a statement', () => {
  it('runs from the 1st three months back to today unless set, and the monthly one is last month', () => {
    expect(defaultPeriod('2026-03-10', {})).toEqual({ from: '2025-12-01', to: '2026-03-10' });
    expect(defaultPeriod('2026-03-10', { from: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-03-10',
    });
    expect(lastMonthOf('2026-03-01')).toEqual({
      month: '2026-02',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('ages what is owed at the end by its days past due', () => {
    const invoice = (id: string, dueDate: string, total: number): InvoiceFacts => ({
      id,
      number: id,
      issuedOn: '2026-01-01',
      dueDate,
      total,
      voidedOn: null,
    });
    const statement = buildStatement(
      {
        invoices: [
          invoice('a', '2026-06-30', 100),
          invoice('b', '2026-06-29', 200),
          invoice('c', '2026-05-31', 300),
          invoice('d', '2026-05-01', 400),
          invoice('e', '2026-04-01', 500),
        ],
        payments: [],
        creditNotes: [],
        failedRefunds: [],
      },
      { from: '2026-06-01', to: '2026-06-30' },
    );
    expect(statement.ageing).toEqual({
      current: 100,
      days1to30: 200 + 300,
      days31to60: 400,
      days61to90: 500,
      over90: 0,
    });
    expect(statement).toMatchObject({ openingBalance: 1500, closingBalance: 1500, lines: [] });
  });
});
