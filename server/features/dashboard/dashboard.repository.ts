import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { Database } from '../../db/client';
import {
  consultations,
  creditNotes,
  invoices,
  payments,
  subscriptionEvents,
  subscriptions,
  tickets,
  users,
} from '../../db/schema';

/**
 * A calendar month of the trends in the business's time zone: its key ('2026-11'), the
 * instants it runs between (midnight of its 1st there, and of the next month's), and the next
 * month's first day as a calendar date, which calendar dates (an issue date) are compared with.
 */
export interface TrendMonth {
  month: string;
  start: Date;
  /** The next month's start. */
  end: Date;
  /** The next month's first day, 'YYYY-MM-DD'. */
  endDay: string;
}

/** The months as a table the queries join: m(month, month_start, month_end, end_day). */
function monthsTable(months: readonly TrendMonth[]) {
  const rows = months.map(
    ({ month, start, end, endDay }) =>
      sql`(${month}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${endDay}::date)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as m(month, month_start, month_end, end_day)`;
}

const cents = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * A payment counts when it is not flagged; what was refunded of it does not, nor a payment
 * the admin voided (recorded by mistake).
 */
const counted = sql`case when ${payments.voidedAt} is null then ${payments.amount} - ${payments.refundedAmount} else 0 end`;

export function createDashboardRepository(db: Database) {
  // The dashboard's figures are read on every visit: prepared once, so PostgreSQL plans them
  // once per connection rather than on each request (bench:api).
  const activeByTier = db
    .select({
      tier: subscriptions.tier,
      active: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(
        Number,
      ),
      /** What they pay a month: each subscription's own price (issue 37). */
      monthly: sql<number>`coalesce(sum(${subscriptions.monthlyPriceCents}) filter (
        where ${subscriptions.status} = 'active'), 0)`.mapWith(Number),
    })
    .from(subscriptions)
    .groupBy(subscriptions.tier)
    .prepare('dashboard_active_by_tier');

  // Per e-mail, the last activation of a plan of an account with it: one hash join.
  const activations = db.$with('activations').as(
    db
      .select({
        email: sql<string>`lower(${users.email})`.as('activated_email'),
        lastActivated: sql<Date>`max(${subscriptionEvents.occurredAt})`.as('last_activated'),
      })
      .from(subscriptionEvents)
      .innerJoin(users, eq(users.id, subscriptionEvents.userId))
      .where(eq(subscriptionEvents.kind, 'activated'))
      .groupBy(sql`lower(${users.email})`),
  );
  const timeZone = sql.placeholder('timeZone');
  // A payment the admin records is dated by its day (noon UTC): compare days.
  const requestDay = sql`date_trunc('day', ${consultations.createdAt} at time zone ${timeZone}::text) at time zone ${timeZone}::text`;
  const conversion = db
    .with(activations)
    .select({
      requests: sql<number>`count(*)`.mapWith(Number),
      converted:
        sql<number>`count(*) filter (where ${activations.lastActivated} >= ${requestDay})`.mapWith(
          Number,
        ),
    })
    .from(consultations)
    .leftJoin(activations, eq(activations.email, sql`lower(${consultations.email})`))
    .where(sql`${consultations.createdAt} >= ${sql.placeholder('since')}::timestamptz`)
    .prepare('dashboard_conversion');

  const monthStart = sql`${sql.placeholder('monthStart')}::timestamptz`;
  // What counts of the month's payments, less the month's credit notes.
  const collected = db
    .select({
      cents: cents(sql`coalesce(sum(${counted}), 0) - coalesce((
        select sum(${creditNotes.amount}) from ${creditNotes}
        where ${creditNotes.status} = 'issued'
          and ${creditNotes.issuedAt} >= ${monthStart}
      ), 0)`),
    })
    .from(payments)
    .where(and(sql`${payments.paidAt} >= ${monthStart}`, sql`${payments.flag} is null`))
    .prepare('dashboard_collected');
  const balance = sql`greatest(${invoices.total} - ${invoices.amountPaid}, 0)`;
  const open = db
    .select({
      outstanding: cents(sql`sum(${balance})`),
      overdue: cents(sql`sum(${balance}) filter (where ${invoices.status} = 'overdue')`),
    })
    .from(invoices)
    .where(inArray(invoices.status, PAYABLE_INVOICE_STATUSES))
    .prepare('dashboard_open');

  return {
    /**
     * The first answers of the tickets opened in [start, end), per plan at opening: the median
     * minutes to the first answer, and how many were answered by their due time of those due
     * by `now` or answered. One pass over the month's tickets (tickets_created_at_idx).
     */
    async firstResponses(start: Date, end: Date, now: Date) {
      const answered = sql`${tickets.firstResponseAt} is not null`;
      return db
        .select({
          plan: tickets.planAtOpen,
          opened: sql<number>`count(*)`.mapWith(Number),
          answered: sql<number>`count(*) filter (where ${answered})`.mapWith(Number),
          medianMinutes: sql<number | null>`percentile_cont(0.5) within group (order by
            extract(epoch from ${tickets.firstResponseAt} - ${tickets.createdAt}) / 60)`,
          due: sql<number>`count(*) filter (where ${answered}
            or ${tickets.firstResponseDueAt} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
          answeredInTime: sql<number>`count(*) filter (where ${answered}
            and ${tickets.firstResponseAt} <= ${tickets.firstResponseDueAt})`.mapWith(Number),
        })
        .from(tickets)
        .where(
          and(
            gte(tickets.createdAt, start),
            sql`${tickets.createdAt} < ${end.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(tickets.planAtOpen);
    },

    /** How many client accounts exist (the set-up checklist's first client). */
    async clientCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
      return row?.count ?? 0;
    },

    /**
     * Active subscriptions per plan, in one pass over subscriptions. Aggregated by the
     * database, never a loop over rows here.
     */
    async activeByTier(): Promise<Array<{ tier: PlanId; active: number; monthly: number }>> {
      return activeByTier.execute();
    },

    /**
     * The consultation requests received since `since`, and how many of them became paying
     * clients: a client account with the request's e-mail (ignoring case) whose plan was
     * activated (a first invoice paid) on or after the request's day (in the business's time
     * zone). Each request counts once, so the converted never outnumber the requests.
     */
    async conversion(
      since: Date,
      timeZone: string,
    ): Promise<{ requests: number; converted: number }> {
      const [row] = await conversion.execute({ since: since.toISOString(), timeZone });
      return { requests: row?.requests ?? 0, converted: row?.converted ?? 0 };
    },

    /**
     * Money, in cents: payments received since `monthStart` that still count less the credit
     * notes issued since then, and the balance due of open invoices (all of them, and the
     * overdue ones).
     */
    async money(monthStart: Date) {
      const [[month], [due]] = await Promise.all([
        collected.execute({ monthStart: monthStart.toISOString() }),
        open.execute(),
      ]);
      return {
        collectedThisMonth: month?.cents ?? 0,
        outstanding: due?.outstanding ?? 0,
        overdue: due?.overdue ?? 0,
      };
    },

    /**
     * Per month, from the subscription history: the MRR at the month's end (each
     * subscription's state is its latest event before then; active ones count at that event's
     * monthly price), and the clients whose plan started (activated) or ended (canceled) in it.
     */
    async subscriptionTrends(months: readonly TrendMonth[]) {
      // Each event holds from its moment until the subscription's next event, next in the
      // order they were written (the id): a payment recorded late is dated by the day it was
      // received, earlier than the request written before it, and still comes after it.
      const spans = sql`(
        select ${subscriptionEvents.status} as status,
          ${subscriptionEvents.monthlyPriceCents} as price,
          ${subscriptionEvents.occurredAt} as valid_from,
          lead(${subscriptionEvents.occurredAt}) over (
            partition by ${subscriptionEvents.subscriptionId}
            order by ${subscriptionEvents.id}
          ) as valid_to
        from ${subscriptionEvents}
      )`;
      const inMonth = (kind: string) => sql<number>`(
        select count(distinct ${subscriptionEvents.userId}) from ${subscriptionEvents}
        where ${subscriptionEvents.kind} = ${kind}
          and ${subscriptionEvents.occurredAt} >= m.month_start
          and ${subscriptionEvents.occurredAt} < m.month_end
      )`;
      return db
        .select({
          month: sql<string>`m.month`,
          mrr: cents(sql`(
            select sum(s.price) from ${spans} s
            where s.status = 'active' and s.valid_from < m.month_end
              and (s.valid_to is null or s.valid_to >= m.month_end)
          )`),
          newClients: inMonth('activated').mapWith(Number),
          churnedClients: inMonth('canceled').mapWith(Number),
        })
        .from(monthsTable(months))
        .orderBy(sql`m.month`);
    },

    /**
     * Per month, in cents: the payments received in it that count (net of what was refunded
     * of them) less the credit notes issued in it, and what the invoices sent by its end still owed at its end (the total less
     * the payments received by then; nothing once the invoice was paid by then).
     */
    async moneyTrends(months: readonly TrendMonth[]) {
      const paidBy = sql`(
        select sum(${counted}) from ${payments}
        where ${payments.invoiceId} = ${invoices.id}
          and ${payments.flag} is null
          and ${payments.paidAt} < m.month_end
      )`;
      return db
        .select({
          month: sql<string>`m.month`,
          collected: cents(sql`coalesce((
            select sum(${counted}) from ${payments}
            where ${payments.flag} is null
              and ${payments.paidAt} >= m.month_start
              and ${payments.paidAt} < m.month_end
          ), 0) - coalesce((
            select sum(${creditNotes.amount}) from ${creditNotes}
            where ${creditNotes.status} = 'issued'
              and ${creditNotes.issuedAt} >= m.month_start
              and ${creditNotes.issuedAt} < m.month_end
          ), 0)`),
          outstanding: cents(sql`(
            select sum(greatest(${invoices.total} - coalesce(${paidBy}, 0), 0)) from ${invoices}
            where ${invoices.status} not in ('draft', 'void')
              and case when ${invoices.sentAt} is null then ${invoices.dateIssued} < m.end_day
                else ${invoices.sentAt} < m.month_end end
              and not coalesce(${invoices.paidAt} < m.month_end, false)
          )`),
        })
        .from(monthsTable(months))
        .orderBy(sql`m.month`);
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
