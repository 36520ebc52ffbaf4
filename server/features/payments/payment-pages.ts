import type { Logger } from 'pino';
import type { InvoiceRow } from '../../db/schema';
import type { PaymentPageState } from '../invoices/invoices.service';
import type { PaymentRepository } from './payments.repository';
import type { StripeGateway } from './stripe-gateway';

export interface PaymentPageDeps {
  repository: Pick<PaymentRepository, 'swapOpenCheckout' | 'clearOpenCheckout'>;
  /** Null: Stripe is not configured, and no page is ever open. */
  gateway: StripeGateway | null;
  logger: Logger;
}

/**
 * The one Checkout page an invoice may have open at Stripe: closed when a payment changed
 * what is owed, when its pay link is revoked, and before the invoice is deleted.
 */
export function createPaymentPages({ repository, gateway, logger }: PaymentPageDeps) {
  /** Closes a Checkout page, logging (not throwing) when Stripe does not answer. */
  async function closeQuietly(invoiceId: string, sessionId: string): Promise<void> {
    if (!gateway) return;
    try {
      await gateway.closeCheckoutSession(sessionId);
    } catch (error) {
      // Stripe's own 30-minute expiry still closes it.
      logger.error({ err: error, invoiceId, sessionId }, 'checkout page not closed');
    }
  }

  return {
    closeQuietly,

    /**
     * Closes the invoice's open Checkout page (putting `next` in its place): after a payment
     * changed what is owed, a page still open would charge the old balance again.
     */
    async closeOpen(
      invoiceId: string,
      next: string | null = null,
      /** The page this very payment came through: nothing to close there. */
      paidThrough: string | null = null,
    ): Promise<void> {
      const earlier = await repository.swapOpenCheckout(invoiceId, next);
      if (!earlier || earlier === next || earlier === paidThrough) return;
      await closeQuietly(invoiceId, earlier);
    },

    /** The Checkout page `sessionId` was closed at Stripe: forgotten, unless another replaced it. */
    forget: (invoiceId: string, sessionId: string) =>
      repository.clearOpenCheckout(invoiceId, sessionId),

    /**
     * Before an unpaid invoice is deleted: closes its open Checkout page, so no money can
     * arrive for an invoice that is gone. 'paid' when the page was paid (or a charge of the
     * saved card taken) and its webhook is still to come: the invoice must stay.
     */
    async closeBeforeDelete(
      invoice: Pick<InvoiceRow, 'id' | 'openCheckoutSessionId' | 'lastChargeIntentId'>,
    ): Promise<PaymentPageState> {
      if (!gateway) return 'closed';
      const sessionId = invoice.openCheckoutSessionId;
      try {
        if (invoice.lastChargeIntentId) {
          const charged = await gateway.intentStatus(invoice.lastChargeIntentId);
          if (charged === 'succeeded' || charged === 'processing') return 'paid';
        }
        if (!sessionId) return 'closed';
        const page = await gateway.closeCheckoutSession(sessionId);
        if (page.state === 'complete') return 'paid';
      } catch (error) {
        logger.error({ err: error, invoiceId: invoice.id }, 'payment page not closed');
        return 'unreachable';
      }
      await repository.clearOpenCheckout(invoice.id, sessionId);
      return 'closed';
    },
  };
}
export type PaymentPages = ReturnType<typeof createPaymentPages>;
