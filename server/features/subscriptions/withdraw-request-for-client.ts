import {
  closePaymentPages,
  type SubscriptionUseCaseDeps,
  planNames,
} from './subscription-use-cases';
import { toAgencySubscription, type AgencyChangeResult } from './subscription-views';

/**
 * The agency withdraws a plan request still waiting for its first payment (a client's account
 * is being deactivated): its unpaid first invoice goes, as when the client withdraws it. Null
 * when there is no such request.
 */
export async function withdrawRequestForClient(
  deps: SubscriptionUseCaseDeps,
  userId: string,
): Promise<AgencyChangeResult | null> {
  const planName = await planNames(deps);
  const { repository, billing, now } = deps;
  const current = await repository.findByUserId(userId);
  if (current?.status !== 'pending') return null;
  await closePaymentPages(deps, current, 'first');
  const withdrawn = await repository.withdrawPending(userId, now());
  if (!withdrawn) return null;
  await billing.requestWithdrawn(withdrawn);
  return {
    message: `The ${planName(withdrawn.tier)} plan request is withdrawn.`,
    before: toAgencySubscription(current),
    after: toAgencySubscription(withdrawn),
  };
}
