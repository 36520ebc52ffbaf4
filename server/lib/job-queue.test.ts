import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from '@tests/support/test-database';
import { LEAD_SEARCH_QUEUE_OPTIONS, pgBossFor, startQueues } from './job-queue';

/**
 * Two instances starting together on one empty PostgreSQL both set up pg-boss and its queues;
 * without taking turns one fails on pg-boss's schema being created twice, or pg-boss's
 * create_queue deadlocks.
 */
describe.skipIf(!testDatabaseUrl())('startQueues', () => {
  it('lets two instances start pg-boss and create the same queues at once, five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const scratch = await createScratchDatabase(testDatabaseUrl()!, 'queues');
      const databases = await Promise.all([
        openDatabase({ url: scratch.url }),
        openDatabase({ url: scratch.url }),
      ]);
      const bosses = databases.map((database) =>
        pgBossFor(database, { supervise: false, schedule: false }),
      );
      try {
        await Promise.all(databases.map((database) => database.migrate()));
        await Promise.all(
          bosses.map((boss, i) =>
            startQueues(boss, databases[i]!, [
              { name: 'billing-daily', policy: 'singleton' },
              LEAD_SEARCH_QUEUE_OPTIONS,
            ]),
          ),
        );
        expect((await bosses[0]!.getQueues()).map((queue) => queue.name).sort()).toEqual([
          'billing-daily',
          'lead-search',
        ]);
      } finally {
        await Promise.all(
          bosses.map((boss) => boss.stop({ graceful: false, close: false, wait: true })),
        );
        await Promise.all(databases.map((database) => database.close()));
        await scratch.drop();
      }
    }
  }, 60_000);
});
