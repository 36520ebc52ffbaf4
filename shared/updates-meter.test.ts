import { describe, expect, it } from 'vitest';
import type { UpdatesMeter } from './schemas/updates';
import { describeMeter, describeNextBeyondPlan, isBeyondPlan } from './updates-meter';

const meter = (overrides: Partial<UpdatesMeter> = {}): UpdatesMeter => ({
  month: '2026-11',
  used: 1,
  included: 2,
  plan: 'signature',
  extraUpdatePriceCents: 7500,
  ...overrides,
});

describe('the updates meter', () => {
  it('counts against the plan: beyond after the first `included`, never when unlimited, always without a plan', () => {
    expect([0, 1, 2, 3].map((position) => isBeyondPlan(meter(), position))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(isBeyondPlan(meter({ included: 0, plan: 'essentials' }), 0)).toBe(true);
    expect(isBeyondPlan(meter({ included: null, plan: 'prestige' }), 40)).toBe(false);
    expect(isBeyondPlan(meter({ included: null, plan: null }), 0)).toBe(true);
  });

  it('says how many of the month are used, in words', () => {
    expect(describeMeter(meter())).toBe('1 of 2 updates used in November');
    expect(describeMeter(meter({ used: 0, included: 1, month: '2027-01' }))).toBe(
      '0 of 1 update used in January',
    );
    expect(describeMeter(meter({ used: 3 }))).toBe(
      '3 of 2 updates used in November (1 beyond the plan)',
    );
    expect(describeMeter(meter({ included: null, plan: 'prestige' }))).toBe(
      'Unlimited updates on your plan',
    );
    expect(describeMeter(meter({ included: null, plan: 'prestige' }), { whose: 'their' })).toBe(
      'Unlimited updates on their plan',
    );
    expect(describeMeter(meter({ included: null, plan: null, used: 1 }))).toBe(
      'No plan: 1 update asked for in November',
    );
  });

  it('says before the next request whether it is beyond the plan, and its price', () => {
    expect(describeNextBeyondPlan(meter())).toBeNull();
    expect(describeNextBeyondPlan(meter({ used: 2 }))).toBe(
      "This request is beyond your plan's 2 updates this month; it will be billed as an extra update at $75.00.",
    );
    expect(describeNextBeyondPlan(meter({ used: 1, included: 1, plan: 'essentials' }))).toBe(
      "This request is beyond your plan's 1 update this month; it will be billed as an extra update at $75.00.",
    );
    expect(describeNextBeyondPlan(meter({ used: 0, included: 0 }))).toBe(
      'Your plan includes no updates; it will be billed as an extra update at $75.00.',
    );
    expect(describeNextBeyondPlan(meter({ included: null, plan: null }))).toBe(
      'Updates come with a plan; without one, it will be billed as an extra update at $75.00.',
    );
    expect(describeNextBeyondPlan(meter({ used: 2, extraUpdatePriceCents: 0 }))).toBe(
      "This request is beyond your plan's 2 updates this month; it counts as an extra update.",
    );
    expect(describeNextBeyondPlan(meter({ used: 9, included: null, plan: 'prestige' }))).toBeNull();
  });
});
