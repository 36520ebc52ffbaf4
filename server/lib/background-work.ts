import type { Logger } from 'pino';

/**
 * Work done after the request that caused it is answered (e-mails, "Forgot password?"): its
 * failure is logged, never the request's; a shutdown waits for what is under way (nothing
 * half-done is lost when the database closes), and so can a test.
 */
export function createBackgroundWork(logger: Logger) {
  const inFlight = new Set<Promise<unknown>>();

  function track(kind: string, work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => logger.error({ err: error, kind }, 'background work failed'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  return {
    /** Work already started (a promise), tracked from now on. */
    track,

    /**
     * Starts `work` only once the caller has run to its end (the handler that called this has
     * answered): nothing of it, not even its first query, is on the request's path.
     */
    run(kind: string, work: () => Promise<unknown>): void {
      track(kind, new Promise((resolve) => setImmediate(resolve)).then(work));
    },

    /** Resolves once all work so far, and any work it started meanwhile, has ended. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
