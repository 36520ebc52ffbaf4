import { findPlan, type PlanId } from '@shared/plans';
import {
  clientLabel,
  clientName,
  renderEmail,
  type EmailBrand,
  type EmailClient,
  type RenderedEmail,
} from '../../lib/email-layout';
import { displayDate } from '../../lib/format';

const planName = (tier: PlanId) => findPlan(tier)?.name ?? tier;

/** A client asked for a plan: the agency sends the first invoice. */
export function subscriptionRequestedEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  tier: PlanId,
): RenderedEmail {
  const plan = planName(tier);
  return renderEmail(brand, `Plan request: ${plan} from ${clientName(client)}`, [
    `${clientLabel(client)} asked for the ${plan} plan.`,
    'A draft invoice for the first month is ready in the admin panel: send it, and the plan starts when it is paid.',
  ]);
}

export function requestWithdrawnEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  tier: PlanId,
): RenderedEmail {
  const plan = planName(tier);
  return renderEmail(brand, `Plan request withdrawn: ${clientName(client)} (${plan})`, [
    `${clientLabel(client)} withdrew the request for the ${plan} plan. Nothing needs to be invoiced.`,
  ]);
}

export function cancellationRequestedEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  tier: PlanId,
  periodEnd: Date | null,
): RenderedEmail {
  const plan = planName(tier);
  const until = periodEnd ? displayDate(periodEnd) : 'the end of the current period';
  return renderEmail(brand, `Cancellation request: ${clientName(client)} (${plan})`, [
    `${clientLabel(client)} asked to cancel the ${plan} plan.`,
    `It stays active until ${until}, then ends.`,
  ]);
}

export function planChangeRequestedEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  { from, to, startsOn }: { from: PlanId; to: PlanId; startsOn: Date | null },
): RenderedEmail {
  const when = startsOn ? displayDate(startsOn) : 'the next billing period';
  return renderEmail(
    brand,
    `Plan change: ${clientName(client)} (${planName(from)} to ${planName(to)})`,
    [
      `${clientLabel(client)} asked to move from the ${planName(from)} plan to the ${planName(to)} plan.`,
      `The change starts on ${when}: the renewal invoice for that period bills the ${planName(to)} plan.`,
    ],
  );
}

export function planChangeWithdrawnEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  { kept, withdrawn }: { kept: PlanId; withdrawn: PlanId },
): RenderedEmail {
  return renderEmail(
    brand,
    `Plan change withdrawn: ${clientName(client)} (stays on ${planName(kept)})`,
    [
      `${clientLabel(client)} withdrew the change to the ${planName(withdrawn)} plan and stays on the ${planName(kept)} plan.`,
    ],
  );
}
