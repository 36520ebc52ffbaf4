import { formatMonthName } from './dates';
import { formatCents } from './money';
import type { UpdatesMeter } from './schemas/updates';

/**
 * What the month's updates meter says (issue 28), on the portal and the admin's client page
 * alike, and which update requests are beyond the plan: the server bills by the same rule.
 */

type Meter = Pick<UpdatesMeter, 'used' | 'included' | 'plan'>;

/** Unlimited: a plan whose allowance is null. Without a plan nothing is included. */
export function isUnlimited(meter: Pick<UpdatesMeter, 'included' | 'plan'>): boolean {
  return meter.plan !== null && meter.included === null;
}

/**
 * Whether the update request at `position` of its month (0 for the first, by the time it was
 * asked for) is beyond the plan: every one after the first `included`; every one without a
 * plan; none on an unlimited plan.
 */
export function isBeyondPlan(meter: Pick<UpdatesMeter, 'included' | 'plan'>, position: number) {
  if (meter.plan === null) return true;
  if (meter.included === null) return false;
  return position >= meter.included;
}

/** Whether the next update request of the month would be beyond the plan. */
export function nextIsBeyondPlan(meter: Meter): boolean {
  return isBeyondPlan(meter, meter.used);
}

const updates = (n: number) => `${n} ${n === 1 ? 'update' : 'updates'}`;

/**
 * "1 of 2 updates used in November", "Unlimited updates on your plan" (the client's words;
 * the agency reads "their plan").
 */
export function describeMeter(
  meter: Meter & Pick<UpdatesMeter, 'month'>,
  { whose = 'your' }: { whose?: 'your' | 'their' } = {},
): string {
  const month = formatMonthName(meter.month);
  if (isUnlimited(meter)) return `Unlimited updates on ${whose} plan`;
  if (meter.included === null) return `No plan: ${updates(meter.used)} asked for in ${month}`;
  const used = `${meter.used} of ${updates(meter.included)} used in ${month}`;
  const beyond = meter.used - meter.included;
  return beyond > 0 ? `${used} (${beyond} beyond the plan)` : used;
}

/**
 * What the client reads before asking for one more update beyond the plan ("This request is
 * beyond your plan's 2 updates this month; it will be billed as an extra update at $75.00."),
 * or null when it is included.
 */
export function describeNextBeyondPlan(meter: UpdatesMeter): string | null {
  if (!nextIsBeyondPlan(meter)) return null;
  const billed =
    meter.extraUpdatePriceCents > 0
      ? `it will be billed as an extra update at ${formatCents(meter.extraUpdatePriceCents)}`
      : 'it counts as an extra update';
  if (meter.plan === null) return `Updates come with a plan; without one, ${billed}.`;
  if (meter.included === 0) return `Your plan includes no updates; ${billed}.`;
  return `This request is beyond your plan's ${updates(meter.included ?? 0)} this month; ${billed}.`;
}
