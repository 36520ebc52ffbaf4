import { and, eq, gt, gte, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PlanId } from '@shared/plans';
import type { SubscriptionEventKind } from '@shared/schemas/subscriptions';
import type { Database, Transaction } from '../../db/client';
import {
  invoices,
  plans,
  subscriptions,
  type InvoiceRow,
  type SubscriptionRow,
} from '../../db/schema';
import { recordSubscriptionEvents } from './subscription-history';
import {
  canEndNow,
  canExtendTo,
  canKeep,
  canRequestCancellation,
  canStart,
  canWithdrawRequest,
  firstPeriod,
  freeMonthsRefusal,
  planChangeNowRefusal,
  planChangeRefusal,
  planChangeWithdrawalRefusal,
} from './subscription-rules';

/**
 * The subscriptions table is written here only, every column (lint holds this:
 * eslint.config.js). Each transition is one named function that takes the transaction it is
 * part of and writes its history event in it (ADR 021). A transition of one client's
 * subscription locks its row, asks subscription-rules.ts whether it may happen in the state the
 * row is in, and writes it; the daily run's transitions are set-based statements.
 *
 * - (none, or ended) -> pending: requestSubscription (a signed proposal's at its own price:
 *   requestSubscriptionAtPrice); pending -> canceled:
 *   withdrawSubscriptionRequest
 * - pending -> active: startSubscription (its first invoice paid)
 * - active or past_due -> active, further: extendSubscription (a renewal paid)
 * - a paid month begins, with the plan change it bills: beginPaidPeriods (the daily run)
 * - active -> past_due: markSubscriptionsPastDue (the daily billing run)
 * - a cancellation at the period end asked for: requestCancellation; taken back:
 *   keepSubscription (the status stays in both)
 * - active or past_due -> canceled: endCancelledSubscriptions (the daily billing run), or
 *   endSubscriptionNow (the agency ends it at once)
 * - another plan from the next period: requestPlanChange, withdrawPlanChange; at once (the
 *   agency): changePlanNow
 * - months given free: giveFreeMonths; one credited on a renewal invoice: takeFreeMonth
 * - its own price (issue 37): a plan's current price when it is asked for or changed to; a
 *   new one from a later period: schedulePriceChange, which begins with that period
 *
 * Which of them paying an invoice makes is the rule of ADR 006, subscriptionInvoicePaid.
 */

/** What reads the invoices a change depends on: the database or an open transaction. */
type Reader = Pick<Database, 'select'>;

/** One move: sets `changes` on the subscriptions `where` picks and records `event` for each. */
async function move(
  tx: Transaction,
  event: SubscriptionEventKind,
  changes: PgUpdateSetSource<typeof subscriptions>,
  where: SQL | undefined,
  at: Date,
): Promise<SubscriptionRow[]> {
  const rows = await tx.update(subscriptions).set(changes).where(where).returning();
  await recordSubscriptionEvents(tx, event, rows, at);
  return rows;
}

/** One subscription's move: `changes` on it alone, and its `event`. */
async function moveOne(
  tx: Transaction,
  subscription: SubscriptionRow,
  event: SubscriptionEventKind,
  changes: PgUpdateSetSource<typeof subscriptions>,
  at: Date,
): Promise<SubscriptionRow> {
  const [row] = await move(tx, event, changes, eq(subscriptions.id, subscription.id), at);
  return row!;
}

/**
 * The client's subscription, locked until the transaction ends: a change decided on it cannot
 * be overtaken by another (a second click, the daily run, a payment) before it is written.
 */
async function lockedOf(tx: Transaction, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  return row ?? null;
}

/** No plan change waits for the next period any more, nor a price arranged for a later one. */
const NO_PLAN_CHANGE = {
  pendingTier: null,
  pendingTierRequestedAt: null,
  pendingTierFrom: null,
  scheduledPriceCents: null,
  scheduledPriceFrom: null,
} as const;

/** A plan's price for a new subscription, read in the statement that writes it. */
const priceOf = (tier: PlanId) =>
  sql<number>`(select ${plans.monthlyPriceCents} from ${plans} where ${plans.id} = ${tier})`;

/**
 * Whether the renewal of the period after the current one already has money on it: it cannot
 * be billed again, so the next period's plan can no longer change.
 */
export async function nextPeriodHasPayment(
  reader: Reader,
  subscription: Pick<SubscriptionRow, 'id' | 'currentPeriodEnd'>,
): Promise<boolean> {
  if (!subscription.currentPeriodEnd) return false;
  const [paid] = await reader
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscription.id),
        gte(invoices.periodStart, subscription.currentPeriodEnd),
        gt(invoices.amountPaid, 0),
      ),
    )
    .limit(1);
  return paid !== undefined;
}

/**
 * Whether a renewal billing the pending plan, from the period it starts in, has money on it:
 * the change is paid for and can no longer be taken back.
 */
async function pendingPlanHasPayment(reader: Reader, subscription: SubscriptionRow) {
  if (!subscription.pendingTier || !subscription.pendingTierFrom) return false;
  const [paid] = await reader
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscription.id),
        eq(invoices.planType, subscription.pendingTier),
        gte(invoices.periodStart, subscription.pendingTierFrom),
        gt(invoices.amountPaid, 0),
      ),
    )
    .limit(1);
  return paid !== undefined;
}

/**
 * A client asks for the tier: a pending request, replacing a pending or ended one; a running
 * (active or past-due) subscription is left as it is (null). One statement, so two requests
 * at once cannot both win.
 */
export async function requestSubscription(
  tx: Transaction,
  userId: string,
  tier: PlanId,
  at: Date,
): Promise<SubscriptionRow | null> {
  return requestAt(tx, userId, tier, priceOf(tier), at);
}

/**
 * A signed proposal's plan for its client (issue 38): a pending request as requestSubscription
 * makes, at the price the proposal copied when it was written (what was signed), never the
 * catalogue's today. Null when a running subscription is left as it is.
 */
export async function requestSubscriptionAtPrice(
  tx: Transaction,
  userId: string,
  tier: PlanId,
  priceCents: number,
  at: Date,
): Promise<SubscriptionRow | null> {
  return requestAt(tx, userId, tier, priceCents, at);
}

async function requestAt(
  tx: Transaction,
  userId: string,
  tier: PlanId,
  price: number | SQL<number>,
  at: Date,
): Promise<SubscriptionRow | null> {
  const rows = await tx
    .insert(subscriptions)
    .values({ userId, tier, status: 'pending', monthlyPriceCents: price })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        tier,
        monthlyPriceCents: price,
        status: 'pending',
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        cancelRequestedAt: null,
        ...NO_PLAN_CHANGE,
        updatedAt: sql`now()`,
      },
      setWhere: notInArray(subscriptions.status, ['active', 'past_due']),
    })
    .returning();
  await recordSubscriptionEvents(tx, 'requested', rows, at);
  return rows[0] ?? null;
}

/** pending -> canceled: a request that nothing was billed for yet simply ends. */
export async function withdrawSubscriptionRequest(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current || !canWithdrawRequest(current)) return null;
  return moveOne(
    tx,
    current,
    'withdrawn',
    { status: 'canceled', cancelRequestedAt: sql`now()`, updatedAt: sql`now()` },
    at,
  );
}

/**
 * What paying a subscription's invoice does to it (ADR 006): the first invoice of a pending
 * subscription starts it; a renewal invoice extends it to the end of the month it pays for.
 * Called in the transaction that marked the invoice paid. `timeZone`: the business's calendar
 * (BILLING_TIMEZONE), whose months the plan's months are.
 */
export async function subscriptionInvoicePaid(
  tx: Transaction,
  invoice: Pick<InvoiceRow, 'subscriptionId' | 'periodStart' | 'periodEnd'>,
  paidAt: Date,
  timeZone: string,
): Promise<void> {
  if (!invoice.subscriptionId) return;
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId))
    .for('update');
  if (!subscription) return;
  if (!invoice.periodStart) await startSubscription(tx, subscription, paidAt, timeZone);
  else if (invoice.periodEnd) await extendSubscription(tx, subscription, invoice.periodEnd, paidAt);
}

/**
 * pending -> active: its first month runs from the payment, a calendar month of the business's
 * time zone (the same time of day on the same day of the next month there). Nothing when it is
 * not pending.
 */
export async function startSubscription(
  tx: Transaction,
  subscription: SubscriptionRow,
  paidAt: Date,
  timeZone: string,
): Promise<void> {
  if (!canStart(subscription)) return;
  const period = firstPeriod(paidAt, timeZone);
  await moveOne(
    tx,
    subscription,
    'activated',
    {
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      activatedAt: paidAt,
      updatedAt: paidAt,
    },
    paidAt,
  );
}

/**
 * A paid renewal runs the plan to `to`, and a past-due subscription is active again. Nothing
 * when it is not running, or already runs that far.
 */
export async function extendSubscription(
  tx: Transaction,
  subscription: SubscriptionRow,
  to: Date,
  paidAt: Date,
): Promise<void> {
  if (!canExtendTo(subscription, to)) return;
  await moveOne(
    tx,
    subscription,
    'renewed',
    { status: 'active', currentPeriodEnd: to, updatedAt: paidAt },
    paidAt,
  );
}

/**
 * A paid renewal's month has begun: it becomes the current period's start, and a plan change
 * or a new price that month's invoice billed takes effect (recorded in the history). How many
 * periods began.
 */
export async function beginPaidPeriods(tx: Transaction, at: Date): Promise<number> {
  const latestPaidStart = sql<Date>`(
    select max(${invoices.periodStart}) from ${invoices}
    where ${invoices.subscriptionId} = ${subscriptions.id}
      and ${invoices.status} = 'paid'
      and ${invoices.periodStart} <= ${at}
  )`;
  const begun = await tx
    .update(subscriptions)
    .set({ currentPeriodStart: latestPaidStart, updatedAt: at })
    .where(
      and(
        inArray(subscriptions.status, ['active', 'past_due']),
        sql`${latestPaidStart} > ${subscriptions.currentPeriodStart}`,
      ),
    )
    .returning({ id: subscriptions.id });
  if (begun.length === 0) return 0;
  const ids = begun.map(({ id }) => id);
  const scheduledNow = sql`${subscriptions.scheduledPriceFrom} <= ${subscriptions.currentPeriodStart}`;
  await move(
    tx,
    'plan_changed',
    {
      tier: sql`${subscriptions.pendingTier}`,
      // The price arranged with the change (what its renewal billed), else the plan's today.
      monthlyPriceCents: sql`coalesce(
        case when ${scheduledNow} then ${subscriptions.scheduledPriceCents} end,
        (select ${plans.monthlyPriceCents} from ${plans} where ${plans.id} = ${subscriptions.pendingTier})
      )`,
      ...NO_PLAN_CHANGE,
      updatedAt: at,
    },
    and(
      inArray(subscriptions.id, ids),
      isNotNull(subscriptions.pendingTier),
      sql`exists (
        select 1 from ${invoices}
        where ${invoices.subscriptionId} = ${subscriptions.id}
          and ${invoices.periodStart} = ${subscriptions.currentPeriodStart}
          and ${invoices.status} = 'paid'
          and ${invoices.planType} = ${subscriptions.pendingTier}
      )`,
    ),
    at,
  );
  await move(
    tx,
    'price_changed',
    {
      monthlyPriceCents: sql`${subscriptions.scheduledPriceCents}`,
      scheduledPriceCents: null,
      scheduledPriceFrom: null,
      updatedAt: at,
    },
    and(inArray(subscriptions.id, ids), isNotNull(subscriptions.scheduledPriceCents), scheduledNow),
    at,
  );
  return begun.length;
}

/** active or past_due -> canceled: a cancellation takes effect at the end of its period. */
export async function endCancelledSubscriptions(tx: Transaction, at: Date): Promise<number> {
  const rows = await move(
    tx,
    'canceled',
    { status: 'canceled', updatedAt: at },
    and(
      inArray(subscriptions.status, ['active', 'past_due']),
      eq(subscriptions.cancelAtPeriodEnd, true),
      lte(subscriptions.currentPeriodEnd, at),
    ),
    at,
  );
  return rows.length;
}

/** active -> past_due: the period ended before `endedBy` and was not paid further. */
export async function markSubscriptionsPastDue(
  tx: Transaction,
  endedBy: Date,
  at: Date,
): Promise<number> {
  const rows = await move(
    tx,
    'past_due',
    { status: 'past_due', updatedAt: at },
    and(
      eq(subscriptions.status, 'active'),
      eq(subscriptions.cancelAtPeriodEnd, false),
      lte(subscriptions.currentPeriodEnd, endedBy),
    ),
    at,
  );
  return rows.length;
}

/**
 * A running subscription runs to the end of its period, then ends; a plan change waiting for
 * the next period goes with the cancellation. Null when it is not running or already ending.
 */
export async function requestCancellation(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current || !canRequestCancellation(current)) return null;
  return moveOne(
    tx,
    current,
    'cancel_requested',
    {
      cancelAtPeriodEnd: true,
      cancelRequestedAt: sql`now()`,
      ...NO_PLAN_CHANGE,
      updatedAt: sql`now()`,
    },
    at,
  );
}

/**
 * A cancellation at the period end taken back before the period ends (the client's "Keep my
 * plan", or the agency): the plan renews again. Null when there was none to take back.
 */
export async function keepSubscription(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current || !canKeep(current, at)) return null;
  return moveOne(
    tx,
    current,
    'cancel_withdrawn',
    { cancelAtPeriodEnd: false, cancelRequestedAt: null, updatedAt: at },
    at,
  );
}

/**
 * active or past_due -> canceled at once (the agency ends a plan now): its period ends `at`,
 * and a plan change waiting for the next period goes with it. Null when it was not running.
 */
export async function endSubscriptionNow(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  return endRunning(tx, await lockedOf(tx, userId), at);
}

/**
 * active or past_due -> canceled at once: the first invoice that started it was credited in
 * full (credit-note-lifecycle's issueCreditNote), so its period ends `at`. Null when it was
 * not running.
 */
export async function endRefundedSubscription(
  tx: Transaction,
  subscriptionId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  return endRunning(tx, current ?? null, at);
}

/** A locked running subscription canceled at once, its period ending `at`; null otherwise. */
async function endRunning(
  tx: Transaction,
  current: SubscriptionRow | null,
  at: Date,
): Promise<SubscriptionRow | null> {
  if (!current || !canEndNow(current)) return null;
  return moveOne(
    tx,
    current,
    'canceled',
    {
      status: 'canceled',
      currentPeriodEnd: at,
      cancelAtPeriodEnd: false,
      cancelRequestedAt: at,
      ...NO_PLAN_CHANGE,
      updatedAt: at,
    },
    at,
  );
}

/**
 * Another plan from the next period: it starts when the current period ends. Null when the
 * rules refuse it (planChangeRefusal says why).
 */
export async function requestPlanChange(
  tx: Transaction,
  userId: string,
  tier: PlanId,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current) return null;
  const paid = await nextPeriodHasPayment(tx, current);
  if (planChangeRefusal(current, tier, at, paid)) return null;
  return moveOne(
    tx,
    current,
    'plan_change_requested',
    {
      pendingTier: tier,
      pendingTierRequestedAt: at,
      pendingTierFrom: current.currentPeriodEnd,
      // The new plan's price today: its renewal bills it, and it is the price from then on.
      scheduledPriceCents: priceOf(tier),
      scheduledPriceFrom: current.currentPeriodEnd,
      updatedAt: sql`now()`,
    },
    at,
  );
}

/** The pending plan change is taken back, unless the new plan's month is already paid. */
export async function withdrawPlanChange(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current) return null;
  const paid = await pendingPlanHasPayment(tx, current);
  if (planChangeWithdrawalRefusal(current, paid)) return null;
  return moveOne(
    tx,
    current,
    'plan_change_withdrawn',
    { ...NO_PLAN_CHANGE, updatedAt: sql`now()` },
    at,
  );
}

/**
 * The agency moves a plan to another at once: the rest of the period is on the new plan, and
 * a plan change waiting for the next period goes. Null when the rules refuse it
 * (planChangeNowRefusal says why).
 */
export async function changePlanNow(
  tx: Transaction,
  userId: string,
  tier: PlanId,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current) return null;
  const paid = await nextPeriodHasPayment(tx, current);
  if (planChangeNowRefusal(current, tier, paid)) return null;
  return moveOne(
    tx,
    current,
    'plan_changed',
    { tier, monthlyPriceCents: priceOf(tier), ...NO_PLAN_CHANGE, updatedAt: at },
    at,
  );
}

/**
 * The agency moved the subscription's plan to a new price (plans' "move subscribers"): it is
 * billed from the renewal of the period starting `from`, and becomes its price when that period
 * begins. Null when it is not running, or a plan change already decides the next price.
 */
export async function schedulePriceChange(
  tx: Transaction,
  subscriptionId: string,
  priceCents: number,
  from: Date,
  at: Date,
): Promise<SubscriptionRow | null> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!current || !['active', 'past_due'].includes(current.status) || current.pendingTier) {
    return null;
  }
  return moveOne(
    tx,
    current,
    'price_change_scheduled',
    { scheduledPriceCents: priceCents, scheduledPriceFrom: from, updatedAt: at },
    at,
  );
}

/**
 * The agency gives `months` free: each is a credit on one of the next renewal invoices. Null
 * when the rules refuse it (freeMonthsRefusal says why).
 */
export async function giveFreeMonths(
  tx: Transaction,
  userId: string,
  months: number,
  at: Date,
): Promise<SubscriptionRow | null> {
  const current = await lockedOf(tx, userId);
  if (!current || freeMonthsRefusal(current, months)) return null;
  return moveOne(
    tx,
    current,
    'free_month_given',
    { freeMonths: current.freeMonths + months, updatedAt: at },
    at,
  );
}

/**
 * A renewal invoice credited a free month: one fewer is left to credit. No history event: the
 * renewal invoice's credit line is the record of it.
 */
export async function takeFreeMonth(tx: Transaction, subscriptionId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ freeMonths: sql`${subscriptions.freeMonths} - 1` })
    .where(and(eq(subscriptions.id, subscriptionId), gt(subscriptions.freeMonths, 0)));
}
