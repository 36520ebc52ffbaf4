import {
  addClockMinutes,
  AROUND_THE_CLOCK,
  describeResponseTime,
  targetMinutes,
  type Clock,
} from './business-hours';
import type { PlanId } from './plans';
import type { ResponseTimeSettings } from './schemas/response-times';

/**
 * The plans' response targets as the product sells them (issue 27): Essentials 2 business
 * days, Signature 1 business day, Prestige 4 hours around the clock; the same for every
 * answer after a client's message. Support hours Monday to Friday, 9 to 5.
 */
export const DEFAULT_RESPONSE_TIMES: ResponseTimeSettings = {
  workingDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  timeZone: '',
  plans: {
    essentials: {
      aroundTheClock: false,
      firstResponse: { amount: 2, unit: 'days' },
      nextResponse: { amount: 2, unit: 'days' },
    },
    signature: {
      aroundTheClock: false,
      firstResponse: { amount: 1, unit: 'days' },
      nextResponse: { amount: 1, unit: 'days' },
    },
    prestige: {
      aroundTheClock: true,
      firstResponse: { amount: 4, unit: 'hours' },
      nextResponse: { amount: 4, unit: 'hours' },
    },
  },
};

export type ResponseKind = 'first' | 'next';

/** A ticket without a plan (a client between plans) gets the plan with the longest target. */
export const FALLBACK_PLAN: PlanId = 'essentials';

/** The settings with the zone a blank one stands for filled in. */
export interface ResponsePolicy {
  settings: ResponseTimeSettings;
  timeZone: string;
}

/** The clock a plan's targets run on: its support hours, or around the clock. */
export function clockOf(policy: ResponsePolicy, plan: PlanId | null): Clock {
  const { settings, timeZone } = policy;
  if (settings.plans[plan ?? FALLBACK_PLAN].aroundTheClock) return AROUND_THE_CLOCK;
  return {
    workingDays: settings.workingDays,
    opensAt: settings.opensAt,
    closesAt: settings.closesAt,
    timeZone,
  };
}

/** A plan's target in minutes of its clock; a high-priority ticket gets half. */
export function targetOf(
  policy: ResponsePolicy,
  plan: PlanId | null,
  kind: ResponseKind,
  priority: string,
): number {
  const times = policy.settings.plans[plan ?? FALLBACK_PLAN];
  return targetMinutes(
    kind === 'first' ? times.firstResponse : times.nextResponse,
    clockOf(policy, plan),
    { halved: priority === 'high' },
  );
}

/** When an answer asked for at `from` is due (null: the support hours have no open time). */
export function responseDue(
  policy: ResponsePolicy,
  plan: PlanId | null,
  kind: ResponseKind,
  priority: string,
  from: Date,
): Date | null {
  return addClockMinutes(from, targetOf(policy, plan, kind, priority), clockOf(policy, plan));
}

/** What "We answer within …" says for a plan's first answer at a priority. */
export function describeTarget(
  policy: ResponsePolicy,
  plan: PlanId | null,
  priority: string,
): string {
  return describeResponseTime(targetOf(policy, plan, 'first', priority), clockOf(policy, plan));
}
