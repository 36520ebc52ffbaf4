import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { calendarDateIn } from '@shared/dates';
import type { Transaction } from '../../db/client';
import { invoiceCounters, invoices, type InvoiceRow } from '../../db/schema';

/**
 * The invoice's status and its moves, written here only (lint holds this: eslint.config.js).
 * Each transition is one named function that takes the transaction it is part of:
 *
 * - draft -> sent: issueInvoice (numbered); back to draft: withdrawInvoiceIssue
 * - sent -> overdue: markInvoicesOverdue (the daily billing run), markInvoiceOverdue
 * - sent or overdue -> paid: countInvoicePayment, once the payments cover it (markInvoicePaid)
 * - paid -> sent: refundInvoicePayment, once a refund leaves it uncovered
 * - paid -> sent or overdue: voidInvoicePayment, a payment recorded by mistake taken back
 * - sent or overdue -> void: voidInvoice (nothing received, it keeps its number)
 *
 * What paying a subscription's invoice does to the subscription is the subscription's
 * lifecycle (subscription-lifecycle.ts), called in the same transaction.
 */

/**
 * draft -> sent, with the year's next number when it has none (a draft numbered before
 * numbers were given at sending keeps its own): the year of the business's calendar
 * (`timeZone`), as the invoice's dates are. Null when it is not a draft. The counter's row is
 * locked by the increment, so two sends never get one number.
 */
export async function issueInvoice(
  tx: Transaction,
  id: string,
  at: Date,
  timeZone: string,
): Promise<{ invoice: InvoiceRow; given: string | null } | null> {
  const [draft] = await tx
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .for('update');
  if (!draft) return null;
  const given = draft.invoiceNumber ? null : await nextNumber(tx, yearIn(at, timeZone));
  const [invoice] = await tx
    .update(invoices)
    .set({
      status: 'sent',
      invoiceNumber: draft.invoiceNumber ?? given,
      sentAt: at,
      updatedAt: at,
    })
    .where(eq(invoices.id, id))
    .returning();
  if (!invoice) throw new Error('Invoice update returned no row');
  return { invoice, given };
}

/**
 * Undoes issueInvoice when the e-mail did not go: a draft again, and the number it gave goes
 * back to its year's counter. Only under the numbering lock, so that number is still the last.
 */
export async function withdrawInvoiceIssue(
  tx: Transaction,
  id: string,
  given: string | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'draft', sentAt: null, ...(given ? { invoiceNumber: null } : {}) })
    .where(eq(invoices.id, id));
  const number = parseInvoiceNumber(given);
  if (number) {
    await tx
      .update(invoiceCounters)
      .set({ last: number.sequence - 1 })
      .where(and(eq(invoiceCounters.year, number.year), eq(invoiceCounters.last, number.sequence)));
  }
}

/** Sent invoices whose due date has passed become overdue (the daily billing run). */
export async function markInvoicesOverdue(
  tx: Transaction,
  today: string,
  at: Date,
): Promise<number> {
  return (await toOverdue(tx, lt(invoices.dueDate, today), at)).length;
}

/** One sent invoice becomes overdue now (the demo seed's unpaid past invoices). */
export async function markInvoiceOverdue(tx: Transaction, id: string, at: Date): Promise<boolean> {
  return (await toOverdue(tx, eq(invoices.id, id), at)).length > 0;
}

function toOverdue(tx: Transaction, which: SQL, at: Date) {
  return tx
    .update(invoices)
    .set({ status: 'overdue', updatedAt: at })
    .where(and(eq(invoices.status, 'sent'), which))
    .returning({ id: invoices.id });
}

/**
 * A payment that counts is added to what the locked `invoice` has received; once that covers
 * the total, the invoice is paid (markInvoicePaid). `becamePaid`: this payment paid it.
 */
export async function countInvoicePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  amount: number,
  paidAt: Date,
): Promise<{ invoice: InvoiceRow; becamePaid: boolean }> {
  const amountPaid = invoice.amountPaid + amount;
  const becamePaid = invoice.status !== 'paid' && amountPaid >= invoice.total;
  const updated = becamePaid
    ? await markInvoicePaid(tx, invoice.id, amountPaid, paidAt)
    : await setAmountPaid(tx, invoice.id, amountPaid, {}, paidAt);
  return { invoice: updated, becamePaid };
}

/** sent or overdue -> paid: the payments received (`amountPaid`) cover it. */
export async function markInvoicePaid(
  tx: Transaction,
  id: string,
  amountPaid: number,
  paidAt: Date,
): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ amountPaid, status: 'paid', paidAt, updatedAt: paidAt })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error('Invoice update returned no row');
  return row;
}

/**
 * `amount` of a payment that counted was given back (a refund): it stops counting, and a paid
 * invoice it no longer covers is open again (sent; the daily run makes it overdue when its due
 * date has passed). `also`: what else the refund writes on the invoice (a warning).
 */
export async function refundInvoicePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  amount: number,
  also: { paymentFlags?: SQL },
  at: Date,
): Promise<{ invoice: InvoiceRow; reopened: boolean }> {
  const amountPaid = invoice.amountPaid - amount;
  const reopened = invoice.status === 'paid' && amountPaid < invoice.total;
  const updated = await setAmountPaid(
    tx,
    invoice.id,
    amountPaid,
    reopened ? { ...also, status: 'sent', paidAt: null } : also,
    at,
  );
  return { invoice: updated, reopened };
}

/**
 * A payment recorded by mistake (`amount` that counted) is voided: it stops counting, and a paid
 * invoice it no longer covers is open again, overdue at once when its due date (`today`) passed.
 */
export async function voidInvoicePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  amount: number,
  today: string,
  at: Date,
): Promise<{ invoice: InvoiceRow; reopened: boolean }> {
  const refunded = await refundInvoicePayment(tx, invoice, amount, {}, at);
  if (!refunded.reopened || refunded.invoice.dueDate >= today) return refunded;
  const [overdue] = await toOverdue(tx, eq(invoices.id, invoice.id), at);
  if (!overdue) return refunded;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { invoice: row ?? refunded.invoice, reopened: true };
}

/**
 * sent or overdue -> void: the admin withdraws an invoice nothing was received for. It keeps
 * its number, owes nothing and counts in no figure. Null when it is not sent or overdue, or
 * money was received for it (the row is locked, so a payment cannot slip in between).
 */
export async function voidInvoice(
  tx: Transaction,
  id: string,
  reason: string,
  at: Date,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'void', voidedAt: at, voidReason: reason, updatedAt: at })
    .where(
      and(
        eq(invoices.id, id),
        sql`${invoices.status} in ('sent', 'overdue')`,
        eq(invoices.amountPaid, 0),
      ),
    )
    .returning();
  return row ?? null;
}

async function setAmountPaid(
  tx: Transaction,
  id: string,
  amountPaid: number,
  also: { paymentFlags?: SQL; status?: 'sent'; paidAt?: null },
  at: Date,
): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ amountPaid, ...also, updatedAt: at })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error('Invoice update returned no row');
  return row;
}

/** The year's next number, INV-YEAR-NNNN, bumping its counter in `tx`. */
async function nextNumber(tx: Transaction, year: number): Promise<string> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning();
  if (!counter) throw new Error('Invoice counter returned no row');
  return `INV-${year}-${String(counter.last).padStart(4, '0')}`;
}

/** The year of the business's calendar at an instant: numbers follow it, not UTC's. */
export function yearIn(at: Date, timeZone: string): number {
  return Number(calendarDateIn(at, timeZone).slice(0, 4));
}

function parseInvoiceNumber(invoiceNumber: string | null) {
  const match = /^INV-(\d{4})-(\d+)$/.exec(invoiceNumber ?? '');
  return match ? { year: Number(match[1]), sequence: Number(match[2]) } : null;
}
