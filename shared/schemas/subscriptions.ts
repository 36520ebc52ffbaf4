import { z } from '../zod';
import { PlanIdSchema } from './plans';
import { pageSchema } from './common';

/**
 * pending: requested, waiting for its first invoice to be paid; active: paid and running;
 * past_due: the renewal invoice is still unpaid 14 days after the period ended;
 * canceled: ended (or a pending request withdrawn).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What happened to a subscription (its stored history, subscription_events):
 * requested / withdrawn: a plan request made, or taken back before its first invoice was paid;
 * activated: the first invoice paid; renewed: a month's renewal invoice paid;
 * past_due: the renewal still unpaid 14 days after the period ended;
 * cancel_requested: a cancellation at the period end asked for; cancel_withdrawn: taken back;
 * canceled: the plan ended (at its period end, or at once by the agency);
 * plan_change_requested / plan_change_withdrawn: another plan asked for from the next period,
 * or that request taken back; plan_changed: the new plan began (at the next period, or at once
 * when the agency changed it); free_month_given: the agency gave months free (freeMonths).
 */
export const SUBSCRIPTION_EVENT_KINDS = [
  'requested',
  'withdrawn',
  'activated',
  'renewed',
  'past_due',
  'cancel_requested',
  'cancel_withdrawn',
  'canceled',
  'plan_change_requested',
  'plan_change_withdrawn',
  'plan_changed',
  'free_month_given',
  'price_change_scheduled',
  'price_changed',
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** POST /api/get-or-create-subscription. */
export const SubscribeSchema = z.object({
  planId: PlanIdSchema,
});
export type Subscribe = z.infer<typeof SubscribeSchema>;

/** GET /api/subscription (or null): the signed-in client's subscription. */
export const SubscriptionSchema = z.object({
  tier: z.string(),
  /** What this subscription pays a month, in cents (its own price, issue 37). */
  monthlyPrice: z.number().int().optional(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** The client asked to cancel; the plan runs until currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  /**
   * The plan an active subscriber asked to move to; it bills from the next period, which
   * starts at pendingTierFrom (the current period's end). Null without a pending change.
   */
  pendingTier: z.string().nullable(),
  pendingTierFrom: z.iso.datetime().nullable(),
  /** A plan request taken back before it started (status canceled, no period ever). */
  withdrawn: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /api/subscription/plan-change: the plan to move to from the next period. */
export const PlanChangeSchema = SubscribeSchema;
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/** How many free months a subscription can have waiting at most. */
export const MAX_FREE_MONTHS = 12;

/** When a plan change the agency makes starts: at once, or with the next period (as a client's). */
export const PLAN_CHANGE_STARTS = ['now', 'next_period'] as const;
export type PlanChangeStart = (typeof PLAN_CHANGE_STARTS)[number];

/**
 * PATCH /api/admin/clients/{id}/subscription: one change at a time. planType (with
 * `starts`, the next period by default) changes the plan; cancelAtPeriodEnd true cancels at
 * the period end, false takes a cancellation back; endNow ends the plan at once.
 */
export const AdminSubscriptionChangeSchema = z
  .object({
    planType: PlanIdSchema.optional(),
    starts: z
      .enum(PLAN_CHANGE_STARTS, { error: 'starts must be now or next_period' })
      .default('next_period'),
    cancelAtPeriodEnd: z.boolean({ error: 'cancelAtPeriodEnd must be true or false' }).optional(),
    endNow: z.literal(true, { error: 'endNow can only be true' }).optional(),
  })
  .strict()
  .refine(
    (change) =>
      [change.planType, change.cancelAtPeriodEnd, change.endNow].filter((v) => v !== undefined)
        .length === 1,
    { message: 'Give exactly one change: planType, cancelAtPeriodEnd or endNow' },
  );
export type AdminSubscriptionChange = z.infer<typeof AdminSubscriptionChangeSchema>;

/** POST /api/admin/clients/{id}/free-months: months credited on the next renewal invoices. */
export const FreeMonthsSchema = z
  .object({
    months: z
      .number({ error: 'months must be a whole number' })
      .int('months must be a whole number')
      .min(1, 'Give at least one month')
      .max(MAX_FREE_MONTHS, `At most ${MAX_FREE_MONTHS} months`)
      .default(1),
  })
  .strict();
export type FreeMonths = z.infer<typeof FreeMonthsSchema>;

/** The answer of the agency's plan actions: what happened, in a sentence. */
export const AgencyChangeAnswerSchema = z.object({ message: z.string() });
export type AgencyChangeAnswer = z.infer<typeof AgencyChangeAnswerSchema>;

/** The answer of the subscribe and cancel calls: what to tell the client, and the result. */
export const SubscriptionChangeSchema = z.object({
  message: z.string(),
  subscription: SubscriptionSchema.nullable(),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

/**
 * One event of a client's subscription history (newest first in SubscriptionHistorySchema):
 * the subscription as the event left it. monthlyPriceCents is the price of `tier` then;
 * pendingTier the plan change waiting for the next period, if any.
 */
export const SubscriptionEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SUBSCRIPTION_EVENT_KINDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  tier: z.string(),
  monthlyPriceCents: z.number().int(),
  pendingTier: z.string().nullable(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  occurredAt: z.iso.datetime(),
});
export type SubscriptionEvent = z.infer<typeof SubscriptionEventSchema>;

/** A page of one client's subscription history, newest first. */
export const SubscriptionHistorySchema = pageSchema(SubscriptionEventSchema);
export type SubscriptionHistory = z.infer<typeof SubscriptionHistorySchema>;

/** How each kind of event reads in a history list. */
export const SUBSCRIPTION_EVENT_LABELS: Record<SubscriptionEventKind, string> = {
  requested: 'Plan requested',
  withdrawn: 'Request withdrawn',
  activated: 'Plan started',
  renewed: 'Renewed',
  past_due: 'Past due',
  cancel_requested: 'Cancellation requested',
  cancel_withdrawn: 'Cancellation taken back',
  canceled: 'Plan ended',
  plan_change_requested: 'Plan change requested',
  plan_change_withdrawn: 'Plan change withdrawn',
  plan_changed: 'Plan changed',
  price_change_scheduled: 'New price arranged',
  price_changed: 'Price changed',
  free_month_given: 'Month free given',
};
