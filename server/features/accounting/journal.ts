import type { Account, AccountKey } from '@shared/schemas/exports';
import { csvRow, money, num } from '@shared/csv';
import type { BookCreditNote, BookInvoice, BookPayment, BookPayout } from './book-rows';

/**
 * The general journal (docs/books.md "The general journal"): each event of the books as one
 * entry whose debits equal its credits, built from plain rows without a database, so the
 * property test proves every entry balances for random invoices, notes, payments and voids.
 */

export interface JournalLine {
  account: AccountKey;
  debit: number;
  credit: number;
  memo: string;
}

export interface JournalEntry {
  date: string;
  reference: string;
  memo: string;
  lines: JournalLine[];
}

export const JOURNAL_HEADER = [
  'Date',
  'Account code',
  'Account name',
  'Debit',
  'Credit',
  'Memo',
  'Reference',
  'Entry',
] as const;

const dr = (account: AccountKey, amount: number, memo: string): JournalLine => ({
  account,
  debit: amount,
  credit: 0,
  memo,
});
const cr = (account: AccountKey, amount: number, memo: string): JournalLine => ({
  account,
  debit: 0,
  credit: amount,
  memo,
});

/** Swaps debits and credits: the entry that undoes another. */
function reversed(entry: JournalEntry, date: string, memo: string): JournalEntry {
  return {
    date,
    reference: entry.reference,
    memo,
    lines: entry.lines.map((line) => ({ ...line, memo, debit: line.credit, credit: line.debit })),
  };
}

/**
 * Invoice sent: Dr accounts receivable its total; Cr revenue (late-fee income for a late-fee
 * invoice) what is left after tax, that is the lines net of the discount; Cr sales tax payable
 * each rate's amount.
 */
export function invoiceSentEntry(invoice: BookInvoice): JournalEntry {
  const memo = `Invoice ${invoice.number} to ${invoice.clientName}`;
  const taxed = invoice.taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    date: invoice.dateIssued,
    reference: invoice.number,
    memo,
    lines: [
      dr('accountsReceivable', invoice.total, memo),
      cr(invoice.lateFee ? 'lateFeeIncome' : 'revenue', invoice.total - taxed, memo),
      ...invoice.taxes.map((tax) =>
        cr('salesTaxPayable', tax.amount, `${tax.name} on ${invoice.number}`),
      ),
    ],
  };
}

/** Invoice voided: the sent entry reversed, on the day it was voided. */
export function invoiceVoidedEntry(invoice: BookInvoice & { voidedOn: string }): JournalEntry {
  return reversed(invoiceSentEntry(invoice), invoice.voidedOn, `Invoice ${invoice.number} voided`);
}

/**
 * Payment received: Dr Stripe clearing (card) or bank (recorded by hand); Cr accounts
 * receivable. A card payment that names none of our invoices, or a flagged one (it never
 * counted toward its invoice), goes to suspense instead.
 */
export function paymentEntry(payment: BookPayment): JournalEntry {
  const into: AccountKey = payment.method === 'card' ? 'stripeClearing' : 'bank';
  const reference = payment.invoiceNumber ?? payment.stripePaymentIntentId ?? payment.reference;
  if (payment.invoiceId === null) {
    const memo = `Unmatched card payment ${payment.stripePaymentIntentId ?? payment.id}`;
    return {
      date: payment.paidOn,
      reference,
      memo,
      lines: [dr(into, payment.amount, memo), cr('suspense', payment.amount, memo)],
    };
  }
  if (payment.flagged) {
    const memo = `Flagged payment for ${payment.invoiceNumber} from ${payment.clientName ?? 'client'}: not counted toward it`;
    return {
      date: payment.paidOn,
      reference,
      memo,
      lines: [dr(into, payment.amount, memo), cr('suspense', payment.amount, memo)],
    };
  }
  const memo = `Payment for ${payment.invoiceNumber} from ${payment.clientName ?? 'client'} (${payment.method.replace('_', ' ')})`;
  return {
    date: payment.paidOn,
    reference,
    memo,
    lines: [dr(into, payment.amount, memo), cr('accountsReceivable', payment.amount, memo)],
  };
}

/** A payment recorded by mistake and voided: its entry reversed on the day of the void. */
export function paymentVoidedEntry(payment: BookPayment & { voidedOn: string }): JournalEntry {
  return reversed(
    paymentEntry(payment),
    payment.voidedOn,
    `Payment for ${payment.invoiceNumber ?? 'no invoice'} voided`,
  );
}

/**
 * A refund made in Stripe's dashboard, without a credit note (`refundedAmount`): the invoice is
 * owed again and the money left Stripe, so Dr accounts receivable, Cr Stripe clearing; a
 * payment booked to suspense (orphan or flagged) takes it back from suspense. Dated as the
 * statement dates it: a full refund on its day, a partial one (whose day is not kept) on the
 * payment's.
 */
export function stripeRefundEntry(payment: BookPayment): JournalEntry {
  const from: AccountKey =
    payment.invoiceId === null || payment.flagged ? 'suspense' : 'accountsReceivable';
  const memo = `Refund in Stripe of the payment for ${payment.invoiceNumber ?? 'no invoice'} to ${payment.clientName ?? 'client'}`;
  return {
    date: payment.refundedOn ?? payment.paidOn,
    reference: payment.invoiceNumber ?? payment.stripePaymentIntentId ?? payment.reference,
    memo,
    lines: [
      dr(from, payment.refundedAmount, memo),
      cr('stripeClearing', payment.refundedAmount, memo),
    ],
  };
}

/**
 * Credit note issued: Dr refunds what it credits net of tax, Dr sales tax payable each rate it
 * reverses, Cr accounts receivable its amount (the client's credit until it is paid back).
 */
export function creditNoteEntry(note: BookCreditNote): JournalEntry {
  const memo = `Credit note ${note.number} on ${note.invoiceNumber} to ${note.clientName}`;
  const reversedTax = note.taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return {
    date: note.issuedOn,
    reference: note.number,
    memo,
    lines: [
      dr('refunds', note.amount - reversedTax, memo),
      ...note.taxes.map((tax) =>
        dr('salesTaxPayable', tax.amount, `${tax.name} reversed by ${note.number}`),
      ),
      cr('accountsReceivable', note.amount, memo),
    ],
  };
}

/** The card refund Stripe made with the note: Dr accounts receivable, Cr Stripe clearing. */
export function cardRefundEntry(note: BookCreditNote): JournalEntry {
  const memo = `Card refund of ${note.number} to ${note.clientName}`;
  return {
    date: note.issuedOn,
    reference: note.number,
    memo,
    lines: [
      dr('accountsReceivable', note.refundAmount, memo),
      cr('stripeClearing', note.refundAmount, memo),
    ],
  };
}

/**
 * The rest of a note given back by hand, as much as was recorded then (a card refund that
 * failed afterwards is still the client's credit): Dr accounts receivable, Cr bank.
 */
export function refundByHandEntry(
  note: BookCreditNote & { refundedByHandOn: string },
): JournalEntry {
  const amount = note.refundedByHandAmount ?? 0;
  const memo = `Refund by hand of ${note.number} to ${note.clientName}${note.refundedByHandReference ? ` (${note.refundedByHandReference})` : ''}`;
  return {
    date: note.refundedByHandOn,
    reference: note.number,
    memo,
    lines: [dr('accountsReceivable', amount, memo), cr('bank', amount, memo)],
  };
}

/**
 * Payout paid: Dr bank what arrived, Dr Stripe fees what Stripe kept, Cr Stripe clearing both
 * (the transactions' gross). Disputes it settled are their own entries (disputeEntry).
 */
export function payoutEntry(payout: BookPayout): JournalEntry {
  const memo = `Stripe payout ${payout.id}`;
  return {
    date: payout.arrivalDate,
    reference: payout.id,
    memo,
    lines: [
      dr('bank', payout.amount, memo),
      dr('stripeFees', payout.fees, `Stripe fees in ${payout.id}`),
      cr('stripeClearing', payout.amount + payout.fees, memo),
    ],
  };
}

/**
 * A dispute a payout settled: what Stripe took back goes to suspense (Dr suspense, Cr Stripe
 * clearing) until the accountant knows whether it is won or lost.
 */
export function disputeEntry(
  payout: BookPayout,
  dispute: BookPayout['disputes'][number],
): JournalEntry {
  const memo = `Dispute ${dispute.sourceId ?? dispute.id} in Stripe payout ${payout.id}`;
  const taken = -dispute.amount;
  return {
    date: payout.arrivalDate,
    reference: dispute.sourceId ?? dispute.id,
    memo,
    lines: [dr('suspense', taken, memo), cr('stripeClearing', taken, memo)],
  };
}

/** A payout's entry and its disputes'. */
export const payoutEntries = (payout: BookPayout): JournalEntry[] => [
  payoutEntry(payout),
  ...payout.disputes.map((dispute) => disputeEntry(payout, dispute)),
];

/** Debits less credits: zero for every entry we write. */
export const entryBalance = (entry: JournalEntry): number =>
  entry.lines.reduce((sum, line) => sum + line.debit - line.credit, 0);

/**
 * An entry's CSV lines, numbered `entryNumber`: a line of zero is left out, a negative amount
 * (a dispute won back) moves to the other column, so each line is one positive amount.
 */
export function journalCsv(
  entry: JournalEntry,
  entryNumber: number,
  accounts: Record<AccountKey, Account>,
): string {
  return entry.lines
    .map((line) => {
      const net = line.debit - line.credit;
      if (net === 0) return '';
      const account = accounts[line.account];
      return csvRow([
        entry.date,
        account.code,
        account.name,
        net > 0 ? money(net) : null,
        net < 0 ? money(-net) : null,
        line.memo,
        entry.reference,
        num(entryNumber),
      ]);
    })
    .join('');
}
