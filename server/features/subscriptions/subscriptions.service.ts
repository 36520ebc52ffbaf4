import { DEFAULT_TIME_ZONE, formatDateIn } from '@shared/dates';
import { findPlan, type PlanId } from '@shared/plans';
import { MAX_FREE_MONTHS } from '@shared/schemas/subscriptions';
import type {
  AdminSubscriptionChange,
  Subscription,
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionHistory,
} from '@shared/schemas/subscriptions';
import type { SubscriptionEventRow, SubscriptionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AgencySubscriptionChange } from './subscriptions.emails';
import type { SubscriptionRepository } from './subscriptions.repository';

export const PAYMENT_PAGE_UNREACHABLE =
  "Stripe could not be reached to close your invoice's open payment page. Nothing was changed; please try again in a moment.";
export const INVOICE_JUST_PAID =
  'Your invoice has just been paid, so this can no longer be changed here. Please open a support ticket.';

/** The spec's client shows a special toast when the answer contains this phrase. */
export const ALREADY_ACTIVE_MESSAGE =
  'You already have an active subscription. To change your plan, choose it on the plans page: the change starts with your next billing period.';

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    tier: row.tier,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingTier: row.pendingTier,
    pendingTierFrom: row.pendingTier ? (row.pendingTierFrom?.toISOString() ?? null) : null,
    // Only a request that never started ends without a period (an ended plan keeps its last).
    withdrawn: row.status === 'canceled' && row.currentPeriodEnd === null,
  };
}

function toEvent(row: SubscriptionEventRow): SubscriptionEvent {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    tier: row.tier,
    monthlyPriceCents: row.monthlyPriceCents,
    pendingTier: row.pendingTier,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    occurredAt: row.occurredAt.toISOString(),
  };
}

function planName(id: PlanId): string {
  return findPlan(id)?.name ?? id;
}

/** Who hears of subscription requests (the mail feature's notifications to the agency). */
export interface SubscriptionEvents {
  subscriptionRequested(userId: string, tier: PlanId): void;
  requestWithdrawn(userId: string, tier: PlanId): void;
  cancellationRequested(userId: string, tier: PlanId, periodEnd: Date | null): void;
  planChangeRequested(userId: string, from: PlanId, to: PlanId, startsOn: Date | null): void;
  planChangeWithdrawn(userId: string, kept: PlanId, withdrawn: PlanId): void;
  cancellationWithdrawn(userId: string, tier: PlanId): void;
  /** To the client: what the agency changed on their plan. */
  subscriptionChangedByAgency(userId: string, change: AgencySubscriptionChange): void;
}

/** A subscription as the agency's client page shows it: with the free months to come. */
export type AgencySubscription = Subscription & { freeMonths: number };

export function toAgencySubscription(row: SubscriptionRow): AgencySubscription {
  return { ...toSubscription(row), freeMonths: row.freeMonths };
}

/** What an agency's change did: the answer, and the subscription before and after it. */
export interface AgencyChangeResult {
  message: string;
  before: AgencySubscription;
  after: AgencySubscription;
}

const NOT_RUNNING = 'This client has no running plan (active or past due) to change.';

/** What billing does when a subscription changes (the billing feature); awaited. */
export interface SubscriptionBilling {
  /**
   * Before a change that deletes unpaid invoices (the first month's, or the renewals from the
   * period's end): their open Checkout pages are closed, so nobody pays an invoice that goes.
   */
  closePaymentPages(
    subscription: SubscriptionRow,
    which: 'first' | 'renewals',
  ): Promise<'closed' | 'paid' | 'unreachable'>;
  subscriptionRequested(subscription: SubscriptionRow): Promise<void>;
  requestWithdrawn(subscription: SubscriptionRow): Promise<void>;
  cancellationRequested(subscription: SubscriptionRow): Promise<void>;
  /** The next period's renewal must bill the plan now chosen (changed or withdrawn). */
  nextPeriodPlanChanged(subscription: SubscriptionRow): Promise<void>;
}

export function createSubscriptionService(
  repository: SubscriptionRepository,
  events: SubscriptionEvents,
  billing: SubscriptionBilling,
  now: () => Date = () => new Date(),
  /** The business's time zone: the dates in the answers' messages are written in it. */
  timeZone: string = DEFAULT_TIME_ZONE,
) {
  const displayDate = (value: Date) => formatDateIn(value, timeZone);
  /**
   * Closes the payment pages of the invoices the change may delete, before anything changes:
   * when Stripe cannot be reached nothing changes (503); money already on its way for one of
   * them refuses the change (409) unless `whenPaid` is 'go-on' (the invoice then stays).
   */
  async function closePaymentPages(
    subscription: SubscriptionRow | null,
    which: 'first' | 'renewals',
    whenPaid: 'refuse' | 'go-on' = 'refuse',
  ): Promise<void> {
    if (!subscription) return;
    const state = await billing.closePaymentPages(subscription, which);
    if (state === 'unreachable') throw new AppError(503, PAYMENT_PAGE_UNREACHABLE);
    if (state === 'paid' && whenPaid === 'refuse') throw new AppError(409, INVOICE_JUST_PAID);
  }

  const running = (row: SubscriptionRow | null) =>
    row?.status === 'active' || row?.status === 'past_due';

  async function withdrawPlanChange(userId: string): Promise<SubscriptionChange> {
    const before = await repository.findByUserId(userId);
    if (before?.pendingTier) await closePaymentPages(before, 'renewals');
    const withdrawn = await repository.withdrawPlanChange(userId, now());
    if (!withdrawn) {
      if (!before?.pendingTier) throw new AppError(404, 'You have no plan change to withdraw.');
      throw new AppError(
        409,
        `Your first month on the ${planName(before.pendingTier)} plan is already paid, so the change can no longer be withdrawn. Please open a support ticket.`,
      );
    }
    await billing.nextPeriodPlanChanged(withdrawn);
    events.planChangeWithdrawn(userId, withdrawn.tier, before?.pendingTier ?? withdrawn.tier);
    return {
      message: `Your plan change is withdrawn: you stay on the ${planName(withdrawn.tier)} plan.`,
      subscription: toSubscription(withdrawn),
    };
  }

  /** Why a plan change cannot be made now (the request's update changed nothing). */
  async function refusePlanChange(current: SubscriptionRow | null, tier: PlanId): Promise<never> {
    if (!current || current.status === 'pending' || current.status === 'canceled') {
      throw new AppError(409, 'You have no active plan to change. Choose a plan to request it.');
    }
    if (current.cancelAtPeriodEnd) {
      throw new AppError(
        409,
        `Your plan ends on ${current.currentPeriodEnd ? displayDate(current.currentPeriodEnd) : 'the end of the current period'}: it cannot be changed after a cancellation request.`,
      );
    }
    if (
      current.status === 'past_due' ||
      !current.currentPeriodEnd ||
      current.currentPeriodEnd <= now()
    ) {
      throw new AppError(
        409,
        'Your renewal invoice is unpaid: please pay it before changing your plan.',
      );
    }
    if (current.tier === tier) {
      throw new AppError(409, `You are already on the ${planName(tier)} plan.`);
    }
    if (await repository.nextPeriodHasPayment(current)) {
      throw new AppError(
        409,
        'Your next month is already paid on your current plan, so it cannot be changed now. Please open a support ticket.',
      );
    }
    throw new AppError(409, 'Your plan cannot be changed right now. Please try again.');
  }

  return {
    async get(userId: string): Promise<Subscription | null> {
      const row = await repository.findByUserId(userId);
      return row ? toSubscription(row) : null;
    },

    async subscribe(userId: string, planId: PlanId): Promise<SubscriptionChange> {
      const current = await repository.findByUserId(userId);
      // A request replaced: its unpaid first invoice goes, so its page is closed first.
      if (current && !running(current)) await closePaymentPages(current, 'first');
      const row = await repository.requestPending(userId, planId, now());
      if (!row) {
        return {
          message: ALREADY_ACTIVE_MESSAGE,
          subscription: current ? toSubscription(current) : null,
        };
      }
      await billing.subscriptionRequested(row);
      events.subscriptionRequested(userId, planId);
      return {
        message: `Your request for the ${planName(planId)} plan has been received. We will send your first invoice shortly; the plan starts once it is paid.`,
        subscription: toSubscription(row),
      };
    },

    /**
     * An active subscriber moves to another plan from the next period: its renewal invoice
     * bills the new plan, and the plan changes when that period begins. Choosing the current
     * plan again while a change waits withdraws the change.
     */
    async changePlan(userId: string, tier: PlanId): Promise<SubscriptionChange> {
      const current = await repository.findByUserId(userId);
      if (current?.pendingTier && current.tier === tier) return withdrawPlanChange(userId);
      if (current?.pendingTier === tier && current.pendingTierFrom) {
        return {
          message: `Your change to the ${planName(tier)} plan on ${displayDate(current.pendingTierFrom)} is already requested.`,
          subscription: toSubscription(current),
        };
      }
      if (current?.status === 'active' && !current.cancelAtPeriodEnd) {
        await closePaymentPages(current, 'renewals');
      }
      const changed = await repository.requestPlanChange(userId, tier, now());
      if (!changed) return refusePlanChange(current, tier);
      await billing.nextPeriodPlanChanged(changed);
      events.planChangeRequested(userId, changed.tier, tier, changed.pendingTierFrom);
      return {
        message: `Your ${planName(changed.tier)} plan changes to ${planName(tier)} on ${displayDate(changed.pendingTierFrom!)}, when your next billing period starts. Your next invoice bills the new plan.`,
        subscription: toSubscription(changed),
      };
    },

    withdrawPlanChange,

    async cancel(userId: string): Promise<SubscriptionChange> {
      const current = await repository.findByUserId(userId);
      // A renewal paid meanwhile stays, as one paid before a cancellation always has.
      if (running(current) && !current!.cancelAtPeriodEnd) {
        await closePaymentPages(current, 'renewals', 'go-on');
      }
      if (current?.status === 'pending') await closePaymentPages(current, 'first');
      const requested = await repository.requestCancellation(userId, now());
      if (requested) {
        await billing.cancellationRequested(requested);
        events.cancellationRequested(userId, requested.tier, requested.currentPeriodEnd);
        return {
          message:
            'Your cancellation request has been received. Your plan stays active until the end of the current billing period.',
          subscription: toSubscription(requested),
        };
      }
      const withdrawn = await repository.withdrawPending(userId, now());
      if (withdrawn) {
        await billing.requestWithdrawn(withdrawn);
        events.requestWithdrawn(userId, withdrawn.tier);
        return {
          message: 'Your plan request has been withdrawn. Nothing was billed.',
          subscription: toSubscription(withdrawn),
        };
      }
      if (!current) throw new AppError(404, 'You have no subscription to cancel.');
      if (current.status === 'canceled') {
        throw new AppError(409, 'This subscription has already ended.');
      }
      throw new AppError(409, 'Cancellation has already been requested for this subscription.');
    },

    /**
     * The client takes back their cancellation before the period ends ("Keep my plan"): the
     * plan renews again.
     */
    async keep(userId: string): Promise<SubscriptionChange> {
      const kept = await repository.keep(userId, now());
      if (!kept) {
        const current = await repository.findByUserId(userId);
        if (!current) throw new AppError(404, 'You have no subscription.');
        if (current.status === 'canceled') {
          throw new AppError(409, 'This plan has already ended. Choose a plan to start again.');
        }
        throw new AppError(409, 'Your plan is not being canceled: there is nothing to take back.');
      }
      events.cancellationWithdrawn(userId, kept.tier);
      return {
        message: `Your cancellation is taken back: your ${planName(kept.tier)} plan continues and renews as before.`,
        subscription: toSubscription(kept),
      };
    },

    /** The client's subscription with the free months to come (the agency's client page). */
    async getForAgency(userId: string): Promise<AgencySubscription | null> {
      const row = await repository.findByUserId(userId);
      return row ? toAgencySubscription(row) : null;
    },

    /**
     * The agency changes a client's plan from the client page: the plan (now, or from the next
     * period as the client can), a cancellation at the period end or its withdrawal, or an end
     * at once. The client is e-mailed what changed.
     */
    async changeForClient(
      userId: string,
      change: AdminSubscriptionChange,
    ): Promise<AgencyChangeResult> {
      const current = await repository.findByUserId(userId);
      if (!current) throw new AppError(409, 'This client has no plan yet.');
      const before = toAgencySubscription(current);
      const done = (message: string, row: SubscriptionRow, told: AgencySubscriptionChange) => {
        events.subscriptionChangedByAgency(userId, told);
        return { message, before, after: toAgencySubscription(row) };
      };

      if (change.endNow) {
        if (!running(current)) throw new AppError(409, NOT_RUNNING);
        await closePaymentPages(current, 'renewals', 'go-on');
        const ended = await repository.endNow(userId, now());
        if (!ended) throw new AppError(409, NOT_RUNNING);
        await billing.cancellationRequested(ended);
        return done(`The ${planName(ended.tier)} plan has ended today.`, ended, {
          kind: 'ended_now',
          tier: ended.tier,
        });
      }

      if (change.cancelAtPeriodEnd === true) {
        if (!running(current)) throw new AppError(409, NOT_RUNNING);
        if (current.cancelAtPeriodEnd) {
          throw new AppError(409, 'This plan is already being canceled at the period end.');
        }
        await closePaymentPages(current, 'renewals', 'go-on');
        const requested = await repository.requestCancellation(userId, now());
        if (!requested) throw new AppError(409, NOT_RUNNING);
        await billing.cancellationRequested(requested);
        const until = requested.currentPeriodEnd
          ? displayDate(requested.currentPeriodEnd)
          : 'the end of the current period';
        return done(
          `The ${planName(requested.tier)} plan is canceled: it stays active until ${until}, then ends.`,
          requested,
          {
            kind: 'cancel_at_period_end',
            tier: requested.tier,
            periodEnd: requested.currentPeriodEnd,
          },
        );
      }

      if (change.cancelAtPeriodEnd === false) {
        const kept = await repository.keep(userId, now());
        if (!kept) {
          throw new AppError(
            409,
            current.status === 'canceled'
              ? 'This plan has already ended: a cancellation can only be taken back before the period ends.'
              : 'This plan is not being canceled: there is nothing to take back.',
          );
        }
        return done(
          `The cancellation is taken back: the ${planName(kept.tier)} plan continues and renews as before.`,
          kept,
          { kind: 'cancellation_withdrawn', tier: kept.tier },
        );
      }

      const tier = change.planType!;
      if (current.status !== 'active') {
        throw new AppError(
          409,
          current.status === 'past_due'
            ? 'The renewal invoice is unpaid: the plan can be changed once it is paid.'
            : 'This client has no active plan to change.',
        );
      }
      if (current.cancelAtPeriodEnd) {
        throw new AppError(
          409,
          'This plan is being canceled: take the cancellation back before changing the plan.',
        );
      }
      if (change.starts === 'now') {
        if (current.tier === tier) {
          throw new AppError(409, `The client is already on the ${planName(tier)} plan.`);
        }
        await closePaymentPages(current, 'renewals');
        const changed = await repository.changePlanNow(userId, tier, now());
        if (!changed) {
          throw new AppError(
            409,
            'The next month is already paid on the current plan, so the plan cannot be changed now.',
          );
        }
        await billing.nextPeriodPlanChanged(changed);
        return done(
          `The plan is now ${planName(tier)}, from today. The next renewal invoice bills it.`,
          changed,
          { kind: 'plan_changed_now', from: current.tier, to: tier },
        );
      }
      if (current.tier === tier) {
        if (!current.pendingTier) {
          throw new AppError(409, `The client is already on the ${planName(tier)} plan.`);
        }
        await closePaymentPages(current, 'renewals');
        const withdrawn = await repository.withdrawPlanChange(userId, now());
        if (!withdrawn) {
          throw new AppError(
            409,
            'The first month on the new plan is already paid, so the change can no longer be withdrawn.',
          );
        }
        await billing.nextPeriodPlanChanged(withdrawn);
        return done(
          `The plan change is withdrawn: the client stays on the ${planName(tier)} plan.`,
          withdrawn,
          { kind: 'plan_change_withdrawn', kept: tier },
        );
      }
      if (current.pendingTier === tier) {
        throw new AppError(409, `The change to the ${planName(tier)} plan is already arranged.`);
      }
      await closePaymentPages(current, 'renewals');
      const scheduled = await repository.requestPlanChange(userId, tier, now());
      if (!scheduled) {
        throw new AppError(
          409,
          (await repository.nextPeriodHasPayment(current))
            ? 'The next month is already paid on the current plan, so it cannot be changed now.'
            : 'The renewal invoice is unpaid: the plan can be changed once it is paid.',
        );
      }
      await billing.nextPeriodPlanChanged(scheduled);
      return done(
        `The plan changes to ${planName(tier)} on ${displayDate(scheduled.pendingTierFrom!)}, when the next billing period starts.`,
        scheduled,
        {
          kind: 'plan_change_scheduled',
          from: scheduled.tier,
          to: tier,
          startsOn: scheduled.pendingTierFrom!,
        },
      );
    },

    /**
     * The agency withdraws a plan request still waiting for its first payment (a client's
     * account is being deactivated): its unpaid first invoice goes, as when the client
     * withdraws it. Null when there is no such request.
     */
    async withdrawRequestForClient(userId: string): Promise<AgencyChangeResult | null> {
      const current = await repository.findByUserId(userId);
      if (current?.status !== 'pending') return null;
      await closePaymentPages(current, 'first');
      const withdrawn = await repository.withdrawPending(userId, now());
      if (!withdrawn) return null;
      await billing.requestWithdrawn(withdrawn);
      return {
        message: `The ${planName(withdrawn.tier)} plan request is withdrawn.`,
        before: toAgencySubscription(current),
        after: toAgencySubscription(withdrawn),
      };
    },

    /** The agency gives months free: credited on the next renewal invoices. */
    async giveFreeMonths(userId: string, months: number): Promise<AgencyChangeResult> {
      const current = await repository.findByUserId(userId);
      if (!current || !running(current)) throw new AppError(409, NOT_RUNNING);
      if (current.cancelAtPeriodEnd) {
        throw new AppError(409, 'This plan ends at the period end: there is no renewal to credit.');
      }
      const given = await repository.giveFreeMonths(userId, months, now());
      if (!given) {
        throw new AppError(
          409,
          `At most ${MAX_FREE_MONTHS} free months can wait to be credited; ${current.freeMonths} already do.`,
        );
      }
      events.subscriptionChangedByAgency(userId, {
        kind: 'free_months_given',
        tier: given.tier,
        months,
      });
      const what = months === 1 ? 'A month' : `${months} months`;
      return {
        message: `${what} free given: the next renewal invoice${months === 1 ? ' shows' : 's show'} the credit.`,
        before: toAgencySubscription(current),
        after: toAgencySubscription(given),
      };
    },

    /**
     * One client's subscription history, newest first (the admin's client page): every
     * transition the subscription went through, as it left the subscription.
     */
    async listHistory(
      userId: string,
      { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {},
    ): Promise<SubscriptionHistory> {
      const { rows, total } = await repository.listHistory(userId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items: rows.map(toEvent), total, page, pageSize };
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
