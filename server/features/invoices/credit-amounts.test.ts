import { describe, expect, it } from 'vitest';
import { creditableOf, creditNoteFor, refundSentence } from './credit-amounts';

// The credit notes' rules alone, without a database: credit-notes.routes.test.ts proves the
// writes (the lock, the numbers, Stripe's refunds).

const card = (id: string, amount: number, more: Record<string, unknown> = {}) => ({
  id,
  method: 'card' as const,
  amount,
  refundedAmount: 0,
  flag: null,
  voidedAt: null,
  stripePaymentIntentId: `pi_${id}`,
  ...more,
});
const cash = (id: string, amount: number) => ({
  ...card(id, amount),
  method: 'cash' as const,
  stripePaymentIntentId: null,
});
const paid = { status: 'paid' as const, amountPaid: 10_000 };

describe('what a paid invoice can still be credited', () => {
  it('credits nothing on an invoice that is not paid', () => {
    expect(
      creditableOf({ status: 'sent', amountPaid: 4000 }, [card('a', 4000)], [], true),
    ).toMatchObject({ remaining: 0, cardRefundable: 0 });
    expect(
      creditNoteFor({ status: 'overdue', amountPaid: 0 }, [], [], { cardRefunds: true }),
    ).toEqual({ kind: 'not-paid' });
  });

  it('takes earlier notes off, and refunds the largest card payment that is left', () => {
    const payments = [card('small', 3000), card('large', 7000)];
    const notes = [{ amount: 2500, paymentId: 'large', refundAmount: 2500 }];
    expect(creditableOf(paid, payments, notes, true)).toEqual({
      remaining: 7500,
      cardRefundable: 4500,
      card: { paymentId: 'large', paymentIntentId: 'pi_large', refundable: 4500 },
    });
  });

  it('refunds no card payment that is flagged, voided, refunded by Stripe, or when refunds are off', () => {
    const payments = [
      card('flagged', 9000, { flag: 'Paid twice?' }),
      card('voided', 9000, { voidedAt: new Date('2026-11-01') }),
      card('refunded', 6000, { refundedAmount: 5000 }),
      cash('cash', 1000),
    ];
    expect(creditableOf(paid, payments, [], true).card).toEqual({
      paymentId: 'refunded',
      paymentIntentId: 'pi_refunded',
      refundable: 1000,
    });
    expect(creditableOf(paid, payments, [], false)).toEqual({
      remaining: 10_000,
      cardRefundable: 0,
      card: null,
    });
  });
});

describe('a credit note asked for', () => {
  const payments = [card('a', 6000), cash('b', 4000)];

  it('is all that is left when no amount is given, the card taking what it can', () => {
    expect(creditNoteFor(paid, payments, [], { cardRefunds: true })).toEqual({
      kind: 'reserve',
      amount: 10_000,
      refundAmount: 6000,
      card: { paymentId: 'a', paymentIntentId: 'pi_a', refundable: 6000 },
    });
  });

  it('goes back by hand entirely when card refunds are off', () => {
    expect(creditNoteFor(paid, payments, [], { amount: 2000, cardRefunds: false })).toEqual({
      kind: 'reserve',
      amount: 2000,
      refundAmount: 0,
      card: null,
    });
  });

  it('is refused past what is left, and when nothing is', () => {
    const notes = [{ amount: 9000, paymentId: null, refundAmount: 0 }];
    expect(creditNoteFor(paid, payments, notes, { amount: 1001, cardRefunds: true })).toEqual({
      kind: 'too-much',
      remaining: 1000,
    });
    expect(
      creditNoteFor(
        paid,
        payments,
        [...notes, { amount: 1000, paymentId: null, refundAmount: 0 }],
        {
          cardRefunds: true,
        },
      ),
    ).toEqual({ kind: 'nothing-left' });
  });

  it('tells the client where the money goes', () => {
    expect(refundSentence({ amount: 6000, refundAmount: 6000 })).toBe(
      '$60.00 is refunded to the card you paid with.',
    );
    expect(refundSentence({ amount: 10_000, refundAmount: 6000 })).toBe(
      '$60.00 is refunded to the card you paid with, and $40.00 is returned to you by us directly.',
    );
  });
});
