import { formatCents } from '@shared/money';
import { balanceDue, isPayable } from '@shared/schemas/payments';
import type { InvoiceRow } from '../../db/schema';
import type { PaymentRecorded } from './payment-recorded';
import type { PaymentRepository } from './payments.repository';
import type { SavedCardRepository } from './saved-cards.repository';
import type { StripeEventKey } from './stripe-event-log.repository';
import type { Stripe, StripeGateway } from './stripe-gateway';

/** Our invoice ids are UUIDs: anything else in Stripe's metadata names none of ours. */
export const isInvoiceId = (id: string | undefined): id is string =>
  Boolean(id && /^[0-9a-f-]{36}$/i.test(id));

/** The id of an object Stripe sent either expanded or as its id. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Card money as Stripe tells it, from a Checkout page or a PaymentIntent. */
export interface CardPayment {
  invoiceId: string | undefined;
  invoiceNumber: string | undefined;
  amount: number;
  currency: string;
  paymentIntentId: string;
  chargeId: string | null;
  checkoutSessionId: string | null;
  payer: { customerId: string | null; email: string | null };
}

/** A PaymentIntent's money as a card payment. */
export const intentPayment = (intent: Stripe.PaymentIntent): CardPayment => ({
  invoiceId: intent.metadata?.invoiceId,
  invoiceNumber: intent.metadata?.invoiceNumber,
  amount: intent.amount_received,
  currency: intent.currency,
  paymentIntentId: intent.id,
  chargeId: idOf(intent.latest_charge),
  checkoutSessionId: null,
  payer: { customerId: idOf(intent.customer), email: intent.receipt_email ?? null },
});

/** Why a card payment must wait for the admin instead of counting, or null when it counts. */
const cardFlag =
  (amount: number, currency: string) =>
  (invoice: InvoiceRow): string | null => {
    const paid = `A card payment of ${formatCents(amount)} ${currency.toUpperCase()}`;
    if (invoice.status === 'paid') {
      return `${paid} arrived for an invoice already paid: refund it in Stripe, or keep it as credit.`;
    }
    if (invoice.status === 'void') {
      return `${paid} arrived for an invoice that was voided: refund it in Stripe.`;
    }
    if (!isPayable(invoice)) return `${paid} arrived for an invoice that was not sent.`;
    if (currency !== 'usd' || amount !== balanceDue(invoice)) {
      return `${paid} did not match the balance due of ${formatCents(balanceDue(invoice))}: it does not count until you check it.`;
    }
    return null;
  };

/** Why card money without an invoice waits for the admin. */
function orphanFlag(amount: number, currency: string, invoiceId?: string, name?: string) {
  const paid = `A card payment of ${formatCents(amount)} ${currency.toUpperCase()}`;
  if (!isInvoiceId(invoiceId)) {
    return `${paid} arrived that names no invoice of ours: refund it in Stripe, or record it on the right invoice by hand.`;
  }
  const which = name && name !== 'Draft' ? `invoice ${name}` : 'a draft invoice';
  return `${paid} arrived for ${which}, which no longer exists: refund it in Stripe, or record it on another invoice by hand.`;
}

export interface CardPaymentDeps {
  repository: Pick<
    PaymentRepository,
    'record' | 'once' | 'findInvoice' | 'findVerifiedClientByEmail'
  >;
  savedCards: Pick<SavedCardRepository, 'findClientByCustomer'>;
  gateway: StripeGateway | null;
  paymentRecorded: PaymentRecorded;
  now: () => Date;
}

/**
 * Stripe's word that card money moved, put on record (ADR 018). Money for an invoice that is
 * gone, or that names none of ours, is kept as an orphan: Stripe took it, so it is on record,
 * flagged, with who paid, until the admin refunds or places it.
 */
export function createCardPayments({
  repository,
  savedCards,
  gateway,
  paymentRecorded,
  now,
}: CardPaymentDeps) {
  /** Who paid on Stripe's page: the client of its customer, or of the e-mail typed there. */
  async function payerOf(payer: CardPayment['payer']) {
    const client =
      (payer.customerId ? await savedCards.findClientByCustomer(payer.customerId) : null) ??
      (payer.email ? await repository.findVerifiedClientByEmail(payer.email) : null);
    return { clientId: client?.id ?? null, payerEmail: payer.email?.toLowerCase() ?? null };
  }

  async function record(event: StripeEventKey | undefined, payment: CardPayment) {
    const outcome = await repository.record(
      {
        invoiceId: isInvoiceId(payment.invoiceId) ? payment.invoiceId : null,
        ...(await payerOf(payment.payer)),
        amount: payment.amount,
        currency: payment.currency,
        method: 'card',
        paidAt: now(),
        stripe: {
          paymentIntentId: payment.paymentIntentId,
          chargeId: payment.chargeId,
          checkoutSessionId: payment.checkoutSessionId,
        },
      },
      {
        event,
        requirePayable: false,
        flagFor: cardFlag(payment.amount, payment.currency),
        orphanFlag: orphanFlag(
          payment.amount,
          payment.currency,
          payment.invoiceId,
          payment.invoiceNumber,
        ),
      },
    );
    await paymentRecorded(outcome);
  }

  return {
    record,

    /**
     * A refund or dispute about a payment not recorded. When its PaymentIntent names an
     * invoice that exists, its payment event has not arrived yet: this event fails and Stripe
     * delivers it again later. When that invoice is gone, the payment is recorded now as an
     * orphan (from the PaymentIntent) and the event applied to it, rather than failing on
     * every delivery. A PaymentIntent that names no invoice is not ours and is let go.
     */
    async unknownPayment(
      event: StripeEventKey,
      paymentIntentId: string,
      apply: () => Promise<unknown>,
    ): Promise<void> {
      const intent = gateway ? await gateway.paymentIntent(paymentIntentId) : null;
      const invoiceId = intent?.metadata?.invoiceId;
      if (!intent || !isInvoiceId(invoiceId)) {
        await repository.once(event);
        return;
      }
      if (await repository.findInvoice(invoiceId)) {
        throw new Error(
          `${event.type} ${event.id} came before the payment of ${paymentIntentId}: to be delivered again`,
        );
      }
      await record(undefined, intentPayment(intent));
      await apply();
    },
  };
}
export type CardPayments = ReturnType<typeof createCardPayments>;
