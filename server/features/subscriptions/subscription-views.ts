import type { Subscription, SubscriptionEvent } from '@shared/schemas/subscriptions';
import type { SubscriptionEventRow, SubscriptionRow } from '../../db/schema';

/** A subscription as the client's screens show it. */
export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    tier: row.tier,
    monthlyPrice: row.monthlyPriceCents,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingTier: row.pendingTier,
    pendingTierFrom: row.pendingTier ? (row.pendingTierFrom?.toISOString() ?? null) : null,
    // Only a request that never started ends without a period (an ended plan keeps its last).
    withdrawn: row.status === 'canceled' && row.currentPeriodEnd === null,
  };
}

/** A subscription as the agency's client page shows it: with the free months to come. */
export type AgencySubscription = Subscription & { freeMonths: number };

export function toAgencySubscription(row: SubscriptionRow): AgencySubscription {
  return { ...toSubscription(row), freeMonths: row.freeMonths };
}

/** What an agency's change did: the answer, and the subscription before and after it. */
export interface AgencyChangeResult {
  message: string;
  before: AgencySubscription;
  after: AgencySubscription;
}

export function toEvent(row: SubscriptionEventRow): SubscriptionEvent {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    tier: row.tier,
    monthlyPriceCents: row.monthlyPriceCents,
    pendingTier: row.pendingTier,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    occurredAt: row.occurredAt.toISOString(),
  };
}
