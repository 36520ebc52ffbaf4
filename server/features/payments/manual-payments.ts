import { calendarDateIn, noonIn } from '@shared/dates';
import { formatCents } from '@shared/money';
import { balanceDue, isPayable, type RecordPayment } from '@shared/schemas/payments';
import type { InvoiceDetail } from '@shared/schemas/invoices';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InvoiceService } from '../invoices/invoices.service';
import type { PaymentRecorded } from './payment-recorded';
import type { PaymentRepository } from './payments.repository';

const INVOICE_NOT_FOUND = 'Invoice not found';

export interface ManualPaymentDeps {
  repository: Pick<PaymentRepository, 'record' | 'findInvoice'>;
  invoices: Pick<InvoiceService, 'detail'>;
  audit: AuditTrail;
  paymentRecorded: PaymentRecorded;
  now: () => Date;
  /**
   * The business's time zone, whose today a payment marked paid is dated, and in whose calendar
   * the day a payment was received is that day.
   */
  timeZone: string;
}

/** Payments the admin received outside Stripe (bank transfer, check, cash), put on record. */
export function createManualPayments({
  repository,
  invoices,
  audit,
  paymentRecorded,
  now,
  timeZone,
}: ManualPaymentDeps) {
  /**
   * The instant a day received by hand is kept as. The day has no time of day: noon there
   * keeps it on that day in every reading of the business's calendar (its screens, a month's
   * revenue), even far east of UTC. Today's is this moment when noon has not come yet, so that
   * nothing it pays (a plan started, say) is dated in the future.
   */
  function receivedAt(day: string): Date {
    const noon = noonIn(day, timeZone);
    const at = now();
    return day === calendarDateIn(at, timeZone) && at < noon ? at : noon;
  }

  async function recordManual(
    invoiceId: string,
    input: RecordPayment,
    actor: AuditActor,
  ): Promise<InvoiceDetail> {
    const outcome = await repository.record(
      {
        invoiceId: existingId(invoiceId, INVOICE_NOT_FOUND),
        amount: input.amount,
        currency: 'usd',
        method: input.method,
        paidAt: receivedAt(input.paidOn),
        reference: input.reference,
      },
      { requirePayable: true, flagFor: () => null },
    );
    if (outcome.kind === 'no-invoice') throw new AppError(404, INVOICE_NOT_FOUND);
    if (outcome.kind === 'not-payable') {
      throw new AppError(409, `An invoice that is ${outcome.invoice.status} cannot take a payment`);
    }
    if (outcome.kind === 'more-than-due') {
      throw new AppError(
        409,
        `The payment is more than the balance due of ${formatCents(balanceDue(outcome.invoice))}`,
      );
    }
    if (outcome.kind !== 'recorded') throw new Error('A manual payment cannot be a duplicate');
    await audit.record(actor, {
      kind: outcome.becamePaid ? 'invoice.paid' : 'invoice.payment_recorded',
      targetType: 'invoice',
      targetId: outcome.invoice.id,
      before: null,
      after: {
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        amountPaid: outcome.invoice.amountPaid,
      },
    });
    await paymentRecorded(outcome);
    return invoices.detail(outcome.invoice.id);
  }

  return {
    recordManual,

    /** "Mark as paid" of the spec's API: a payment of the whole balance, method other. */
    async payInFull(invoiceId: string, actor: AuditActor): Promise<InvoiceDetail> {
      const invoice = await repository.findInvoice(existingId(invoiceId, INVOICE_NOT_FOUND));
      if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
      if (!isPayable(invoice)) {
        throw new AppError(409, `An invoice that is ${invoice.status} cannot be marked paid`);
      }
      return recordManual(
        invoiceId,
        {
          amount: balanceDue(invoice),
          method: 'other',
          paidOn: calendarDateIn(now(), timeZone),
          reference: '',
        },
        actor,
      );
    },
  };
}
