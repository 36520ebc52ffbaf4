import type { PlanId } from '@shared/plans';
import {
  clientLabel,
  clientName,
  renderEmail,
  type EmailBrand,
  type EmailClient,
  type RenderedEmail,
} from '../../lib/email-layout';
import { displayDate } from '../../lib/format';
import type { Send } from '../mail/mail.service';
import type { PlanReader } from '../plans/plans.service';
import type { SubscriptionEvents } from './subscriptions.service';

/**
 * The render functions below take the plans' NAMES (the catalogue's, read by
 * createSubscriptionEmails); the events and the agency's changes carry ids.
 */
const planName = (name: string) => name;

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
  const until = periodEnd
    ? displayDate(periodEnd, brand.timeZone)
    : 'the end of the current period';
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
  const when = startsOn ? displayDate(startsOn, brand.timeZone) : 'the next billing period';
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

/** The client took their cancellation back: the plan renews. */
export function cancellationWithdrawnEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  tier: PlanId,
): RenderedEmail {
  const plan = planName(tier);
  return renderEmail(brand, `Cancellation taken back: ${clientName(client)} (${plan})`, [
    `${clientLabel(client)} took back their cancellation and keeps the ${plan} plan.`,
    'It renews as before: the next renewal invoice will be made as usual.',
  ]);
}

/** What the agency changed on a client's plan (the client page's actions). */
export type AgencySubscriptionChange =
  | { kind: 'plan_changed_now'; from: PlanId; to: PlanId }
  | { kind: 'plan_change_scheduled'; from: PlanId; to: PlanId; startsOn: Date }
  | { kind: 'plan_change_withdrawn'; kept: PlanId }
  | { kind: 'cancel_at_period_end'; tier: PlanId; periodEnd: Date | null }
  | { kind: 'cancellation_withdrawn'; tier: PlanId }
  | { kind: 'ended_now'; tier: PlanId }
  | { kind: 'free_months_given'; tier: PlanId; months: number };

function agencyChangeLines(
  change: AgencySubscriptionChange,
  timeZone: string,
): { subject: string; lines: string[] } {
  switch (change.kind) {
    case 'plan_changed_now':
      return {
        subject: `Your plan is now ${planName(change.to)}`,
        lines: [
          `We have moved you from the ${planName(change.from)} plan to the ${planName(change.to)} plan, starting today.`,
          `Your next renewal invoice bills the ${planName(change.to)} plan.`,
        ],
      };
    case 'plan_change_scheduled':
      return {
        subject: `Your plan changes to ${planName(change.to)} on ${displayDate(change.startsOn, timeZone)}`,
        lines: [
          `We have arranged your move from the ${planName(change.from)} plan to the ${planName(change.to)} plan.`,
          `It starts on ${displayDate(change.startsOn, timeZone)}, with your next billing period: the renewal invoice for that period bills the ${planName(change.to)} plan.`,
        ],
      };
    case 'plan_change_withdrawn':
      return {
        subject: `You stay on the ${planName(change.kept)} plan`,
        lines: [
          `The plan change we had arranged is withdrawn: you stay on the ${planName(change.kept)} plan.`,
        ],
      };
    case 'cancel_at_period_end': {
      const until = change.periodEnd
        ? displayDate(change.periodEnd, timeZone)
        : 'the end of the current period';
      return {
        subject: `Your ${planName(change.tier)} plan ends on ${until}`,
        lines: [
          `As agreed, your ${planName(change.tier)} plan is canceled: it stays active until ${until}, then ends. Nothing more will be billed.`,
          'Changed your mind? Choose "Keep my plan" in your portal before then.',
        ],
      };
    }
    case 'cancellation_withdrawn':
      return {
        subject: `Your ${planName(change.tier)} plan continues`,
        lines: [
          `The cancellation of your ${planName(change.tier)} plan is taken back: your plan continues and renews as before.`,
        ],
      };
    case 'ended_now':
      return {
        subject: `Your ${planName(change.tier)} plan has ended`,
        lines: [`As agreed, your ${planName(change.tier)} plan has ended today.`],
      };
    case 'free_months_given': {
      const months = change.months === 1 ? 'a month' : `${change.months} months`;
      return {
        subject: `${change.months === 1 ? 'A month' : `${change.months} months`} of your plan free`,
        lines: [
          `Good news: we have given you ${months} of your ${planName(change.tier)} plan free.`,
          `Your next ${change.months === 1 ? 'renewal invoice shows' : `${change.months} renewal invoices show`} the credit: nothing to pay for ${change.months === 1 ? 'that month' : 'those months'}.`,
        ],
      };
    }
  }
}

/** To the client: the agency changed their plan (from the admin's client page). */
export function subscriptionChangedByAgencyEmail(
  brand: EmailBrand,
  change: AgencySubscriptionChange,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const { subject, lines } = agencyChangeLines(change, brand.timeZone);
  return renderEmail(brand, subject, [...lines, 'Questions? Just reply to this e-mail.'], {
    href: `${appUrl}/portal`,
    label: 'See your plan in your portal',
  });
}

/** The agency's change with its plans' names in place of their ids. */
function namedChange(
  change: AgencySubscriptionChange,
  name: (id: PlanId) => string,
): AgencySubscriptionChange {
  switch (change.kind) {
    case 'plan_changed_now':
    case 'plan_change_scheduled':
      return { ...change, from: name(change.from), to: name(change.to) };
    case 'plan_change_withdrawn':
      return { ...change, kept: name(change.kept) };
    default:
      return { ...change, tier: name(change.tier) };
  }
}

/**
 * Sends the subscriptions' e-mails (the subscription service's SubscriptionEvents), in the
 * background: the agency hears of each request about the client, and the client of what the
 * agency changed.
 */
export function createSubscriptionEmails(send: Send, plans: PlanReader): SubscriptionEvents {
  /** To the business e-mail, about the client `userId`. */
  const toAgency = (
    kind: string,
    userId: string,
    render: (brand: EmailBrand, client: EmailClient | null) => RenderedEmail,
  ) =>
    send.inBackground(
      kind,
      ({ brand, client }) => ({ to: brand.businessEmail, ...render(brand, client) }),
      userId,
    );

  /** The plans' names, read from the catalogue as the e-mail is prepared. */
  const names = async () => (await plans.catalogue()).name;

  return {
    async subscriptionRequested(userId, id) {
      const tier = (await names())(id);
      toAgency('subscription-requested', userId, (brand, client) =>
        subscriptionRequestedEmail(brand, client, tier),
      );
    },
    async requestWithdrawn(userId, id) {
      const tier = (await names())(id);
      toAgency('request-withdrawn', userId, (brand, client) =>
        requestWithdrawnEmail(brand, client, tier),
      );
    },
    async cancellationRequested(userId, id, periodEnd) {
      const tier = (await names())(id);
      toAgency('cancellation-requested', userId, (brand, client) =>
        cancellationRequestedEmail(brand, client, tier, periodEnd),
      );
    },
    async planChangeRequested(userId, fromId, toId, startsOn) {
      const name = await names();
      const [from, to] = [name(fromId), name(toId)];
      toAgency('plan-change-requested', userId, (brand, client) =>
        planChangeRequestedEmail(brand, client, { from, to, startsOn }),
      );
    },
    async cancellationWithdrawn(userId, id) {
      const tier = (await names())(id);
      toAgency('cancellation-withdrawn', userId, (brand, client) =>
        cancellationWithdrawnEmail(brand, client, tier),
      );
    },
    async planChangeWithdrawn(userId, keptId, withdrawnId) {
      const name = await names();
      const [kept, withdrawn] = [name(keptId), name(withdrawnId)];
      toAgency('plan-change-withdrawn', userId, (brand, client) =>
        planChangeWithdrawnEmail(brand, client, { kept, withdrawn }),
      );
    },
    async subscriptionChangedByAgency(userId, changed) {
      const change = namedChange(changed, await names());
      send.inBackground(
        'subscription-changed-by-agency',
        ({ brand, client, appUrl }) =>
          client?.email
            ? { to: client.email, ...subscriptionChangedByAgencyEmail(brand, change, { appUrl }) }
            : null,
        userId,
      );
    },
  };
}
