import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  CERTIFICATE_WARNING_DAYS,
  DOMAIN_WARNING_DAYS,
  SHORT_CERTIFICATE_MAX_DAYS,
  SHORT_CERTIFICATE_WARNING_DAYS,
  SLOW_RESPONSE_MS,
  type SiteListFilter,
} from '@shared/schemas/sites';
import type { Database } from '../../db/client';
import { onPage, type PageWindow } from '../../db/paging';
import {
  siteCheckHours,
  siteChecks,
  siteIncidents,
  sites,
  siteSearchText,
  users,
  userSearchText,
  type SiteRow,
  type User,
} from '../../db/schema';
import { textContains } from '../../db/search';
import { recordCheck, stopWatching, type CheckRules } from './site-lifecycle';
import type { SiteCheckResult } from './site-check';

/** Raw checks are kept this long; older ones live on as hourly roll-ups. */
export const RAW_CHECK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The client a site belongs to, as lists and e-mails name them. */
export type SiteClient = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'businessName'>;
const siteClient = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
};

/** A certificate within its warning threshold at `now` (7 days for a short one, else 14). */
const certificateExpiring = (now: Date): SQL =>
  sql`${sites.certificateExpiresAt} <= ${now.toISOString()}::timestamptz + make_interval(days => case
    when ${sites.certificateIssuedAt} is not null
      and ${sites.certificateExpiresAt} - ${sites.certificateIssuedAt} <= make_interval(days => ${SHORT_CERTIFICATE_MAX_DAYS}::int)
    then ${SHORT_CERTIFICATE_WARNING_DAYS}::int else ${CERTIFICATE_WARNING_DAYS}::int end)`;
const domainExpiring = (now: Date): SQL =>
  sql`${sites.domainExpiresAt} <= ${now.toISOString()}::timestamptz + make_interval(days => ${DOMAIN_WARNING_DAYS}::int)`;
const expiring = (now: Date): SQL =>
  sql`(coalesce(${certificateExpiring(now)}, false) or coalesce(${domainExpiring(now)}, false))`;
const slow = sql`coalesce(${sites.lastResponseMs} > ${SLOW_RESPONSE_MS}::int, false)`;

/** /admin/sites's filters; each leaves paused sites out but 'paused'. */
function listFilter(filter: SiteListFilter, now: Date): SQL {
  switch (filter) {
    case 'down':
      return and(eq(sites.paused, false), eq(sites.status, 'down'))!;
    case 'expiring':
      return and(eq(sites.paused, false), expiring(now))!;
    case 'slow':
      return and(eq(sites.paused, false), slow)!;
    case 'paused':
      return eq(sites.paused, true);
  }
}

/**
 * Worst first: down, then a date about to lapse (the soonest first), then slow (the slowest
 * first), then the rest; paused sites last.
 */
const worstFirst = (now: Date): SQL[] => [
  sql`case when ${sites.paused} then 4 when ${sites.status} = 'down' then 0
    when ${expiring(now)} then 1 when ${slow} then 2 else 3 end`,
  sql`least(${sites.certificateExpiresAt}, ${sites.domainExpiresAt}) asc nulls last`,
  sql`${sites.lastResponseMs} desc nulls last`,
  desc(sites.createdAt),
  desc(sites.id),
];

export interface SiteListQuery extends PageWindow {
  q: string;
  status?: SiteListFilter;
}

export function createSiteRepository(db: Database) {
  return {
    async findClient(userId: string): Promise<SiteClient | null> {
      const [row] = await db.select(siteClient).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * A new site of a client, unless `refuse` says why not (given the client's sites, read
     * under a lock on the client's row so two adds at once count each other): the site, or
     * the refusal; null for an unknown client.
     */
    async insert<Refusal>(
      values: Pick<typeof sites.$inferInsert, 'userId' | 'url' | 'keyword' | 'nextCheckAt'> & {
        createdAt: Date;
      },
      refuse: (existing: Pick<SiteRow, 'url'>[]) => Refusal | null,
    ): Promise<{ site: SiteRow } | { refused: Refusal } | null> {
      return db.transaction(async (tx) => {
        const [client] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, values.userId))
          .for('update');
        if (!client) return null;
        const existing = await tx
          .select({ url: sites.url })
          .from(sites)
          .where(eq(sites.userId, values.userId));
        const refused = refuse(existing);
        if (refused) return { refused };
        const [site] = await tx
          .insert(sites)
          .values({ ...values, updatedAt: values.createdAt })
          .returning();
        if (!site) throw new Error('Site insert returned no row');
        return { site };
      });
    },

    async find(id: string): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id));
      return row ?? null;
    },

    async findWithClient(id: string) {
      const [row] = await db
        .select({ site: sites, client: siteClient })
        .from(sites)
        .innerJoin(users, eq(users.id, sites.userId))
        .where(eq(sites.id, id));
      return row ?? null;
    },

    /** The client's sites, newest first. */
    async listForClient(userId: string): Promise<SiteRow[]> {
      return db
        .select()
        .from(sites)
        .where(eq(sites.userId, userId))
        .orderBy(desc(sites.createdAt), desc(sites.id));
    },

    async urlTakenByOther(userId: string, url: string, exceptId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.userId, userId), eq(sites.url, url), ne(sites.id, exceptId)));
      return Boolean(row);
    },

    /**
     * The admin's change to a site, under a lock on its row: another address or a pause
     * stops the watch as it was (site-lifecycle.ts); a resumed site is checked at once.
     */
    async update(
      id: string,
      change: Partial<
        Pick<
          SiteRow,
          | 'url'
          | 'keyword'
          | 'paused'
          | 'domainExpiresAt'
          | 'domainExpirySource'
          | 'domainWarnedFor'
        >
      >,
      at: Date,
    ): Promise<{ before: SiteRow; after: SiteRow } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
        if (!before) return null;
        const newUrl = change.url !== undefined && change.url !== before.url;
        const pausing = change.paused === true && !before.paused;
        const resuming = change.paused === false && before.paused;
        let current = before;
        if (newUrl || pausing) {
          current = await stopWatching(tx, before, at, { forgetFacts: newUrl });
        }
        const [after] = await tx
          .update(sites)
          .set({
            ...change,
            // A date typed by hand, or handed back to RDAP: looked up again on the next pass.
            ...(change.domainExpirySource !== undefined && { domainCheckedAt: null }),
            ...((resuming || newUrl) && { nextCheckAt: at }),
            updatedAt: at,
          })
          .where(eq(sites.id, id))
          .returning();
        return { before, after: after ?? current };
      });
    },

    async remove(id: string): Promise<SiteRow | null> {
      const [row] = await db.delete(sites).where(eq(sites.id, id)).returning();
      return row ?? null;
    },

    /**
     * Takes up to `limit` sites whose check is due and moves each one's next check to its next
     * slot after `now` on its own grid (so the spread over the interval stays, and a server
     * down for an hour does not fire the missed checks in a burst). The move is the claim: a
     * crash loses at most this one check, and another process never takes it too (SKIP LOCKED).
     * Paused sites and those of deactivated clients are not checked.
     */
    async claimDue(now: Date, intervalSeconds: number, limit: number): Promise<SiteRow[]> {
      if (limit <= 0) return [];
      const at = now.toISOString();
      const due = db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            lte(sites.nextCheckAt, now),
            eq(sites.paused, false),
            // A deactivated client's sites rest (and they hear nothing) until reactivated.
            inArray(
              sites.userId,
              db.select({ id: users.id }).from(users).where(isNull(users.deactivatedAt)),
            ),
          ),
        )
        .orderBy(asc(sites.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(sites)
        .set({
          nextCheckAt: sql`${sites.nextCheckAt} + make_interval(secs => ${intervalSeconds}::int *
            (floor(extract(epoch from (${at}::timestamptz - ${sites.nextCheckAt})) / ${intervalSeconds}::int) + 1))`,
        })
        .where(inArray(sites.id, due))
        .returning();
    },

    /**
     * Records one check of `url`, the site's address when it was checked, in a transaction
     * that holds its row: the lifecycle decides what follows. Null, and nothing recorded, when
     * the site was removed, paused or given another address while it was checked.
     */
    async recordCheck(
      id: string,
      url: string,
      result: SiteCheckResult,
      at: Date,
      rules: CheckRules,
    ) {
      return db.transaction(async (tx) => {
        const [site] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
        if (!site || site.paused || site.url !== url) return null;
        return recordCheck(tx, site, result, at, rules);
      });
    },

    /** Each site's share of passing checks over the last 30 days (0-100), where it has any. */
    async uptime(ids: string[], now: Date): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          siteId: siteChecks.siteId,
          passed: sql<number>`count(*) filter (where ${siteChecks.ok})::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(siteChecks)
        .where(
          and(
            inArray(siteChecks.siteId, ids),
            gte(siteChecks.checkedAt, new Date(now.getTime() - RAW_CHECK_DAYS * DAY_MS)),
          ),
        )
        .groupBy(siteChecks.siteId);
      return new Map(rows.map((row) => [row.siteId, (100 * row.passed) / row.total]));
    },

    /** The median response of each site's answered checks per calendar day (in `timeZone`) since `since`. */
    async dailyMedians(ids: string[], since: Date, timeZone: string) {
      if (ids.length === 0) return [];
      const day = sql<string>`((${siteChecks.checkedAt} at time zone ${timeZone})::date)::text`;
      const rows = await db
        .select({
          siteId: siteChecks.siteId,
          day,
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${siteChecks.responseMs})`,
        })
        .from(siteChecks)
        .where(
          and(
            inArray(siteChecks.siteId, ids),
            gte(siteChecks.checkedAt, since),
            isNotNull(siteChecks.responseMs),
          ),
        )
        .groupBy(sql`1`, sql`2`);
      return rows.map((row) => ({
        ...row,
        median: row.median === null ? null : Number(row.median),
      }));
    },

    /** The open incident of each site that has one. */
    async openIncidents(ids: string[]) {
      if (ids.length === 0) return new Map<string, typeof siteIncidents.$inferSelect>();
      const rows = await db
        .select()
        .from(siteIncidents)
        .where(and(inArray(siteIncidents.siteId, ids), isNull(siteIncidents.endedAt)));
      return new Map(rows.map((row) => [row.siteId, row]));
    },

    /** One page of a site's checks, the latest first. */
    async listChecks(siteId: string, { limit, offset }: PageWindow) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(siteChecks)
          .where(eq(siteChecks.siteId, siteId))
          .orderBy(desc(siteChecks.checkedAt), desc(siteChecks.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(siteChecks).where(eq(siteChecks.siteId, siteId)),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** One page of a site's incidents, the latest first. */
    async listIncidents(siteId: string, { limit, offset }: PageWindow) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(siteIncidents)
          .where(eq(siteIncidents.siteId, siteId))
          .orderBy(desc(siteIncidents.startedAt), desc(siteIncidents.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(siteIncidents).where(eq(siteIncidents.siteId, siteId)),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** One page of every client's sites, worst first, searched on the address and the client. */
    async list(filter: SiteListQuery, now: Date) {
      const conditions: SQL[] = [];
      if (filter.q) {
        const clients = db
          .select({ id: users.id })
          .from(users)
          .where(textContains(userSearchText, filter.q));
        conditions.push(
          or(textContains(siteSearchText, filter.q), inArray(sites.userId, clients))!,
        );
      }
      if (filter.status) conditions.push(listFilter(filter.status, now));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = worstFirst(now);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ site: sites, client: siteClient })
          .from(sites)
          .innerJoin(users, eq(users.id, sites.userId))
          .where(onPage(db, sites, sites.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(sites).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** The dashboard card: how many sites, the ones down and the dates about to lapse. */
    async summary(now: Date, limit: number) {
      const [[counted], [downCounted], [lapsingCounted], down, lapsing] = await Promise.all([
        db.select({ value: count() }).from(sites),
        db
          .select({ value: count() })
          .from(siteIncidents)
          .innerJoin(sites, eq(sites.id, siteIncidents.siteId))
          .where(and(isNull(siteIncidents.endedAt), eq(sites.paused, false))),
        db
          .select({
            certificates: sql<number>`count(*) filter (where ${certificateExpiring(now)})::int`,
            domains: sql<number>`count(*) filter (where ${domainExpiring(now)})::int`,
          })
          .from(sites)
          .where(and(eq(sites.paused, false), expiring(now))),
        db
          .select({ site: sites, client: siteClient, since: siteIncidents.startedAt })
          .from(siteIncidents)
          .innerJoin(sites, eq(sites.id, siteIncidents.siteId))
          .innerJoin(users, eq(users.id, sites.userId))
          .where(and(isNull(siteIncidents.endedAt), eq(sites.paused, false)))
          .orderBy(asc(siteIncidents.startedAt))
          .limit(limit),
        db
          .select({ site: sites, client: siteClient })
          .from(sites)
          .innerJoin(users, eq(users.id, sites.userId))
          .where(and(eq(sites.paused, false), expiring(now)))
          .orderBy(sql`least(${sites.certificateExpiresAt}, ${sites.domainExpiresAt}) asc`)
          .limit(limit),
      ]);
      return {
        sites: counted?.value ?? 0,
        downCount: downCounted?.value ?? 0,
        expiringCount: (lapsingCounted?.certificates ?? 0) + (lapsingCounted?.domains ?? 0),
        down,
        lapsing,
      };
    },

    /**
     * Sites whose domain RDAP should look up: not paused, no date typed by hand, not looked
     * up in the last day (a failed look-up leaves the time as it was: tried again next pass).
     */
    async domainsDue(now: Date, limit: number): Promise<SiteRow[]> {
      return db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.paused, false),
            or(isNull(sites.domainExpirySource), ne(sites.domainExpirySource, 'manual')),
            or(
              isNull(sites.domainCheckedAt),
              lt(sites.domainCheckedAt, new Date(now.getTime() - DAY_MS)),
            ),
          ),
        )
        .orderBy(sql`${sites.domainCheckedAt} asc nulls first`, asc(sites.id))
        .limit(limit);
    },

    /**
     * What RDAP said of a site's domain: a date replaces the one kept, none keeps it (the
     * last good value). Never over a date typed by hand, even one typed during the look-up.
     */
    async saveDomainLookUp(id: string, expiresAt: Date | null, at: Date): Promise<void> {
      await db
        .update(sites)
        .set({
          domainCheckedAt: at,
          ...(expiresAt && { domainExpiresAt: expiresAt, domainExpirySource: 'rdap' as const }),
        })
        .where(
          and(
            eq(sites.id, id),
            or(isNull(sites.domainExpirySource), ne(sites.domainExpirySource, 'manual')),
          ),
        );
    },

    /**
     * The sites whose domain comes within its warning threshold and whose warning has not gone
     * for that date: marked warned in the same statement, so one pass sends each warning (a
     * second process, or the next pass, finds it marked).
     */
    async takeDomainWarnings(now: Date) {
      const taken = await db
        .update(sites)
        .set({
          domainWarnedFor: sql`${sites.domainExpiresAt}`,
          domainWarnedDays: DOMAIN_WARNING_DAYS,
        })
        .where(
          and(
            eq(sites.paused, false),
            domainExpiring(now),
            sql`(${sites.domainWarnedFor} is distinct from ${sites.domainExpiresAt}
              or ${sites.domainWarnedDays} is distinct from ${DOMAIN_WARNING_DAYS}::int)`,
          ),
        )
        .returning();
      return taken;
    },

    /**
     * Rolls the raw checks of the hours before `cutoff` up into site_check_hours, an hour at
     * a time (at most `maxHours` per call), each in one statement that deletes what it adds:
     * a crash leaves an hour either rolled up or untouched. A roll-up that meets one already
     * there (checks of an hour that came late) adds to it. The hours rolled up.
     */
    async rollUpChecks(cutoff: Date, maxHours: number): Promise<number> {
      let hours = 0;
      while (hours < maxHours) {
        const [oldest] = await db
          .select({ at: siteChecks.checkedAt })
          .from(siteChecks)
          .where(lt(siteChecks.checkedAt, cutoff))
          .orderBy(asc(siteChecks.checkedAt))
          .limit(1);
        if (!oldest) break;
        const hour = new Date(Math.floor(oldest.at.getTime() / 3_600_000) * 3_600_000);
        const end = new Date(Math.min(hour.getTime() + 3_600_000, cutoff.getTime()));
        await db.execute(sql`with gone as (
            delete from ${siteChecks}
            where ${siteChecks.checkedAt} >= ${hour.toISOString()}::timestamptz
              and ${siteChecks.checkedAt} < ${end.toISOString()}::timestamptz
            returning site_id, ok, response_ms
          )
          insert into ${siteCheckHours} (site_id, hour, checks, failures, response_ms_median, response_ms_max)
          select site_id, ${hour.toISOString()}::timestamptz, count(*), count(*) filter (where not ok),
            round(percentile_cont(0.5) within group (order by response_ms))::int, max(response_ms)
          from gone group by site_id
          on conflict (site_id, hour) do update set
            checks = ${siteCheckHours}.checks + excluded.checks,
            failures = ${siteCheckHours}.failures + excluded.failures,
            response_ms_median = coalesce(
              round((${siteCheckHours}.response_ms_median * ${siteCheckHours}.checks
                + excluded.response_ms_median * excluded.checks)::numeric
                / (${siteCheckHours}.checks + excluded.checks))::int,
              ${siteCheckHours}.response_ms_median, excluded.response_ms_median),
            response_ms_max = greatest(${siteCheckHours}.response_ms_max, excluded.response_ms_max)`);
        hours += 1;
      }
      return hours;
    },
  };
}
export type SiteRepository = ReturnType<typeof createSiteRepository>;
