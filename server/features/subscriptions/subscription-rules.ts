import { addMonthsIn } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import { MAX_FREE_MONTHS } from '@shared/schemas/subscriptions';
import type { SubscriptionRow } from '../../db/schema';

/**
 * What may happen to a subscription in which state, and the periods and months it comes to:
 * plain functions of the row, so they are tested without a database. The lifecycle
 * (subscription-lifecycle.ts) applies them to the row it has locked before it writes, and the
 * use cases to the row they read to say why a change was refused: one rule for both.
 */
export type SubscriptionFacts = Pick<
  SubscriptionRow,
  'status' | 'tier' | 'pendingTier' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'freeMonths'
>;

/** Active or past due: the plan runs (a past-due one until its renewal is paid or it ends). */
export function isRunning(subscription: Pick<SubscriptionFacts, 'status'> | null): boolean {
  return subscription?.status === 'active' || subscription?.status === 'past_due';
}

/** A request waiting for its first payment is the only one taken back without a trace. */
export function canWithdrawRequest(subscription: Pick<SubscriptionFacts, 'status'>): boolean {
  return subscription.status === 'pending';
}

/** Its first invoice paid starts only a request that has not started. */
export function canStart(subscription: Pick<SubscriptionFacts, 'status'>): boolean {
  return subscription.status === 'pending';
}

/**
 * The first month runs from the payment: a calendar month of the business's time zone (the
 * same time of day on the same day of the next month there).
 */
export function firstPeriod(paidAt: Date, timeZone: string): { start: Date; end: Date } {
  return { start: paidAt, end: addMonthsIn(paidAt, 1, timeZone) };
}

/** A paid renewal runs a running plan to `to`, unless it already runs that far. */
export function canExtendTo(
  subscription: Pick<SubscriptionFacts, 'status' | 'currentPeriodEnd'>,
  to: Date,
): boolean {
  if (!isRunning(subscription)) return false;
  return !subscription.currentPeriodEnd || subscription.currentPeriodEnd < to;
}

/** A running plan not already ending may be canceled at its period end. */
export function canRequestCancellation(subscription: SubscriptionFacts): boolean {
  return isRunning(subscription) && !subscription.cancelAtPeriodEnd;
}

/** Why a cancellation (or a request's withdrawal) found nothing to do. */
export type CancelRefusal = 'no_subscription' | 'ended' | 'already_requested';
export function cancelRefusal(subscription: SubscriptionFacts | null): CancelRefusal | null {
  if (!subscription) return 'no_subscription';
  if (canRequestCancellation(subscription) || canWithdrawRequest(subscription)) return null;
  return subscription.status === 'canceled' ? 'ended' : 'already_requested';
}

/** A cancellation at the period end is taken back only before that end. */
export function canKeep(subscription: SubscriptionFacts, at: Date): boolean {
  return (
    isRunning(subscription) &&
    subscription.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd > at
  );
}

/** Why "keep my plan" found nothing to take back. */
export type KeepRefusal = 'no_subscription' | 'ended' | 'not_canceling';
export function keepRefusal(subscription: SubscriptionFacts | null, at: Date): KeepRefusal | null {
  if (!subscription) return 'no_subscription';
  if (canKeep(subscription, at)) return null;
  return subscription.status === 'canceled' ? 'ended' : 'not_canceling';
}

/** The agency ends a plan at once only while it runs. */
export function canEndNow(subscription: Pick<SubscriptionFacts, 'status'>): boolean {
  return isRunning(subscription);
}

/**
 * Why a plan cannot change, first reason first: there is no running plan, it is ending, its
 * renewal is unpaid (past due, or its period is over), it is that plan already, that plan is
 * already asked for, or the next month is paid on the current plan (it cannot be billed
 * again).
 */
export type PlanChangeRefusal =
  'no_plan' | 'ending' | 'unpaid' | 'same_plan' | 'already_requested' | 'next_period_paid';

/**
 * Another plan from the next period: only while the plan runs in good standing (active, not
 * ending, its current period not over) and the next period has no money on it yet.
 */
export function planChangeRefusal(
  subscription: SubscriptionFacts | null,
  tier: PlanId,
  at: Date,
  nextPeriodPaid: boolean,
): PlanChangeRefusal | null {
  const standing = planStandingRefusal(subscription, at);
  if (standing) return standing;
  if (subscription!.tier === tier) return 'same_plan';
  if (subscription!.pendingTier === tier) return 'already_requested';
  return nextPeriodPaid ? 'next_period_paid' : null;
}

/**
 * Another plan at once (the agency): the rest of the period is on it. The same standing as a
 * change from the next period, but the period's end does not matter: nothing waits for it.
 */
export function planChangeNowRefusal(
  subscription: SubscriptionFacts | null,
  tier: PlanId,
  nextPeriodPaid: boolean,
): PlanChangeRefusal | null {
  const standing = planStandingRefusal(subscription, null);
  if (standing) return standing;
  if (subscription!.tier === tier) return 'same_plan';
  return nextPeriodPaid ? 'next_period_paid' : null;
}

/**
 * Whether the plan stands where it may change at all: running, not ending, its renewal paid
 * (and, when `periodRunsAfter` is given, its current period not over by then).
 */
export function planStandingRefusal(
  subscription: SubscriptionFacts | null,
  periodRunsAfter: Date | null,
): Extract<PlanChangeRefusal, 'no_plan' | 'ending' | 'unpaid'> | null {
  if (!subscription || !isRunning(subscription)) return 'no_plan';
  if (subscription.cancelAtPeriodEnd) return 'ending';
  if (subscription.status === 'past_due') return 'unpaid';
  if (
    periodRunsAfter &&
    (!subscription.currentPeriodEnd || subscription.currentPeriodEnd <= periodRunsAfter)
  ) {
    return 'unpaid';
  }
  return null;
}

/** Why a plan change waiting for the next period cannot be taken back. */
export type PlanChangeWithdrawalRefusal = 'no_change' | 'new_plan_paid';
export function planChangeWithdrawalRefusal(
  subscription: Pick<SubscriptionFacts, 'pendingTier'> | null,
  newPlanPaid: boolean,
): PlanChangeWithdrawalRefusal | null {
  if (!subscription?.pendingTier) return 'no_change';
  return newPlanPaid ? 'new_plan_paid' : null;
}

/**
 * Why the agency cannot give `months` free: each is a credit on one of the next renewal
 * invoices, so only a running plan that will renew gets them, and at most MAX_FREE_MONTHS wait.
 */
export type FreeMonthsRefusal = 'not_running' | 'ending' | 'too_many';
export function freeMonthsRefusal(
  subscription: SubscriptionFacts | null,
  months: number,
): FreeMonthsRefusal | null {
  if (!subscription || !isRunning(subscription)) return 'not_running';
  if (subscription.cancelAtPeriodEnd) return 'ending';
  return subscription.freeMonths + months > MAX_FREE_MONTHS ? 'too_many' : null;
}
