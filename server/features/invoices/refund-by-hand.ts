import { formatCents } from '@shared/money';
import type { CreditNote } from '@shared/schemas/credit-notes';
import type { RefundByHand } from '@shared/schemas/statements';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { CreditNoteRepository } from './credit-notes.repository';

const NOT_FOUND = 'Credit note not found';

/**
 * POST /api/admin/credit-notes/{id}/refunded-by-hand: the agency gave back, outside the product,
 * what of an issued credit note does not go back to the card (a check, a transfer), on a day,
 * with a reference. The client's credit is then paid back (their statement shows the refund);
 * audited. Refused (409) for a note refunded to the card in full, one marked already, or one
 * whose card refund is still pending at the bank.
 */
export function createRefundByHand({
  repository,
  audit,
  detail,
}: {
  repository: Pick<CreditNoteRepository, 'refundedByHand'>;
  audit: AuditTrail;
  detail: (id: string) => Promise<{ creditNotes: CreditNote[] }>;
}) {
  return async function refundedByHand(
    id: string,
    input: RefundByHand,
    actor: AuditActor,
  ): Promise<CreditNote> {
    const outcome = await repository.refundedByHand(existingId(id, NOT_FOUND), {
      on: input.date,
      reference: input.reference,
    });
    if (outcome.kind === 'not-found') throw new AppError(404, NOT_FOUND);
    if (outcome.kind === 'nothing-by-hand')
      throw new AppError(
        409,
        'This credit note was refunded to the card in full: nothing is left to return by hand.',
      );
    if (outcome.kind === 'refund-unsettled')
      throw new AppError(
        409,
        `The card refund of ${formatCents(outcome.note.refundAmount)} for this credit note is not settled yet (${outcome.note.refundStatus ?? 'waiting for Stripe'}): mark it returned by hand once Stripe says it succeeded or failed.`,
      );
    if (outcome.kind === 'already')
      throw new AppError(
        409,
        `This credit note was marked returned by hand already, on ${outcome.note.refundedByHandOn}.`,
      );
    const { note } = outcome;
    await audit.record(actor, {
      kind: 'invoice.credit_note_refunded_by_hand',
      targetType: 'invoice',
      targetId: note.invoiceId,
      before: { creditNoteNumber: note.creditNoteNumber, refundedByHandOn: null },
      after: {
        creditNoteNumber: note.creditNoteNumber,
        amount: note.refundedByHandAmount,
        refundedByHandOn: note.refundedByHandOn,
        reference: note.refundedByHandReference,
        returned: formatCents(note.refundedByHandAmount ?? 0),
      },
    });
    const found = (await detail(note.invoiceId)).creditNotes.find((n) => n.id === note.id);
    if (!found) throw new AppError(404, NOT_FOUND);
    return found;
  };
}
