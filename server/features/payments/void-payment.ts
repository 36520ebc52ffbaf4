import { calendarDateIn } from '@shared/dates';
import { invoiceName } from '@shared/schemas/invoices';
import { balanceDue, type Payment } from '@shared/schemas/payments';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { toPayment } from '../invoices/invoices.service';
import type { PaymentNotifications } from './payments.emails';
import type { PaymentRepository } from './payments.repository';

const PAYMENT_NOT_FOUND = 'Payment not found';

export interface VoidPaymentDeps {
  repository: Pick<PaymentRepository, 'voidManual'>;
  notifications: Pick<PaymentNotifications, 'paymentVoided'>;
  audit: AuditTrail;
  stripeTestMode: boolean;
  now: () => Date;
  /** The business's calendar (BILLING_TIMEZONE): a reopened invoice is overdue by its today. */
  timeZone: string;
}

/**
 * A payment the admin recorded by mistake is voided with a reason: it counts toward nothing,
 * the invoice's balance comes back (a paid invoice is open again), the client gets a corrected
 * receipt, and the audit log keeps the void beside the payment's own record. Card money is
 * refunded in Stripe instead (the refund webhook records it).
 */
export function createVoidPayment({
  repository,
  notifications,
  audit,
  stripeTestMode,
  now,
  timeZone,
}: VoidPaymentDeps) {
  return async function voidPayment(
    paymentId: string,
    reason: string,
    actor: AuditActor,
  ): Promise<Payment> {
    const at = now();
    const outcome = await repository.voidManual(
      existingId(paymentId, PAYMENT_NOT_FOUND),
      reason,
      calendarDateIn(at, timeZone),
      at,
    );
    if (outcome.kind === 'not-found') throw new AppError(404, PAYMENT_NOT_FOUND);
    if (outcome.kind === 'card') {
      throw new AppError(
        409,
        'A card payment is not voided: refund it in Stripe, and the refund is recorded here.',
      );
    }
    if (outcome.kind === 'already-voided') throw new AppError(409, 'This payment is void already.');
    if (outcome.kind === 'credited') {
      throw new AppError(
        409,
        'Its invoice has credit notes, which already say what of this money goes back: a payment of a credited invoice stays on record.',
      );
    }
    const { payment, invoice } = outcome;
    await audit.record(actor, {
      kind: 'payment.voided',
      targetType: invoice ? 'invoice' : 'payment',
      targetId: invoice?.id ?? payment.id,
      before: { paymentId: payment.id, amount: payment.amount, method: payment.method },
      after: {
        paymentId: payment.id,
        reason,
        ...(invoice ? { status: invoice.status, amountPaid: invoice.amountPaid } : {}),
      },
    });
    if (invoice) {
      await notifications.paymentVoided(
        {
          invoiceNumber: invoiceName(invoice),
          clientName: invoice.clientName,
          clientEmail: invoice.clientEmail,
          total: invoice.total,
          dueDate: invoice.dueDate,
          balanceDue: balanceDue(invoice),
        },
        { amount: payment.amount, paidOn: calendarDateIn(payment.paidAt, timeZone), reason },
      );
    }
    // Only a payment recorded by hand is voided: no Stripe payout ever held it.
    return toPayment(payment, stripeTestMode, null);
  };
}
