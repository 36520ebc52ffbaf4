import { findPlan } from '@shared/plans';
import type { SubscriptionEventKind } from '@shared/schemas/subscriptions';
import type { Database, Transaction } from './client';
import { subscriptionEvents, type SubscriptionRow } from './schema';

/** The database or an open transaction: events are written in the transition's transaction. */
export type Writer = Pick<Database, 'insert'>;

/**
 * Writes one history event per subscription, each the subscription as the transition `kind`
 * left it. Every transition (features/subscriptions/subscription-lifecycle.ts, and the
 * repositories' plan-change and cancellation requests) calls this with the rows its UPDATE
 * returned, in the same transaction, so the history cannot miss or invent a transition.
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
      monthlyPriceCents: findPlan(row.tier)?.priceCents ?? 0,
      pendingTier: row.pendingTier,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      occurredAt: at,
    })),
  );
}

/**
 * One change of subscriptions and its history in one transaction: `change` runs its UPDATE
 * (or upsert) ... RETURNING, and each row it returned gets a `kind` event. The rows returned.
 */
export function changeSubscriptions(
  db: Database,
  kind: SubscriptionEventKind,
  at: Date,
  change: (tx: Transaction) => Promise<SubscriptionRow[]>,
): Promise<SubscriptionRow[]> {
  return db.transaction(async (tx) => {
    const rows = await change(tx);
    await recordSubscriptionEvents(tx, kind, rows, at);
    return rows;
  });
}
