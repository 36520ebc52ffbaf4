import { describe, expect, it } from 'vitest';
import type { BookCreditNote, BookPayment, BookTax } from './book-rows';
import { paymentEntry, refundByHandEntry, stripeRefundEntry } from './journal';
import { createTaxTally } from './tax-tally';

const STATE: BookTax = {
  id: 't1',
  taxRateId: 'rate-state',
  name: 'Louisiana state',
  percentThousandths: 5000,
  taxableAmount: 10_000,
  amount: 500,
};

/** A card payment of the whole of a $105.00 invoice taxed $5.00. */
function payment(overrides: Partial<BookPayment> = {}): BookPayment {
  return {
    id: 'p1',
    invoiceId: 'i1',
    invoiceNumber: 'INV-2026-0001',
    clientName: 'Ann Client',
    paidOn: '2026-03-05',
    voidedOn: null,
    method: 'card',
    reference: '',
    stripePaymentIntentId: 'pi_1',
    amount: 10_500,
    refundedAmount: 0,
    refundedOn: null,
    flagged: false,
    fee: null,
    payoutId: null,
    payoutArrivalDate: null,
    invoiceTotal: 10_500,
    invoiceTaxes: [STATE],
    ...overrides,
  };
}

describe('a flagged payment in the books', () => {
  it('is booked to suspense, not against what the client owes', () => {
    // It never counted toward its invoice (a second payment of a paid invoice, say).
    const entry = paymentEntry(payment({ flagged: true }));
    expect(entry.lines.map(({ account, debit, credit }) => ({ account, debit, credit }))).toEqual([
      { account: 'stripeClearing', debit: 10_500, credit: 0 },
      { account: 'suspense', debit: 0, credit: 10_500 },
    ]);
    expect(paymentEntry(payment()).lines.map((line) => line.account)).toEqual([
      'stripeClearing',
      'accountsReceivable',
    ]);
  });

  it('collects no tax on the cash basis', () => {
    const tally = createTaxTally({ from: '2026-03-01', to: '2026-03-31' }, 'cash');
    tally.paymentReceived(payment());
    tally.paymentReceived(payment({ id: 'p2', flagged: true }));
    const report = tally.report();
    expect(report.taxCollected).toBe(500);
    expect(report.totalSales).toBe(10_000);
  });
});

describe("a refund made in Stripe's dashboard, without a credit note", () => {
  const lines = (p: BookPayment) =>
    stripeRefundEntry(p).lines.map(({ account, debit, credit }) => ({ account, debit, credit }));

  it('reopens the invoice and takes the money out of Stripe, dated as the statement dates it', () => {
    const full = payment({ refundedAmount: 10_500, refundedOn: '2026-03-20' });
    expect(stripeRefundEntry(full).date).toBe('2026-03-20');
    expect(lines(full)).toEqual([
      { account: 'accountsReceivable', debit: 10_500, credit: 0 },
      { account: 'stripeClearing', debit: 0, credit: 10_500 },
    ]);
    // A partial refund's day is not kept: the payment's day.
    expect(stripeRefundEntry(payment({ refundedAmount: 2_100 })).date).toBe('2026-03-05');
    // A flagged payment was booked to suspense: its refund comes back out of it.
    expect(lines(payment({ flagged: true, refundedAmount: 2_100 }))[0]!.account).toBe('suspense');
  });

  it('takes its share of the tax back on the cash basis', () => {
    const tally = createTaxTally({ from: '2026-03-01', to: '2026-03-31' }, 'cash');
    tally.paymentReceived(payment());
    tally.paymentRefundedInStripe(payment({ refundedAmount: 2_100 }));
    tally.paymentRefundedInStripe(payment({ id: 'p2', flagged: true, refundedAmount: 2_100 }));
    // 500 × 2100 / 10500
    expect(tally.report()).toMatchObject({ taxCollected: 500, taxRefunded: 100, netTax: 400 });
  });
});

describe('a credit note returned by hand whose card refund failed afterwards', () => {
  // $105.00 credited: $63.00 to the card, $42.00 returned by hand; then the card refund failed.
  const note: BookCreditNote & { refundedByHandOn: string } = {
    id: 'c1',
    number: 'CN-2026-0001',
    invoiceId: 'i1',
    invoiceNumber: 'INV-2026-0001',
    clientName: 'Ann Client',
    clientEmail: 'ann@example.com',
    issuedOn: '2026-03-06',
    amount: 10_500,
    reason: 'Not delivered',
    refundAmount: 0,
    refundedByHandOn: '2026-03-09',
    refundedByHandReference: 'Check 7',
    refundedByHandAmount: 4_200,
    taxes: [],
    invoiceTotal: 10_500,
    invoiceTaxes: [STATE],
  };

  it('books and refunds the tax of what was returned by hand, not of the whole note', () => {
    expect(refundByHandEntry(note).lines.map((line) => line.debit + line.credit)).toEqual([
      4_200, 4_200,
    ]);
    const tally = createTaxTally({ from: '2026-03-01', to: '2026-03-31' }, 'cash');
    tally.refundedByHand(note);
    // 500 × 4200 / 10500
    expect(tally.report().taxRefunded).toBe(200);
  });
});
