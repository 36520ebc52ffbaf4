import { z } from 'zod';
import { PLAN_IDS } from '../plans';

/**
 * pending: requested, waiting for its first invoice to be paid; active: paid and running;
 * past_due: the renewal invoice is still unpaid 14 days after the period ended;
 * canceled: ended (or a pending request withdrawn).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

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
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** The answer of the subscribe and cancel calls: what to tell the client, and the result. */
export const SubscriptionChangeSchema = z.object({
  message: z.string(),
  subscription: SubscriptionSchema.nullable(),
});
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;
