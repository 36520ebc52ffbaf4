import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database } from '../../db/client';
import {
  creditNotes,
  invoices,
  monthlyReports,
  plans,
  siteHealthScores,
  siteIncidents,
  sites,
  tickets,
  users,
  type MonthlyReportRow,
  type SiteHealthScoreRow,
} from '../../db/schema';

/** A report as lists show it: everything but the PDF's bytes. */
const listed = {
  id: monthlyReports.id,
  userId: monthlyReports.userId,
  month: monthlyReports.month,
  periodStart: monthlyReports.periodStart,
  periodEnd: monthlyReports.periodEnd,
  sentAt: monthlyReports.sentAt,
  heldForReview: monthlyReports.heldForReview,
  createdAt: monthlyReports.createdAt,
  updatedAt: monthlyReports.updatedAt,
};
export type ListedReport = Omit<MonthlyReportRow, 'facts' | 'pdf'>;

/** A report's content: what it covers, its facts and its PDF. */
export interface ReportContent {
  userId: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  facts: unknown;
  pdf: Buffer;
}

/** How far one site's checks went in a period, per day of the business's calendar and in all. */
export interface SiteChecks {
  checks: number;
  failures: number;
  medianResponseMs: number | null;
  days: Array<{ day: string; checks: number; failures: number; medianResponseMs: number | null }>;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * The first moment of [from, until) the client's plan was served, or null, read from the
 * subscription history (subscription_events: every transition writes it, the migration
 * backfilled it), not from today's status: a plan is served from its 'activated' event until
 * the first 'canceled' event after it, which ends it at the period it ran to (its period end,
 * never later than the event), and with no such event it still is (active or past due).
 */
function servedFromOf(userId: SQL, from: Date, until: Date) {
  return sql<string | null>`(select min(greatest(a.occurred_at, ${iso(from)}))
    from subscription_events a
    where a.user_id = ${userId} and a.kind = 'activated' and a.occurred_at < ${iso(until)}
      and coalesce((select least(coalesce(c.period_end, c.occurred_at), c.occurred_at)
        from subscription_events c
        where c.subscription_id = a.subscription_id and c.kind = 'canceled'
          and (c.occurred_at, c.id) > (a.occurred_at, a.id)
        order by c.occurred_at, c.id limit 1), 'infinity'::timestamptz) > ${iso(from)})`;
}

/**
 * The monthly reports' reads and writes: the facts of a client's period, read straight from
 * the site-care, support and billing tables (their features write them); and the reports
 * themselves, each made once per client and month (the unique index), and each e-mail claimed
 * before it goes (sent_at set where it was null), so no two runs send the same report.
 */
export function createReportsRepository(db: Database) {
  const clientFields = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    businessName: users.businessName,
    createdAt: users.createdAt,
    deactivatedAt: users.deactivatedAt,
    // Written out: drizzle leaves a column unqualified in a select without joins, and inside
    // the subquery "id" would be the subscription's.
    plan: sql<PlanId | null>`(select s.tier from subscriptions s
      where s.user_id = "users"."id" and s.status in ('active', 'past_due'))`,
  };

  return {
    /** The client a report is for, with the plan they are served on now (null: none). */
    async client(userId: string) {
      const [row] = await db.select(clientFields).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * Every client (not deactivated) whose plan was served at some moment of [from, until),
     * with the first such moment and the plan they were on at `until`: the monthly run's
     * clients, oldest first. Judged by the subscription's history, not by today's status: a
     * plan activated after `until` is not counted, one that ended inside the period is.
     */
    async subscribers(from: Date, until: Date) {
      const servedFrom = servedFromOf(sql`"users"."id"`, from, until);
      return db
        .select({
          ...clientFields,
          plan: sql<PlanId | null>`(select e.tier from subscription_events e
            where e.user_id = "users"."id" and e.occurred_at < ${iso(until)}
            order by e.occurred_at desc, e.id desc limit 1)`,
          servedFrom: servedFrom.mapWith((value: unknown) => new Date(value as string)),
        })
        .from(users)
        .where(and(isNull(users.deactivatedAt), sql`${servedFrom} is not null`))
        .orderBy(asc(users.createdAt), asc(users.id))
        .then((rows) => rows.map((row) => ({ ...row, servedFrom: row.servedFrom! })));
    },

    /** The first moment of [from, until) the client's plan was served (null: not served). */
    async servedFrom(userId: string, from: Date, until: Date): Promise<Date | null> {
      const result = await db.execute(
        sql`select ${servedFromOf(sql`${userId}::uuid`, from, until)} as served_from`,
      );
      const value = rowsOf(result)[0]?.served_from;
      return value === null || value === undefined ? null : new Date(value as string);
    },

    /** The client's websites added before `until`, in the order they were added. */
    async sitesOf(userId: string, until: Date) {
      return db
        .select({
          id: sites.id,
          url: sites.url,
          paused: sites.paused,
          certificateExpiresAt: sites.certificateExpiresAt,
          domainExpiresAt: sites.domainExpiresAt,
        })
        .from(sites)
        .where(and(eq(sites.userId, userId), lt(sites.createdAt, until)))
        .orderBy(asc(sites.createdAt), asc(sites.id));
    },

    /**
     * A site's checks in [from, until), per day in `timeZone` and in all: the raw checks where
     * they are kept (30 days), the hourly roll-ups for the hours they no longer cover. The
     * median response is of answered checks; an hour's roll-up counts its median once per
     * answered check of the hour.
     */
    async checksByDay(
      siteId: string,
      from: Date,
      until: Date,
      timeZone: string,
    ): Promise<SiteChecks> {
      const result = await db.execute(sql`
        with raw as (
          select checked_at, ok, response_ms from site_checks
          where site_id = ${siteId} and checked_at >= ${iso(from)} and checked_at < ${iso(until)}
        ),
        raw_hours as (select distinct date_trunc('hour', checked_at, 'UTC') as hour from raw),
        samples as (
          select checked_at as at, 1 as checks, case when ok then 0 else 1 end as failures,
            case when ok then response_ms end as response_ms, 1 as weight
          from raw
          union all
          select h.hour, h.checks, h.failures, h.response_ms_median,
            greatest(h.checks - h.failures, 0)
          from site_check_hours h
          where h.site_id = ${siteId} and h.hour >= ${iso(from)} and h.hour < ${iso(until)}
            and h.hour not in (select hour from raw_hours)
        ),
        dated as (
          select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as day, checks, failures,
            response_ms, weight
          from samples
        ),
        counts as (
          select day, sum(checks)::int as checks, sum(failures)::int as failures
          from dated group by grouping sets ((day), ())
        ),
        medians as (
          select day, percentile_cont(0.5) within group (order by response_ms) as median
          from dated cross join lateral generate_series(1, weight)
          where response_ms is not null
          group by grouping sets ((day), ())
        )
        select counts.day, counts.checks, counts.failures, medians.median
        from counts left join medians on medians.day is not distinct from counts.day
        order by counts.day nulls first`);
      const rows = rowsOf(result).map((row) => ({
        day: row.day as string | null,
        checks: Number(row.checks),
        failures: Number(row.failures),
        medianResponseMs: row.median === null ? null : Math.round(Number(row.median)),
      }));
      const total = rows.find((row) => row.day === null);
      return {
        checks: total?.checks ?? 0,
        failures: total?.failures ?? 0,
        medianResponseMs: total?.medianResponseMs ?? null,
        days: rows
          .filter((row): row is typeof row & { day: string } => row.day !== null)
          .map(({ day, checks, failures, medianResponseMs }) => ({
            day,
            checks,
            failures,
            medianResponseMs,
          })),
      };
    },

    /** The site's incidents that were open at some moment of [from, until), oldest first. */
    async incidents(siteId: string, from: Date, until: Date) {
      return db
        .select({
          startedAt: siteIncidents.startedAt,
          endedAt: siteIncidents.endedAt,
          reason: siteIncidents.reason,
        })
        .from(siteIncidents)
        .where(
          and(
            eq(siteIncidents.siteId, siteId),
            lt(siteIncidents.startedAt, until),
            or(isNull(siteIncidents.endedAt), sql`${siteIncidents.endedAt} > ${iso(from)}`),
          ),
        )
        .orderBy(asc(siteIncidents.startedAt));
    },

    async healthScore(siteId: string, month: string): Promise<SiteHealthScoreRow | null> {
      const [row] = await db
        .select()
        .from(siteHealthScores)
        .where(and(eq(siteHealthScores.siteId, siteId), eq(siteHealthScores.month, month)));
      return row ?? null;
    },

    /** The month's score of a site, measured again: the latest measure is the month's. */
    async saveHealthScore(row: SiteHealthScoreRow): Promise<SiteHealthScoreRow> {
      const [saved] = await db
        .insert(siteHealthScores)
        .values(row)
        .onConflictDoUpdate({
          target: [siteHealthScores.siteId, siteHealthScores.month],
          set: { score: row.score, issues: row.issues, measuredAt: row.measuredAt },
        })
        .returning();
      return saved!;
    },

    /**
     * The client's tickets opened in [from, until), those resolved in it (a resolved ticket's
     * last change is its resolution), and the median minutes to the first answer of the
     * opened ones that were answered.
     */
    async tickets(userId: string, from: Date, until: Date) {
      const opened = sql`${tickets.createdAt} >= ${iso(from)} and ${tickets.createdAt} < ${iso(until)}`;
      const resolved = sql`${tickets.status} = 'resolved'
        and ${tickets.updatedAt} >= ${iso(from)} and ${tickets.updatedAt} < ${iso(until)}`;
      const [row] = await db
        .select({
          opened: sql<number>`count(*) filter (where ${opened})`.mapWith(Number),
          resolved: sql<number>`count(*) filter (where ${resolved})`.mapWith(Number),
          median: sql<number | null>`percentile_cont(0.5) within group (order by
            extract(epoch from ${tickets.firstResponseAt} - ${tickets.createdAt}) / 60)
            filter (where ${opened} and ${tickets.firstResponseAt} is not null)`,
        })
        .from(tickets)
        .where(and(eq(tickets.userId, userId), or(opened, resolved)));
      const median = toNumber(row?.median);
      return {
        opened: row?.opened ?? 0,
        resolved: row?.resolved ?? 0,
        medianFirstResponseMinutes: median === null ? null : Math.round(median),
      };
    },

    /** Website updates the client asked for in [from, until). */
    async updatesUsed(userId: string, from: Date, until: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(tickets)
        .where(
          and(
            eq(tickets.userId, userId),
            eq(tickets.kind, 'update'),
            gte(tickets.createdAt, from),
            lt(tickets.createdAt, until),
          ),
        );
      return row?.count ?? 0;
    },

    /** Each plan's name and updates per month (the plan catalogue's). */
    async plans() {
      return db
        .select({ id: plans.id, name: plans.name, updatesPerMonth: plans.updatesPerMonth })
        .from(plans);
    },

    /** The client's invoices paid in [from, until), in the order they were paid. */
    async invoicesPaid(userId: string, from: Date, until: Date) {
      const rows = await db
        .select({
          invoiceNumber: invoices.invoiceNumber,
          amountCents: invoices.total,
          paidAt: invoices.paidAt,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.userId, userId),
            eq(invoices.status, 'paid'),
            gte(invoices.paidAt, from),
            lt(invoices.paidAt, until),
          ),
        )
        .orderBy(asc(invoices.paidAt));
      return rows.map((row) => ({ ...row, paidAt: row.paidAt! }));
    },

    /** Credit notes issued in [from, until) on the client's invoices, in the order issued. */
    async creditNotesIssued(userId: string, from: Date, until: Date) {
      const rows = await db
        .select({
          creditNoteNumber: creditNotes.creditNoteNumber,
          amountCents: creditNotes.amount,
          issuedAt: creditNotes.issuedAt,
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(
          and(
            eq(invoices.userId, userId),
            eq(creditNotes.status, 'issued'),
            gte(creditNotes.issuedAt, from),
            lt(creditNotes.issuedAt, until),
          ),
        )
        .orderBy(asc(creditNotes.issuedAt));
      return rows.map((row) => ({ ...row, issuedAt: row.issuedAt! }));
    },

    /** The client's report of `month`, without its PDF. */
    async findOfMonth(userId: string, month: string): Promise<ListedReport | null> {
      const [row] = await db
        .select(listed)
        .from(monthlyReports)
        .where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month)));
      return row ?? null;
    },

    async findById(id: string): Promise<ListedReport | null> {
      const [row] = await db.select(listed).from(monthlyReports).where(eq(monthlyReports.id, id));
      return row ?? null;
    },

    /** The report with its facts and PDF (null: no such report). */
    async content(id: string): Promise<MonthlyReportRow | null> {
      const [row] = await db.select().from(monthlyReports).where(eq(monthlyReports.id, id));
      return row ?? null;
    },

    /**
     * The client's reports, newest month first (one a month: a short list); `sentOnly`, not
     * those the admin holds unsent (what the client's portal lists).
     */
    async listOf(userId: string, limit: number, sentOnly = false): Promise<ListedReport[]> {
      return db
        .select(listed)
        .from(monthlyReports)
        .where(
          and(
            eq(monthlyReports.userId, userId),
            sentOnly ? eq(monthlyReports.heldForReview, false) : undefined,
          ),
        )
        .orderBy(desc(monthlyReports.month))
        .limit(limit);
    },

    /**
     * The monthly run's report, made when the client has none for the month: inserted unsent,
     * or nothing when one exists (another run, or the admin, made it first).
     */
    async insertUnsent(content: ReportContent, at: Date): Promise<ListedReport | null> {
      const [row] = await db
        .insert(monthlyReports)
        .values({ ...content, sentAt: null, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: [monthlyReports.userId, monthlyReports.month] })
        .returning(listed);
      return row ?? null;
    },

    /**
     * A report made before its month ended (the month so far), made again over the whole
     * month by the monthly run, and to be sent again: only while it still ends before
     * `periodEnd`, so a second run finds nothing to do.
     */
    async completeEarlier(content: ReportContent, at: Date): Promise<ListedReport | null> {
      const [row] = await db
        .update(monthlyReports)
        // The run's own report now, of the whole month: sent by the run like any other.
        .set({ ...content, sentAt: null, heldForReview: false, updatedAt: at })
        .where(
          and(
            eq(monthlyReports.userId, content.userId),
            eq(monthlyReports.month, content.month),
            lt(monthlyReports.periodEnd, content.periodEnd),
          ),
        )
        .returning(listed);
      return row ?? null;
    },

    /**
     * The admin's report: made, or made again over the existing one, and held unsent for the
     * admin to read before their Send (the monthly run leaves a held report alone).
     */
    async saveHeld(content: ReportContent, at: Date): Promise<ListedReport & { made: boolean }> {
      const [row] = await db
        .insert(monthlyReports)
        .values({ ...content, sentAt: null, heldForReview: true, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [monthlyReports.userId, monthlyReports.month],
          set: {
            periodStart: content.periodStart,
            periodEnd: content.periodEnd,
            facts: content.facts,
            pdf: content.pdf,
            sentAt: null,
            heldForReview: true,
            updatedAt: at,
          },
        })
        .returning({ ...listed, made: sql<boolean>`(xmax = 0)` });
      return row!;
    },

    /**
     * The month's reports made but not sent (a run stopped between the two), oldest first;
     * not those the admin made and holds to read before sending.
     */
    async unsentOfMonth(month: string): Promise<ListedReport[]> {
      return db
        .select(listed)
        .from(monthlyReports)
        .where(
          and(
            eq(monthlyReports.month, month),
            isNull(monthlyReports.sentAt),
            eq(monthlyReports.heldForReview, false),
          ),
        )
        .orderBy(asc(monthlyReports.createdAt), asc(monthlyReports.id));
    },

    /**
     * Takes an unsent report for sending: sent_at is set where it was null, in one statement,
     * so of two runs (or instances) only one gets it. Null: sent already, or gone.
     */
    async claimUnsent(id: string, at: Date): Promise<ListedReport | null> {
      const [row] = await db
        .update(monthlyReports)
        .set({ sentAt: at })
        .where(and(eq(monthlyReports.id, id), isNull(monthlyReports.sentAt)))
        .returning(listed);
      return row ?? null;
    },

    /**
     * The admin's Send (or "Send again"): the report is claimed whatever it was, its sending
     * time now `at`, and no longer held.
     */
    async claimAgain(id: string, at: Date): Promise<ListedReport | null> {
      const [row] = await db
        .update(monthlyReports)
        .set({ sentAt: at, heldForReview: false })
        .where(eq(monthlyReports.id, id))
        .returning(listed);
      return row ?? null;
    },

    /**
     * Gives back a claim whose e-mail could not even be recorded (the outbox refused it): the
     * report is unsent again, for the next run. Only the claim made at `at`: a later one stays.
     */
    async release(id: string, at: Date, previous: Date | null): Promise<void> {
      await db
        .update(monthlyReports)
        .set({ sentAt: previous })
        .where(and(eq(monthlyReports.id, id), eq(monthlyReports.sentAt, at)));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
