import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { AppError } from '../../lib/errors';
import {
  closePaymentPages,
  type SubscriptionUseCaseDeps,
  planNames,
} from './subscription-use-cases';
import { toSubscription } from './subscription-views';

/** The client takes back the plan change waiting for the next period. */
export async function withdrawPlanChange(
  deps: SubscriptionUseCaseDeps,
  userId: string,
): Promise<SubscriptionChange> {
  const planName = await planNames(deps);
  const { repository, billing, events, now } = deps;
  const before = await repository.findByUserId(userId);
  if (before?.pendingTier) await closePaymentPages(deps, before, 'renewals');
  const withdrawn = await repository.withdrawPlanChange(userId, now());
  if (!withdrawn) {
    if (!before?.pendingTier) throw new AppError(404, 'You have no plan change to withdraw.');
    throw new AppError(
      409,
      `Your first month on the ${planName(before.pendingTier)} plan is already paid, so the change can no longer be withdrawn. Please open a support ticket.`,
    );
  }
  await billing.nextPeriodPlanChanged(withdrawn);
  await events.planChangeWithdrawn(userId, withdrawn.tier, before?.pendingTier ?? withdrawn.tier);
  return {
    message: `Your plan change is withdrawn: you stay on the ${planName(withdrawn.tier)} plan.`,
    subscription: toSubscription(withdrawn),
  };
}
