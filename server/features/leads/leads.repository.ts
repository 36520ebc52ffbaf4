import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type {
  Lead,
  LeadSummary,
  MarketingSearch,
  SearchStatus,
  WebsiteSignals,
} from '@shared/schemas/leads';
import type { Database } from '../../db/client';
import {
  leadSearchCells,
  leadSearches,
  searchLeads,
  websiteAnalyses,
  type LeadSearchRow,
} from '../../db/schema';
import { searchText, textContains } from '../../db/search';
import type { LeadFacts } from '@shared/lead-facts';

const WRITE_CHUNK = 500;

/** The advisory lock (transaction-scoped) under which a bulk search is started: one at a time. */
const BULK_SEARCH_LOCK = 727_301;

/**
 * What the past searches' search looks in: the criteria's city, state and business type.
 * Unindexed: the searches are a few hundred rows, one agency's history.
 */
const criteriaText = searchText(
  sql`${leadSearches.criteria} ->> 'city'`,
  sql`${leadSearches.criteria} ->> 'state'`,
  sql`${leadSearches.criteria} ->> 'businessType'`,
);

export function createLeadRepository(db: Database) {
  return {
    async createSearch(values: {
      criteria: MarketingSearch;
      bulk: boolean;
      source: LeadFacts['source'];
      status: SearchStatus;
      cellsTotal: number;
    }) {
      const [row] = await db.insert(leadSearches).values(values).returning();
      if (!row) throw new Error('Search insert returned no row');
      return row;
    },

    /**
     * A bulk search, unless one is already queued or running (then that one, and nothing is
     * stored). The check and the insert run under a transaction lock, so two requests at the
     * same moment cannot both start one.
     */
    async createBulkSearchUnlessBusy(values: {
      criteria: MarketingSearch;
      source: LeadFacts['source'];
      cellsTotal: number;
    }): Promise<{ created: LeadSearchRow } | { busy: LeadSearchRow }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BULK_SEARCH_LOCK})`);
        const [busy] = await tx
          .select()
          .from(leadSearches)
          .where(
            and(eq(leadSearches.bulk, true), inArray(leadSearches.status, ['queued', 'running'])),
          )
          .orderBy(asc(leadSearches.createdAt))
          .limit(1);
        if (busy) return { busy };
        const [created] = await tx
          .insert(leadSearches)
          .values({ ...values, bulk: true, status: 'queued' })
          .returning();
        if (!created) throw new Error('Search insert returned no row');
        return { created };
      });
    },

    async findSearch(id: string) {
      const [row] = await db.select().from(leadSearches).where(eq(leadSearches.id, id));
      return row ?? null;
    },

    /** One page of the kept searches, newest first, and how many match in all. */
    async listSearches({ q, limit, offset }: { q: string; limit: number; offset: number }) {
      const where = q ? textContains(criteriaText, q) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(leadSearches)
          .where(where)
          .orderBy(desc(leadSearches.createdAt), desc(leadSearches.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(leadSearches).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** Bulk searches a restart must pick up again. */
    async unfinishedBulkSearchIds() {
      const rows = await db
        .select({ id: leadSearches.id })
        .from(leadSearches)
        .where(
          and(eq(leadSearches.bulk, true), inArray(leadSearches.status, ['queued', 'running'])),
        );
      return rows.map((row) => row.id);
    },

    /** Plain searches left running by a process that stopped (they answer within minutes). */
    async failAbandonedSearches(startedBefore: Date, message: string, at: Date) {
      await db
        .update(leadSearches)
        .set({ status: 'failed', error: message, finishedAt: at })
        .where(
          and(
            eq(leadSearches.bulk, false),
            eq(leadSearches.status, 'running'),
            lt(leadSearches.createdAt, startedBefore),
          ),
        );
    },

    /**
     * Takes (or renews) the search's lease for `owner` when it is free, expired or already
     * its own, and the search is still to do. One statement: two processes cannot both win.
     */
    async acquireLease(id: string, owner: string, until: Date, at: Date) {
      const [row] = await db
        .update(leadSearches)
        .set({ leaseOwner: owner, leaseUntil: until, status: 'running' })
        .where(
          and(
            eq(leadSearches.id, id),
            inArray(leadSearches.status, ['queued', 'running']),
            or(
              isNull(leadSearches.leaseUntil),
              lt(leadSearches.leaseUntil, at),
              eq(leadSearches.leaseOwner, owner),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    async releaseLease(id: string, owner: string) {
      await db
        .update(leadSearches)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(leadSearches.id, id), eq(leadSearches.leaseOwner, owner)));
    },

    /** Frees every search's lease (only safe when no other process can hold one). */
    async releaseAllLeases() {
      await db
        .update(leadSearches)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(isNotNull(leadSearches.leaseOwner));
    },

    async cancel(id: string, at: Date) {
      const [row] = await db
        .update(leadSearches)
        .set({ status: 'cancelled', finishedAt: at })
        .where(and(eq(leadSearches.id, id), inArray(leadSearches.status, ['queued', 'running'])))
        .returning();
      return row ?? null;
    },

    async fail(id: string, message: string, at: Date) {
      await db
        .update(leadSearches)
        .set({ status: 'failed', error: message, finishedAt: at })
        .where(and(eq(leadSearches.id, id), inArray(leadSearches.status, ['queued', 'running'])));
    },

    async doneCells(id: string) {
      const rows = await db
        .select({ cell: leadSearchCells.cell })
        .from(leadSearchCells)
        .where(eq(leadSearchCells.searchId, id));
      return new Set(rows.map((row) => row.cell));
    },

    async allFacts(id: string) {
      return db
        .select({ id: searchLeads.id, facts: searchLeads.facts, enriched: searchLeads.enriched })
        .from(searchLeads)
        .where(eq(searchLeads.searchId, id))
        .orderBy(asc(searchLeads.position));
    },

    /**
     * A searched cell and the new leads it gave, in one transaction: after a crash a cell
     * is either done with all its leads or not done at all. Leads already stored (same
     * source id) are skipped by the primary key.
     */
    async saveCell(
      id: string,
      cell: number,
      leads: { id: string; position: number; facts: LeadFacts; enriched: boolean }[],
    ) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(leadSearchCells)
          .values({ searchId: id, cell })
          .onConflictDoNothing()
          .returning();
        if (inserted.length === 0) return;
        let added = 0;
        let websites = 0;
        for (let i = 0; i < leads.length; i += WRITE_CHUNK) {
          const rows = await tx
            .insert(searchLeads)
            .values(leads.slice(i, i + WRITE_CHUNK).map((lead) => ({ searchId: id, ...lead })))
            .onConflictDoNothing()
            .returning({ facts: searchLeads.facts });
          added += rows.length;
          websites += rows.filter((row) => row.facts.place.website).length;
        }
        await tx
          .update(leadSearches)
          .set({
            cellsDone: sql`${leadSearches.cellsDone} + 1`,
            leadsFound: sql`${leadSearches.leadsFound} + ${added}`,
            websitesTotal: sql`${leadSearches.websitesTotal} + ${websites}`,
          })
          .where(eq(leadSearches.id, id));
      });
    },

    async saveEnrichment(id: string, leadId: string, facts: LeadFacts, countsWebsite: boolean) {
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(searchLeads)
          .set({ facts, enriched: true })
          .where(
            and(
              eq(searchLeads.searchId, id),
              eq(searchLeads.id, leadId),
              eq(searchLeads.enriched, false),
            ),
          )
          .returning({ id: searchLeads.id });
        if (updated.length > 0 && countsWebsite) {
          await tx
            .update(leadSearches)
            .set({ websitesAnalysed: sql`${leadSearches.websitesAnalysed} + 1` })
            .where(eq(leadSearches.id, id));
        }
      });
    },

    /** Writes the computed leads and closes the search as done. */
    async finish(
      id: string,
      leads: { lead: Lead; summary: LeadSummary }[],
      totals: { total: number; totalUnfiltered: number; cellsDone: number },
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        for (let i = 0; i < leads.length; i += WRITE_CHUNK) {
          const chunk = leads.slice(i, i + WRITE_CHUNK);
          await tx.execute(sql`
            update ${searchLeads} as s
            set lead = v.lead, summary = v.summary
            from jsonb_to_recordset(${JSON.stringify(
              chunk.map(({ lead, summary }) => ({ id: lead.id, lead, summary })),
            )}::jsonb) as v(id text, lead jsonb, summary jsonb)
            where s.search_id = ${id} and s.id = v.id`);
        }
        const [row] = await tx
          .update(leadSearches)
          .set({ status: 'done', finishedAt: at, ...totals })
          .where(and(eq(leadSearches.id, id), eq(leadSearches.status, 'running')))
          .returning();
        return row ?? null;
      });
    },

    /** The table rows of a done search, best first as stored. */
    async summaries(id: string) {
      const rows = await db
        .select({ summary: searchLeads.summary })
        .from(searchLeads)
        .where(and(eq(searchLeads.searchId, id), sql`${searchLeads.summary} is not null`))
        .orderBy(asc(searchLeads.position));
      return rows.map((row) => row.summary!);
    },

    async leads(id: string) {
      const rows = await db
        .select({ lead: searchLeads.lead })
        .from(searchLeads)
        .where(and(eq(searchLeads.searchId, id), sql`${searchLeads.lead} is not null`))
        .orderBy(asc(searchLeads.position));
      return rows.map((row) => row.lead!);
    },

    async lead(id: string, leadId: string) {
      const [row] = await db
        .select({ lead: searchLeads.lead })
        .from(searchLeads)
        .where(and(eq(searchLeads.searchId, id), eq(searchLeads.id, leadId)));
      return row?.lead ?? null;
    },

    async cachedAnalysis(url: string, notBefore: Date) {
      const [row] = await db
        .select({ signals: websiteAnalyses.signals })
        .from(websiteAnalyses)
        .where(and(eq(websiteAnalyses.url, url), gt(websiteAnalyses.analysedAt, notBefore)));
      return row?.signals ?? null;
    },

    async cacheAnalysis(url: string, signals: WebsiteSignals, at: Date) {
      await db
        .insert(websiteAnalyses)
        .values({ url, signals, analysedAt: at })
        .onConflictDoUpdate({ target: websiteAnalyses.url, set: { signals, analysedAt: at } });
    },
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
