import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '@shared/schemas/invoices';
import { isPayable, PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import {
  canMove,
  countPayment,
  INVOICE_MOVES,
  reopenedStatus,
  uncountPayment,
  whyNotVoidable,
} from './invoice-rules';

// The rules alone, without a database: what the lifecycle writes is proved by the API tests.

describe('what may happen to an invoice in each status', () => {
  it('sends only a draft, and never changes a void invoice again', () => {
    expect(INVOICE_STATUSES.filter((from) => canMove(from, 'sent'))).toEqual(['draft', 'paid']);
    expect(INVOICE_MOVES.void).toEqual([]);
    expect(canMove('draft', 'paid')).toBe(false);
    expect(canMove('draft', 'void')).toBe(false);
  });

  it('pays and voids exactly the payable statuses', () => {
    expect(INVOICE_STATUSES.filter((from) => canMove(from, 'paid'))).toEqual([
      ...PAYABLE_INVOICE_STATUSES,
    ]);
    expect(INVOICE_STATUSES.filter((from) => canMove(from, 'void'))).toEqual([
      ...PAYABLE_INVOICE_STATUSES,
    ]);
    expect(INVOICE_STATUSES.filter((status) => isPayable({ status }))).toEqual(['sent', 'overdue']);
  });

  it('makes only a sent invoice overdue, and opens a paid one again as sent or overdue', () => {
    expect(INVOICE_STATUSES.filter((from) => canMove(from, 'overdue'))).toEqual(['sent', 'paid']);
    expect(INVOICE_MOVES.paid).toEqual(['sent', 'overdue']);
  });
});

describe('voiding', () => {
  it('voids a sent or overdue invoice nothing was received for', () => {
    expect(whyNotVoidable({ status: 'sent', amountPaid: 0 })).toBeNull();
    expect(whyNotVoidable({ status: 'overdue', amountPaid: 0 })).toBeNull();
  });

  it('says why any other is not voided', () => {
    expect(whyNotVoidable({ status: 'draft', amountPaid: 0 })).toBe(
      'A draft is not voided: it has no number yet, so delete it instead.',
    );
    expect(whyNotVoidable({ status: 'paid', amountPaid: 5000 })).toBe(
      'A paid invoice is not voided: issue a credit note for it instead.',
    );
    expect(whyNotVoidable({ status: 'void', amountPaid: 0 })).toBe('This invoice is void already.');
    expect(whyNotVoidable({ status: 'overdue', amountPaid: 1 })).toMatch(
      /^Money was received for this invoice/,
    );
  });
});

describe('the amounts a payment moves', () => {
  const open = { status: 'sent' as const, amountPaid: 3000, total: 10_000 };

  it('adds a payment, and pays the invoice when the total is covered', () => {
    expect(countPayment(open, 2000)).toEqual({ amountPaid: 5000, becamePaid: false });
    expect(countPayment(open, 7000)).toEqual({ amountPaid: 10_000, becamePaid: true });
    expect(countPayment(open, 9000)).toEqual({ amountPaid: 12_000, becamePaid: true });
  });

  it('pays an invoice of nothing with nothing, and never pays a paid one again', () => {
    expect(countPayment({ status: 'sent', amountPaid: 0, total: 0 }, 0)).toEqual({
      amountPaid: 0,
      becamePaid: true,
    });
    expect(countPayment({ status: 'paid', amountPaid: 10_000, total: 10_000 }, 500)).toEqual({
      amountPaid: 10_500,
      becamePaid: false,
    });
  });

  it('takes a refund off, and opens a paid invoice it no longer covers', () => {
    const paid = { status: 'paid' as const, amountPaid: 12_000, total: 10_000 };
    expect(uncountPayment(paid, 2000)).toEqual({ amountPaid: 10_000, reopened: false });
    expect(uncountPayment(paid, 2001)).toEqual({ amountPaid: 9999, reopened: true });
    expect(uncountPayment(open, 3000)).toEqual({ amountPaid: 0, reopened: false });
  });

  it('opens it again overdue only once its due date has passed', () => {
    expect(reopenedStatus('2026-11-28', '2026-11-29')).toBe('overdue');
    expect(reopenedStatus('2026-11-29', '2026-11-29')).toBe('sent');
    expect(reopenedStatus('2026-12-01', '2026-11-29')).toBe('sent');
  });
});
