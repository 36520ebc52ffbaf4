import { addDaysToDate, addMonthsToMonth } from '@shared/dates';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/schemas/payments';
import type { Ageing, StatementLine, StatementLineType } from '@shared/schemas/statements';

/**
 * A client's statement from the facts of their money, as calendar days of the business: pure,
 * so the property "the closing balance is what the open invoices owe less the credit held" is
 * tested over random histories without a database (statement-lines.test.ts).
 */

export interface InvoiceFacts {
  id: string;
  number: string;
  /** The day it was issued (drafts are never given). */
  issuedOn: string;
  dueDate: string;
  total: number;
  /** The day it was voided; null while it stands. */
  voidedOn: string | null;
}

/** A payment of one of the client's invoices that counts (flagged ones never do). */
export interface PaymentFacts {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
  paidOn: string;
  /** A manual payment recorded by mistake, voided on this day. */
  voidedOn: string | null;
  /** What Stripe's own refunds (made in its dashboard, no credit note) gave back of it now. */
  refundedAmount: number;
  /** The day of that refund, when Stripe gave it (a partial refund has none: its payment's day). */
  refundedOn: string | null;
}

/** An issued credit note of one of the client's invoices. */
export interface CreditNoteFacts {
  id: string;
  number: string;
  issuedOn: string;
  amount: number;
  /** What goes back to the card now (0 once its card refund failed). */
  refundAmount: number;
  /** The rest was returned by hand on this day; null: held as credit. */
  refundedByHandOn: string | null;
  refundedByHandReference: string | null;
  /**
   * How much went back by hand: amount − refundAmount when it was marked, kept as it was, so a
   * card refund that fails afterwards is still owed to the client.
   */
  refundedByHandAmount: number | null;
}

/** A card refund Stripe accepted and then could not make (failed_refunds). */
export interface FailedRefundFacts {
  /** The payment refunded; its credit note when the refund was one's. */
  paymentId: string;
  creditNoteId: string | null;
  amount: number;
  failedOn: string;
}

export interface StatementFacts {
  invoices: readonly InvoiceFacts[];
  payments: readonly PaymentFacts[];
  creditNotes: readonly CreditNoteFacts[];
  failedRefunds: readonly FailedRefundFacts[];
}

export interface StatementFigures {
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
  ageing: Ageing;
}

/** The period unset: from the 1st of the month three months back to today. */
export function defaultPeriod(
  today: string,
  query: { from?: string; to?: string },
): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? `${addMonthsToMonth(today.slice(0, 7), -3)}-01`;
  return { from, to: to < from ? from : to };
}

/** The order of a day's lines: what is owed first, then what settles it. */
const ORDER: Record<StatementLineType, number> = {
  invoice: 0,
  payment: 1,
  payment_void: 2,
  credit_note: 3,
  refund: 4,
  refund_failed: 5,
  invoice_void: 6,
};

/** One event: a line, and the invoice whose balance it moves (null: the client's credit). */
interface Event {
  date: string;
  type: StatementLineType;
  reference: string;
  amount: number;
  invoiceId: string | null;
}

function paymentReference(payment: PaymentFacts): string {
  const how = payment.method === 'card' ? 'Card' : PAYMENT_METHOD_LABELS[payment.method];
  const ref = payment.reference.trim();
  return `${how}${ref ? ` ${ref}` : ''} · ${payment.invoiceNumber}`;
}

function eventsOf(facts: StatementFacts): Event[] {
  const events: Event[] = [];
  for (const invoice of facts.invoices) {
    events.push({
      date: invoice.issuedOn,
      type: 'invoice',
      reference: invoice.number,
      amount: invoice.total,
      invoiceId: invoice.id,
    });
    if (invoice.voidedOn) {
      events.push({
        date: invoice.voidedOn,
        type: 'invoice_void',
        reference: invoice.number,
        amount: -invoice.total,
        invoiceId: invoice.id,
      });
    }
  }
  const failedOf = (pick: (failed: FailedRefundFacts) => boolean) =>
    facts.failedRefunds.filter(pick);
  for (const payment of facts.payments) {
    const reference = paymentReference(payment);
    const on = { reference, invoiceId: payment.invoiceId };
    events.push({ ...on, date: payment.paidOn, type: 'payment', amount: -payment.amount });
    if (payment.voidedOn) {
      events.push({ ...on, date: payment.voidedOn, type: 'payment_void', amount: payment.amount });
    }
    // Stripe's own refunds: what it gave back, and what it gave back and then could not.
    const failed = failedOf((f) => f.paymentId === payment.id && f.creditNoteId === null);
    const refunded = payment.refundedAmount + failed.reduce((sum, f) => sum + f.amount, 0);
    if (refunded > 0) {
      events.push({
        ...on,
        date: payment.refundedOn ?? payment.paidOn,
        type: 'refund',
        amount: refunded,
      });
    }
    for (const f of failed) {
      events.push({ ...on, date: f.failedOn, type: 'refund_failed', amount: -f.amount });
    }
  }
  for (const note of facts.creditNotes) {
    const on = { reference: note.number, invoiceId: null };
    events.push({ ...on, date: note.issuedOn, type: 'credit_note', amount: -note.amount });
    const failed = failedOf((f) => f.creditNoteId === note.id);
    const toCard = note.refundAmount + failed.reduce((sum, f) => sum + f.amount, 0);
    if (toCard > 0) events.push({ ...on, date: note.issuedOn, type: 'refund', amount: toCard });
    for (const f of failed) {
      events.push({ ...on, date: f.failedOn, type: 'refund_failed', amount: -f.amount });
    }
    const byHand = note.refundedByHandAmount ?? 0;
    if (note.refundedByHandOn && byHand > 0) {
      const ref = note.refundedByHandReference?.trim();
      events.push({
        reference: `${note.number} returned by hand${ref ? ` (${ref})` : ''}`,
        invoiceId: null,
        date: note.refundedByHandOn,
        type: 'refund',
        amount: byHand,
      });
    }
  }
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      ORDER[a.type] - ORDER[b.type] ||
      a.reference.localeCompare(b.reference),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Where an amount owed `daysPast` days after its due date is aged. */
function bucketOf(daysPast: number): keyof Ageing {
  if (daysPast <= 0) return 'current';
  if (daysPast <= 30) return 'days1to30';
  if (daysPast <= 60) return 'days31to60';
  if (daysPast <= 90) return 'days61to90';
  return 'over90';
}

/**
 * The statement of `from`..`to` (both included): what was owed before `from`, every line of the
 * period with the balance after it, what is owed at the end, and what each invoice still owes
 * at `to` aged by its days past due (credit held is not aged: it is the agency's to give back).
 */
export function buildStatement(
  facts: StatementFacts,
  period: { from: string; to: string },
): StatementFigures {
  const events = eventsOf(facts);
  let balance = 0;
  const lines: StatementLine[] = [];
  for (const event of events) {
    if (event.date > period.to) break;
    if (event.date < period.from) {
      balance += event.amount;
      continue;
    }
    balance += event.amount;
    lines.push({
      date: event.date,
      type: event.type,
      reference: event.reference,
      amount: event.amount,
      balance,
    });
  }
  const closingBalance = balance;
  const openingBalance = closingBalance - lines.reduce((sum, line) => sum + line.amount, 0);

  const owed = new Map<string, number>();
  for (const event of events) {
    if (event.date > period.to || !event.invoiceId) continue;
    owed.set(event.invoiceId, (owed.get(event.invoiceId) ?? 0) + event.amount);
  }
  const ageing: Ageing = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const invoice of facts.invoices) {
    const left = owed.get(invoice.id) ?? 0;
    if (left > 0) ageing[bucketOf(daysBetween(invoice.dueDate, period.to))] += left;
  }
  return { openingBalance, closingBalance, lines, ageing };
}

/** The last day of the month before `today`'s, and its first: a monthly statement's period. */
export function lastMonthOf(today: string): { month: string; from: string; to: string } {
  const month = addMonthsToMonth(today.slice(0, 7), -1);
  return { month, from: `${month}-01`, to: addDaysToDate(`${today.slice(0, 7)}-01`, -1) };
}
