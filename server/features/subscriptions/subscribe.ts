import type { PlanId } from '@shared/plans';
import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { isRunning } from './subscription-rules';
import {
  closePaymentPages,
  refuseWhileProposalInvoiceUnpaid,
  type SubscriptionUseCaseDeps,
  planNames,
} from './subscription-use-cases';
import { toSubscription } from './subscription-views';

/** The spec's client shows a special toast when the answer contains this phrase. */
export const ALREADY_ACTIVE_MESSAGE =
  'You already have an active subscription. To change your plan, choose it on the plans page: the change starts with your next billing period.';

/**
 * A client asks for a plan: a pending request, billed by a first invoice; the plan starts when
 * it is paid. A running plan is left as it is (it changes by a plan change instead).
 */
export async function subscribe(
  deps: SubscriptionUseCaseDeps,
  userId: string,
  planId: PlanId,
): Promise<SubscriptionChange> {
  const planName = await planNames(deps);
  const { repository, billing, events, now } = deps;
  // Only a plan the agency still offers takes a new subscriber (4xx with the reason).
  await deps.plans.activePlan(planId);
  const current = await repository.findByUserId(userId);
  await refuseWhileProposalInvoiceUnpaid(deps, current);
  // A request replaced: its unpaid first invoice goes, so its page is closed first.
  if (current && !isRunning(current)) await closePaymentPages(deps, current, 'first');
  const row = await repository.requestPending(userId, planId, now());
  if (!row) {
    return {
      message: ALREADY_ACTIVE_MESSAGE,
      subscription: current ? toSubscription(current) : null,
    };
  }
  await billing.subscriptionRequested(row);
  await events.subscriptionRequested(userId, planId);
  return {
    message: `Your request for the ${planName(planId)} plan has been received. We will send your first invoice shortly; the plan starts once it is paid.`,
    subscription: toSubscription(row),
  };
}
