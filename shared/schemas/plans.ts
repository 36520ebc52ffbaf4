import { z } from '../zod';
import { centsToDollars, dollarsToCents } from '../money';
import { ListQuerySchema, pageSchema } from './common';
import { PlanResponseTimesSchema } from './response-times';

/**
 * The plan catalogue (issue 37): plans are rows the owner adds, renames, reprices, reorders
 * and retires. The spec's three keep their ids (`essentials`, `signature`, `prestige`); a new
 * plan's id is a slug made from its name when it is created and never changes after.
 */
export const PLAN_STATUSES = ['active', 'retired'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PlanIdSchema = z
  .string({ error: 'Please choose a plan' })
  .trim()
  .min(1, 'Please choose a plan')
  .max(64, 'Plan id is too long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Please choose a plan');

const PlanNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');

const MonthlyPriceSchema = z
  .number({ error: 'Monthly price must be a number' })
  .int('Monthly price must be whole cents')
  .min(100, 'Monthly price must be at least $1')
  .max(100_000_00, 'Monthly price must be at most $100,000');

const FeaturesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A feature cannot be empty')
      .max(120, 'A feature must be at most 120 characters'),
    { error: 'Features must be a list' },
  )
  .min(1, 'List at least one thing the plan includes')
  .max(30, 'At most 30 features');

/** Website updates included per month; null is unlimited. */
const UpdatesPerMonthSchema = z
  .number({ error: 'Updates per month must be a number' })
  .int('Updates per month must be a whole number')
  .min(0, 'Updates per month cannot be negative')
  .max(999, 'Updates per month must be at most 999')
  .nullable();

/** A plan as everyone may see it: the landing page's pricing, the portal's plan choice. */
export const PublicPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Monthly price for a new subscription, in cents. */
  monthlyPrice: z.number().int(),
  features: z.array(z.string()),
  popular: z.boolean(),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;

/** GET /api/admin/plans items, POST/PATCH answers: the whole plan. */
export const AdminPlanSchema = PublicPlanSchema.extend({
  status: z.enum(PLAN_STATUSES),
  /** Order on every list of plans, ascending. */
  position: z.number().int(),
  updatesPerMonth: z.number().int().nullable(),
  responseTimes: PlanResponseTimesSchema,
  /** Its month is a taxable sale: renewals apply the tax rates to it (issue 39). */
  taxable: z.boolean(),
  /** Subscriptions on this plan that are not ended (active, pending, past due). */
  subscriberCount: z.number().int(),
  /** Of those, how many pay a price other than the plan's current one. */
  subscribersOnOtherPrice: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

/** GET /api/admin/plans?q=&page=&pageSize=: every plan in order, retired ones included. */
export const AdminPlanListQuerySchema = ListQuerySchema;
export type AdminPlanListQuery = z.infer<typeof AdminPlanListQuerySchema>;
export const AdminPlanPageSchema = pageSchema(AdminPlanSchema);
export type AdminPlanPage = z.infer<typeof AdminPlanPageSchema>;

/** GET /api/plans: the active plans in order, no sign-in. */
export const PublicPlansSchema = z.object({ items: z.array(PublicPlanSchema) });
export type PublicPlans = z.infer<typeof PublicPlansSchema>;

/** POST /api/admin/plans → 201 AdminPlan. */
export const CreatePlanSchema = z.object({
  name: PlanNameSchema,
  description: z
    .string()
    .trim()
    .max(300, 'Description must be at most 300 characters')
    .optional()
    .default(''),
  monthlyPrice: MonthlyPriceSchema,
  features: FeaturesSchema,
  popular: z.boolean().optional().default(false),
  updatesPerMonth: UpdatesPerMonthSchema.optional().default(null),
  /** Defaults to the targets of the plan that is "most popular" today. */
  responseTimes: PlanResponseTimesSchema.optional(),
  /** Its month is a taxable sale (issue 39); unset: taxable. */
  taxable: z.boolean({ error: 'Taxable must be true or false' }).optional(),
});
export type CreatePlan = z.input<typeof CreatePlanSchema>;

/**
 * PATCH /api/admin/plans/{id} → AdminPlan. A new monthlyPrice applies to new subscriptions;
 * current subscribers keep theirs until moved. status 'retired' takes no new subscribers and
 * keeps the current ones; 'active' brings a retired plan back. position moves the plan to
 * that place (0 first), the others shift.
 */
export const UpdatePlanSchema = z
  .object({
    name: PlanNameSchema,
    description: z.string().trim().max(300, 'Description must be at most 300 characters'),
    monthlyPrice: MonthlyPriceSchema,
    features: FeaturesSchema,
    popular: z.boolean(),
    updatesPerMonth: UpdatesPerMonthSchema,
    responseTimes: PlanResponseTimesSchema,
    status: z.enum(PLAN_STATUSES, { error: 'Status must be active or retired' }),
    position: z.number().int().min(0),
    taxable: z.boolean({ error: 'Taxable must be true or false' }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change');
export type UpdatePlan = z.infer<typeof UpdatePlanSchema>;

/**
 * POST /api/admin/plans/{id}/move-subscribers: every current subscriber of the plan who pays
 * another price moves to the plan's current price from their first renewal at least
 * `priceChangeNoticeDays` (Settings, default 30) away; each is e-mailed the new price and the
 * date now. → { moved, notified: [{ subscriptionId, clientName, from, price, previousPrice }] }
 */
export const MovePlanSubscribersResultSchema = z.object({
  moved: z.number().int(),
  notified: z.array(
    z.object({
      subscriptionId: z.string(),
      clientName: z.string(),
      /** Calendar date of the renewal the new price first applies to. */
      from: z.string(),
      price: z.number().int(),
      previousPrice: z.number().int(),
    }),
  ),
});
export type MovePlanSubscribersResult = z.infer<typeof MovePlanSubscribersResultSchema>;

/**
 * The plan editor's form (Plans): what its inputs hold (the price in dollars, the features one
 * a line, an "Unlimited" box for the updates), turned into the POST/PATCH payload and checked
 * by the same rules as the server. The fields keep the payload's names, so each message lands
 * under its input.
 */
export const PlanFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /** Dollars as typed ('199', '199.50'). */
    monthlyPrice: z.string(),
    /** One feature a line. */
    features: z.string(),
    popular: z.boolean(),
    updatesPerMonth: z.string().optional(),
    unlimitedUpdates: z.boolean(),
    responseTimes: PlanResponseTimesSchema,
    taxable: z.boolean(),
  })
  .transform(({ monthlyPrice, features, updatesPerMonth, unlimitedUpdates, ...rest }): unknown => ({
    ...rest,
    monthlyPrice: dollarsToCents(monthlyPrice) ?? Number.NaN,
    features: features
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    updatesPerMonth: unlimitedUpdates
      ? null
      : (updatesPerMonth ?? '').trim() === ''
        ? Number.NaN
        : Number(updatesPerMonth),
  }))
  .pipe(CreatePlanSchema.required({ responseTimes: true }));
export type PlanFormValues = z.input<typeof PlanFormSchema>;

/** A plan as the editor's form holds it (a new plan: blank, with the targets given). */
export function planFormValues(
  plan: Pick<
    AdminPlan,
    | 'name'
    | 'description'
    | 'monthlyPrice'
    | 'features'
    | 'popular'
    | 'updatesPerMonth'
    | 'responseTimes'
    | 'taxable'
  > | null,
  responseTimes: AdminPlan['responseTimes'],
): PlanFormValues {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    monthlyPrice: plan ? centsToDollars(plan.monthlyPrice) : '',
    features: plan ? plan.features.join('\n') : '',
    popular: plan?.popular ?? false,
    updatesPerMonth: plan?.updatesPerMonth == null ? '' : String(plan.updatesPerMonth),
    unlimitedUpdates: plan ? plan.updatesPerMonth === null : false,
    responseTimes: plan?.responseTimes ?? responseTimes,
    taxable: plan?.taxable ?? true,
  };
}
/** What the plan editor's form submits: the POST payload, and a PATCH of every field. */
export type PlanFormOutput = z.output<typeof PlanFormSchema>;
