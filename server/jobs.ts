import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppInstance } from './app';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';

export const BILLING_QUEUE = 'billing-daily';

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Background work on pg-boss, in the product's own database (PGlite or PostgreSQL): the
 * daily billing run on a cron schedule, and once at start so a day the server was down is
 * not skipped (the run is idempotent). pg-boss hands each job to one worker, so several app
 * instances on one database run it once.
 */
export async function startJobs({
  database,
  config,
  logger,
  billing,
}: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  billing: AppInstance['billing'];
}): Promise<JobRunner> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));
  await boss.start();
  await boss.createQueue(BILLING_QUEUE, { name: BILLING_QUEUE, policy: 'singleton' });
  // Queued before the worker starts, so its first poll takes it.
  await boss.send(BILLING_QUEUE, {});
  await boss.schedule(BILLING_QUEUE, config.billing.runCron, undefined, {
    tz: config.billing.timezone,
  });
  await boss.work(BILLING_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const run = await billing.runDaily();
    logger.info({ run }, 'billing run done');
  });
  return {
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
