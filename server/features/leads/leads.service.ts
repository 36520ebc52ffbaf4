import pLimit from 'p-limit';
import type { Place } from '@shared/lead-facts';
import { stateOfCode } from '@shared/places';
import { pageOffset } from '@shared/schemas/common';
import {
  type CitySuggestions,
  type CitySuggestionsQuery,
  GRID_SIZE,
  type Lead,
  type MarketingSearch,
  type SearchJob,
  type SearchLeads,
  type SearchListQuery,
  type SearchRecord,
  type SearchRecordPage,
  type SearchResponse,
} from '@shared/schemas/leads';
import type { LeadSearchRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { suggestCities } from './gazetteer';
import type { BulkSearchRunner } from './leads.jobs';
import type { LeadRepository } from './leads.repository';
import { cityOf, radiusOf, type SearchSteps } from './search-steps';
import { boxAround, SourceError, type LeadSourceAdapter } from './sources/types';

export interface LeadServiceDeps {
  repository: LeadRepository;
  source: LeadSourceAdapter;
  steps: SearchSteps;
  /** Puts a bulk search on the job queue (pg-boss). */
  enqueue: (searchId: string) => Promise<void>;
  /** The bulk searches this process runs, stopped at once when cancelled. */
  bulk: Pick<BulkSearchRunner, 'interrupt'>;
  /** The agency's own state (the business details' two-letter code), the form's default. */
  homeState?: () => Promise<string>;
  now?: () => Date;
  analysisConcurrency?: number;
}

/** Where an agency whose business details name no known state is taken to be (the spec's). */
const FALLBACK_STATE = 'Louisiana';

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

/**
 * The marketing tool's use cases: a plain search answered at once, a bulk search queued for
 * the job runner (leads.jobs.ts), and the searches and leads kept.
 */
export function createLeadService({
  repository,
  source,
  steps,
  enqueue,
  bulk,
  homeState = async () => 'LA',
  now = () => new Date(),
  analysisConcurrency = 16,
}: LeadServiceDeps) {
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
    const chosen = steps.newNearby(places, city, criteria, new Set(), criteria.maxResults);
    try {
      const limit = pLimit(analysisConcurrency);
      const enriched = await Promise.all(
        chosen.map((facts) =>
          steps.needsEnrichment(facts.place, criteria)
            ? limit(() => steps.enrich(facts, criteria))
            : facts,
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
      const { kept, totalUnfiltered } = await steps.complete(row, 1, enriched);
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
    /** The form's city suggestions; without a state, the agency's own state and its cities. */
    async cities({ state, q }: CitySuggestionsQuery): Promise<CitySuggestions> {
      const chosen = state ?? stateOfCode(await homeState()) ?? FALLBACK_STATE;
      return { state: chosen, cities: suggestCities(chosen, q).map((name) => ({ name })) };
    },

    async search(criteria: MarketingSearch): Promise<SearchResponse | { jobId: string }> {
      if (!criteria.bulkMode) return instantSearch(criteria);
      cityOf(criteria);
      // One bulk search at a time: each takes minutes of the lead source's and the websites'
      // time, and a second click must not start a second one.
      const started = await repository.createBulkSearchUnlessBusy({
        criteria,
        source: source.name,
        cellsTotal: GRID_SIZE * GRID_SIZE,
      });
      if ('busy' in started) {
        const { businessType, city } = started.busy.criteria;
        throw new AppError(
          409,
          `A bulk search is already running (${businessType} in ${city}). Wait for it to finish or cancel it.`,
        );
      }
      const row = started.created;
      try {
        await enqueue(row.id);
      } catch (error) {
        // Left queued, it would block every later bulk search until a restart.
        await repository
          .fail(row.id, 'The search could not be queued. Please try again.', now())
          .catch(() => undefined);
        throw error;
      }
      return { jobId: row.id };
    },

    async job(id: string): Promise<SearchJob> {
      const row = await record(id);
      return { ...toRecord(row), ...(row.status === 'done' ? { result: await leadsOf(row) } : {}) };
    },

    async cancel(id: string): Promise<SearchRecord> {
      const row = await repository.cancel(id, now());
      if (!row) {
        const current = await record(id);
        // The status in words, spelled as the screens spell it ('canceled').
        const status = current.status === 'cancelled' ? 'canceled' : current.status;
        throw new AppError(409, `The search is already ${status}`);
      }
      bulk.interrupt(id);
      return toRecord(row);
    },

    /** One page of the kept searches, newest first. */
    async list({ q, page, pageSize }: SearchListQuery): Promise<SearchRecordPage> {
      const { rows, total } = await repository.listSearches({
        q,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toRecord), total, page, pageSize };
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
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
