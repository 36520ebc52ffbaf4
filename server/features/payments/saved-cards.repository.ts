import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { onceForEvent, type StripeEventKey } from './stripe-event-log.repository';

export interface SavedCardValues {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The Stripe side of a client: their Stripe customer, the card saved there, auto-pay. */
export function createSavedCardRepository(db: Database) {
  return {
    async findClient(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async findClientByCustomer(customerId: string) {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return row ?? null;
    },

    /** Keeps the client's Stripe customer unless another request stored one first; the one kept. */
    async setStripeCustomer(userId: string, customerId: string): Promise<string> {
      await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
      const [row] = await db
        .select({ id: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.id ?? customerId;
    },

    /**
     * The client takes the customer `to` in place of `from` (theirs as read: none, or one with
     * no card saved), unless it changed meanwhile: whether it did.
     */
    async adoptStripeCustomer(userId: string, from: string | null, to: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ stripeCustomerId: to })
        .where(
          and(
            eq(users.id, userId),
            from === null ? isNull(users.stripeCustomerId) : eq(users.stripeCustomerId, from),
            isNull(users.cardPaymentMethodId),
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async saveCard(userId: string, card: SavedCardValues, event?: StripeEventKey) {
      return onceForEvent(db, event, async (tx) => {
        await tx
          .update(users)
          .set({
            cardPaymentMethodId: card.paymentMethodId,
            cardBrand: card.brand,
            cardLast4: card.last4,
            cardExpMonth: card.expMonth,
            cardExpYear: card.expYear,
          })
          .where(eq(users.id, userId));
      });
    },

    /** Forgets the saved card when it is the one Stripe detached. */
    async clearCard(paymentMethodId: string, event: StripeEventKey) {
      return onceForEvent(db, event, async (tx) => {
        await tx
          .update(users)
          .set({
            cardPaymentMethodId: null,
            cardBrand: null,
            cardLast4: null,
            cardExpMonth: null,
            cardExpYear: null,
          })
          .where(eq(users.cardPaymentMethodId, paymentMethodId));
      });
    },

    async setAutoPay(userId: string, autoPay: boolean): Promise<void> {
      await db.update(users).set({ autoPay }).where(eq(users.id, userId));
    },
  };
}
export type SavedCardRepository = ReturnType<typeof createSavedCardRepository>;
