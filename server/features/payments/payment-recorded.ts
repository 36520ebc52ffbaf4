import type { Logger } from 'pino';
import type { InvoiceRow } from '../../db/schema';
import type { InvoiceService } from '../invoices/invoices.service';
import type { PaymentNotifications } from './payments.emails';
import type { PaymentPages } from './payment-pages';
import type { RecordOutcome } from './payments.repository';

export interface PaymentRecordedDeps {
  invoices: Pick<InvoiceService, 'pdf'>;
  notifications: Pick<PaymentNotifications, 'paymentReceipt' | 'forgetPayLink'>;
  pages: Pick<PaymentPages, 'closeOpen'>;
  logger: Logger;
}

/**
 * What follows a payment on record, by card or by hand: a page still open for the old balance
 * is closed; a payment that paid the invoice blanks its pay link and sends the receipt; money
 * waiting for the admin is logged.
 */
export function createPaymentRecorded({
  invoices,
  notifications,
  pages,
  logger,
}: PaymentRecordedDeps) {
  /** After a payment covered an invoice: the receipt, with the PDF now marked paid. */
  async function sendReceipt(invoice: InvoiceRow): Promise<void> {
    try {
      const { content } = await invoices.pdf(invoice.id);
      await notifications.paymentReceipt(invoice, content);
    } catch (error) {
      logger.error({ err: error, invoiceId: invoice.id }, 'receipt not sent');
    }
  }

  return async function paymentRecorded(outcome: RecordOutcome): Promise<void> {
    if (outcome.kind === 'recorded') {
      await pages.closeOpen(outcome.invoice.id, null, outcome.payment.stripeCheckoutSessionId);
    }
    if (outcome.kind === 'recorded' && outcome.becamePaid) {
      // Its pay link has done its work: the copies the outbox keeps are blanked.
      await notifications.forgetPayLink(outcome.invoice.id);
      await sendReceipt(outcome.invoice);
    }
    if (outcome.kind === 'orphan') {
      logger.warn(
        { paymentId: outcome.payment.id, flag: outcome.payment.flag },
        'Stripe payment without an invoice: kept as an orphan for the admin',
      );
    }
    if (outcome.kind === 'recorded' && outcome.payment.flag) {
      logger.warn(
        { invoiceId: outcome.invoice.id, flag: outcome.payment.flag },
        'payment flagged for the admin',
      );
    }
  };
}
export type PaymentRecorded = ReturnType<typeof createPaymentRecorded>;
