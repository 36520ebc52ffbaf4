import PgBoss from 'pg-boss';
import { JOB_QUEUES_LOCK, type DatabaseHandle } from '../db/client';

export const LEAD_SEARCH_QUEUE = 'lead-search';

/** How pg-boss retries a bulk lead search that failed (e.g. a lease still held by a crashed process). */
export const LEAD_SEARCH_QUEUE_OPTIONS = {
  name: LEAD_SEARCH_QUEUE,
  retryLimit: 20,
  retryDelay: 10,
  expireInSeconds: 60 * 60,
} as const;

export const MAIL_RETRY_QUEUE = 'mail-retry';

/**
 * The retry job of a message the mail server refused, sent once per message: its first run
 * waits `delaySeconds`, and each failed run is run again by pg-boss after about twice the
 * wait before (exponential back-off, with jitter), until `attempts` hand-overs in all (the
 * first, made when the message was sent, included).
 */
export function mailRetryJobOptions({
  attempts,
  delaySeconds,
}: {
  attempts: number;
  delaySeconds: number;
}): PgBoss.SendOptions {
  return {
    startAfter: delaySeconds,
    retryLimit: Math.max(0, attempts - 2),
    retryDelay: delaySeconds,
    retryBackoff: true,
  };
}

/**
 * Starts pg-boss and creates its queues that may not exist yet, under a database lock.
 * Instances starting together on one empty database otherwise collide in pg-boss's own set-up:
 * both create its schema (one fails on the duplicate name), and both deadlock in create_queue
 * (each makes the queue's partition).
 */
export async function startQueues(
  boss: PgBoss,
  database: DatabaseHandle,
  queues: Array<{ name: string } & PgBoss.Queue>,
): Promise<void> {
  await database.withLock(JOB_QUEUES_LOCK, async () => {
    await boss.start();
    for (const queue of queues) await boss.createQueue(queue.name, queue);
  });
}

export function pgBossFor(
  database: DatabaseHandle,
  options: Partial<PgBoss.ConstructorOptions> = {},
) {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    ...options,
  });
}

/**
 * Puts jobs on pg-boss from the request path. Sending needs no worker, supervision or
 * schedule, so this instance runs none (the job runner in server/jobs.ts does the work).
 */
export function createJobQueue(database: DatabaseHandle) {
  const boss = pgBossFor(database, { supervise: false, schedule: false });
  let ready: Promise<void> | undefined;
  const start = () =>
    (ready ??= (async () => {
      await startQueues(boss, database, [LEAD_SEARCH_QUEUE_OPTIONS, { name: MAIL_RETRY_QUEUE }]);
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  return {
    async sendLeadSearch(searchId: string) {
      await start();
      await boss.send(LEAD_SEARCH_QUEUE, { searchId });
    },
    async sendMailRetry(outboxId: string, options: PgBoss.SendOptions) {
      await start();
      await boss.send(MAIL_RETRY_QUEUE, { outboxId }, options);
    },
    async stop() {
      if (ready) await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
