import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTaxes, creditNoteTaxes, type AppliedRate } from '@shared/tax';
import type { BookCreditNote, BookInvoice, BookPayment, BookPayout } from './book-rows';
import { quickbooksInvoiceRows } from './invoice-files';
import {
  cardRefundEntry,
  creditNoteEntry,
  entryBalance,
  invoiceSentEntry,
  invoiceVoidedEntry,
  paymentEntry,
  paymentVoidedEntry,
  payoutEntries,
  refundByHandEntry,
  stripeRefundEntry,
  type JournalEntry,
} from './journal';
import { createTaxTally } from './tax-tally';

/**
 * The books' money, for random invoices, credit notes, payments and voids (issue 39, "How it
 * must hold"): every journal entry balances, the tax report's net tax is tax collected less tax
 * refunded and equals what the journal leaves on sales tax payable, and each invoice file's
 * lines add up to the invoice. Seeded, so a failure replays.
 */
const RUNS = { seed: 39, numRuns: 300 };
const PERIOD = { from: '2026-03-01', to: '2026-03-31' };
const RATES: AppliedRate[] = [
  { taxRateId: 'state', name: 'State', percentThousandths: 4450 },
  { taxRateId: 'parish', name: 'Parish', percentThousandths: 5000 },
  { taxRateId: 'city', name: 'City', percentThousandths: 7125 },
];
const ACCOUNT = { code: '200', name: 'Sales' };

const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 5 }),
  unitPrice: fc.integer({ min: 1, max: 250_000 }),
  taxable: fc.boolean(),
});

const caseArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
  discountPercent: fc.integer({ min: 0, max: 60 }),
  rates: fc.subarray(RATES),
  legacyTax: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
  exempt: fc.boolean(),
  lateFee: fc.boolean(),
  issuedInPeriod: fc.boolean(),
  voided: fc.boolean(),
  /** Credit notes as percentages of the total, each with a card part. */
  notes: fc.array(
    fc.record({
      percent: fc.integer({ min: 1, max: 60 }),
      cardPercent: fc.integer({ min: 0, max: 100 }),
      byHand: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  payments: fc.array(
    fc.record({
      percent: fc.integer({ min: 1, max: 100 }),
      card: fc.boolean(),
      voided: fc.boolean(),
      /** What of a card payment was refunded in Stripe's dashboard, in percent. */
      refunded: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 3 },
  ),
  payout: fc.record({
    fee: fc.integer({ min: 0, max: 5_000 }),
    dispute: fc.integer({ min: -20_000, max: 0 }),
  }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** One invoice and what happened to it in March, as the repository would read it. */
function documents(c: Case, n: number) {
  const lines = c.lines.map((line, index) => ({
    description: `Line ${index}`,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: line.quantity * line.unitPrice,
    taxable: line.taxable,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const discount = Math.floor((subtotal * c.discountPercent) / 100);
  const computed = computeInvoiceTaxes({ lines, discount, rates: c.rates, exempt: c.exempt });
  const taxes =
    c.legacyTax !== null
      ? [
          {
            id: `t${n}-0`,
            taxRateId: null,
            name: 'Tax',
            percentThousandths: null,
            taxableAmount: subtotal - discount,
            amount: c.legacyTax,
          },
        ]
      : computed.taxes.map((tax, index) => ({ id: `t${n}-${index}`, ...tax }));
  const tax = taxes.reduce((sum, line) => sum + line.amount, 0);
  const total = subtotal - discount + tax;
  const number = `INV-${n}`;
  const invoice: BookInvoice = {
    id: `i${n}`,
    number,
    clientName: 'Client',
    clientEmail: 'client@example.com',
    status: c.voided ? 'void' : 'sent',
    dateIssued: c.issuedInPeriod ? '2026-03-02' : '2026-02-20',
    dueDate: '2026-04-01',
    voidedOn: c.voided ? '2026-03-20' : null,
    subtotal,
    discount,
    tax,
    total,
    notes: '',
    lateFee: c.lateFee,
    lines,
    taxes,
  };
  // A voided invoice had neither payments nor credit notes.
  const payments: BookPayment[] = c.voided
    ? []
    : c.payments.map((payment, index) => {
        const amount = Math.max(1, Math.floor((total * payment.percent) / 100));
        const refundedAmount = payment.card ? Math.floor((amount * payment.refunded) / 100) : 0;
        return {
          id: `p${n}-${index}`,
          invoiceId: invoice.id,
          invoiceNumber: number,
          clientName: 'Client',
          paidOn: '2026-03-05',
          voidedOn: payment.voided && !payment.card ? '2026-03-06' : null,
          method: payment.card ? 'card' : 'check',
          reference: '',
          stripePaymentIntentId: payment.card ? `pi_${n}_${index}` : null,
          amount,
          refundedAmount,
          refundedOn: refundedAmount === amount ? '2026-03-15' : null,
          flagged: false,
          fee: null,
          payoutId: null,
          payoutArrivalDate: null,
          invoiceTotal: total,
          invoiceTaxes: taxes,
        };
      });
  const notes: BookCreditNote[] = [];
  let credited = 0;
  const reversed = taxes.map(() => 0);
  for (const [index, note] of (c.voided ? [] : c.notes).entries()) {
    const amount = Math.min(
      total - credited,
      Math.max(1, Math.floor((total * note.percent) / 100)),
    );
    if (amount <= 0) break;
    const shares = creditNoteTaxes({
      invoiceTaxes: taxes.map((line, position) => ({
        amount: line.amount,
        reversed: reversed[position]!,
      })),
      invoiceTotal: total,
      creditedBefore: credited,
      amount,
    });
    shares.forEach((share, position) => (reversed[position]! += share));
    credited += amount;
    const refundAmount = Math.floor((amount * note.cardPercent) / 100);
    notes.push({
      id: `c${n}-${index}`,
      number: `CN-${n}-${index}`,
      invoiceId: invoice.id,
      invoiceNumber: number,
      clientName: 'Client',
      clientEmail: 'client@example.com',
      issuedOn: '2026-03-10',
      amount,
      reason: 'Correction',
      refundAmount,
      refundedByHandOn: note.byHand ? '2026-03-12' : null,
      refundedByHandReference: note.byHand ? 'CHK-1' : null,
      refundedByHandAmount: note.byHand ? amount - refundAmount : null,
      taxes: taxes.map((line, position) => ({
        invoiceTaxId: line.id,
        taxRateId: line.taxRateId,
        name: line.name,
        percentThousandths: line.percentThousandths,
        amount: shares[position]!,
      })),
      invoiceTotal: total,
      invoiceTaxes: taxes,
    });
  }
  const cardIn = payments
    .filter((payment) => payment.method === 'card')
    .reduce((sum, p) => sum + p.amount, 0);
  const payout: BookPayout = {
    id: `po_${n}`,
    arrivalDate: '2026-03-08',
    amount: cardIn - c.payout.fee + c.payout.dispute,
    fees: c.payout.fee,
    disputes:
      c.payout.dispute === 0
        ? []
        : [{ id: `txn_${n}`, sourceId: `dp_${n}`, amount: c.payout.dispute, description: null }],
  };
  return { invoice, payments, notes, payout };
}

/** Every entry the journal writes for the period's events, in the export's order. */
function journal(docs: ReturnType<typeof documents>): JournalEntry[] {
  const { invoice, payments, notes, payout } = docs;
  return [
    ...(invoice.dateIssued >= PERIOD.from ? [invoiceSentEntry(invoice)] : []),
    ...(invoice.voidedOn ? [invoiceVoidedEntry({ ...invoice, voidedOn: invoice.voidedOn })] : []),
    ...payments.map(paymentEntry),
    ...payments.flatMap((p) =>
      p.voidedOn ? [paymentVoidedEntry({ ...p, voidedOn: p.voidedOn })] : [],
    ),
    ...payments.filter((p) => p.refundedAmount > 0).map(stripeRefundEntry),
    ...notes.flatMap((note) =>
      note.refundAmount > 0
        ? [creditNoteEntry(note), cardRefundEntry(note)]
        : [creditNoteEntry(note)],
    ),
    ...notes.flatMap((note) =>
      note.refundedByHandOn
        ? [refundByHandEntry({ ...note, refundedByHandOn: note.refundedByHandOn })]
        : [],
    ),
    ...payoutEntries(payout),
  ];
}

function accrualReport(all: ReturnType<typeof documents>[]) {
  const tally = createTaxTally(PERIOD, 'accrual');
  for (const { invoice, notes } of all) {
    if (invoice.dateIssued >= PERIOD.from) tally.invoiceIssued(invoice);
    if (invoice.voidedOn) tally.invoiceVoided(invoice);
    notes.forEach((note) => tally.creditNoteIssued(note));
  }
  return tally.report();
}

describe('the books, for random invoices, credit notes, payments and voids', () => {
  it('balance every journal entry to zero', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        for (const entry of journal(documents(c, 1))) {
          expect(entryBalance(entry)).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('report as net tax what was collected less what was refunded, and what the journal owes', () => {
    fc.assert(
      fc.property(fc.array(caseArb, { minLength: 1, maxLength: 4 }), (cases) => {
        const all = cases.map((c, n) => documents(c, n));
        const report = accrualReport(all);
        expect(report.netTax).toBe(report.taxCollected - report.taxRefunded);
        for (const row of report.rows) expect(row.netTax).toBe(row.taxCollected - row.taxRefunded);
        expect(report.rows.reduce((sum, row) => sum + row.netTax, 0)).toBe(report.netTax);
        expect(report.exemptSales).toBe(report.totalSales - report.taxableSales);
        const owed = all
          .flatMap(journal)
          .flatMap((entry) => entry.lines)
          .filter((line) => line.account === 'salesTaxPayable')
          .reduce((sum, line) => sum + line.credit - line.debit, 0);
        expect(report.netTax).toBe(owed);
      }),
      RUNS,
    );
  });

  it("collect on the cash basis all of an invoice's tax once it is paid in full", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 99 }), (c, percent) => {
        const { invoice } = documents({ ...c, voided: false, payments: [] }, 1);
        fc.pre(invoice.total > 1);
        const first = Math.max(1, Math.floor((invoice.total * percent) / 100));
        const tally = createTaxTally(PERIOD, 'cash');
        const { payments } = documents(
          {
            ...c,
            voided: false,
            payments: [{ percent: 100, card: true, voided: false, refunded: 0 }],
          },
          1,
        );
        for (const amount of [first, invoice.total - first]) {
          tally.paymentReceived({ ...payments[0]!, amount });
        }
        const report = tally.report();
        // Each payment's share is rounded once: together they are within a cent per rate.
        for (const tax of invoice.taxes) {
          const row = report.rows.find((r) => r.taxRateId === tax.taxRateId)!;
          expect(Math.abs(row.taxCollected - tax.amount)).toBeLessThanOrEqual(1);
        }
        expect(
          Math.abs(report.totalSales - (invoice.subtotal - invoice.discount)),
        ).toBeLessThanOrEqual(invoice.taxes.length);
      }),
      RUNS,
    );
  });

  it("write QuickBooks lines that add up to the invoice's total", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { invoice } = documents(c, 1);
        const rows = quickbooksInvoiceRows(invoice, ACCOUNT, ACCOUNT).split('\r\n').slice(0, -1);
        const cents = (cell: string) => Math.round(Number(cell) * 100);
        const sum = rows.reduce((total, row) => {
          const cells = row.split(',');
          // The memo and texts here hold no commas: ItemAmount is the 12th cell, its tax the 14th.
          return total + cents(cells[11]!) + cents(cells[13]!);
        }, 0);
        expect(sum).toBe(invoice.total);
      }),
      RUNS,
    );
  });
});
