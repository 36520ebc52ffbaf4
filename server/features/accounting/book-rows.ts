/**
 * The books' documents as plain rows (issue 39, docs/books.md "Export for the accountant"):
 * what the repository reads in keyset-paged batches and the pure builders (journal, tax report,
 * files) turn into figures and CSV lines. Dates are calendar dates in the business time zone;
 * amounts integer cents.
 */

export interface BookTax {
  /** invoice_taxes.id */
  id: string;
  /** Null: an old invoice's single tax amount ("Tax"). */
  taxRateId: string | null;
  name: string;
  percentThousandths: number | null;
  taxableAmount: number;
  amount: number;
}

export interface BookLine {
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
  taxable: boolean;
}

export interface BookInvoice {
  id: string;
  number: string;
  clientName: string;
  clientEmail: string;
  status: string;
  dateIssued: string;
  dueDate: string;
  /** The business day it was voided, when it was. */
  voidedOn: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  notes: string;
  /** A late-fee invoice: its fee is late-fee income, not revenue. */
  lateFee: boolean;
  lines: BookLine[];
  taxes: BookTax[];
}

/** What one credit note reversed of one of its invoice's taxes. */
export interface BookCreditNoteTax extends Omit<BookTax, 'id' | 'amount' | 'taxableAmount'> {
  invoiceTaxId: string;
  amount: number;
}

export interface BookCreditNote {
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  clientName: string;
  clientEmail: string;
  issuedOn: string;
  amount: number;
  reason: string;
  /** Of the amount, what went back to the card through Stripe (with the note). */
  refundAmount: number;
  /** The rest given back by hand, on this day, when it was, and how much (kept when marked). */
  refundedByHandOn: string | null;
  refundedByHandReference: string | null;
  refundedByHandAmount: number | null;
  taxes: BookCreditNoteTax[];
  /** The invoice's total and taxes: the cash basis' share of a refund. */
  invoiceTotal: number;
  invoiceTaxes: BookTax[];
}

export interface BookPayment {
  id: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  clientName: string | null;
  paidOn: string;
  voidedOn: string | null;
  method: string;
  reference: string;
  stripePaymentIntentId: string | null;
  amount: number;
  /**
   * What Stripe gave back of it without a credit note (a refund made in its dashboard): the
   * payments' refund webhook keeps the credit notes' card refunds out of it, as those are the
   * notes' own record.
   */
  refundedAmount: number;
  /** The day of that refund when it was full (refunded_at); a partial one's day is not kept. */
  refundedOn: string | null;
  /**
   * Flagged when it arrived (a second payment of a paid invoice, a payment of a void one...): it
   * never counted toward its invoice, so it waits in suspense and carries no tax.
   */
  flagged: boolean;
  /** What Stripe kept of it, and the payout it arrived in (payout_lines), when known. */
  fee: number | null;
  payoutId: string | null;
  payoutArrivalDate: string | null;
  invoiceTotal: number;
  invoiceTaxes: BookTax[];
}

export interface BookPayout {
  id: string;
  arrivalDate: string;
  /** What reached the bank, and the fees Stripe kept of the transactions it settled. */
  amount: number;
  fees: number;
  /** Its dispute transactions (negative: money Stripe took back). */
  disputes: { id: string; sourceId: string | null; amount: number; description: string | null }[];
}

/** The business days of a period, both included. */
export interface Period {
  from: string;
  to: string;
}
