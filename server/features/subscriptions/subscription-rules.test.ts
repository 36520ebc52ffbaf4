import { describe, expect, it } from 'vitest';
import { MAX_FREE_MONTHS } from '@shared/schemas/subscriptions';
import {
  canEndNow,
  canExtendTo,
  canKeep,
  canRequestCancellation,
  canStart,
  canWithdrawRequest,
  cancelRefusal,
  firstPeriod,
  freeMonthsRefusal,
  isRunning,
  keepRefusal,
  planChangeNowRefusal,
  planChangeRefusal,
  planChangeWithdrawalRefusal,
  type SubscriptionFacts,
} from './subscription-rules';

// The rules alone: no database, no app. The lifecycle's writes are proven by the route tests.
const now = new Date('2026-05-10T12:00:00.000Z');
const periodEnd = new Date('2026-06-01T12:00:00.000Z');

function subscription(overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    status: 'active',
    tier: 'essentials',
    pendingTier: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: periodEnd,
    freeMonths: 0,
    ...overrides,
  };
}

const pending = subscription({ status: 'pending', currentPeriodEnd: null });
const pastDue = subscription({ status: 'past_due' });
const canceled = subscription({ status: 'canceled' });
const ending = subscription({ cancelAtPeriodEnd: true });

describe('which subscriptions run', () => {
  it('runs while active or past due, not while pending or ended', () => {
    expect(isRunning(subscription())).toBe(true);
    expect(isRunning(pastDue)).toBe(true);
    expect(isRunning(pending)).toBe(false);
    expect(isRunning(canceled)).toBe(false);
    expect(isRunning(null)).toBe(false);
  });
});

describe('a request and its first payment', () => {
  it('starts and is withdrawn only while pending', () => {
    expect(canStart(pending)).toBe(true);
    expect(canWithdrawRequest(pending)).toBe(true);
    for (const other of [subscription(), pastDue, canceled]) {
      expect(canStart(other)).toBe(false);
      expect(canWithdrawRequest(other)).toBe(false);
    }
  });

  it('runs its first month to the same time of the same day next month, in the business time zone', () => {
    // 00:30 on 31 January in Chicago: February has no 31st, so the month ends on its last day.
    const paidAt = new Date('2026-01-31T06:30:00.000Z');
    expect(firstPeriod(paidAt, 'America/Chicago')).toEqual({
      start: paidAt,
      end: new Date('2026-02-28T06:30:00.000Z'),
    });
    // 21:00 on 28 February in Chicago is already 1 March in UTC: the month is Chicago's, to
    // 28 March (in daylight time there, an hour less later in UTC).
    const lateInFebruary = new Date('2026-03-01T03:00:00.000Z');
    expect(firstPeriod(lateInFebruary, 'America/Chicago').end).toEqual(
      new Date('2026-03-29T02:00:00.000Z'),
    );
    expect(firstPeriod(lateInFebruary, 'UTC').end).toEqual(new Date('2026-04-01T03:00:00.000Z'));
  });
});

describe('a renewal paid', () => {
  const later = new Date('2026-07-01T12:00:00.000Z');
  it('extends a running plan further, once', () => {
    expect(canExtendTo(subscription(), later)).toBe(true);
    expect(canExtendTo(pastDue, later)).toBe(true);
    expect(canExtendTo(subscription({ currentPeriodEnd: later }), later)).toBe(false);
    expect(canExtendTo(subscription(), periodEnd)).toBe(false);
  });

  it('extends neither a request nor an ended plan', () => {
    expect(canExtendTo(pending, later)).toBe(false);
    expect(canExtendTo(canceled, later)).toBe(false);
  });
});

describe('cancelling', () => {
  it('cancels a running plan at its period end once', () => {
    expect(canRequestCancellation(subscription())).toBe(true);
    expect(canRequestCancellation(pastDue)).toBe(true);
    expect(canRequestCancellation(ending)).toBe(false);
    expect(canRequestCancellation(pending)).toBe(false);
    expect(canRequestCancellation(canceled)).toBe(false);
  });

  it('says why a cancellation found nothing to do', () => {
    expect(cancelRefusal(subscription())).toBeNull();
    expect(cancelRefusal(pending)).toBeNull();
    expect(cancelRefusal(null)).toBe('no_subscription');
    expect(cancelRefusal(canceled)).toBe('ended');
    expect(cancelRefusal(ending)).toBe('already_requested');
  });

  it('takes a cancellation back only before the period ends', () => {
    expect(canKeep(ending, now)).toBe(true);
    expect(canKeep(subscription({ status: 'past_due', cancelAtPeriodEnd: true }), now)).toBe(true);
    expect(canKeep(ending, periodEnd)).toBe(false);
    expect(canKeep(subscription(), now)).toBe(false);
    expect(keepRefusal(ending, now)).toBeNull();
    expect(keepRefusal(null, now)).toBe('no_subscription');
    expect(keepRefusal(subscription({ status: 'canceled', cancelAtPeriodEnd: true }), now)).toBe(
      'ended',
    );
    expect(keepRefusal(subscription(), now)).toBe('not_canceling');
    expect(keepRefusal(ending, periodEnd)).toBe('not_canceling');
  });

  it('ends a plan at once only while it runs', () => {
    expect(canEndNow(subscription())).toBe(true);
    expect(canEndNow(pastDue)).toBe(true);
    expect(canEndNow(pending)).toBe(false);
    expect(canEndNow(canceled)).toBe(false);
  });
});

describe('a plan change from the next period', () => {
  const refusal = (facts: SubscriptionFacts | null, paid = false) =>
    planChangeRefusal(facts, 'signature', now, paid);

  it('is made while the plan runs in good standing and the next month is unpaid', () => {
    expect(refusal(subscription())).toBeNull();
    // Another plan than the one waiting replaces it.
    expect(refusal(subscription({ pendingTier: 'prestige' }))).toBeNull();
  });

  it('says the first reason it cannot be made', () => {
    expect(refusal(null)).toBe('no_plan');
    expect(refusal(pending)).toBe('no_plan');
    expect(refusal(canceled)).toBe('no_plan');
    expect(refusal(ending)).toBe('ending');
    expect(refusal(subscription({ status: 'past_due', cancelAtPeriodEnd: true }))).toBe('ending');
    expect(refusal(pastDue)).toBe('unpaid');
    expect(refusal(subscription({ currentPeriodEnd: now }))).toBe('unpaid');
    expect(refusal(subscription({ currentPeriodEnd: null }))).toBe('unpaid');
    expect(refusal(subscription({ tier: 'signature' }))).toBe('same_plan');
    expect(refusal(subscription({ pendingTier: 'signature' }))).toBe('already_requested');
    expect(refusal(subscription(), true)).toBe('next_period_paid');
  });

  it('is taken back unless the new plan is paid', () => {
    expect(planChangeWithdrawalRefusal(subscription({ pendingTier: 'signature' }), false)).toBe(
      null,
    );
    expect(planChangeWithdrawalRefusal(subscription({ pendingTier: 'signature' }), true)).toBe(
      'new_plan_paid',
    );
    expect(planChangeWithdrawalRefusal(subscription(), false)).toBe('no_change');
    expect(planChangeWithdrawalRefusal(null, false)).toBe('no_change');
  });
});

describe('a plan change at once (the agency)', () => {
  it('does not wait for the period: an active plan changes even when its period is over', () => {
    expect(planChangeNowRefusal(subscription({ currentPeriodEnd: now }), 'prestige', false)).toBe(
      null,
    );
  });

  it('refuses the plan it is on, a plan not running well, and a next month already paid', () => {
    expect(planChangeNowRefusal(subscription(), 'essentials', false)).toBe('same_plan');
    expect(planChangeNowRefusal(pastDue, 'prestige', false)).toBe('unpaid');
    expect(planChangeNowRefusal(ending, 'prestige', false)).toBe('ending');
    expect(planChangeNowRefusal(pending, 'prestige', false)).toBe('no_plan');
    expect(planChangeNowRefusal(subscription(), 'prestige', true)).toBe('next_period_paid');
  });
});

describe('free months', () => {
  it('are given to a running plan that renews, up to the most that may wait', () => {
    expect(freeMonthsRefusal(subscription(), 1)).toBeNull();
    expect(freeMonthsRefusal(pastDue, MAX_FREE_MONTHS)).toBeNull();
    expect(freeMonthsRefusal(subscription({ freeMonths: MAX_FREE_MONTHS - 2 }), 2)).toBeNull();
    expect(freeMonthsRefusal(subscription({ freeMonths: MAX_FREE_MONTHS - 2 }), 3)).toBe(
      'too_many',
    );
  });

  it('are not given to a plan that will not renew', () => {
    expect(freeMonthsRefusal(null, 1)).toBe('not_running');
    expect(freeMonthsRefusal(pending, 1)).toBe('not_running');
    expect(freeMonthsRefusal(canceled, 1)).toBe('not_running');
    expect(freeMonthsRefusal(ending, 1)).toBe('ending');
  });
});
