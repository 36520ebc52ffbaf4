import type { SubscriptionChange } from '@shared/schemas/subscriptions';
import { AppError } from '../../lib/errors';
import { cancelRefusal, isRunning } from './subscription-rules';
import {
  closePaymentPages,
  refuseWhileProposalInvoiceUnpaid,
  type SubscriptionUseCaseDeps,
} from './subscription-use-cases';
import { toSubscription } from './subscription-views';

/**
 * The client cancels: a running plan runs to the end of its period, then ends; a request
 * still waiting for its first payment is withdrawn, and its invoice goes.
 */
export async function cancel(
  deps: SubscriptionUseCaseDeps,
  userId: string,
): Promise<SubscriptionChange> {
  const { repository, billing, events, now } = deps;
  const current = await repository.findByUserId(userId);
  await refuseWhileProposalInvoiceUnpaid(deps, current);
  // A renewal paid meanwhile stays, as one paid before a cancellation always has.
  if (isRunning(current) && !current!.cancelAtPeriodEnd) {
    await closePaymentPages(deps, current, 'renewals', 'go-on');
  }
  if (current?.status === 'pending') await closePaymentPages(deps, current, 'first');
  const requested = await repository.requestCancellation(userId, now());
  if (requested) {
    await billing.cancellationRequested(requested);
    await events.cancellationRequested(userId, requested.tier, requested.currentPeriodEnd);
    return {
      message:
        'Your cancellation request has been received. Your plan stays active until the end of the current billing period.',
      subscription: toSubscription(requested),
    };
  }
  const withdrawn = await repository.withdrawPending(userId, now());
  if (withdrawn) {
    await billing.requestWithdrawn(withdrawn);
    await events.requestWithdrawn(userId, withdrawn.tier);
    return {
      message: 'Your plan request has been withdrawn. Nothing was billed.',
      subscription: toSubscription(withdrawn),
    };
  }
  const refusal = cancelRefusal(current);
  if (refusal === 'no_subscription') throw new AppError(404, 'You have no subscription to cancel.');
  if (refusal === 'ended') throw new AppError(409, 'This subscription has already ended.');
  throw new AppError(409, 'Cancellation has already been requested for this subscription.');
}
