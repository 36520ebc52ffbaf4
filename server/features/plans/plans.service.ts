import { addDays } from 'date-fns';
import { addMonthsIn, calendarDateIn } from '@shared/dates';
import { pageOffset } from '@shared/schemas/common';
import type { z } from 'zod';
import type {
  AdminPlan,
  AdminPlanListQuery,
  AdminPlanPage,
  CreatePlanSchema,
  MovePlanSubscribersResult,
  PublicPlan,
  UpdatePlan,
} from '@shared/schemas/plans';
import type { PlanResponseTimes } from '@shared/schemas/response-times';
import type { PlanRow } from '../../db/schema';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { PlanEmails } from './plans.emails';
import type { PlanRepository, PlanValues } from './plans.repository';

export const PLAN_NOT_FOUND = 'Plan not found';

/** A plan as the server's features read it (the row: price in cents, counts, targets). */
export type CataloguePlan = PlanRow;

/**
 * The catalogue read once for a piece of work: every plan (retired ones too: their subscribers
 * keep them), looked up without awaiting again. The one way the server reads plans.
 */
export interface PlanCatalogue {
  readonly plans: readonly CataloguePlan[];
  find(id: string): CataloguePlan | undefined;
  /** The plan's name, or its id when it is unknown (never thrown on: a name is for words). */
  name(id: string): string;
  /** Each plan's response targets by id (the ticket clock's policy). */
  responseTimes(): Record<string, PlanResponseTimes>;
}

/** What the other features are handed: the catalogue, read when they need it. */
export interface PlanReader {
  catalogue(): Promise<PlanCatalogue>;
  /** The plan a client may subscribe (or change) to: 4xx when unknown or retired. */
  activePlan(id: string): Promise<CataloguePlan>;
}

export function catalogueOf(rows: readonly CataloguePlan[]): PlanCatalogue {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    plans: rows,
    find: (id) => byId.get(id),
    name: (id) => byId.get(id)?.name ?? id,
    responseTimes: () => Object.fromEntries(rows.map((row) => [row.id, row.responseTimes])),
  };
}

export function toPublicPlan(row: CataloguePlan): PublicPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPrice: row.monthlyPriceCents,
    features: row.features,
    popular: row.popular,
  };
}

function toAdminPlan(
  row: CataloguePlan,
  counts: { subscribers: number; onOtherPrice: number } | undefined,
): AdminPlan {
  return {
    ...toPublicPlan(row),
    status: row.status,
    position: row.position,
    updatesPerMonth: row.updatesPerMonth,
    responseTimes: row.responseTimes,
    taxable: row.taxable,
    subscriberCount: counts?.subscribers ?? 0,
    subscribersOnOtherPrice: counts?.onOtherPrice ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A new plan's id: its name as a slug ("Growth Plus" → "growth-plus"), unique with a number. */
export function planSlug(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56)
      .replace(/-+$/g, '') || 'plan';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** What an audit row keeps of a plan. */
function audited(row: CataloguePlan) {
  return {
    name: row.name,
    description: row.description,
    monthlyPrice: row.monthlyPriceCents,
    features: row.features,
    popular: row.popular,
    updatesPerMonth: row.updatesPerMonth,
    responseTimes: row.responseTimes,
    status: row.status,
    position: row.position,
    taxable: row.taxable,
  };
}

export interface PlanServiceDeps {
  repository: PlanRepository;
  audit: AuditTrail;
  emails: PlanEmails;
  /** Settings' notice of a new price, in days (priceChangeNoticeDays). */
  noticeDays: () => Promise<number>;
  /** The business's calendar (BILLING_TIMEZONE): periods are its months. */
  timeZone: string;
  now?: () => Date;
}

/**
 * The plan catalogue (issue 37): the owner adds, renames, reprices, reorders and retires plans;
 * every other feature reads it through `catalogue()`. A new price is for new subscriptions;
 * current subscribers keep theirs until moved (`moveSubscribers`).
 */
export function createPlanService({
  repository,
  audit,
  emails,
  noticeDays,
  timeZone,
  now = () => new Date(),
}: PlanServiceDeps) {
  async function adminPlan(row: CataloguePlan): Promise<AdminPlan> {
    const counts = await repository.subscriberCounts();
    return toAdminPlan(
      row,
      counts.find((count) => count.planId === row.id),
    );
  }

  async function defaultResponseTimes(): Promise<PlanResponseTimes> {
    const rows = await repository.all();
    const model = rows.find((row) => row.popular) ?? rows[0];
    if (!model) throw new AppError(409, 'Add the response targets of the first plan');
    return model.responseTimes;
  }

  const reader: PlanReader = {
    async catalogue() {
      return catalogueOf(await repository.all());
    },

    async activePlan(id) {
      const plan = await repository.find(id);
      if (!plan)
        throw new AppError(400, 'That plan does not exist. Please choose one of our plans.');
      if (plan.status !== 'active') {
        throw new AppError(
          409,
          `The ${plan.name} plan is no longer offered. Please choose another plan.`,
        );
      }
      return plan;
    },
  };

  return {
    ...reader,

    /** GET /api/plans and the landing page: the active plans in order. */
    async listPublicPlans(): Promise<PublicPlan[]> {
      const rows = await repository.all();
      return rows.filter((row) => row.status === 'active').map(toPublicPlan);
    },

    /** GET /api/admin/plans: every plan in order with its subscribers, one page. */
    async list({ q, page, pageSize }: AdminPlanListQuery): Promise<AdminPlanPage> {
      const [rows, counts] = await Promise.all([repository.all(), repository.subscriberCounts()]);
      const needle = q.toLowerCase();
      const matching = needle
        ? rows.filter((row) => row.name.toLowerCase().includes(needle))
        : rows;
      const offset = pageOffset({ page, pageSize });
      return {
        items: matching.slice(offset, offset + pageSize).map((row) =>
          toAdminPlan(
            row,
            counts.find((count) => count.planId === row.id),
          ),
        ),
        total: matching.length,
        page,
        pageSize,
      };
    },

    async get(id: string): Promise<AdminPlan> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, PLAN_NOT_FOUND);
      return adminPlan(row);
    },

    async create(actor: AuditActor, input: z.output<typeof CreatePlanSchema>): Promise<AdminPlan> {
      const name = input.name.trim();
      const values: PlanValues = {
        name,
        description: input.description?.trim() ?? '',
        monthlyPriceCents: input.monthlyPrice,
        features: input.features.map((feature) => feature.trim()),
        popular: input.popular ?? false,
        updatesPerMonth: input.updatesPerMonth ?? null,
        responseTimes: input.responseTimes ?? (await defaultResponseTimes()),
        status: 'active',
        taxable: input.taxable ?? true,
      };
      const base = planSlug(name, []);
      const id = planSlug(name, await repository.idsLike(base));
      const row = await repository.create(id, values);
      await audit.record(actor, {
        kind: 'plan.created',
        targetType: 'plan',
        targetId: row.id,
        before: null,
        after: audited(row),
      });
      return adminPlan(row);
    },

    async update(actor: AuditActor, id: string, patch: UpdatePlan): Promise<AdminPlan> {
      const before = await repository.find(id);
      if (!before) throw new AppError(404, PLAN_NOT_FOUND);
      const { monthlyPrice, position, ...rest } = patch;
      const values: Partial<PlanValues> = {
        ...rest,
        ...(monthlyPrice !== undefined ? { monthlyPriceCents: monthlyPrice } : {}),
      };
      const row = await repository.update(id, values, position);
      if (!row) throw new AppError(404, PLAN_NOT_FOUND);
      const changes = changedFields(audited(before), audited(row));
      if (Object.keys(changes.after).length > 0) {
        await audit.record(actor, {
          kind: 'plan.updated',
          targetType: 'plan',
          targetId: row.id,
          ...changes,
        });
      }
      return adminPlan(row);
    },

    /**
     * Every running subscriber of the plan who pays another price is moved to the plan's
     * current one from their first renewal at least the notice away (a period whose renewal
     * invoice is not made yet), and e-mailed the new price and that date now.
     */
    async moveSubscribers(actor: AuditActor, id: string): Promise<MovePlanSubscribersResult> {
      const plan = await repository.find(id);
      if (!plan) throw new AppError(404, PLAN_NOT_FOUND);
      const at = now();
      const earliest = addDays(at, await noticeDays());
      const movable = await repository.movable(plan.id, plan.monthlyPriceCents);
      const changes = movable.map((subscription) => {
        let from = subscription.currentPeriodEnd;
        while (
          from < earliest ||
          (subscription.latestInvoicedStart && from <= subscription.latestInvoicedStart)
        ) {
          from = addMonthsIn(from, 1, timeZone);
        }
        return { subscription, from };
      });
      const moved = new Set(
        await repository.schedulePrices(
          changes.map(({ subscription, from }) => ({
            subscriptionId: subscription.id,
            price: plan.monthlyPriceCents,
            from,
          })),
          at,
        ),
      );
      const notified = changes
        .filter(({ subscription }) => moved.has(subscription.id))
        .map(({ subscription, from }) => {
          emails.priceChanged({
            userId: subscription.userId,
            planName: plan.name,
            price: plan.monthlyPriceCents,
            previousPrice: subscription.monthlyPriceCents,
            from,
          });
          return {
            subscriptionId: subscription.id,
            clientName: subscription.clientName,
            from: calendarDateIn(from, timeZone),
            price: plan.monthlyPriceCents,
            previousPrice: subscription.monthlyPriceCents,
          };
        });
      if (notified.length > 0) {
        await audit.record(actor, {
          kind: 'plan.subscribers_moved',
          targetType: 'plan',
          targetId: plan.id,
          before: null,
          after: {
            price: plan.monthlyPriceCents,
            subscribers: notified.map(({ clientName, from, previousPrice }) => ({
              clientName,
              from,
              previousPrice,
            })),
          },
        });
      }
      return { moved: notified.length, notified };
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
