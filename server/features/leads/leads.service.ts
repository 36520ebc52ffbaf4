import pLimit from 'p-limit';
import type { Logger } from 'pino';
import {
  BUSINESS_TYPES,
  DEFAULT_RADIUS_MILES,
  GRID_SIZE,
  summarizeLead,
  type Lead,
  type MarketingSearch,
  type SearchJob,
  type SearchLeads,
  type SearchRecord,
  type SearchResponse,
  type WebsiteSignals,
} from '@shared/schemas/marketing';
import { distanceMiles, findCity, type City } from '@shared/places';
import type { LeadFacts, Place, VerificationChecks } from '@shared/lead-facts';
import type { LeadSearchRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SOCIAL_HOSTS, hostMatches } from './analysis/technology';
import { nationalPhone } from './analysis/verification';
import { websiteUrl } from './analysis/website-analyzer';
import type { LeadRepository } from './leads.repository';
import { buildLeads } from './scoring';
import { boxAround, gridCells, SourceError, type LeadSourceAdapter } from './sources/types';

const CACHE_DAYS = 7;
/** A plain search still 'running' after this was left by a process that stopped. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LeadServiceDeps {
  repository: LeadRepository;
  source: LeadSourceAdapter;
  analyse: (url: URL) => Promise<WebsiteSignals>;
  verify: (place: Place, email: string | null) => Promise<VerificationChecks>;
  /** Puts a bulk search on the job queue (pg-boss). */
  enqueue: (searchId: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
  analysisConcurrency?: number;
  /** This process's name on a search's lease. */
  workerId: string;
  leaseMs?: number;
}

/** Names compared without case, punctuation or legal suffixes ("Joe's Grill, LLC" = "joes grill"). */
export function normalisedName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\b(llc|inc|co|corp|ltd|the)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keys two listings of one business share: the source id, then name + phone or address. */
export function dedupeKeys(place: Place): string[] {
  const name = normalisedName(place.name);
  const keys = [`id:${place.sourceId}`];
  const digits = place.phone?.replace(/\D/g, '').slice(-10);
  if (digits && digits.length === 10) keys.push(`phone:${name}|${digits}`);
  if (place.address) keys.push(`address:${name}|${normalisedName(place.address)}`);
  return keys;
}

function radiusOf(criteria: MarketingSearch) {
  return criteria.radius ?? DEFAULT_RADIUS_MILES;
}

function cityOf(criteria: MarketingSearch): City & { state: string } {
  const city = findCity(criteria.city, criteria.state);
  if (!city) throw new AppError(400, 'Choose a city from the list');
  return city;
}

function keepByFilters(criteria: MarketingSearch) {
  return (lead: Lead) =>
    (!criteria.minRating || lead.rating >= criteria.minRating) &&
    (!criteria.openNow || lead.isOpen === true);
}

const byScore = (a: Lead, b: Lead) => b.leadScore - a.leadScore || a.name.localeCompare(b.name);

function toRecord(row: LeadSearchRow): SearchRecord {
  return {
    id: row.id,
    criteria: row.criteria,
    bulk: row.bulk,
    source: row.source,
    status: row.status,
    progress: {
      cellsDone: row.cellsDone,
      cellsTotal: row.cellsTotal,
      leadsFound: row.leadsFound,
      websitesAnalysed: row.websitesAnalysed,
      websitesTotal: row.websitesTotal,
    },
    total: row.total,
    totalUnfiltered: row.totalUnfiltered,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

class Interrupted extends Error {}

export function createLeadService({
  repository,
  source,
  analyse,
  verify,
  enqueue,
  logger,
  now = () => new Date(),
  analysisConcurrency = 16,
  workerId,
  leaseMs = 60_000,
}: LeadServiceDeps) {
  const running = new Map<string, AbortController>();
  const analysing = new Map<string, Promise<WebsiteSignals>>();

  /** A website's signals: from the 7-day cache, else one analysis (shared by concurrent asks). */
  async function signalsFor(url: URL): Promise<WebsiteSignals> {
    const key = url.href;
    let pending = analysing.get(key);
    if (!pending) {
      pending = (async () => {
        const cached = await repository.cachedAnalysis(
          key,
          new Date(now().getTime() - CACHE_DAYS * DAY_MS),
        );
        if (cached) return cached;
        const signals = await analyse(url);
        await repository.cacheAnalysis(key, signals, now());
        return signals;
      })().finally(() => analysing.delete(key));
      analysing.set(key, pending);
    }
    return pending;
  }

  const needsEnrichment = (place: Place, criteria: MarketingSearch) =>
    Boolean(place.website) || Boolean(criteria.enhancedVerification);

  /** Website analysis, the e-mail it found, and the verification checks when asked for. */
  async function enrich(facts: LeadFacts, criteria: MarketingSearch): Promise<LeadFacts> {
    const { place } = facts;
    let signals: WebsiteSignals | null = null;
    if (place.sampleWebsite) signals = place.sampleWebsite;
    else if (place.website) {
      const url = websiteUrl(place.website);
      if (url && !hostMatches(url.hostname, SOCIAL_HOSTS)) signals = await signalsFor(url);
    }
    const email = place.email ?? signals?.emails[0] ?? null;
    const checks = criteria.enhancedVerification ? await verify(place, email) : null;
    return { ...facts, signals, email, checks };
  }

  function factsOf(place: Place, distance: number, criteria: MarketingSearch): LeadFacts {
    return {
      source: source.name,
      // Formatted once here, so scoring (which runs over every lead again) needs no parsing.
      place: { ...place, phone: nationalPhone(place.phone) },
      city: criteria.city,
      distance,
      email: place.email,
      signals: null,
      checks: null,
    };
  }

  /**
   * The places of one query worth keeping: within the radius, nearest first, not already
   * seen (their keys are added to `seen`), at most `room` of them.
   */
  function newNearby(
    places: Place[],
    city: City,
    criteria: MarketingSearch,
    seen: Set<string>,
    room: number,
  ): LeadFacts[] {
    const radius = radiusOf(criteria);
    const chosen: LeadFacts[] = [];
    // Distances first: a place outside the radius is dropped before its phone is parsed.
    const nearestFirst = places
      .map((place) => ({ place, distance: distanceMiles(city, place) }))
      .filter(({ distance }) => distance <= radius)
      .sort((a, b) => a.distance - b.distance)
      .map(({ place, distance }) => factsOf(place, distance, criteria));
    for (const facts of nearestFirst) {
      if (chosen.length >= room) break;
      const keys = dedupeKeys(facts.place);
      if (keys.some((key) => seen.has(key))) continue;
      keys.forEach((key) => seen.add(key));
      chosen.push(facts);
    }
    return chosen;
  }

  /**
   * Scores every gathered lead, keeps those passing the filters, and closes the search.
   * `facts`: the search's leads when already in memory; otherwise they are read back.
   */
  async function complete(row: LeadSearchRow, cellsDone: number, facts?: LeadFacts[]) {
    facts ??= (await repository.allFacts(row.id)).map((entry) => entry.facts);
    const leads = buildLeads(facts, now().getUTCFullYear());
    const kept = leads.filter(keepByFilters(row.criteria)).sort(byScore);
    const finished = await repository.finish(
      row.id,
      kept.map((lead) => ({ lead, summary: summarizeLead(lead) })),
      { total: kept.length, totalUnfiltered: leads.length, cellsDone },
      now(),
    );
    return { kept, totalUnfiltered: leads.length, finished };
  }

  async function instantSearch(criteria: MarketingSearch): Promise<SearchResponse> {
    const city = cityOf(criteria);
    const radius = radiusOf(criteria);
    const row = await repository.createSearch({
      criteria,
      bulk: false,
      source: source.name,
      status: 'running',
      cellsTotal: 1,
    });
    let places: Place[];
    try {
      places = await source.search({
        box: boxAround(city.lat, city.lon, radius),
        businessTypes: [criteria.businessType],
        city: { ...city, name: criteria.city },
      });
    } catch (error) {
      const message = error instanceof SourceError ? error.message : 'The lead source failed';
      await repository.fail(row.id, message, now());
      if (error instanceof SourceError) throw new AppError(error.status, error.message);
      throw error;
    }
    const chosen = newNearby(places, city, criteria, new Set(), criteria.maxResults);
    try {
      const limit = pLimit(analysisConcurrency);
      const enriched = await Promise.all(
        chosen.map((facts) =>
          needsEnrichment(facts.place, criteria) ? limit(() => enrich(facts, criteria)) : facts,
        ),
      );
      await repository.saveCell(
        row.id,
        0,
        enriched.map((facts, position) => ({
          id: facts.place.sourceId,
          position,
          facts,
          enriched: true,
        })),
      );
      const { kept, totalUnfiltered } = await complete(row, 1, enriched);
      return {
        searchId: row.id,
        source: source.name,
        leads: kept,
        total: kept.length,
        totalUnfiltered,
      };
    } catch (error) {
      await repository
        .fail(row.id, 'The search failed. Please try again.', now())
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * Works on a bulk search until it is done: the 9x9 grid's remaining cells (two at a time,
   * one query each for all categories), websites analysed as leads arrive, then scoring.
   * Safe to call again after a crash or restart: it carries on from the saved cells.
   */
  async function runBulk(searchId: string): Promise<void> {
    const lease = await repository.acquireLease(
      searchId,
      workerId,
      new Date(now().getTime() + leaseMs),
      now(),
    );
    if (lease && !lease.bulk) {
      await repository.fail(searchId, 'Not a bulk search', now());
      return;
    }
    if (!lease) {
      const search = await repository.findSearch(searchId);
      if (!search || !['queued', 'running'].includes(search.status)) return;
      throw new Error(`Search ${searchId} is being worked on by another process`);
    }
    const controller = new AbortController();
    running.set(searchId, controller);
    const heartbeat = setInterval(
      () => {
        repository
          .acquireLease(searchId, workerId, new Date(now().getTime() + leaseMs), now())
          .then((renewed) => {
            if (!renewed) controller.abort(new Interrupted('cancelled or lease lost'));
          })
          .catch((error: unknown) => logger.warn({ err: error, searchId }, 'lease renewal failed'));
      },
      Math.max(250, leaseMs / 4),
    );
    try {
      const criteria = lease.criteria;
      const city = cityOf(criteria);
      const radius = radiusOf(criteria);
      const cells = gridCells(boxAround(city.lat, city.lon, radius), GRID_SIZE);
      const done = await repository.doneCells(searchId);
      const existing = await repository.allFacts(searchId);
      const seen = new Set(existing.flatMap((entry) => dedupeKeys(entry.facts.place)));
      let found = existing.length;
      let position = existing.length;
      let cellsDone = done.size;

      const enrichLimit = pLimit(analysisConcurrency);
      const enrichments: Promise<void>[] = [];
      const schedule = (id: string, facts: LeadFacts) => {
        const task = enrichLimit(async () => {
          if (controller.signal.aborted) return;
          const enriched = await enrich(facts, criteria);
          await repository.saveEnrichment(searchId, id, enriched, Boolean(facts.place.website));
        });
        // Awaited below; marked handled now so a failure while cells still run is not fatal.
        task.catch((error: unknown) => controller.abort(error));
        enrichments.push(task);
      };
      for (const entry of existing) if (!entry.enriched) schedule(entry.id, entry.facts);

      const cellLimit = pLimit(2);
      await Promise.all(
        cells.map((box, index) =>
          done.has(index)
            ? undefined
            : cellLimit(async () => {
                if (controller.signal.aborted || found >= criteria.maxResults) return;
                const places = await source
                  .search({
                    box,
                    businessTypes: BUSINESS_TYPES,
                    city: { ...city, name: criteria.city },
                    signal: controller.signal,
                  })
                  .catch((error: unknown) => {
                    // The cells still waiting for a slot need not start.
                    if (!controller.signal.aborted) controller.abort(error);
                    throw error;
                  });
                const fresh: {
                  id: string;
                  position: number;
                  facts: LeadFacts;
                  enriched: boolean;
                }[] = [];
                for (const facts of newNearby(
                  places,
                  city,
                  criteria,
                  seen,
                  criteria.maxResults - found,
                )) {
                  found += 1;
                  fresh.push({
                    id: facts.place.sourceId,
                    position: position++,
                    facts,
                    enriched: !needsEnrichment(facts.place, criteria),
                  });
                }
                if (controller.signal.aborted) return;
                await repository.saveCell(searchId, index, fresh);
                cellsDone += 1;
                for (const lead of fresh) if (!lead.enriched) schedule(lead.id, lead.facts);
              }),
        ),
      );
      // Enrichments scheduled while cells ran; wait for them all (the list may still grow).
      for (let i = 0; i < enrichments.length; i++) await enrichments[i];
      if (controller.signal.aborted) throw controller.signal.reason;
      await complete(lease, cellsDone);
      logger.info({ searchId, leads: found }, 'bulk lead search done');
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof SourceError) {
        await repository.fail(searchId, reason.message, now());
        return;
      }
      const current = await repository.findSearch(searchId);
      if (current?.status === 'cancelled') return;
      throw reason instanceof Error ? reason : new Error(String(reason));
    } finally {
      clearInterval(heartbeat);
      running.delete(searchId);
      await repository.releaseLease(searchId, workerId).catch(() => undefined);
    }
  }

  async function record(id: string) {
    const row = await repository.findSearch(id);
    if (!row) throw new AppError(404, 'Search not found');
    return row;
  }

  async function leadsOf(row: LeadSearchRow): Promise<SearchLeads> {
    return {
      source: row.source,
      leads: await repository.summaries(row.id),
      total: row.total,
      totalUnfiltered: row.totalUnfiltered,
    };
  }

  return {
    async search(criteria: MarketingSearch): Promise<SearchResponse | { jobId: string }> {
      if (!criteria.bulkMode) return instantSearch(criteria);
      cityOf(criteria);
      const row = await repository.createSearch({
        criteria,
        bulk: true,
        source: source.name,
        status: 'queued',
        cellsTotal: GRID_SIZE * GRID_SIZE,
      });
      await enqueue(row.id);
      return { jobId: row.id };
    },

    runBulk,

    async job(id: string): Promise<SearchJob> {
      const row = await record(id);
      return { ...toRecord(row), ...(row.status === 'done' ? { result: await leadsOf(row) } : {}) };
    },

    async cancel(id: string): Promise<SearchRecord> {
      const row = await repository.cancel(id, now());
      if (!row) {
        const current = await record(id);
        throw new AppError(409, `The search is already ${current.status}`);
      }
      running.get(id)?.abort(new Interrupted('cancelled'));
      return toRecord(row);
    },

    async list(limit = 50): Promise<SearchRecord[]> {
      return (await repository.listSearches(limit)).map(toRecord);
    },

    async leads(id: string): Promise<SearchLeads> {
      const row = await record(id);
      if (row.status !== 'done')
        throw new AppError(409, `The search is ${row.status}: no results yet`);
      return leadsOf(row);
    },

    async lead(id: string, leadId: string): Promise<Lead> {
      const lead = await repository.lead(id, leadId);
      if (!lead) throw new AppError(404, 'Lead not found');
      return lead;
    },

    /**
     * Puts bulk searches a stopped server left unfinished back on the queue. `soleProcess`:
     * no other process can be working on them (the embedded database belongs to this one), so
     * leases left by a crashed process are void now rather than when they run out.
     */
    async resumeUnfinished({ soleProcess = false }: { soleProcess?: boolean } = {}) {
      if (soleProcess) await repository.releaseAllLeases();
      await repository.failAbandonedSearches(
        new Date(now().getTime() - ABANDONED_AFTER_MS),
        'The server stopped during this search. Please search again.',
        now(),
      );
      const ids = await repository.unfinishedBulkSearchIds();
      for (const id of ids) await enqueue(id);
      return ids.length;
    },

    /** Stops the bulk searches of this process (shutdown); another start resumes them. */
    interruptAll() {
      for (const controller of running.values())
        controller.abort(new Interrupted('server stopping'));
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
