import type { PlanId } from '@shared/plans';
import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import type { SubscriptionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { planChangeRefusal, type PlanChangeRefusal } from './subscription-rules';
import {
  closePaymentPages,
  displayDate,
  type SubscriptionUseCaseDeps,
  planNames,
} from './subscription-use-cases';
import { toSubscription } from './subscription-views';
import { withdrawPlanChange } from './withdraw-plan-change';

/**
 * An active subscriber moves to another plan from the next period: its renewal invoice bills
 * the new plan, and the plan changes when that period begins. Choosing the current plan again
 * while a change waits withdraws the change.
 */
export async function changePlan(
  deps: SubscriptionUseCaseDeps,
  userId: string,
  tier: PlanId,
): Promise<SubscriptionChange> {
  const planName = await planNames(deps);
  const { repository, billing, events, now } = deps;
  const current = await repository.findByUserId(userId);
  if (current?.pendingTier && current.tier === tier) return withdrawPlanChange(deps, userId);
  // Another plan must be one the agency still offers (its own, even retired, stays).
  if (current?.tier !== tier) await deps.plans.activePlan(tier);
  if (current?.pendingTier === tier && current.pendingTierFrom) {
    return {
      message: `Your change to the ${planName(tier)} plan on ${displayDate(deps, current.pendingTierFrom)} is already requested.`,
      subscription: toSubscription(current),
    };
  }
  if (current?.status === 'active' && !current.cancelAtPeriodEnd) {
    await closePaymentPages(deps, current, 'renewals');
  }
  const changed = await repository.requestPlanChange(userId, tier, now());
  if (!changed) return refusePlanChange(deps, current, tier);
  await billing.nextPeriodPlanChanged(changed);
  await events.planChangeRequested(userId, changed.tier, tier, changed.pendingTierFrom);
  return {
    message: `Your ${planName(changed.tier)} plan changes to ${planName(tier)} on ${displayDate(deps, changed.pendingTierFrom!)}, when your next billing period starts. Your next invoice bills the new plan.`,
    subscription: toSubscription(changed),
  };
}

/** Why the client's plan change was not made, in the client's words. */
async function refusePlanChange(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow | null,
  tier: PlanId,
): Promise<never> {
  const planName = await planNames(deps);
  const paid = current ? await deps.repository.nextPeriodHasPayment(current) : false;
  const refusal = planChangeRefusal(current, tier, deps.now(), paid);
  throw new AppError(409, refusalMessage(deps, planName, refusal, current, tier));
}

function refusalMessage(
  deps: SubscriptionUseCaseDeps,
  planName: (id: PlanId) => string,
  refusal: PlanChangeRefusal | null,
  current: SubscriptionRow | null,
  tier: PlanId,
): string {
  switch (refusal) {
    case 'no_plan':
      return 'You have no active plan to change. Choose a plan to request it.';
    case 'ending':
      return `Your plan ends on ${current?.currentPeriodEnd ? displayDate(deps, current.currentPeriodEnd) : 'the end of the current period'}: it cannot be changed after a cancellation request.`;
    case 'unpaid':
      return 'Your renewal invoice is unpaid: please pay it before changing your plan.';
    case 'same_plan':
      return `You are already on the ${planName(tier)} plan.`;
    case 'already_requested':
      return `Your change to the ${planName(tier)} plan is already requested.`;
    case 'next_period_paid':
      return 'Your next month is already paid on your current plan, so it cannot be changed now. Please open a support ticket.';
    case null:
      // Another change got there between the request and this answer.
      return 'Your plan cannot be changed right now. Please try again.';
  }
}
