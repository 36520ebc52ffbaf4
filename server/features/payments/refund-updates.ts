import { z } from 'zod';
import { formatCents } from '@shared/money';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import type { PaymentNotifications } from './payments.emails';
import { idOf } from './card-payments';
import type { PaymentRepository, RefundFailure } from './payments.repository';
import type { StripeEventKey } from './stripe-event-log.repository';
import type { Stripe } from './stripe-gateway';

/** Who the audit log says acted when Stripe's word changed something. */
const STRIPE: AuditActor = { adminId: null, email: 'stripe webhook' };

export interface RefundUpdateDeps {
  repository: Pick<PaymentRepository, 'once' | 'refundUpdated' | 'refundFailed'>;
  audit: AuditTrail;
  notifications: Pick<PaymentNotifications, 'refundFailed'>;
  now: () => Date;
}

const words = (reason: string) => reason.replace(/_/g, ' ');
const isUuid = (id: string | undefined): id is string => z.uuid().safeParse(id).success;

/**
 * A refund Stripe accepted moved on (refund.updated, refund.failed): a credit note's pending
 * refund that succeeds says so; one that fails or is canceled (the card closed since, say) is
 * undone, since the money is back in the agency's Stripe balance. A credit note's refund is
 * then the agency's to return another way; a refund made in the Stripe dashboard counts
 * toward its invoice again. Either way the invoice gets a warning, the audit log a row, and
 * the owner an e-mail: only they can give the money back.
 */
export function createRefundUpdates({ repository, audit, notifications, now }: RefundUpdateDeps) {
  async function tell(failure: RefundFailure, refund: Stripe.Refund, reason: string) {
    const { payment, invoice } = failure;
    const note = failure.kind === 'credit-note' ? failure.note : null;
    await audit.record(STRIPE, {
      kind: 'payment.refund_failed',
      targetType: invoice ? 'invoice' : 'payment',
      targetId: invoice?.id ?? payment.id,
      before: { refundId: refund.id, amount: refund.amount, status: 'accepted' },
      after: {
        refundId: refund.id,
        status: refund.status,
        reason,
        paymentId: payment.id,
        ...(note
          ? { creditNoteId: note.id, creditNoteNumber: note.creditNoteNumber }
          : { restored: failure.kind === 'refund' ? failure.restored : 0 }),
        ...(invoice ? { invoiceStatus: invoice.status, amountPaid: invoice.amountPaid } : {}),
      },
    });
    notifications.refundFailed({
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.invoiceNumber ?? null,
      clientName: invoice?.clientName ?? payment.payerEmail ?? 'the client',
      amount: refund.amount,
      reason,
      creditNoteNumber: note?.creditNoteNumber ?? null,
      restored: failure.kind === 'refund' ? failure.restored : 0,
      paidAgain: failure.kind === 'refund' && failure.becamePaid,
    });
  }

  return async function refundUpdated(refund: Stripe.Refund, key: StripeEventKey): Promise<void> {
    const paymentIntentId = idOf(refund.payment_intent);
    const status = refund.status ?? 'pending';
    if (!paymentIntentId) {
      await repository.once(key);
      return;
    }
    if (status !== 'failed' && status !== 'canceled') {
      await repository.refundUpdated(refund.id, status, key);
      return;
    }
    const reason = refund.failure_reason ?? status;
    const failure = await repository.refundFailed(
      {
        refundId: refund.id,
        paymentIntentId,
        amount: refund.amount,
        reason,
        status,
        // Ours name their note (stripe-gateway.ts refundPayment); anyone else's, nothing of ours.
        creditNoteId: isUuid(refund.metadata?.creditNoteId) ? refund.metadata.creditNoteId : null,
      },
      now(),
      key,
      ({ payment, note }) =>
        note
          ? `Stripe could not refund ${formatCents(refund.amount)} to the card for credit note ${note.creditNoteNumber ?? '(waiting for Stripe)'} (${words(reason)}): the money is back in your Stripe balance. Return it to the client another way.`
          : `Stripe could not make the refund of ${formatCents(refund.amount)} of a card payment of ${formatCents(payment.amount)} (${words(reason)}): the money is back in your Stripe balance and counts again. Refund it again in Stripe if it is still owed.`,
    );
    if (failure) await tell(failure, refund, reason);
  };
}
export type RefundUpdates = ReturnType<typeof createRefundUpdates>;
