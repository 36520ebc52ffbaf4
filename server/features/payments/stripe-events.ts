import type { Logger } from 'pino';
import { formatCents } from '@shared/money';
import { isPayable } from '@shared/schemas/payments';
import type { PaymentRow } from '../../db/schema';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentNotifications } from './payments.emails';
import { idOf, intentPayment, type CardPayments } from './card-payments';
import { requireGateway } from './online-payments';
import type { PaymentRepository } from './payments.repository';
import type { Payouts } from './payouts';
import type { RefundUpdates } from './refund-updates';
import type { SavedCardRepository } from './saved-cards.repository';
import type { StripeEventKey } from './stripe-event-log.repository';
import { cardOf, type Stripe, type StripeGateway } from './stripe-gateway';

export interface StripeEventDeps {
  repository: Pick<PaymentRepository, 'once' | 'findInvoice' | 'refund' | 'flagPaymentInvoice'>;
  savedCards: Pick<SavedCardRepository, 'findClientByCustomer' | 'saveCard' | 'clearCard'>;
  gateway: StripeGateway | null;
  cardPayments: CardPayments;
  /** A refund Stripe accepted that succeeds or fails later (refund-updates.ts). */
  refundUpdates: RefundUpdates;
  /** Stripe's payouts to the bank and what they held (payouts.ts). */
  payouts: Pick<Payouts, 'paid' | 'failed'>;
  payLinks: Pick<PayLinks, 'howToPay'>;
  notifications: Pick<PaymentNotifications, 'paymentFailed'>;
  logger: Logger;
  now: () => Date;
}

type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
type Handler<E extends Stripe.Event> = (event: E, key: StripeEventKey) => Promise<void>;

/** The Stripe events we act on (the webhook endpoint subscribes to these: docs/payments.md). */
type Handled =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'charge.refunded'
  | 'refund.updated'
  | 'refund.failed'
  | 'charge.dispute.created'
  | 'payment_method.attached'
  | 'payment_method.detached'
  | 'customer.updated'
  | 'payout.paid'
  | 'payout.failed';

/**
 * Stripe's webhooks, one small handler per event type. Each effect is written in one
 * transaction with the event's id, so a replay or a concurrent second delivery does nothing.
 */
export function createStripeEvents({
  repository,
  savedCards,
  gateway,
  cardPayments,
  refundUpdates,
  payouts,
  payLinks,
  notifications,
  logger,
  now,
}: StripeEventDeps) {
  /** Checkout says a page was paid: the money is recorded (a page not paid yet is only noted). */
  const checkoutPaid: Handler<
    EventOf<'checkout.session.completed' | 'checkout.session.async_payment_succeeded'>
  > = async ({ data: { object: session } }, key) => {
    if (session.mode !== 'payment' || session.payment_status !== 'paid') {
      await repository.once(key);
      return;
    }
    await cardPayments.record(key, {
      invoiceId: session.metadata?.invoiceId,
      invoiceNumber: session.metadata?.invoiceNumber,
      amount: session.amount_total ?? 0,
      currency: session.currency ?? '',
      paymentIntentId: idOf(session.payment_intent) ?? session.id,
      chargeId: null,
      checkoutSessionId: session.id,
      payer: {
        customerId: idOf(session.customer),
        email: session.customer_details?.email ?? session.customer_email ?? null,
      },
    });
  };

  /** A bank payment started on Checkout failed: the client is told how to pay instead. */
  const checkoutFailed: Handler<EventOf<'checkout.session.async_payment_failed'>> = async (
    { data: { object: session } },
    key,
  ) => {
    const invoiceId = session.metadata?.invoiceId;
    const first = await repository.once(key);
    const invoice = invoiceId && !first.duplicate ? await repository.findInvoice(invoiceId) : null;
    if (invoice && isPayable(invoice)) {
      await notifications.paymentFailed(invoice, await payLinks.howToPay(invoice));
    }
  };

  /** The client saw it on Checkout's page, or the renewal run e-mailed them: only noted. */
  const intentFailed: Handler<EventOf<'payment_intent.payment_failed'>> = async (
    { data: { object: intent } },
    key,
  ) => {
    await repository.once(key);
    logger.info(
      { invoiceId: intent.metadata?.invoiceId, reason: intent.last_payment_error?.message },
      'card payment failed',
    );
  };

  const refunded: Handler<EventOf<'charge.refunded'>> = async (
    { data: { object: charge } },
    key,
  ) => {
    const intentId = idOf(charge.payment_intent);
    if (!intentId) {
      await repository.once(key);
      return;
    }
    const refund = () =>
      repository.refund(
        intentId,
        charge.amount_refunded,
        now(),
        key,
        (amount, payment) =>
          `Stripe refunded ${formatCents(amount)} of a card payment of ${formatCents(payment.amount)}: the rest still counts toward the invoice.`,
      );
    if ((await refund()) === 'unknown') await cardPayments.unknownPayment(key, intentId, refund);
  };

  const disputed: Handler<EventOf<'charge.dispute.created'>> = async (
    { data: { object: dispute } },
    key,
  ) => {
    const intentId = idOf(dispute.payment_intent);
    if (!intentId) {
      await repository.once(key);
      return;
    }
    const flag = () =>
      repository.flagPaymentInvoice(
        intentId,
        (payment: PaymentRow) =>
          `The client disputed a card payment of ${formatCents(payment.amount)} (${dispute.reason.replace(/_/g, ' ')}): answer it in the Stripe dashboard.`,
        now(),
        key,
      );
    if ((await flag()) === 'unknown') await cardPayments.unknownPayment(key, intentId, flag);
  };

  /** A card saved on Checkout's page: kept on the client of its customer. */
  const cardAttached: Handler<EventOf<'payment_method.attached'>> = async (
    { data: { object: method } },
    key,
  ) => {
    const customerId = idOf(method.customer);
    const card = cardOf(method);
    const client = customerId ? await savedCards.findClientByCustomer(customerId) : null;
    if (!client || !card) await repository.once(key);
    else await savedCards.saveCard(client.id, card, key);
  };

  /** The client chose another default card in Stripe's customer portal. */
  const customerUpdated: Handler<EventOf<'customer.updated'>> = async (
    { data: { object: customer } },
    key,
  ) => {
    const methodId = idOf(customer.invoice_settings?.default_payment_method);
    const client = await savedCards.findClientByCustomer(customer.id);
    if (!gateway || !methodId || !client || client.cardPaymentMethodId === methodId) {
      await repository.once(key);
      return;
    }
    const card = await gateway.card(methodId);
    if (card) await savedCards.saveCard(client.id, card, key);
    else await repository.once(key);
  };

  const handlers: { [T in Handled]: Handler<EventOf<T>> } = {
    'checkout.session.completed': checkoutPaid,
    'checkout.session.async_payment_succeeded': checkoutPaid,
    'checkout.session.async_payment_failed': checkoutFailed,
    'payment_intent.succeeded': ({ data: { object: intent } }, key) =>
      cardPayments.record(key, intentPayment(intent)),
    'payment_intent.payment_failed': intentFailed,
    'charge.refunded': refunded,
    // Both come for one failure (refund.failed is the newer); its effect is had once.
    'refund.updated': ({ data: { object: refund } }, key) => refundUpdates(refund, key),
    'refund.failed': ({ data: { object: refund } }, key) => refundUpdates(refund, key),
    'charge.dispute.created': disputed,
    'payment_method.attached': cardAttached,
    'payment_method.detached': async ({ data: { object: method } }, key) => {
      await savedCards.clearCard(method.id, key);
    },
    'customer.updated': customerUpdated,
    'payout.paid': ({ data: { object: payout } }, key) => payouts.paid(payout, key),
    'payout.failed': ({ data: { object: payout } }, key) => payouts.failed(payout, key),
  };

  const isHandled = (type: string): type is Handled => Object.hasOwn(handlers, type);

  return {
    /** POST /api/webhooks/stripe: the body as received and its signature. */
    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      return requireGateway(gateway).verifyEvent(rawBody, signature);
    },

    /** One verified Stripe event, to its handler. Unknown kinds: ignored. */
    async handleEvent(event: Stripe.Event): Promise<'handled' | 'ignored'> {
      if (!isHandled(event.type)) return 'ignored';
      const handler = handlers[event.type] as Handler<EventOf<Handled>>;
      await handler(event as EventOf<Handled>, { id: event.id, type: event.type });
      return 'handled';
    },
  };
}
