import type { SubscriptionEventKind } from '@shared/schemas/subscriptions';
import type { Database } from '../../db/client';
import { subscriptionEvents, type SubscriptionRow } from '../../db/schema';

/** The database or an open transaction: events are written in the transition's transaction. */
export type Writer = Pick<Database, 'insert'>;

/**
 * Writes one history event per subscription, each the subscription as the transition `kind`
 * left it. Every transition (subscription-lifecycle.ts) calls this with the rows its UPDATE
 * returned, in the same transaction, so the history cannot miss or invent a transition; the
 * demo seed, which lays down back-dated months, calls it too.
 */
export async function recordSubscriptionEvents(
  writer: Writer,
  kind: SubscriptionEventKind,
  rows: readonly SubscriptionRow[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await writer.insert(subscriptionEvents).values(
    rows.map((row) => ({
      userId: row.userId,
      subscriptionId: row.id,
      kind,
      status: row.status,
      tier: row.tier,
      monthlyPriceCents: row.monthlyPriceCents,
      pendingTier: row.pendingTier,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      occurredAt: at,
    })),
  );
}
