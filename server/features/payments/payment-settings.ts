import type { PaymentSettings } from '@shared/schemas/payments';
import { AppError } from '../../lib/errors';
import { requireGateway } from './online-payments';
import type { SavedCardRepository } from './saved-cards.repository';
import type { StripeGateway } from './stripe-gateway';

export interface PaymentSettingsDeps {
  savedCards: Pick<SavedCardRepository, 'findClient' | 'setAutoPay'>;
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
