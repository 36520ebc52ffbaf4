import type { Logger } from 'pino';
import Stripe from 'stripe';
import { invoiceName } from '@shared/schemas/invoices';
import { AppError } from '../../lib/errors';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's own https://api.stripe.com, or a stand-in / proxy. */
  apiUrl: string;
}

export interface CheckoutRequest {
  /** The client's Stripe customer; null for a pay link of an invoice nobody owns yet. */
  customerId: string | null;
  customerEmail: string;
  invoice: { id: string; invoiceNumber: string | null };
  amount: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** Keep the card for off-session renewals (the client paying from their portal). */
  saveCard: boolean;
}

export type ChargeResult =
  | { status: 'succeeded' | 'processing'; paymentIntentId: string }
  | { status: 'declined'; paymentIntentId: string | null; reason: string };

/**
 * A refund asked of Stripe: 'accepted' (its status 'succeeded', or 'pending' while the bank
 * confirms it), or 'refused' with Stripe's reason (nothing was given back).
 */
export type RefundResult =
  | { status: 'accepted'; refundId: string; refundStatus: string }
  | { status: 'refused'; reason: string };

/**
 * Whom a Stripe customer is made for: a client, or a proposal's recipient who has no account
 * yet. One customer per holder, even when two payments start at once.
 */
export type CustomerHolder = { email: string; name: string } & (
  { userId: string } | { proposalId: string }
);

export interface CardDetails {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * What the product asks of Stripe, through the official SDK: Checkout for paying an
 * invoice (card data is typed on Stripe's page, never ours: PCI SAQ A), the customer portal
 * for changing the saved card, off-session charges for renewals, and webhook verification.
 */
export function createStripeGateway(settings: StripeSettings, logger: Logger) {
  /**
   * A request the client started (Checkout, the customer portal) that Stripe refused or did
   * not answer: a 502 that says so, logged for the owner (a revoked key, a deleted customer),
   * not the 4xx of Stripe's own status, which would blame the client.
   */
  async function onBehalfOfClient<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      logger.error({ err: error }, `Stripe refused ${what}`);
      throw new AppError(502, 'The payment service did not answer. Please try again in a moment.');
    }
  }

  const url = new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    /** Test keys: links to the dashboard go to its test mode. */
    testMode: settings.secretKey.startsWith('sk_test_'),

    /**
     * A customer for a client (`userId`), or for a proposal's recipient who has no account
     * yet (`proposalId`): one per holder even when two payments start at once.
     */
    async createCustomer(holder: CustomerHolder) {
      const [metadata, idempotencyKey] =
        'userId' in holder
          ? [{ userId: holder.userId }, `customer-${holder.userId}`]
          : [{ proposalId: holder.proposalId }, `customer-proposal-${holder.proposalId}`];
      const customer = await onBehalfOfClient('a new customer', () =>
        stripe.customers.create(
          { email: holder.email, name: holder.name, metadata },
          { idempotencyKey },
        ),
      );
      return customer.id;
    },

    /** The newest card saved on the customer, if any (Stripe lists the newest first). */
    async savedCard(customerId: string): Promise<CardDetails | null> {
      const methods = await stripe.customers.listPaymentMethods(customerId, {
        type: 'card',
        limit: 1,
      });
      const [method] = methods.data;
      return method ? cardOf(method) : null;
    },

    async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
      const metadata = {
        invoiceId: request.invoice.id,
        invoiceNumber: invoiceName(request.invoice),
      };
      const session = await onBehalfOfClient('a checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_email: request.customerEmail }),
          client_reference_id: request.invoice.id,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          payment_intent_data: {
            metadata,
            description: request.description,
            ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          },
          metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Stripe's shortest: a page left open is not paid after the balance has changed.
          expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
        }),
      );
      if (!session.url) throw new AppError(502, 'Stripe did not give a checkout page');
      return { id: session.id, url: session.url };
    },

    /**
     * Closes a Checkout page that must not take money any more (what is owed changed, the
     * invoice is to be deleted, its card is about to be charged). A page that was paid (or is
     * being paid by a slower method) is 'complete', with its PaymentIntent: its money is on its
     * way to our webhook. One already expired, or unknown to Stripe, is 'closed' as well. A
     * Stripe that cannot be reached throws: whether the page can still be paid is unknown.
     */
    async closeCheckoutSession(
      sessionId: string,
    ): Promise<{ state: 'closed' } | { state: 'complete'; paymentIntentId: string | null }> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { state: 'closed' };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.code === 'resource_missing') return { state: 'closed' };
      }
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      // Refused to expire, yet still open: whether it can take money is not settled.
      if (session.status === 'open') {
        throw new Error(`Checkout session ${sessionId} could not be expired and is still open`);
      }
      if (session.status !== 'complete') return { state: 'closed' };
      const intent = session.payment_intent;
      return {
        state: 'complete',
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },

    async createBillingPortalSession(customerId: string, returnUrl: string): Promise<string> {
      const session = await onBehalfOfClient('a customer portal session', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    /**
     * Charges a saved card without the client present. The idempotency key names the invoice
     * and the attempt, so a retried request never charges twice.
     */
    async chargeOffSession(charge: {
      customerId: string;
      paymentMethodId: string;
      amount: number;
      invoice: { id: string; invoiceNumber: string | null };
      attempt: number;
    }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: 'usd',
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: `Invoice ${invoiceName(charge.invoice)}`,
            metadata: {
              invoiceId: charge.invoice.id,
              invoiceNumber: invoiceName(charge.invoice),
              attempt: String(charge.attempt),
            },
          },
          { idempotencyKey: `invoice-${charge.invoice.id}-attempt-${charge.attempt}` },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return {
            status: intent.status === 'succeeded' ? 'succeeded' : 'processing',
            paymentIntentId: intent.id,
          };
        }
        return {
          status: 'declined',
          paymentIntentId: intent.id,
          reason: intent.last_payment_error?.message ?? `payment ${intent.status}`,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
          return {
            status: 'declined',
            paymentIntentId: raw?.payment_intent?.id ?? null,
            reason: error.message,
          };
        }
        throw error;
      }
    },

    /**
     * Gives `amount` of a card payment back (a credit note's refund). The idempotency key names
     * the credit note, so asking again after no answer never refunds twice. Stripe refusing it
     * (a disputed charge, more than is left) is 'refused'; a Stripe that cannot be reached or
     * fails on its side throws, since whether the refund was made is then unknown.
     */
    async refundPayment(refund: {
      paymentIntentId: string;
      amount: number;
      creditNoteId: string;
      invoice: { id: string; invoiceNumber: string | null };
    }): Promise<RefundResult> {
      try {
        const made = await stripe.refunds.create(
          {
            payment_intent: refund.paymentIntentId,
            amount: refund.amount,
            reason: 'requested_by_customer',
            metadata: {
              creditNoteId: refund.creditNoteId,
              invoiceId: refund.invoice.id,
              invoiceNumber: invoiceName(refund.invoice),
            },
          },
          { idempotencyKey: `credit-note-${refund.creditNoteId}` },
        );
        if (made.status === 'failed' || made.status === 'canceled') {
          return { status: 'refused', reason: made.failure_reason ?? `refund ${made.status}` };
        }
        return { status: 'accepted', refundId: made.id, refundStatus: made.status ?? 'pending' };
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeAuthenticationError ||
          error instanceof Stripe.errors.StripePermissionError
        ) {
          logger.warn({ err: error }, 'Stripe refused a refund');
          return { status: 'refused', reason: error.message };
        }
        throw error;
      }
    },

    /** A PaymentIntent's status ('succeeded', 'processing', 'requires_payment_method'...). */
    async intentStatus(paymentIntentId: string): Promise<string> {
      return (await stripe.paymentIntents.retrieve(paymentIntentId)).status;
    },

    /** A PaymentIntent as Stripe has it now (its metadata names our invoice, if any). */
    async paymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
      return stripe.paymentIntents.retrieve(paymentIntentId);
    },

    /**
     * Every balance transaction an automatic payout settled (all pages, Stripe's newest
     * first), each with its source (the charge, refund or dispute) expanded. A manual payout
     * has none: Stripe cannot say what it held.
     */
    async payoutTransactions(payoutId: string): Promise<Stripe.BalanceTransaction[]> {
      return stripe.balanceTransactions
        .list({ payout: payoutId, limit: 100, expand: ['data.source'] })
        .autoPagingToArray({ limit: 10_000 });
    },

    /**
     * The newest card charges' balance transactions made before `createdBefore` (Unix time),
     * one page of 100, sources expanded: what a manual payout may have paid out.
     */
    async recentChargeTransactions(createdBefore: number): Promise<Stripe.BalanceTransaction[]> {
      const page = await stripe.balanceTransactions.list({
        type: 'charge',
        created: { lte: createdBefore },
        limit: 100,
        expand: ['data.source'],
      });
      return page.data;
    },

    async card(paymentMethodId: string): Promise<CardDetails | null> {
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      return cardOf(method);
    },

    /**
     * The event, if the signature says Stripe sent this very body with our webhook secret;
     * otherwise a 400 that changes nothing.
     */
    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!signature) throw new AppError(400, 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError(400, 'Invalid Stripe signature');
      }
    },
  };
}
export type StripeGateway = ReturnType<typeof createStripeGateway>;

/** A card payment method's details as the portal shows them; null for other kinds. */
export function cardOf(method: Stripe.PaymentMethod): CardDetails | null {
  if (!method.card) return null;
  return {
    paymentMethodId: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

export type { Stripe };
