import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { creditNoteTaxes as reversedTaxes } from '@shared/tax';
import type { Transaction } from '../../db/client';
import {
  creditNoteCounters,
  creditNotes,
  creditNoteTaxes,
  invoices,
  invoiceTaxes,
  payments,
  type CreditNoteRow,
  type InvoiceRow,
} from '../../db/schema';
import { endRefundedSubscription } from '../subscriptions/subscription-lifecycle';
import { creditNoteFor } from './credit-amounts';
import { yearIn } from './invoice-lifecycle';

/**
 * A credit note's status and its moves, written here only. Each is one named function that
 * takes the transaction it is part of:
 *
 * - (none) -> pending: reserveCreditNote, with the invoice locked, so two notes can never
 *   credit more than was paid between them
 * - pending -> issued: issueCreditNote, numbered CN-YEAR-NNNN (once Stripe accepted its refund)
 * - pending -> (gone): dropCreditNote, when Stripe refused the refund: no number was used
 *
 * Its card refund follows Stripe's word after it is issued: a refund pending at the bank
 * succeeds (creditNoteRefundUpdated), or fails (creditNoteRefundFailed), and what it was to
 * give back by card is then the agency's to give back another way.
 *
 * A credit note changes neither the invoice's status nor what its payments cover: the money
 * received stays on record and the credit note says what of it goes back (docs/payments.md).
 */

/** refundStatus of a pending note whose refund request Stripe did not answer. */
export const REFUND_UNANSWERED = 'unanswered';

export type ReserveOutcome =
  | { kind: 'not-found' }
  | { kind: 'not-paid'; invoice: InvoiceRow }
  | { kind: 'nothing-left'; invoice: InvoiceRow }
  | { kind: 'too-much'; invoice: InvoiceRow; remaining: number }
  | {
      kind: 'reserved';
      note: CreditNoteRow;
      invoice: InvoiceRow;
      /** The PaymentIntent its refund goes back to; null when nothing goes back by card. */
      paymentIntentId: string | null;
    };

export interface CreditNoteRequest {
  /** In cents; unset: all that is still un-credited. */
  amount?: number;
  reason: string;
  adminId: string | null;
  /** Whether card payments can be refunded through Stripe (its keys are set). */
  cardRefunds: boolean;
}

/**
 * A credit note of a paid invoice is reserved (pending, unnumbered): at most what is still
 * un-credited of what was paid, its refund going back to the card it was paid with as far as
 * that payment can take it (the rest is returned by the agency outside the product).
 */
export async function reserveCreditNote(
  tx: Transaction,
  invoiceId: string,
  request: CreditNoteRequest,
): Promise<ReserveOutcome> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  if (!invoice) return { kind: 'not-found' };
  if (invoice.status !== 'paid') return { kind: 'not-paid', invoice };
  const [received, notes] = await Promise.all([
    tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)),
    creditNotesOf(tx, invoiceId),
  ]);
  const decision = creditNoteFor(invoice, received, notes, request);
  if (decision.kind !== 'reserve') return { ...decision, invoice };
  const { amount, refundAmount, card } = decision;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      invoiceId,
      status: 'pending',
      amount,
      reason: request.reason,
      paymentId: card?.paymentId ?? null,
      refundAmount,
      createdByAdminId: request.adminId,
    })
    .returning();
  if (!note) throw new Error('Credit note insert returned no row');
  return {
    kind: 'reserved',
    note,
    invoice,
    paymentIntentId: card?.paymentIntentId ?? null,
  };
}

/**
 * pending -> issued, with the next number of the year (of the business's calendar,
 * `timeZone`), and Stripe's refund when one was made. The counter's row is locked by its
 * increment until the transaction ends, so two notes issued at once never share a number, and
 * a transaction that fails gives its number back: no gaps. Null when the note is no longer
 * pending (issued by a request at the same moment).
 */
export async function issueCreditNote(
  tx: Transaction,
  id: string,
  refund: { refundId: string; refundStatus: string } | null,
  at: Date,
  timeZone: string,
): Promise<CreditNoteRow | null> {
  const [pending] = await tx
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.status, 'pending')))
    .for('update');
  if (!pending) return null;
  const creditNoteNumber = await nextNumber(tx, yearIn(at, timeZone));
  const [issued] = await tx
    .update(creditNotes)
    .set({
      status: 'issued',
      creditNoteNumber,
      issuedAt: at,
      stripeRefundId: refund?.refundId ?? null,
      refundStatus: refund?.refundStatus ?? null,
    })
    .where(eq(creditNotes.id, id))
    .returning();
  if (issued) {
    await reverseTaxes(tx, issued);
    await endPlanOfCreditedFirstInvoice(tx, issued.invoiceId, at);
  }
  return issued ?? null;
}

/**
 * What an issued note reverses of each of its invoice's taxes (credit_note_taxes): its share
 * of the invoice's total, rounded once per rate; the note that credits the rest takes each
 * rate's remainder (shared/tax.ts creditNoteTaxes). The invoice is held, so two notes issued
 * at once count each other.
 */
async function reverseTaxes(tx: Transaction, note: CreditNoteRow): Promise<void> {
  const [invoice] = await tx
    .select({ total: invoices.total })
    .from(invoices)
    .where(eq(invoices.id, note.invoiceId))
    .for('update');
  const taxes = await tx
    .select({ id: invoiceTaxes.id, amount: invoiceTaxes.amount })
    .from(invoiceTaxes)
    .where(eq(invoiceTaxes.invoiceId, note.invoiceId))
    .orderBy(asc(invoiceTaxes.position));
  if (!invoice || taxes.length === 0) return;
  const earlier = and(
    eq(creditNotes.invoiceId, note.invoiceId),
    eq(creditNotes.status, 'issued'),
    ne(creditNotes.id, note.id),
  );
  const [credited] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditNotes.amount}), 0)::int` })
    .from(creditNotes)
    .where(earlier);
  const reversed = await tx
    .select({
      invoiceTaxId: creditNoteTaxes.invoiceTaxId,
      amount: sql<number>`sum(${creditNoteTaxes.amount})::int`,
    })
    .from(creditNoteTaxes)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteTaxes.creditNoteId))
    .where(earlier)
    .groupBy(creditNoteTaxes.invoiceTaxId);
  const amounts = reversedTaxes({
    invoiceTaxes: taxes.map((tax) => ({
      amount: tax.amount,
      reversed: reversed.find((row) => row.invoiceTaxId === tax.id)?.amount ?? 0,
    })),
    invoiceTotal: invoice.total,
    creditedBefore: credited?.total ?? 0,
    amount: note.amount,
  });
  const rows = taxes.flatMap((tax, index) => {
    const amount = amounts[index] ?? 0;
    return amount > 0 ? [{ creditNoteId: note.id, invoiceTaxId: tax.id, amount }] : [];
  });
  if (rows.length > 0) await tx.insert(creditNoteTaxes).values(rows);
}

/**
 * A plan's first invoice credited in full (all it received goes back) ends the plan it
 * started, at once: the client no longer paid for it (issue 38, a proposal's first invoice
 * refunded, and any first invoice). A part credited (a deposit's correction) leaves it.
 */
async function endPlanOfCreditedFirstInvoice(tx: Transaction, invoiceId: string, at: Date) {
  const [invoice] = await tx
    .select({
      subscriptionId: invoices.subscriptionId,
      periodStart: invoices.periodStart,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice?.subscriptionId || invoice.periodStart || invoice.amountPaid <= 0) return;
  const [credited] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditNotes.amount}), 0)::int` })
    .from(creditNotes)
    .where(and(eq(creditNotes.invoiceId, invoiceId), eq(creditNotes.status, 'issued')));
  if ((credited?.total ?? 0) < invoice.amountPaid) return;
  await endRefundedSubscription(tx, invoice.subscriptionId, at);
}

/**
 * Stripe did not answer the request for a pending note's refund: the note stays pending, marked
 * so that the next request for its invoice asks Stripe again (one still being asked is not).
 */
export async function markRefundUnanswered(tx: Transaction, id: string): Promise<void> {
  await tx
    .update(creditNotes)
    .set({ refundStatus: REFUND_UNANSWERED })
    .where(and(eq(creditNotes.id, id), eq(creditNotes.status, 'pending')));
}

/** Stripe's refund `refundId` of an issued note moved on (pending to succeeded, say). */
export async function creditNoteRefundUpdated(
  tx: Transaction,
  refundId: string,
  refundStatus: string,
): Promise<void> {
  await tx
    .update(creditNotes)
    .set({ refundStatus })
    .where(and(eq(creditNotes.stripeRefundId, refundId), gt(creditNotes.refundAmount, 0)));
}

/**
 * Stripe could not make the note's card refund after accepting it (a card closed since, say):
 * nothing goes back by card, so all of the note is the agency's to return another way, and
 * the card payment can be refunded again. The note, its number and its amount stay. Null when
 * it had nothing (left) going back by card.
 */
export async function creditNoteRefundFailed(
  tx: Transaction,
  id: string,
  refundStatus: string,
): Promise<CreditNoteRow | null> {
  const [before] = await tx
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), gt(creditNotes.refundAmount, 0)))
    .for('update');
  if (!before) return null;
  await tx.update(creditNotes).set({ refundAmount: 0, refundStatus }).where(eq(creditNotes.id, id));
  return before;
}

/** A pending note whose refund Stripe refused goes: its amount is free again, no number used. */
export async function dropCreditNote(tx: Transaction, id: string): Promise<void> {
  await tx
    .delete(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.status, 'pending')));
}

/** An invoice's credit notes, issued and pending, oldest first. */
export function creditNotesOf(tx: Transaction, invoiceId: string) {
  return tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
}

/** The year's next credit note number, CN-YEAR-NNNN, bumping its counter in `tx`. */
async function nextNumber(tx: Transaction, year: number): Promise<string> {
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.year,
      set: { last: sql`${creditNoteCounters.last} + 1` },
    })
    .returning();
  if (!counter) throw new Error('Credit note counter returned no row');
  return `CN-${year}-${String(counter.last).padStart(4, '0')}`;
}

export type RefundByHandOutcome =
  | { kind: 'not-found' }
  | { kind: 'nothing-by-hand' }
  | { kind: 'refund-unsettled'; note: CreditNoteRow }
  | { kind: 'already'; note: CreditNoteRow }
  | { kind: 'recorded'; note: CreditNoteRow };

/**
 * What of an issued note does not go back by card (amount − refundAmount) was given back by
 * the agency outside the product on `on` (a check, a transfer), with its reference: the client's
 * credit is paid back (issue 39, statements). The amount is kept as it is now, so a card refund
 * that fails afterwards leaves it alone. Once: a note marked so, or one refunded to the card in
 * full, is left as it is; so is one whose card refund the bank has not settled yet, as what
 * is left to return by hand is not known until it succeeds or fails.
 */
export async function markCreditNoteRefundedByHand(
  tx: Transaction,
  id: string,
  { on, reference }: { on: string; reference: string },
): Promise<RefundByHandOutcome> {
  const [note] = await tx
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.status, 'issued')))
    .for('update');
  if (!note) return { kind: 'not-found' };
  if (note.refundedByHandOn) return { kind: 'already', note };
  if (note.refundAmount >= note.amount) return { kind: 'nothing-by-hand' };
  if (note.refundAmount > 0 && note.refundStatus !== 'succeeded') {
    return { kind: 'refund-unsettled', note };
  }
  const [marked] = await tx
    .update(creditNotes)
    .set({
      refundedByHandOn: on,
      refundedByHandReference: reference,
      refundedByHandAmount: note.amount - note.refundAmount,
    })
    .where(eq(creditNotes.id, id))
    .returning();
  return { kind: 'recorded', note: marked! };
}
