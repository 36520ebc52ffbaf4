import { MAX_FREE_MONTHS } from '@shared/schemas/subscriptions';
import { AppError } from '../../lib/errors';
import { NOT_RUNNING } from './change-plan';
import { freeMonthsRefusal } from './subscription-rules';
import type { SubscriptionUseCaseDeps } from './subscription-use-cases';
import { toAgencySubscription, type AgencyChangeResult } from './subscription-views';

/** The agency gives months free: credited on the next renewal invoices. */
export async function giveFreeMonths(
  { repository, events, now }: SubscriptionUseCaseDeps,
  userId: string,
  months: number,
): Promise<AgencyChangeResult> {
  const current = await repository.findByUserId(userId);
  const refusal = freeMonthsRefusal(current, months);
  if (refusal === 'not_running') throw new AppError(409, NOT_RUNNING);
  if (refusal === 'ending') {
    throw new AppError(409, 'This plan ends at the period end: there is no renewal to credit.');
  }
  const given = await repository.giveFreeMonths(userId, months, now());
  if (!given) {
    throw new AppError(
      409,
      `At most ${MAX_FREE_MONTHS} free months can wait to be credited; ${current!.freeMonths} already do.`,
    );
  }
  await events.subscriptionChangedByAgency(userId, {
    kind: 'free_months_given',
    tier: given.tier,
    months,
  });
  const what = months === 1 ? 'A month' : `${months} months`;
  return {
    message: `${what} free given: the next renewal invoice${months === 1 ? ' shows' : 's show'} the credit.`,
    before: toAgencySubscription(current!),
    after: toAgencySubscription(given),
  };
}
