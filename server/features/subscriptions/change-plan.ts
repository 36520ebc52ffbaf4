import type { PlanId } from '@shared/plans';
import type { AdminSubscriptionChange } from '@shared/schemas/subscriptions';
import type { SubscriptionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AgencySubscriptionChange } from './subscriptions.emails';
import {
  canEndNow,
  isRunning,
  keepRefusal,
  planChangeRefusal,
  planStandingRefusal,
} from './subscription-rules';
import {
  closePaymentPages,
  displayDate,
  type SubscriptionUseCaseDeps,
  planNames,
} from './subscription-use-cases';
import { toAgencySubscription, type AgencyChangeResult } from './subscription-views';

export const NOT_RUNNING = 'This client has no running plan (active or past due) to change.';

/** What one of the agency's changes did: the answer, the subscription after, what to tell. */
interface Done {
  message: string;
  row: SubscriptionRow;
  told: AgencySubscriptionChange;
}

/**
 * The agency changes a client's plan from the client page: the plan (now, or from the next
 * period as the client can), a cancellation at the period end or its withdrawal, or an end at
 * once. The client is e-mailed what changed.
 */
export async function changeForClient(
  deps: SubscriptionUseCaseDeps,
  userId: string,
  change: AdminSubscriptionChange,
): Promise<AgencyChangeResult> {
  const current = await deps.repository.findByUserId(userId);
  if (!current) throw new AppError(409, 'This client has no plan yet.');
  // Another plan must be one the agency still offers (the client's own, even retired, stays).
  if (change.planType && change.planType !== current.tier) {
    await deps.plans.activePlan(change.planType);
  }
  const done = await makeChange(deps, current, change);
  await deps.events.subscriptionChangedByAgency(userId, done.told);
  return {
    message: done.message,
    before: toAgencySubscription(current),
    after: toAgencySubscription(done.row),
  };
}

function makeChange(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
  change: AdminSubscriptionChange,
): Promise<Done> {
  if (change.endNow) return endNow(deps, current);
  if (change.cancelAtPeriodEnd === true) return cancelAtPeriodEnd(deps, current);
  if (change.cancelAtPeriodEnd === false) return takeBackCancellation(deps, current);
  const tier = change.planType!;
  const standing = planStandingRefusal(current, null);
  if (standing) throw new AppError(409, STANDING_REFUSED[standing]);
  if (change.starts === 'now') return changeNow(deps, current, tier);
  if (current.tier === tier) return withdrawScheduledChange(deps, current, tier);
  return scheduleChange(deps, current, tier);
}

/** Why the plan cannot change at all, in the agency's words. */
const STANDING_REFUSED = {
  no_plan: 'This client has no active plan to change.',
  ending: 'This plan is being canceled: take the cancellation back before changing the plan.',
  unpaid: 'The renewal invoice is unpaid: the plan can be changed once it is paid.',
} as const;

async function endNow(deps: SubscriptionUseCaseDeps, current: SubscriptionRow): Promise<Done> {
  const planName = await planNames(deps);
  if (!canEndNow(current)) throw new AppError(409, NOT_RUNNING);
  await closePaymentPages(deps, current, 'renewals', 'go-on');
  const ended = await deps.repository.endNow(current.userId, deps.now());
  if (!ended) throw new AppError(409, NOT_RUNNING);
  await deps.billing.cancellationRequested(ended);
  return {
    message: `The ${planName(ended.tier)} plan has ended today.`,
    row: ended,
    told: { kind: 'ended_now', tier: ended.tier },
  };
}

async function cancelAtPeriodEnd(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
): Promise<Done> {
  const planName = await planNames(deps);
  if (!isRunning(current)) throw new AppError(409, NOT_RUNNING);
  if (current.cancelAtPeriodEnd) {
    throw new AppError(409, 'This plan is already being canceled at the period end.');
  }
  await closePaymentPages(deps, current, 'renewals', 'go-on');
  const requested = await deps.repository.requestCancellation(current.userId, deps.now());
  if (!requested) throw new AppError(409, NOT_RUNNING);
  await deps.billing.cancellationRequested(requested);
  const until = requested.currentPeriodEnd
    ? displayDate(deps, requested.currentPeriodEnd)
    : 'the end of the current period';
  return {
    message: `The ${planName(requested.tier)} plan is canceled: it stays active until ${until}, then ends.`,
    row: requested,
    told: {
      kind: 'cancel_at_period_end',
      tier: requested.tier,
      periodEnd: requested.currentPeriodEnd,
    },
  };
}

async function takeBackCancellation(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
): Promise<Done> {
  const planName = await planNames(deps);
  const kept = await deps.repository.keep(current.userId, deps.now());
  if (!kept) {
    throw new AppError(
      409,
      keepRefusal(current, deps.now()) === 'ended'
        ? 'This plan has already ended: a cancellation can only be taken back before the period ends.'
        : 'This plan is not being canceled: there is nothing to take back.',
    );
  }
  return {
    message: `The cancellation is taken back: the ${planName(kept.tier)} plan continues and renews as before.`,
    row: kept,
    told: { kind: 'cancellation_withdrawn', tier: kept.tier },
  };
}

/** Another plan from today: the rest of the period is on it, the next renewal bills it. */
async function changeNow(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
  tier: PlanId,
): Promise<Done> {
  const planName = await planNames(deps);
  if (current.tier === tier) {
    throw new AppError(409, `The client is already on the ${planName(tier)} plan.`);
  }
  await closePaymentPages(deps, current, 'renewals');
  const changed = await deps.repository.changePlanNow(current.userId, tier, deps.now());
  if (!changed) {
    throw new AppError(
      409,
      'The next month is already paid on the current plan, so the plan cannot be changed now.',
    );
  }
  await deps.billing.nextPeriodPlanChanged(changed);
  return {
    message: `The plan is now ${planName(tier)}, from today. The next renewal invoice bills it.`,
    row: changed,
    told: { kind: 'plan_changed_now', from: current.tier, to: tier },
  };
}

/** The current plan chosen again while a change waits: the change is taken back. */
async function withdrawScheduledChange(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
  tier: PlanId,
): Promise<Done> {
  const planName = await planNames(deps);
  if (!current.pendingTier) {
    throw new AppError(409, `The client is already on the ${planName(tier)} plan.`);
  }
  await closePaymentPages(deps, current, 'renewals');
  const withdrawn = await deps.repository.withdrawPlanChange(current.userId, deps.now());
  if (!withdrawn) {
    throw new AppError(
      409,
      'The first month on the new plan is already paid, so the change can no longer be withdrawn.',
    );
  }
  await deps.billing.nextPeriodPlanChanged(withdrawn);
  return {
    message: `The plan change is withdrawn: the client stays on the ${planName(tier)} plan.`,
    row: withdrawn,
    told: { kind: 'plan_change_withdrawn', kept: tier },
  };
}

/** Another plan from the next period, as the client can ask for it. */
async function scheduleChange(
  deps: SubscriptionUseCaseDeps,
  current: SubscriptionRow,
  tier: PlanId,
): Promise<Done> {
  const planName = await planNames(deps);
  if (current.pendingTier === tier) {
    throw new AppError(409, `The change to the ${planName(tier)} plan is already arranged.`);
  }
  await closePaymentPages(deps, current, 'renewals');
  const scheduled = await deps.repository.requestPlanChange(current.userId, tier, deps.now());
  if (!scheduled) {
    const paid = await deps.repository.nextPeriodHasPayment(current);
    throw new AppError(
      409,
      planChangeRefusal(current, tier, deps.now(), paid) === 'next_period_paid'
        ? 'The next month is already paid on the current plan, so it cannot be changed now.'
        : 'The renewal invoice is unpaid: the plan can be changed once it is paid.',
    );
  }
  await deps.billing.nextPeriodPlanChanged(scheduled);
  return {
    message: `The plan changes to ${planName(tier)} on ${displayDate(deps, scheduled.pendingTierFrom!)}, when the next billing period starts.`,
    row: scheduled,
    told: {
      kind: 'plan_change_scheduled',
      from: scheduled.tier,
      to: tier,
      startsOn: scheduled.pendingTierFrom!,
    },
  };
}
