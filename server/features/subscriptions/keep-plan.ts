import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { AppError } from '../../lib/errors';
import { keepRefusal } from './subscription-rules';
import type { SubscriptionUseCaseDeps } from './subscription-use-cases';
import { planName, toSubscription } from './subscription-views';

/**
 * The client takes back their cancellation before the period ends ("Keep my plan"): the plan
 * renews again.
 */
export async function keep(
  { repository, events, now }: SubscriptionUseCaseDeps,
  userId: string,
): Promise<SubscriptionChange> {
  const kept = await repository.keep(userId, now());
  if (!kept) {
    const refusal = keepRefusal(await repository.findByUserId(userId), now());
    if (refusal === 'no_subscription') throw new AppError(404, 'You have no subscription.');
    if (refusal === 'ended') {
      throw new AppError(409, 'This plan has already ended. Choose a plan to start again.');
    }
    throw new AppError(409, 'Your plan is not being canceled: there is nothing to take back.');
  }
  events.cancellationWithdrawn(userId, kept.tier);
  return {
    message: `Your cancellation is taken back: your ${planName(kept.tier)} plan continues and renews as before.`,
    subscription: toSubscription(kept),
  };
}
