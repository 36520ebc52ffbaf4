import { findPlan, type PlanId } from '@shared/plans';
import type { Subscription, SubscriptionChange } from '@shared/schemas/subscriptions';
import type { SubscriptionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SubscriptionRepository } from './subscriptions.repository';

/** The spec's client shows a special toast when the answer contains this phrase. */
export const ALREADY_ACTIVE_MESSAGE =
  'You already have an active subscription. To change your plan, reply to your latest invoice or open a support ticket.';

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    tier: row.tier,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

function planName(id: PlanId): string {
  return findPlan(id)?.name ?? id;
}

/** Who hears of subscription requests (the mail feature's notifications to the agency). */
export interface SubscriptionEvents {
  subscriptionRequested(userId: string, tier: PlanId): void;
  requestWithdrawn(userId: string, tier: PlanId): void;
  cancellationRequested(userId: string, tier: PlanId, periodEnd: Date | null): void;
}

/** What billing does when a subscription changes (the billing feature); awaited. */
export interface SubscriptionBilling {
  subscriptionRequested(subscription: SubscriptionRow): Promise<void>;
  requestWithdrawn(subscription: SubscriptionRow): Promise<void>;
  cancellationRequested(subscription: SubscriptionRow): Promise<void>;
}

export function createSubscriptionService(
  repository: SubscriptionRepository,
  events: SubscriptionEvents,
  billing: SubscriptionBilling,
) {
  return {
    async get(userId: string): Promise<Subscription | null> {
      const row = await repository.findByUserId(userId);
      return row ? toSubscription(row) : null;
    },

    async subscribe(userId: string, planId: PlanId): Promise<SubscriptionChange> {
      const row = await repository.requestPending(userId, planId);
      if (!row) {
        const current = await repository.findByUserId(userId);
        return {
          message: ALREADY_ACTIVE_MESSAGE,
          subscription: current ? toSubscription(current) : null,
        };
      }
      await billing.subscriptionRequested(row);
      events.subscriptionRequested(userId, planId);
      return {
        message: `Your request for the ${planName(planId)} plan has been received. We will send your first invoice shortly; the plan starts once it is paid.`,
        subscription: toSubscription(row),
      };
    },

    async cancel(userId: string): Promise<SubscriptionChange> {
      const requested = await repository.requestCancellation(userId);
      if (requested) {
        await billing.cancellationRequested(requested);
        events.cancellationRequested(userId, requested.tier, requested.currentPeriodEnd);
        return {
          message:
            'Your cancellation request has been received. Your plan stays active until the end of the current billing period.',
          subscription: toSubscription(requested),
        };
      }
      const withdrawn = await repository.withdrawPending(userId);
      if (withdrawn) {
        await billing.requestWithdrawn(withdrawn);
        events.requestWithdrawn(userId, withdrawn.tier);
        return {
          message: 'Your plan request has been withdrawn. Nothing was billed.',
          subscription: toSubscription(withdrawn),
        };
      }
      const current = await repository.findByUserId(userId);
      if (!current) throw new AppError(404, 'You have no subscription to cancel.');
      if (current.status === 'canceled') {
        throw new AppError(409, 'This subscription has already ended.');
      }
      throw new AppError(409, 'Cancellation has already been requested for this subscription.');
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
