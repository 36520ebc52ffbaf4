import type { Database, Transaction } from '../../db/client';
import { stripeEvents } from '../../db/schema';

/** A Stripe event being handled: recorded in the transaction of its effect. */
export interface StripeEventKey {
  id: string;
  type: string;
}

/**
 * Runs `effect` in one transaction with the record of the event that caused it: a replayed
 * or concurrently delivered event finds the id taken (the second insert waits for the first
 * transaction, then conflicts) and has no effect. Without an event, just a transaction.
 */
export async function onceForEvent<T>(
  db: Database,
  event: StripeEventKey | undefined,
  effect: (tx: Transaction) => Promise<T>,
): Promise<{ duplicate: true } | { duplicate: false; result: T }> {
  return db.transaction(async (tx) => {
    if (event) {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return { duplicate: true as const };
    }
    return { duplicate: false as const, result: await effect(tx) };
  });
}
