import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  admins,
  creditNotes,
  creditNoteTaxes,
  invoices,
  invoiceTaxes,
  payments,
  type CreditNoteRow,
} from '../../db/schema';
import {
  dropCreditNote,
  issueCreditNote,
  markCreditNoteRefundedByHand,
  markRefundUnanswered,
  REFUND_UNANSWERED,
  reserveCreditNote,
  type CreditNoteRequest,
} from './credit-note-lifecycle';

/** What a credit note reversed of one of its invoice's taxes, in cents (issue 39). */
export interface ReversedTax {
  name: string;
  amount: number;
}

/**
 * A credit note with the e-mail of the admin who issued it (null once their account is gone)
 * and the tax it reversed, by rate.
 */
export type CreditNoteWithAuthor = CreditNoteRow & {
  createdBy: string | null;
  taxes?: ReversedTax[];
};

/** Credit notes: their moves (credit-note-lifecycle.ts, each in its transaction) and reads. */
export function createCreditNoteRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE), whose year a note is numbered in. */
  timeZone: string,
) {
  const withAuthor = {
    note: creditNotes,
    createdBy: admins.email,
  };
  const flatten = (rows: Array<{ note: CreditNoteRow; createdBy: string | null }>) =>
    rows.map(({ note, createdBy }): CreditNoteWithAuthor => ({ ...note, createdBy }));

  /** Each note's reversed taxes, by note id. */
  async function taxesOfNotes(ids: string[]): Promise<Map<string, ReversedTax[]>> {
    const byNote = new Map<string, ReversedTax[]>();
    if (ids.length === 0) return byNote;
    const rows = await db
      .select({
        creditNoteId: creditNoteTaxes.creditNoteId,
        name: invoiceTaxes.name,
        amount: creditNoteTaxes.amount,
      })
      .from(creditNoteTaxes)
      .innerJoin(invoiceTaxes, eq(invoiceTaxes.id, creditNoteTaxes.invoiceTaxId))
      .where(inArray(creditNoteTaxes.creditNoteId, ids))
      .orderBy(asc(invoiceTaxes.position));
    for (const { creditNoteId, ...tax } of rows) {
      byNote.set(creditNoteId, [...(byNote.get(creditNoteId) ?? []), tax]);
    }
    return byNote;
  }

  return {
    reserve: (invoiceId: string, request: CreditNoteRequest) =>
      db.transaction((tx) => reserveCreditNote(tx, invoiceId, request)),

    issue: (id: string, refund: { refundId: string; refundStatus: string } | null, at: Date) =>
      db.transaction((tx) => issueCreditNote(tx, id, refund, at, timeZone)),

    drop: (id: string) => db.transaction((tx) => dropCreditNote(tx, id)),

    markUnanswered: (id: string) => db.transaction((tx) => markRefundUnanswered(tx, id)),

    refundedByHand: (id: string, values: { on: string; reference: string }) =>
      db.transaction((tx) => markCreditNoteRefundedByHand(tx, id, values)),

    /**
     * The oldest note of the invoice still waiting for Stripe's answer: one whose request Stripe
     * did not answer, or one reserved before `staleBefore` (its process stopped while asking),
     * never one another request is asking about now. With its invoice and the PaymentIntent its
     * refund goes back to; null when none waits.
     */
    async oldestPending(invoiceId: string, staleBefore: Date) {
      const [row] = await db
        .select({
          note: creditNotes,
          invoice: invoices,
          paymentIntentId: payments.stripePaymentIntentId,
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .leftJoin(payments, eq(payments.id, creditNotes.paymentId))
        .where(
          and(
            eq(creditNotes.invoiceId, invoiceId),
            eq(creditNotes.status, 'pending'),
            or(
              eq(creditNotes.refundStatus, REFUND_UNANSWERED),
              lt(creditNotes.createdAt, staleBefore),
            ),
          ),
        )
        .orderBy(asc(creditNotes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The credit notes of these invoices, oldest first, with who issued each and its taxes. */
    async ofInvoices(invoiceIds: string[]): Promise<CreditNoteWithAuthor[]> {
      if (invoiceIds.length === 0) return [];
      const notes = flatten(
        await db
          .select(withAuthor)
          .from(creditNotes)
          .leftJoin(admins, eq(admins.id, creditNotes.createdByAdminId))
          .where(inArray(creditNotes.invoiceId, invoiceIds))
          .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id)),
      );
      const taxes = await taxesOfNotes(notes.map((note) => note.id));
      return notes.map((note) => ({ ...note, taxes: taxes.get(note.id) ?? [] }));
    },

    /** What one note reversed of each tax, in the invoice's order. */
    async taxesOf(creditNoteId: string): Promise<ReversedTax[]> {
      return (await taxesOfNotes([creditNoteId])).get(creditNoteId) ?? [];
    },

    /** An issued credit note of the invoice, with the invoice; null otherwise. */
    async findIssued(invoiceId: string, creditNoteId: string) {
      const [row] = await db
        .select({ note: creditNotes, invoice: invoices })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(
          and(
            eq(creditNotes.id, creditNoteId),
            eq(creditNotes.invoiceId, invoiceId),
            eq(creditNotes.status, 'issued'),
          ),
        );
      return row ?? null;
    },
  };
}
export type CreditNoteRepository = ReturnType<typeof createCreditNoteRepository>;
