import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { InvoiceStatus } from '@shared/schemas/invoices';
import type { InvoiceRow } from '../../db/schema';

/**
 * What may happen to an invoice in which status, and the amounts: pure rules, so they are
 * tested without a database (invoice-rules.test.ts). invoice-lifecycle.ts writes what they
 * decide, its queries asking the same of the row it locks.
 */

/** Every move of an invoice's status, from each status (invoice-lifecycle.ts names them). */
export const INVOICE_MOVES: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  // issueInvoice
  draft: ['sent'],
  // withdrawInvoiceIssue (the e-mail did not go), markInvoicesOverdue, markInvoicePaid, voidInvoice
  sent: ['draft', 'overdue', 'paid', 'void'],
  overdue: ['paid', 'void'],
  // refundInvoicePayment, voidInvoicePayment: open again
  paid: ['sent', 'overdue'],
  // A void invoice keeps its number and is final: a new invoice is written instead.
  void: [],
};

export function canMove(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_MOVES[from].includes(to);
}

/** Why an invoice in each status that cannot be voided is not (sent and overdue can). */
const NOT_VOIDABLE: Record<
  Exclude<InvoiceStatus, (typeof PAYABLE_INVOICE_STATUSES)[number]>,
  string
> = {
  draft: 'A draft is not voided: it has no number yet, so delete it instead.',
  paid: 'A paid invoice is not voided: issue a credit note for it instead.',
  void: 'This invoice is void already.',
};

/**
 * Why the invoice cannot be voided, in the admin's words, or null when it can: sent or overdue
 * with nothing received (money received is voided or credited first).
 */
export function whyNotVoidable(invoice: Pick<InvoiceRow, 'status' | 'amountPaid'>): string | null {
  if (invoice.status === 'draft' || invoice.status === 'paid' || invoice.status === 'void') {
    return NOT_VOIDABLE[invoice.status];
  }
  if (invoice.amountPaid > 0) {
    return 'Money was received for this invoice: void the payments recorded by mistake first, or wait until it is paid and issue a credit note.';
  }
  return null;
}

/**
 * A payment of `amount` counts toward the invoice: what it has then received, and whether
 * this payment paid it (it was not paid, and now the total is covered).
 */
export function countPayment(
  invoice: Pick<InvoiceRow, 'status' | 'amountPaid' | 'total'>,
  amount: number,
): { amountPaid: number; becamePaid: boolean } {
  const amountPaid = invoice.amountPaid + amount;
  return { amountPaid, becamePaid: invoice.status !== 'paid' && amountPaid >= invoice.total };
}

/**
 * `amount` that counted stops counting (a refund, a payment voided): what the invoice has then
 * received, and whether a paid invoice is open again because it no longer covers the total.
 */
export function uncountPayment(
  invoice: Pick<InvoiceRow, 'status' | 'amountPaid' | 'total'>,
  amount: number,
): { amountPaid: number; reopened: boolean } {
  const amountPaid = invoice.amountPaid - amount;
  return { amountPaid, reopened: invoice.status === 'paid' && amountPaid < invoice.total };
}

/**
 * The status an invoice opened again takes on `today` (a calendar date of the business):
 * overdue at once when its due date has passed, sent otherwise.
 */
export function reopenedStatus(dueDate: string, today: string): 'sent' | 'overdue' {
  return dueDate < today ? 'overdue' : 'sent';
}
