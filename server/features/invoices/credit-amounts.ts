import { formatCents } from '@shared/money';
import type { Creditable } from '@shared/schemas/credit-notes';
import type { CreditNoteRow, InvoiceRow, PaymentRow } from '../../db/schema';

type NoteFacts = Pick<CreditNoteRow, 'amount' | 'paymentId' | 'refundAmount'>;

/** The card payment a credit note's refund goes back to, and how much of it can. */
export interface RefundableCard {
  paymentId: string;
  paymentIntentId: string;
  refundable: number;
}

/**
 * What can still be credited on an invoice: of what its payments cover (amountPaid), what no
 * credit note (issued or still waiting for Stripe) has taken; nothing unless it is paid. The
 * card part is what is left of its one largest card payment that counts (not flagged, not
 * voided) once Stripe's own refunds and earlier notes' refunds of it are taken off; none
 * when card refunds are off (no Stripe keys).
 */
export function creditableOf(
  invoice: Pick<InvoiceRow, 'status' | 'amountPaid'>,
  payments: ReadonlyArray<
    Pick<
      PaymentRow,
      'id' | 'method' | 'amount' | 'refundedAmount' | 'flag' | 'voidedAt' | 'stripePaymentIntentId'
    >
  >,
  notes: readonly NoteFacts[],
  cardRefunds: boolean,
): Creditable & { card: RefundableCard | null } {
  const credited = notes.reduce((sum, note) => sum + note.amount, 0);
  const remaining = invoice.status === 'paid' ? Math.max(0, invoice.amountPaid - credited) : 0;
  let card: RefundableCard | null = null;
  for (const payment of payments) {
    if (!cardRefunds || payment.method !== 'card' || !payment.stripePaymentIntentId) continue;
    if (payment.flag || payment.voidedAt) continue;
    const refundedByNotes = notes
      .filter((note) => note.paymentId === payment.id)
      .reduce((sum, note) => sum + note.refundAmount, 0);
    const refundable = payment.amount - payment.refundedAmount - refundedByNotes;
    if (refundable > 0 && refundable > (card?.refundable ?? 0)) {
      card = {
        paymentId: payment.id,
        paymentIntentId: payment.stripePaymentIntentId,
        refundable,
      };
    }
  }
  return { remaining, cardRefundable: Math.min(remaining, card?.refundable ?? 0), card };
}

/** What a credit note asked for comes to, decided from the facts of its paid invoice. */
export type CreditNoteDecision =
  | { kind: 'not-paid' }
  | { kind: 'nothing-left' }
  | { kind: 'too-much'; remaining: number }
  | {
      kind: 'reserve';
      amount: number;
      /** What of it goes back to the card (`card`), the rest being the agency's to return. */
      refundAmount: number;
      card: RefundableCard | null;
    };

/**
 * A credit note of `amount` (unset: all that is still un-credited) on this invoice: only a paid
 * invoice is credited, never more than is left, its refund going back to the card it was paid
 * with as far as that payment can take it. The rule credit-note-lifecycle's reserveCreditNote
 * writes, with the invoice locked.
 */
export function creditNoteFor(
  invoice: Parameters<typeof creditableOf>[0],
  payments: Parameters<typeof creditableOf>[1],
  notes: readonly NoteFacts[],
  request: { amount?: number; cardRefunds: boolean },
): CreditNoteDecision {
  if (invoice.status !== 'paid') return { kind: 'not-paid' };
  const { remaining, card } = creditableOf(invoice, payments, notes, request.cardRefunds);
  if (remaining <= 0) return { kind: 'nothing-left' };
  const amount = request.amount ?? remaining;
  if (amount > remaining) return { kind: 'too-much', remaining };
  const refundAmount = card ? Math.min(amount, card.refundable) : 0;
  return { kind: 'reserve', amount, refundAmount, card: refundAmount > 0 ? card : null };
}

/** What the credit note says of where the money goes, in the client's words. */
export function refundSentence(note: Pick<CreditNoteRow, 'amount' | 'refundAmount'>): string {
  const byHand = note.amount - note.refundAmount;
  if (byHand === 0) return `${formatCents(note.amount)} is refunded to the card you paid with.`;
  if (note.refundAmount === 0)
    return `${formatCents(note.amount)} is returned to you by us directly.`;
  return `${formatCents(note.refundAmount)} is refunded to the card you paid with, and ${formatCents(byHand)} is returned to you by us directly.`;
}
