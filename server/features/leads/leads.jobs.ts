import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { LeadFacts } from '@shared/lead-facts';
import { BUSINESS_TYPES, GRID_SIZE } from '@shared/schemas/leads';
import type { LeadRepository } from './leads.repository';
import { cityOf, dedupeKeys, radiusOf, type SearchSteps } from './search-steps';
import { boxAround, gridCells, SourceError, type LeadSourceAdapter } from './sources/types';

/** A plain search still 'running' after this was left by a process that stopped. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

export interface BulkSearchRunnerDeps {
  repository: LeadRepository;
  source: LeadSourceAdapter;
  steps: SearchSteps;
  /** Puts a bulk search on the job queue (pg-boss). */
  enqueue: (searchId: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
  analysisConcurrency?: number;
  /** This process's name on a search's lease. */
  workerId: string;
  leaseMs?: number;
}

class Interrupted extends Error {}

/**
 * The bulk searches the job runner works on (server/jobs.ts): a lease so one process at a
 * time runs a search, the 9x9 grid's cells saved as they are queried, websites analysed as
 * leads arrive, and a restart that carries on from the saved cells.
 */
export function createBulkSearchRunner({
  repository,
  source,
  steps,
  enqueue,
  logger,
  now = () => new Date(),
  analysisConcurrency = 16,
  workerId,
  leaseMs = 60_000,
}: BulkSearchRunnerDeps) {
  const running = new Map<string, AbortController>();

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
          const enriched = await steps.enrich(facts, criteria);
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
                for (const facts of steps.newNearby(
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
                    enriched: !steps.needsEnrichment(facts.place, criteria),
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
      await steps.complete(lease, cellsDone);
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

  return {
    runBulk,

    /** Stops the search at once if this process runs it (it was cancelled). */
    interrupt(searchId: string) {
      running.get(searchId)?.abort(new Interrupted('cancelled'));
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
export type BulkSearchRunner = ReturnType<typeof createBulkSearchRunner>;
