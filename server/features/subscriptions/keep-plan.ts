import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { AppError } from '../../lib/errors';
import { keepRefusal } from './subscription-rules';
import { planNames, type SubscriptionUseCaseDeps } from './subscription-use-cases';
import { toSubscription } from './subscription-views';

/**
 * The client takes back their cancellation before the period ends ("Keep my plan"): the plan
 * renews again.
 */
export async function keep(
  deps: SubscriptionUseCaseDeps,
  userId: string,
): Promise<SubscriptionChange> {
  const { repository, events, now } = deps;
  const planName = await planNames(deps);
  const kept = await repository.keep(userId, now());
  if (!kept) {
    const refusal = keepRefusal(await repository.findByUserId(userId), now());
    if (refusal === 'no_subscription') throw new AppError(404, 'You have no subscription.');
    if (refusal === 'ended') {
      throw new AppError(409, 'This plan has already ended. Choose a plan to start again.');
    }
    throw new AppError(409, 'Your plan is not being canceled: there is nothing to take back.');
  }
  await events.cancellationWithdrawn(userId, kept.tier);
  return {
    message: `Your cancellation is taken back: your ${planName(kept.tier)} plan continues and renews as before.`,
    subscription: toSubscription(kept),
  };
}
