import { DEFAULT_TIME_ZONE } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import type {
  AdminSubscriptionChange,
  Subscription,
  SubscriptionHistory,
} from '@shared/schemas/subscriptions';
import { cancel } from './cancel-plan';
import { changeForClient } from './change-plan';
import { giveFreeMonths } from './give-free-months';
import { keep } from './keep-plan';
import { changePlan } from './request-plan-change';
import { subscribe } from './subscribe';
import type {
  SubscriptionBilling,
  SubscriptionEvents,
  SubscriptionUseCaseDeps,
} from './subscription-use-cases';
import { toAgencySubscription, toEvent, toSubscription } from './subscription-views';
import type { PlanReader } from '../plans/plans.service';
import type { SubscriptionRepository } from './subscriptions.repository';
import { withdrawPlanChange } from './withdraw-plan-change';
import { withdrawRequestForClient } from './withdraw-request-for-client';

export type { AgencyChangeResult, AgencySubscription } from './subscription-views';
export type { SubscriptionBilling, SubscriptionEvents } from './subscription-use-cases';

/**
 * A client's plan, one file per use case: asking for one (subscribe.ts), changing it from the
 * next period or taking that back (request-plan-change.ts, withdraw-plan-change.ts), cancelling
 * it or keeping it after all (cancel-plan.ts, keep-plan.ts); and the agency's changes from the
 * client page (change-plan.ts, give-free-months.ts, withdraw-request-for-client.ts). What may
 * happen in which state is subscription-rules.ts; the writes are subscription-lifecycle.ts's.
 */
export function createSubscriptionService(
  repository: SubscriptionRepository,
  events: SubscriptionEvents,
  billing: SubscriptionBilling,
  /** The plan catalogue: the plans' names, and which take new subscribers. */
  plans: PlanReader,
  now: () => Date = () => new Date(),
  /** The business's time zone: the dates in the answers' messages are written in it. */
  timeZone: string = DEFAULT_TIME_ZONE,
) {
  const deps: SubscriptionUseCaseDeps = { repository, events, billing, plans, now, timeZone };

  return {
    async get(userId: string): Promise<Subscription | null> {
      const row = await repository.findByUserId(userId);
      return row ? toSubscription(row) : null;
    },
    subscribe: (userId: string, planId: PlanId) => subscribe(deps, userId, planId),
    changePlan: (userId: string, tier: PlanId) => changePlan(deps, userId, tier),
    withdrawPlanChange: (userId: string) => withdrawPlanChange(deps, userId),
    cancel: (userId: string) => cancel(deps, userId),
    keep: (userId: string) => keep(deps, userId),

    /** The client's subscription with the free months to come (the agency's client page). */
    async getForAgency(userId: string) {
      const row = await repository.findByUserId(userId);
      return row ? toAgencySubscription(row) : null;
    },
    changeForClient: (userId: string, change: AdminSubscriptionChange) =>
      changeForClient(deps, userId, change),
    withdrawRequestForClient: (userId: string) => withdrawRequestForClient(deps, userId),
    giveFreeMonths: (userId: string, months: number) => giveFreeMonths(deps, userId, months),

    /**
     * One client's subscription history, newest first (the admin's client page): every
     * transition the subscription went through, as it left the subscription.
     */
    async listHistory(
      userId: string,
      { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {},
    ): Promise<SubscriptionHistory> {
      const { rows, total } = await repository.listHistory(userId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items: rows.map(toEvent), total, page, pageSize };
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
