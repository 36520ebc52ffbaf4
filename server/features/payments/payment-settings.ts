import type { PaymentSettings } from '@shared/schemas/payments';
import { AppError } from '../../lib/errors';
import { requireGateway } from './online-payments';
import type { SavedCardRepository } from './saved-cards.repository';
import type { StripeGateway } from './stripe-gateway';

export interface PaymentSettingsDeps {
  savedCards: Pick<
    SavedCardRepository,
    'findClient' | 'findClientByCustomer' | 'setAutoPay' | 'adoptStripeCustomer' | 'saveCard'
  >;
  /** Null: Stripe is not configured, online payment is off. */
  gateway: StripeGateway | null;
  appUrl: string;
  paymentInstructions: () => Promise<string>;
}

/** How the signed-in client pays: by card or not, their saved card, automatic renewals. */
export function createPaymentSettings({
  savedCards,
  gateway,
  appUrl,
  paymentInstructions,
}: PaymentSettingsDeps) {
  async function get(userId: string): Promise<PaymentSettings> {
    const client = await savedCards.findClient(userId);
    const card =
      client?.cardPaymentMethodId && client.cardBrand && client.cardLast4
        ? {
            brand: client.cardBrand,
            last4: client.cardLast4,
            expMonth: client.cardExpMonth ?? 0,
            expYear: client.cardExpYear ?? 0,
          }
        : null;
    return {
      onlinePayments: gateway !== null,
      paymentInstructions: await paymentInstructions(),
      card,
      autoPay: Boolean(client?.autoPay),
    };
  }

  return {
    get,

    async setAutoPay(userId: string, autoPay: boolean): Promise<PaymentSettings> {
      await savedCards.setAutoPay(userId, autoPay);
      return get(userId);
    },

    /**
     * The Stripe customer a proposal's recipient paid with before having an account becomes
     * the client's, with the card saved there, so their renewals are charged to it (issue
     * 38). A client who has a card saved already keeps theirs. Safe to run again: the card
     * Stripe's webhook saved for the same customer is the same card.
     */
    async adoptCustomer(
      userId: string,
      customerId: string,
    ): Promise<'adopted' | 'kept-their-own' | 'not-theirs'> {
      const client = await savedCards.findClient(userId);
      if (!client) return 'not-theirs';
      if (client.stripeCustomerId !== customerId) {
        if (client.stripeCustomerId && client.cardPaymentMethodId) return 'kept-their-own';
        const holder = await savedCards.findClientByCustomer(customerId);
        if (holder) return 'not-theirs';
        const adopted = await savedCards.adoptStripeCustomer(
          userId,
          client.stripeCustomerId,
          customerId,
        );
        if (!adopted) return 'kept-their-own';
      }
      // Paid before the account existed: Stripe's payment_method.attached found no client then.
      const card = gateway ? await gateway.savedCard(customerId) : null;
      if (card) await savedCards.saveCard(userId, card);
      return 'adopted';
    },

    /** Stripe's customer portal, where the client changes the saved card. */
    async customerPortal(userId: string): Promise<string> {
      const stripe = requireGateway(gateway);
      const client = await savedCards.findClient(userId);
      if (!client?.stripeCustomerId) {
        throw new AppError(409, 'No card is saved yet: pay an invoice by card first.');
      }
      return stripe.createBillingPortalSession(
        client.stripeCustomerId,
        `${appUrl}/portal/dashboard`,
      );
    },
  };
}
