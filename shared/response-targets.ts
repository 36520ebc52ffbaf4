import {
  addClockMinutes,
  AROUND_THE_CLOCK,
  describeResponseTime,
  targetMinutes,
  type Clock,
} from './business-hours';
import { DEFAULT_PLANS, type PlanId } from './plans';
import type { PlanResponseTimes, ResponseTimeSettings } from './schemas/response-times';

/** Support hours Monday to Friday, 9 to 5 (each plan's targets are on the plan). */
export const DEFAULT_RESPONSE_TIMES: ResponseTimeSettings = {
  workingDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  timeZone: '',
};

export type ResponseKind = 'first' | 'next';

/**
 * A ticket without a plan (a client between plans) gets the targets of the spec's plan with
 * the longest ones (Essentials: 2 business days), whatever the catalogue says today.
 */
export const FALLBACK_RESPONSE_TIMES: PlanResponseTimes = DEFAULT_PLANS[0]!.responseTimes;

/**
 * The support hours with the zone a blank one stands for filled in, and each plan's targets
 * (the catalogue's, by plan id).
 */
export interface ResponsePolicy {
  settings: ResponseTimeSettings;
  plans: Readonly<Record<PlanId, PlanResponseTimes>>;
  timeZone: string;
}

/** A plan's targets; a ticket without a plan (or of a plan unknown) gets the fallback. */
function timesOf(policy: ResponsePolicy, plan: PlanId | null): PlanResponseTimes {
  return (plan !== null ? policy.plans[plan] : undefined) ?? FALLBACK_RESPONSE_TIMES;
}

/** The clock a plan's targets run on: its support hours, or around the clock. */
export function clockOf(policy: ResponsePolicy, plan: PlanId | null): Clock {
  const { settings, timeZone } = policy;
  if (timesOf(policy, plan).aroundTheClock) return AROUND_THE_CLOCK;
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
  const times = timesOf(policy, plan);
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
