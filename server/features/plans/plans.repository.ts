import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PlanResponseTimes } from '@shared/schemas/response-times';
import type { PlanStatus } from '@shared/schemas/plans';
import type { Database } from '../../db/client';
import { plans, subscriptions, users, type PlanRow } from '../../db/schema';
import { schedulePriceChange } from '../subscriptions/subscription-lifecycle';

/** The subscriptions a plan counts as its subscribers: not ended. */
const CURRENT_STATUSES = ['pending', 'active', 'past_due'] as const;

export interface PlanValues {
  name: string;
  description: string;
  monthlyPriceCents: number;
  features: string[];
  popular: boolean;
  updatesPerMonth: number | null;
  responseTimes: PlanResponseTimes;
  status: PlanStatus;
  /** Its month is a taxable sale (issue 39); true when not said. */
  taxable?: boolean;
}

/** A subscription the "move subscribers" action may move, with what it needs to tell. */
export interface MovableSubscription {
  id: string;
  userId: string;
  email: string | null;
  clientName: string;
  monthlyPriceCents: number;
  currentPeriodEnd: Date;
  /** The latest period a renewal invoice was already made for (it cannot be billed again). */
  latestInvoicedStart: Date | null;
}

/** The plans table: the only place that reads or writes it. */
export function createPlanRepository(db: Database) {
  const subscriberCounts = () =>
    db
      .select({
        planId: subscriptions.tier,
        subscribers: count(),
        onOtherPrice: sql<number>`count(*) filter (
        where ${subscriptions.monthlyPriceCents} <> ${plans.monthlyPriceCents}
      )`.mapWith(Number),
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.tier))
      .where(inArray(subscriptions.status, [...CURRENT_STATUSES]))
      .groupBy(subscriptions.tier);

  return {
    /** Every plan in order (the catalogue is a handful of rows: one read serves a request). */
    async all(): Promise<PlanRow[]> {
      return db.select().from(plans).orderBy(asc(plans.position), asc(plans.createdAt));
    },

    async find(id: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row ?? null;
    },

    /** Current subscribers per plan, and how many of them pay another price than the plan's. */
    async subscriberCounts() {
      return subscriberCounts();
    },

    /** Ids that start with `base` (a new plan's slug takes the first free one). */
    async idsLike(base: string): Promise<string[]> {
      const rows = await db
        .select({ id: plans.id })
        .from(plans)
        .where(sql`${plans.id} = ${base} or ${plans.id} like ${`${base}-%`}`);
      return rows.map((row) => row.id);
    },

    /**
     * A new plan at the end of the list; a popular one takes the mark from the others, in one
     * transaction.
     */
    async create(id: string, values: PlanValues): Promise<PlanRow> {
      return db.transaction(async (tx) => {
        if (values.popular) await tx.update(plans).set({ popular: false });
        const [row] = await tx
          .insert(plans)
          .values({
            id,
            ...values,
            position: sql`coalesce((select max(${plans.position}) + 1 from ${plans}), 0)`,
          })
          .returning();
        if (!row) throw new Error('Plan insert returned no row');
        return row;
      });
    },

    /**
     * Changes a plan; `position` moves it to that place (0 first) and the others shift. Only
     * one plan is popular: marking one clears the mark on the others.
     */
    async update(
      id: string,
      values: Partial<PlanValues>,
      position: number | undefined,
    ): Promise<PlanRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
        if (!current) return null;
        if (values.popular) {
          await tx.update(plans).set({ popular: false }).where(ne(plans.id, id));
        }
        if (position !== undefined) {
          const order = await tx
            .select({ id: plans.id })
            .from(plans)
            .orderBy(asc(plans.position), asc(plans.createdAt));
          const others = order.map((row) => row.id).filter((other) => other !== id);
          const place = Math.min(position, others.length);
          const ordered = [...others.slice(0, place), id, ...others.slice(place)];
          for (const [index, planId] of ordered.entries()) {
            await tx.update(plans).set({ position: index }).where(eq(plans.id, planId));
          }
        }
        const [row] = await tx
          .update(plans)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(plans.id, id))
          .returning();
        return row ?? null;
      });
    },

    /**
     * The running subscriptions of the plan that pay another price than `price`, have no plan
     * change waiting and no new price arranged yet.
     */
    async movable(planId: string, price: number): Promise<MovableSubscription[]> {
      return db
        .select({
          id: subscriptions.id,
          userId: subscriptions.userId,
          email: users.email,
          clientName: sql<string>`coalesce(
            nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''),
            nullif(${users.businessName}, ''), ${users.email}, 'Client')`,
          monthlyPriceCents: subscriptions.monthlyPriceCents,
          currentPeriodEnd: sql<Date>`${subscriptions.currentPeriodEnd}`.mapWith(
            (value: string | Date) => new Date(value),
          ),
          latestInvoicedStart: sql<Date | null>`(
            select max(i.period_start) from invoices i where i.subscription_id = ${subscriptions.id}
          )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(
          and(
            eq(subscriptions.tier, planId),
            inArray(subscriptions.status, ['active', 'past_due']),
            ne(subscriptions.monthlyPriceCents, price),
            sql`${subscriptions.pendingTier} is null`,
            sql`${subscriptions.currentPeriodEnd} is not null`,
            sql`(${subscriptions.scheduledPriceCents} is null
                 or ${subscriptions.scheduledPriceCents} <> ${price})`,
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd));
    },

    /** Arranges each subscription's new price from its period, in one transaction. */
    async schedulePrices(
      changes: ReadonlyArray<{ subscriptionId: string; price: number; from: Date }>,
      at: Date,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const moved: string[] = [];
        for (const change of changes) {
          const row = await schedulePriceChange(
            tx,
            change.subscriptionId,
            change.price,
            change.from,
            at,
          );
          if (row) moved.push(row.id);
        }
        return moved;
      });
    },
  };
}
export type PlanRepository = ReturnType<typeof createPlanRepository>;
