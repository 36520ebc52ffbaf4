import { z } from '../zod';
import { PLAN_IDS } from '../plans';
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
 * cancel_requested: the client asked to cancel; canceled: the plan ended at its period end;
 * plan_change_requested / plan_change_withdrawn: another plan asked for from the next period,
 * or that request taken back; plan_changed: the next period began on the new plan.
 */
export const SUBSCRIPTION_EVENT_KINDS = [
  'requested',
  'withdrawn',
  'activated',
  'renewed',
  'past_due',
  'cancel_requested',
  'canceled',
  'plan_change_requested',
  'plan_change_withdrawn',
  'plan_changed',
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** POST /api/get-or-create-subscription. */
export const SubscribeSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: 'Please choose Essentials, Signature or Prestige' }),
});
export type Subscribe = z.infer<typeof SubscribeSchema>;

/** GET /api/subscription (or null): the signed-in client's subscription. */
export const SubscriptionSchema = z.object({
  tier: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** The client asked to cancel; the plan runs until currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  /**
   * The plan an active subscriber asked to move to; it bills from the next period, which
   * starts at pendingTierFrom (the current period's end). Null without a pending change.
   */
  pendingTier: z.enum(PLAN_IDS).nullable(),
  pendingTierFrom: z.iso.datetime().nullable(),
  /** A plan request taken back before it started (status canceled, no period ever). */
  withdrawn: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /api/subscription/plan-change: the plan to move to from the next period. */
export const PlanChangeSchema = SubscribeSchema;
export type PlanChange = z.infer<typeof PlanChangeSchema>;

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
  tier: z.enum(PLAN_IDS),
  monthlyPriceCents: z.number().int(),
  pendingTier: z.enum(PLAN_IDS).nullable(),
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
  canceled: 'Plan ended',
  plan_change_requested: 'Plan change requested',
  plan_change_withdrawn: 'Plan change withdrawn',
  plan_changed: 'Plan changed',
};
