import { formatCents } from '@shared/money';
import type { CreditNote, IssueCreditNote } from '@shared/schemas/credit-notes';
import { invoiceName, type InvoiceDetail, type IssuedCreditNote } from '@shared/schemas/invoices';
import type { CreditNoteRow, InvoiceRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { CreditNoteRepository } from './credit-notes.repository';
import type { CreditNoteMail } from './invoices.emails';
import type { InvoiceRepository } from './invoices.repository';
import type { InvoiceIssuer } from './invoice-pdf';

const INVOICE_NOT_FOUND = 'Invoice not found';
/**
 * A pending note older than this was left by a process that stopped while asking Stripe (the
 * gateway gives up on a request well within it): the next request asks again.
 */
const ASKING_AT_MOST_MS = 5 * 60 * 1000;
const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';

/** A refund of a card payment asked of Stripe (stripe-gateway.ts refundPayment). */
export type CardRefund = (refund: {
  paymentIntentId: string;
  amount: number;
  creditNoteId: string;
  invoice: { id: string; invoiceNumber: string | null };
}) => Promise<
  | { status: 'accepted'; refundId: string; refundStatus: string }
  | { status: 'refused'; reason: string }
>;

export interface CreditNoteDeps {
  repository: CreditNoteRepository;
  invoices: Pick<InvoiceRepository, 'findIdForClient'>;
  detail: (id: string) => Promise<InvoiceDetail>;
  /** Null when card payments are off (no Stripe keys): nothing goes back by card then. */
  refundCard: CardRefund | null;
  issuer: () => Promise<InvoiceIssuer>;
  mail: { creditNoteIssued(note: CreditNoteMail, pdf: Buffer): Promise<unknown> };
  audit: AuditTrail;
  now: () => Date;
}

type Issued = CreditNoteRow & { creditNoteNumber: string; issuedAt: Date };

const isIssued = (note: CreditNoteRow): note is Issued =>
  note.status === 'issued' && note.creditNoteNumber !== null && note.issuedAt !== null;

/**
 * A paid invoice corrected by a credit note (POST /api/admin/invoices/{id}/credit-notes): part
 * or all of what was paid is credited, numbered CN-YEAR-NNNN without gaps, refunded to the
 * card through Stripe when it was paid by card, e-mailed to the client with its PDF, and
 * recorded in the audit log.
 *
 * A note is issued only once Stripe has accepted its refund, never before: a number, an
 * e-mail and a line in the figures all say money went back, so none may exist for a refund
 * that failed. The note is first reserved (pending: its amount is taken, so two notes at once
 * cannot credit more than was paid, but it has no number and nobody is told); Stripe refusing
 * the refund drops it (nothing issued, no number used); Stripe not answering leaves it pending,
 * since whether the refund was made is unknown, and the next request for the invoice asks
 * Stripe again with the same idempotency key (the same refund, never a second one) before
 * anything else (as for a note a stopped process left pending; never one another request is
 * asking about at that moment). Without a card refund (a bank transfer, a check) the note is issued at once
 * and says the agency returns the money outside the product.
 */
export function createCreditNotes({
  repository,
  invoices,
  detail,
  refundCard,
  issuer,
  mail,
  audit,
  now,
}: CreditNoteDeps) {
  async function pdfOf(note: Issued, invoice: InvoiceRow) {
    return {
      filename: `${note.creditNoteNumber}.pdf`,
      content: await renderCreditNotePdf(
        note,
        invoice,
        await issuer(),
        await repository.taxesOf(note.id),
      ),
    };
  }

  async function pdf(invoiceId: string, creditNoteId: string) {
    const found = await repository.findIssued(
      existingId(invoiceId, CREDIT_NOTE_NOT_FOUND),
      existingId(creditNoteId, CREDIT_NOTE_NOT_FOUND),
    );
    if (!found || !isIssued(found.note)) throw new AppError(404, CREDIT_NOTE_NOT_FOUND);
    return pdfOf(found.note, found.invoice);
  }

  /** The refund asked of Stripe; the note issued once accepted (or at once without one). */
  async function settle(
    note: CreditNoteRow,
    paymentIntentId: string | null,
    invoice: InvoiceRow,
  ): Promise<{ note: CreditNoteRow; issuedNow: boolean }> {
    let refund: { refundId: string; refundStatus: string } | null = null;
    if (note.refundAmount > 0) {
      if (!refundCard || !paymentIntentId) {
        await repository.drop(note.id);
        throw new AppError(
          503,
          'Card payments are off (no Stripe keys), so the card cannot be refunded. No credit note was issued.',
        );
      }
      let answer;
      try {
        answer = await refundCard({
          paymentIntentId,
          amount: note.refundAmount,
          creditNoteId: note.id,
          invoice,
        });
      } catch {
        await repository.markUnanswered(note.id);
        throw new AppError(
          503,
          `Stripe did not answer, so whether the ${formatCents(note.refundAmount)} refund was made is not known yet. The credit note waits: issue it again to ask Stripe once more (the same refund, never a second one).`,
        );
      }
      if (answer.status === 'refused') {
        await repository.drop(note.id);
        throw new AppError(
          502,
          `Stripe refused the refund: ${answer.reason} No credit note was issued and nothing was refunded.`,
        );
      }
      refund = { refundId: answer.refundId, refundStatus: answer.refundStatus };
    }
    const issued = await repository.issue(note.id, refund, now());
    // Null: a request at the same moment settled this very note (the same refund at Stripe).
    return issued ? { note: issued, issuedNow: true } : { note, issuedNow: false };
  }

  /** The client is told and the audit log keeps it, once per note. */
  async function announce(note: Issued, invoice: InvoiceRow, actor: AuditActor) {
    await audit.record(actor, {
      kind: 'invoice.credit_note_issued',
      targetType: 'invoice',
      targetId: invoice.id,
      before: null,
      after: {
        creditNoteId: note.id,
        creditNoteNumber: note.creditNoteNumber,
        invoiceNumber: invoice.invoiceNumber,
        amount: note.amount,
        refundAmount: note.refundAmount,
        stripeRefundId: note.stripeRefundId,
        reason: note.reason,
      },
    });
    const { content } = await pdfOf(note, invoice);
    await mail.creditNoteIssued(
      {
        creditNoteNumber: note.creditNoteNumber,
        invoiceNumber: invoice.invoiceNumber,
        clientName: invoice.clientName,
        clientEmail: invoice.clientEmail,
        amount: note.amount,
        refundAmount: note.refundAmount,
        reason: note.reason,
      },
      content,
    );
  }

  function message(
    note: Pick<CreditNote, 'creditNoteNumber' | 'amount' | 'refundAmount'>,
    invoice: InvoiceRow,
    resumed: boolean,
  ) {
    const byHand = note.amount - note.refundAmount;
    const name = note.creditNoteNumber ?? 'The credit note';
    return [
      resumed
        ? `The credit note that was waiting for Stripe's answer was settled first: ${name} for ${formatCents(note.amount)} is issued. Issue another one if you meant a new credit note.`
        : `Credit note ${name} for ${formatCents(note.amount)} is issued.`,
      note.refundAmount > 0
        ? `${formatCents(note.refundAmount)} is refunded to the client's card through Stripe.`
        : '',
      byHand > 0
        ? `Return ${formatCents(byHand)} to the client yourself: no card refund is made for it.`
        : '',
      `${invoice.clientName} is e-mailed the credit note.`,
    ]
      .filter(Boolean)
      .join(' ');
  }

  return {
    async issue(
      invoiceId: string,
      input: IssueCreditNote,
      actor: AuditActor,
    ): Promise<IssuedCreditNote> {
      const id = existingId(invoiceId, INVOICE_NOT_FOUND);
      const waiting = await repository.oldestPending(
        id,
        new Date(now().getTime() - ASKING_AT_MOST_MS),
      );
      let settled;
      let invoice: InvoiceRow;
      if (waiting) {
        invoice = waiting.invoice;
        settled = await settle(waiting.note, waiting.paymentIntentId, invoice);
      } else {
        const reserved = await repository.reserve(id, {
          amount: input.amountCents,
          reason: input.reason,
          adminId: actor.adminId,
          cardRefunds: refundCard !== null,
        });
        if (reserved.kind === 'not-found') throw new AppError(404, INVOICE_NOT_FOUND);
        if (reserved.kind === 'not-paid') {
          throw new AppError(
            409,
            `Only a paid invoice is corrected by a credit note: this invoice is ${reserved.invoice.status}.${
              reserved.invoice.status === 'sent' || reserved.invoice.status === 'overdue'
                ? ' Void it instead, or void the payments recorded by mistake.'
                : ''
            }`,
          );
        }
        if (reserved.kind === 'nothing-left') {
          throw new AppError(
            409,
            `Nothing is left to credit on invoice ${invoiceName(reserved.invoice)}: its credit notes cover all that was paid.`,
          );
        }
        if (reserved.kind === 'too-much') {
          throw new AppError(
            422,
            `A credit note for invoice ${invoiceName(reserved.invoice)} can be at most ${formatCents(reserved.remaining)}: what is still un-credited of what was paid.`,
          );
        }
        invoice = reserved.invoice;
        settled = await settle(reserved.note, reserved.paymentIntentId, invoice);
      }
      if (settled.issuedNow && isIssued(settled.note)) {
        await announce(settled.note, invoice, actor);
      }
      const after = await detail(invoice.id);
      const creditNote = after.creditNotes.find((note) => note.id === settled.note.id);
      if (!creditNote) throw new Error('The credit note just issued is not on its invoice');
      return {
        ...after,
        creditNote,
        message: message(creditNote, invoice, Boolean(waiting)),
      };
    },

    /** An issued credit note's PDF (the admin's download). */
    pdf,

    /** The client's own credit note's PDF; anyone else's is 'not found' to them. */
    async pdfForClient(userId: string, invoiceId: string, creditNoteId: string) {
      const own = await invoices.findIdForClient(
        userId,
        existingId(invoiceId, CREDIT_NOTE_NOT_FOUND),
      );
      if (!own) throw new AppError(404, CREDIT_NOTE_NOT_FOUND);
      return pdf(own, creditNoteId);
    },
  };
}
export type CreditNotes = ReturnType<typeof createCreditNotes>;
