import type { Logger } from 'pino';
import { addDaysToDate, calendarDateIn } from '@shared/dates';
import { balanceDue, isPayable } from '@shared/schemas/payments';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentEmails } from '../payments/payments.emails';
import type { PaymentPages } from '../payments/payment-pages';
import type { StripeGateway } from '../payments/stripe-gateway';
import type { BillingRepository } from './billing.repository';

export interface RenewalChargeDeps {
  repository: Pick<
    BillingRepository,
    'dueForCharge' | 'claimChargeAttempt' | 'chargeTaken' | 'releaseChargeAttempt'
  >;
  /** Null: Stripe is not configured, and nothing is charged. */
  gateway: StripeGateway | null;
  pages: Pick<PaymentPages, 'forget'>;
  payLinks: Pick<PayLinks, 'howToPay'>;
  notifications: Pick<PaymentEmails, 'chargeDeclined'>;
  /** Days after the due date that a declined renewal charge is tried again. */
  retryDays: number[];
  logger: Logger;
  now: () => Date;
  /** The business's calendar (BILLING_TIMEZONE): a charge is due on its due date there. */
  timeZone: string;
}

export interface RenewalCharges {
  charged: number;
  declined: number;
  failed: number;
}

/**
 * A step of the daily billing run: each auto-pay renewal whose day has come is charged to the
 * saved card, once per attempt (claimed in the database, idempotency key per attempt). A
 * decline tells the client, with the pay link and the next try; after the last try the
 * past-due rule of the run applies. Success is recorded by the webhook (ADR 018).
 */
export function createRenewalCharges({
  repository,
  gateway,
  pages,
  payLinks,
  notifications,
  retryDays,
  logger,
  now,
  timeZone,
}: RenewalChargeDeps) {
  return async function chargeDueRenewals(): Promise<RenewalCharges> {
    const result = { charged: 0, declined: 0, failed: 0 };
    if (!gateway) return result;
    const today = calendarDateIn(now(), timeZone);
    const maxAttempts = retryDays.length + 1;
    for (const { invoice, client } of await repository.dueForCharge(today, maxAttempts)) {
      const attempt = invoice.chargeAttempts + 1;
      const retryDay = retryDays[attempt - 1];
      const nextTry = retryDay === undefined ? null : addDaysToDate(invoice.dueDate, retryDay);
      const claimed = await repository.claimChargeAttempt(invoice.id, attempt, nextTry);
      if (!claimed) continue;
      const release = () =>
        repository.releaseChargeAttempt(invoice.id, attempt, invoice.nextChargeOn);
      let charge;
      try {
        // Paid another way since the run read it (the client on a payment page, the
        // owner recording a transfer): nothing to charge.
        if (!isPayable(claimed) || balanceDue(claimed) <= 0) {
          await release();
          continue;
        }
        // A charge Stripe took whose webhook has not come yet is not charged again.
        if (claimed.lastChargeIntentId) {
          const earlier = await gateway.intentStatus(claimed.lastChargeIntentId);
          if (earlier === 'succeeded' || earlier === 'processing') {
            await repository.chargeTaken(invoice.id, claimed.lastChargeIntentId);
            continue;
          }
        }
        // A renewal the client paid through Checkout (perhaps while we were down, its
        // webhook not yet here) is not charged again: its page is closed first, and a page
        // already paid is remembered like a charge taken. The webhook records the money
        // (ADR 018); a later run asks Stripe about that PaymentIntent, never charges.
        const pageId = claimed.openCheckoutSessionId;
        const page = pageId ? await gateway.closeCheckoutSession(pageId) : null;
        if (page?.state === 'complete') {
          if (page.paymentIntentId) await repository.chargeTaken(invoice.id, page.paymentIntentId);
          else await release();
          logger.warn({ invoiceId: invoice.id }, 'renewal already paid through Checkout');
          continue;
        }
        if (pageId) await pages.forget(invoice.id, pageId);
        charge = await gateway.chargeOffSession({
          customerId: client.stripeCustomerId!,
          paymentMethodId: client.cardPaymentMethodId!,
          amount: balanceDue(claimed),
          invoice: claimed,
          attempt,
        });
      } catch (error) {
        // Stripe unreachable, or an answer lost: the attempt is given back, and the next
        // run sends the same attempt with the same idempotency key, which Stripe answers
        // once. The other invoices of this run still get theirs.
        await release();
        result.failed += 1;
        logger.error({ err: error, invoiceId: invoice.id, attempt }, 'renewal charge failed');
        continue;
      }
      if (charge.status !== 'declined') {
        if (charge.paymentIntentId) {
          await repository.chargeTaken(invoice.id, charge.paymentIntentId);
        }
        result.charged += 1;
        continue;
      }
      result.declined += 1;
      logger.warn({ invoiceId: invoice.id, attempt, reason: charge.reason }, 'renewal declined');
      await notifications.chargeDeclined(
        claimed,
        { reason: charge.reason, nextTry, amount: balanceDue(claimed) },
        await payLinks.howToPay(claimed),
      );
    }
    return result;
  };
}
