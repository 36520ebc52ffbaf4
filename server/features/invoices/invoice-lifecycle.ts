import { and, eq, inArray, isNull, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { calendarDateIn } from '@shared/dates';
import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { Database, Transaction } from '../../db/client';
import {
  invoiceCounters,
  invoices,
  payments,
  type InvoiceRow,
  type PaymentFlagEntry,
} from '../../db/schema';
import { proposalInvoicePaid } from '../proposals/proposal-lifecycle';
import { subscriptionInvoicePaid } from '../subscriptions/subscription-lifecycle';
import { countPayment, reopenedStatus, uncountPayment } from './invoice-rules';

/**
 * The invoices table is written here only, every column (lint holds this: eslint.config.js,
 * lifecycle/table-written-by-lifecycle); the repositories read it. Each write is one named
 * function that takes the transaction it is part of (or the database, for a write of its own).
 * The status moves:
 *
 * - draft -> sent: issueInvoice (numbered); back to draft: withdrawInvoiceIssue
 * - sent -> overdue: markInvoicesOverdue (the daily billing run), markInvoiceOverdue
 * - sent or overdue -> paid: countInvoicePayment, once the payments cover it (markInvoicePaid)
 * - paid -> sent: refundInvoicePayment, once a refund leaves it uncovered
 * - paid -> sent or overdue: voidInvoicePayment, a payment recorded by mistake taken back
 * - sent or overdue -> void: voidInvoice (nothing received, it keeps its number)
 *
 * - (none) -> draft: createDraft; a draft's fields: rewriteDraft; deleted: deleteInvoice,
 *   deleteUnpaidInvoices
 *
 * Which moves are allowed and what a payment does to the amounts are the pure rules of
 * invoice-rules.ts. What paying a subscription's invoice does to the subscription (its first
 * invoice starts the plan, a renewal extends it) is the subscription's lifecycle, called from
 * markInvoicePaid only, which every way to paid goes through, in the same transaction.
 */

// The one Transaction type (db/client.ts), for the use cases that hand one to a writer and may
// not import the database client.
export type { Transaction };

/** A write that needs no transaction of the caller's takes the database or one. */
export type Writer = Database | Transaction;

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
 * `timeZone`: the business's calendar, whose months a plan's months are.
 */
export async function countInvoicePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  amount: number,
  paidAt: Date,
  timeZone: string,
): Promise<{ invoice: InvoiceRow; becamePaid: boolean }> {
  const counted = countPayment(invoice, amount);
  const updated = counted.becamePaid
    ? await markInvoicePaid(tx, invoice, counted.amountPaid, paidAt, timeZone)
    : await setAmountPaid(tx, invoice.id, counted.amountPaid, {}, paidAt);
  return { invoice: updated, becamePaid: counted.becamePaid };
}

/**
 * sent or overdue -> paid: the payments received (`amountPaid`) cover it. What that does to its
 * subscription follows in the same transaction, from here only (ADR 006): its first invoice
 * starts the plan, a renewal extends it (subscription-lifecycle's subscriptionInvoicePaid).
 */
export async function markInvoicePaid(
  tx: Transaction,
  invoice: Pick<InvoiceRow, 'id' | 'subscriptionId' | 'periodStart' | 'periodEnd'>,
  amountPaid: number,
  paidAt: Date,
  timeZone: string,
): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ amountPaid, status: 'paid', paidAt, updatedAt: paidAt })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!row) throw new Error('Invoice update returned no row');
  await subscriptionInvoicePaid(tx, row, paidAt, timeZone);
  // A signed proposal's first invoice: the proposal is paid with it (issue 38).
  await proposalInvoicePaid(tx, row, paidAt);
  return row;
}

/**
 * A signed proposal's invoice goes to the client it is now attached to (issue 38): their
 * account, and for its first invoice the plan it bills the first month of (`subscriptionId`,
 * a pending request at the proposal's price). When that invoice is paid already, the plan
 * starts now through the one rule that starts plans (subscriptionInvoicePaid, as
 * markInvoicePaid would have on paying it): its first month runs from `at`, when the client
 * has an account to use it. Null when there is no such invoice.
 */
export async function attachInvoiceToClient(
  tx: Transaction,
  id: string,
  userId: string,
  subscriptionId: string | null,
  at: Date,
  timeZone: string,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ userId, ...(subscriptionId ? { subscriptionId } : {}), updatedAt: at })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) return null;
  if (subscriptionId && row.status === 'paid') await subscriptionInvoicePaid(tx, row, at, timeZone);
  return row;
}

/**
 * `amount` of a payment that counted was given back (a refund): it stops counting, and a paid
 * invoice it no longer covers is open again (sent; the daily run makes it overdue when its due
 * date has passed). `flag`: a warning for the admin the refund adds to the invoice.
 */
export async function refundInvoicePayment(
  tx: Transaction,
  invoice: InvoiceRow,
  amount: number,
  flag: InvoiceFlag | null,
  at: Date,
): Promise<{ invoice: InvoiceRow; reopened: boolean }> {
  const { amountPaid, reopened } = uncountPayment(invoice, amount);
  const also = flag ? { paymentFlags: withFlag(flag, at) } : {};
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
  const refunded = await refundInvoicePayment(tx, invoice, amount, null, at);
  if (!refunded.reopened || reopenedStatus(refunded.invoice.dueDate, today) !== 'overdue') {
    return refunded;
  }
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
        inArray(invoices.status, PAYABLE_INVOICE_STATUSES),
        eq(invoices.amountPaid, 0),
      ),
    )
    .returning();
  return row ?? null;
}

/** A warning for the admin on an invoice, about one payment (or none). */
export interface InvoiceFlag {
  message: string;
  paymentId: string | null;
}

/** The invoice's warnings with one more at the end (payment_flags || [entry]). */
const withFlag = ({ message, paymentId }: InvoiceFlag, at: Date) =>
  sql`${invoices.paymentFlags} || jsonb_build_array(jsonb_build_object(
    'id', gen_random_uuid(), 'message', ${message}::text, 'at', ${at.toISOString()}::text,
    'paymentId', ${paymentId}::text))`;

/** One more warning on the invoice for the admin (a payment that does not fit, a dispute). */
export async function flagInvoice(
  tx: Writer,
  id: string,
  flag: InvoiceFlag,
  at: Date,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ paymentFlags: withFlag(flag, at), updatedAt: at })
    .where(eq(invoices.id, id))
    .returning();
  return row ?? null;
}

/** The warnings the admin dealt with are gone: `kept` is what stays. */
export async function keepInvoiceFlags(
  tx: Transaction,
  id: string,
  kept: PaymentFlagEntry[],
  at: Date,
): Promise<void> {
  await tx.update(invoices).set({ paymentFlags: kept, updatedAt: at }).where(eq(invoices.id, id));
}

/** The Checkout page now open for the invoice (null: none). */
export async function setOpenCheckout(
  tx: Writer,
  id: string,
  sessionId: string | null,
): Promise<void> {
  await tx.update(invoices).set({ openCheckoutSessionId: sessionId }).where(eq(invoices.id, id));
}

/** The Checkout page `sessionId` is closed: forgotten, unless another took its place. */
export async function clearOpenCheckout(tx: Writer, id: string, sessionId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ openCheckoutSessionId: null })
    .where(and(eq(invoices.id, id), eq(invoices.openCheckoutSessionId, sessionId)));
}

/**
 * The paid date of invoices a payment recorded by hand paid (`byHand`, a condition on
 * payments) moves with that payment's day (`dayOf`): the one-off repair of
 * payments.repository's keepHandRecordedDays.
 */
export async function moveHandPaidDays(
  tx: Transaction,
  byHand: SQL,
  dayOf: (at: AnyColumn) => SQL,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ paidAt: dayOf(invoices.paidAt) })
    .where(
      inArray(
        invoices.id,
        tx
          .select({ id: payments.invoiceId })
          .from(payments)
          .where(and(byHand, eq(payments.paidAt, invoices.paidAt))),
      ),
    );
}

/**
 * The link of `version` is handed out (again): its hash is stored and it works until
 * `expiresAt`. False when a revoke moved the version on meanwhile (the link is worthless).
 */
export async function storePayLink(
  tx: Writer,
  id: string,
  link: { version: number; hash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ payTokenHash: link.hash, payLinkExpiresAt: link.expiresAt })
    .where(and(eq(invoices.id, id), eq(invoices.payLinkVersion, link.version)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * The invoice's pay link stops working: the next one handed out is another. The invoice as it
 * is now, or null when there is none.
 */
export async function revokePayLink(tx: Writer, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({
      payTokenHash: null,
      payLinkExpiresAt: null,
      payLinkVersion: sql`${invoices.payLinkVersion} + 1`,
    })
    .where(eq(invoices.id, id))
    .returning();
  return row ?? null;
}

/**
 * Takes attempt number `attempt` of a renewal's card charge: only one run gets it. The invoice
 * as it is now, or null when another took it.
 */
export async function claimChargeAttempt(
  tx: Writer,
  id: string,
  attempt: number,
  nextChargeOn: string | null,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set({ chargeAttempts: attempt, nextChargeOn })
    .where(and(eq(invoices.id, id), eq(invoices.chargeAttempts, attempt - 1)))
    .returning();
  return row ?? null;
}

/** Stripe took the charge (`paymentIntentId`): no retry is due. */
export async function chargeTaken(tx: Writer, id: string, paymentIntentId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ nextChargeOn: null, lastChargeIntentId: paymentIntentId })
    .where(eq(invoices.id, id));
}

/** Gives back a claimed attempt whose request may not have reached Stripe. */
export async function releaseChargeAttempt(
  tx: Writer,
  id: string,
  attempt: number,
  nextChargeOn: string | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ chargeAttempts: attempt - 1, nextChargeOn })
    .where(and(eq(invoices.id, id), eq(invoices.chargeAttempts, attempt)));
}

/** Moves an invoice's reminder count from `from` to `to`; false when another run did. */
export async function claimReminder(
  tx: Writer,
  id: string,
  from: number,
  to: number,
): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ remindersSent: to })
    .where(and(eq(invoices.id, id), eq(invoices.remindersSent, from)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** A draft's fields as written (its lines are the repository's: invoice_line_items). */
export type DraftValues = Omit<typeof invoices.$inferInsert, 'id' | 'status' | 'invoiceNumber'>;

/** (none) -> draft: a new invoice, without a number until it is sent. */
export async function createDraft(tx: Transaction, values: DraftValues): Promise<InvoiceRow> {
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...values, status: 'draft' })
    .returning();
  if (!invoice) throw new Error('Invoice insert returned no row');
  return invoice;
}

/** A draft's fields replaced (the caller holds the draft locked). */
export async function rewriteDraft(
  tx: Transaction,
  id: string,
  values: Partial<DraftValues>,
  at: Date,
): Promise<InvoiceRow> {
  const [invoice] = await tx
    .update(invoices)
    .set({ ...values, updatedAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning();
  if (!invoice) throw new Error('Draft update returned no row');
  return invoice;
}

/** Money received is never deleted with its invoice (payments reference it, restrict). */
const noPayments = sql`not exists (select 1 from ${payments} where ${payments.invoiceId} = ${invoices.id})`;

/**
 * No money can still arrive for it: its Checkout page was closed (the invoices service closes
 * it first, payment-pages.ts) and no charge of the saved card is under way.
 */
const noMoneyOnTheWay = and(
  isNull(invoices.openCheckoutSessionId),
  isNull(invoices.lastChargeIntentId),
)!;

/** A subscription's unpaid first-month invoices, or its unpaid renewals from `from`. */
export const unpaidInvoicesOf = (subscriptionId: string, renewalsFrom: Date | null) =>
  and(
    eq(invoices.subscriptionId, subscriptionId),
    renewalsFrom ? sql`${invoices.periodStart} >= ${renewalsFrom}` : isNull(invoices.periodStart),
    ne(invoices.status, 'paid'),
    noPayments,
  )!;

/**
 * Deletes a subscription's unpaid first-month invoices (renewalsFrom null) or its unpaid
 * renewals from a date. One whose money may still arrive (a page paid, a charge taken) stays.
 * The ids deleted.
 */
export async function deleteUnpaidInvoices(
  tx: Writer,
  subscriptionId: string,
  renewalsFrom: Date | null,
): Promise<string[]> {
  const rows = await tx
    .delete(invoices)
    .where(and(unpaidInvoicesOf(subscriptionId, renewalsFrom), noMoneyOnTheWay))
    .returning({ id: invoices.id });
  return rows.map((row) => row.id);
}

/** Deletes an invoice no payment was recorded for and whose Checkout page is closed. */
export async function deleteInvoice(tx: Writer, id: string): Promise<boolean> {
  const rows = await tx
    .delete(invoices)
    .where(and(eq(invoices.id, id), noPayments, isNull(invoices.openCheckoutSessionId)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * Gives the client the invoices written to `email` that nobody owns yet, once the client's
 * issuer verified that they own the address. How many were given.
 */
export async function claimInvoicesForEmail(
  tx: Writer,
  userId: string,
  email: string,
): Promise<number> {
  const rows = await tx
    .update(invoices)
    .set({ userId })
    .where(
      and(isNull(invoices.userId), sql`lower(${invoices.clientEmail}) = ${email.toLowerCase()}`),
    )
    .returning({ id: invoices.id });
  return rows.length;
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
