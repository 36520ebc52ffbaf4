import { and, eq, gt, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { addMonthsIn } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import type { SubscriptionEventKind } from '@shared/schemas/subscriptions';
import type { Transaction } from '../../db/client';
import { subscriptions, type InvoiceRow, type SubscriptionRow } from '../../db/schema';
import { recordSubscriptionEvents } from '../../db/subscription-history';

/**
 * The subscription's status and its moves, written here only (lint holds this:
 * eslint.config.js). Each transition is one named function that takes the transaction it is
 * part of and writes its history event in it (ADR 021):
 *
 * - (none, or ended) -> pending: requestSubscription; pending -> canceled:
 *   withdrawSubscriptionRequest
 * - pending -> active: startSubscription (its first invoice paid)
 * - active or past_due -> active, further: extendSubscription (a renewal paid)
 * - active -> past_due: markSubscriptionsPastDue (the daily billing run)
 * - active or past_due -> canceled: endCancelledSubscriptions (the daily billing run), or
 *   endSubscriptionNow (the agency ends it at once)
 * - a cancellation at the period end taken back (the status stays): keepSubscription
 *
 * Which of them paying an invoice makes is the rule of ADR 006, subscriptionInvoicePaid.
 */

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
  const rows = await tx
    .insert(subscriptions)
    .values({ userId, tier, status: 'pending' })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        tier,
        status: 'pending',
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        cancelRequestedAt: null,
        pendingTier: null,
        pendingTierRequestedAt: null,
        pendingTierFrom: null,
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
  const rows = await move(
    tx,
    'withdrawn',
    { status: 'canceled', cancelRequestedAt: sql`now()`, updatedAt: sql`now()` },
    and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')),
    at,
  );
  return rows[0] ?? null;
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
  if (subscription.status !== 'pending') return;
  await move(
    tx,
    'activated',
    {
      status: 'active',
      currentPeriodStart: paidAt,
      currentPeriodEnd: addMonthsIn(paidAt, 1, timeZone),
      activatedAt: paidAt,
      updatedAt: paidAt,
    },
    eq(subscriptions.id, subscription.id),
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
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return;
  if (subscription.currentPeriodEnd && subscription.currentPeriodEnd >= to) return;
  await move(
    tx,
    'renewed',
    { status: 'active', currentPeriodEnd: to, updatedAt: paidAt },
    eq(subscriptions.id, subscription.id),
    paidAt,
  );
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
 * A cancellation at the period end taken back before the period ends (the client's "Keep my
 * plan", or the agency): the plan renews again. Null when there was none to take back.
 */
export async function keepSubscription(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<SubscriptionRow | null> {
  const rows = await move(
    tx,
    'cancel_withdrawn',
    { cancelAtPeriodEnd: false, cancelRequestedAt: null, updatedAt: at },
    and(
      eq(subscriptions.userId, userId),
      inArray(subscriptions.status, ['active', 'past_due']),
      eq(subscriptions.cancelAtPeriodEnd, true),
      gt(subscriptions.currentPeriodEnd, at),
    ),
    at,
  );
  return rows[0] ?? null;
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
  const rows = await move(
    tx,
    'canceled',
    {
      status: 'canceled',
      currentPeriodEnd: at,
      cancelAtPeriodEnd: false,
      cancelRequestedAt: at,
      pendingTier: null,
      pendingTierRequestedAt: null,
      pendingTierFrom: null,
      updatedAt: at,
    },
    and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])),
    at,
  );
  return rows[0] ?? null;
}
