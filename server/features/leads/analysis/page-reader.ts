import { WorkerTaskError, createWorkerPool } from '../../../lib/worker-pool';
import type { PageReading, PageToRead } from './page-reading';

/** Why a fetched page has no reading, in words the lead's analysis shows. */
export class PageReadError extends Error {}

const MESSAGES: Record<WorkerTaskError['failure'], string> = {
  deadline: 'The page took too long to read',
  memory: 'The page took too much memory to read',
  crashed: 'The page could not be read',
  closed: 'The page could not be read: the server is stopping',
};

/**
 * The worker's file: beside this one in source (.ts); beside the bundled index.js once built
 * (scripts/build-server.mjs makes it an entry point of its own).
 */
function workerUrl(): URL {
  const source = import.meta.url.endsWith('.ts');
  return new URL(source ? './page-reader.worker.ts' : './page-reader.worker.js', import.meta.url);
}

/**
 * Reads fetched pages (page-reading.ts) in worker threads, so that no page, however hostile,
 * holds the event loop: a page not read within `deadlineMs`, or that needs more than the
 * worker's heap, gets a PageReadError, and its worker is replaced by a fresh one.
 */
export function createPageReader({
  deadlineMs = 2000,
  workers = 2,
  heapMb = 64,
}: { deadlineMs?: number; workers?: number; heapMb?: number } = {}) {
  const pool = createWorkerPool<PageToRead, PageReading>({
    url: workerUrl(),
    size: workers,
    deadlineMs,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  });
  return {
    async read(page: PageToRead): Promise<PageReading> {
      try {
        return await pool.run(page);
      } catch (error) {
        throw new PageReadError(
          error instanceof WorkerTaskError ? MESSAGES[error.failure] : MESSAGES.crashed,
          { cause: error },
        );
      }
    },
    close: () => pool.close(),
  };
}
export type PageReader = ReturnType<typeof createPageReader>;
