import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import {
  ATTACHMENTS_QUEUE,
  BILLING_QUEUE,
  INBOUND_DIGEST_QUEUE,
  INBOUND_SWEEP_QUEUE,
  OUTBOX_SECRETS_QUEUE,
  REPORTS_QUEUE,
  startJobs,
} from './jobs';
import { createLogger } from './lib/logger';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('runs the billing job at start and keeps it on the daily schedule', async () => {
  const config = loadConfig({ NODE_ENV: 'test', BILLING_RUN_CRON: '15 5 * * *' });
  let runs = 0;
  let markRan = () => {};
  const ran = new Promise<void>((resolve) => {
    markRan = resolve;
  });
  const jobs = await startJobs({
    database,
    config,
    logger: createLogger('silent'),
    services: {
      billing: {
        runDaily: async () => {
          runs += 1;
          markRan();
          return {
            invoicesOverdue: 0,
            periodsStarted: 0,
            subscriptionsEnded: 0,
            subscriptionsPastDue: 0,
            renewalsCreated: 0,
            renewalsSent: 0,
            renewalsNotSent: 0,
            renewalsCharged: 0,
            renewalsDeclined: 0,
            renewalsChargeFailed: 0,
            remindersSent: 0,
            freeRenewalsSettled: 0,
            lateFeesApplied: 0,
            lateFeesNotSent: 0,
          };
        },
      },
    },
  });
  try {
    await ran;
    expect(runs).toBe(1);
    const { rows } = await database.executeSql(
      'select cron, options from pgboss.schedule where name = $1',
      [BILLING_QUEUE],
    );
    expect(rows).toEqual([{ cron: '15 5 * * *', options: { tz: 'America/Chicago' } }]);
  } finally {
    await jobs.stop();
  }
}, 30_000);

type JobServices = Parameters<typeof startJobs>[0]['services'];

/**
 * Starts the job runner with `services` (billing idle), waits until the upkeep under test
 * has run once (at start), and answers its queue's schedule and policy.
 */
async function scheduleOnceRan(
  services: (ran: () => void) => Omit<JobServices, 'billing'>,
  queue: string,
) {
  let markRan = () => {};
  const ran = new Promise<void>((resolve) => {
    markRan = resolve;
  });
  const jobs = await startJobs({
    database,
    config: loadConfig({ NODE_ENV: 'test' }),
    logger: createLogger('silent'),
    services: { billing: { runDaily: async () => ({}) as never }, ...services(markRan) },
  });
  try {
    await ran;
    const { rows } = await database.executeSql(
      'select s.cron, q.policy from pgboss.schedule s join pgboss.queue q on q.name = s.name where s.name = $1',
      [queue],
    );
    return rows[0];
  } finally {
    await jobs.stop();
  }
}

it('sweeps expired secrets out of the outbox at start and every 5 minutes', async () => {
  const schedule = await scheduleOnceRan(
    (ran) => ({
      mail: {
        retryFailed: async () => {},
        forgetExpiredSecrets: async () => {
          ran();
          return 0;
        },
      },
    }),
    OUTBOX_SECRETS_QUEUE,
  );
  expect(schedule).toEqual({ cron: '*/5 * * * *', policy: 'singleton' });
}, 30_000);

it('looks after the attachments (held scans, orphan files) at start and every 10 minutes', async () => {
  const calls: string[] = [];
  const schedule = await scheduleOnceRan(
    (ran) => ({
      attachments: {
        retryPendingScans: async () => {
          calls.push('scans');
          return { scanned: 0, infected: 0, failed: 0, gaveUp: 0, pending: 0 };
        },
        removeOrphans: async () => {
          calls.push('orphans');
          ran();
          return 0;
        },
      },
    }),
    ATTACHMENTS_QUEUE,
  );
  expect(calls).toEqual(['scans', 'orphans']);
  expect(schedule).toEqual({ cron: '*/10 * * * *', policy: 'singleton' });
}, 30_000);

it('sweeps unprocessed inbound e-mail at start and every minute, one run at a time', async () => {
  const schedule = await scheduleOnceRan(
    (ran) => ({
      inboundProcessor: {
        sweep: async () => {
          ran();
          return 0;
        },
      },
    }),
    INBOUND_SWEEP_QUEUE,
  );
  expect(schedule).toEqual({ cron: '* * * * *', policy: 'singleton' });
}, 30_000);

it('sends the digest of held inbound mail at start and daily at 8:00, one run at a time', async () => {
  const schedule = await scheduleOnceRan(
    (ran) => ({
      inboundHeldDigest: {
        run: async () => {
          ran();
          return { sent: false, day: '2026-11-29', why: 'nothing held' };
        },
      },
    }),
    INBOUND_DIGEST_QUEUE,
  );
  expect(schedule).toEqual({ cron: '0 8 * * *', policy: 'singleton' });
}, 30_000);

it('makes the monthly reports at start and on REPORT_RUN_CRON in the business time zone', async () => {
  let markRan = () => {};
  const ran = new Promise<void>((resolve) => {
    markRan = resolve;
  });
  const jobs = await startJobs({
    database,
    config: loadConfig({
      NODE_ENV: 'test',
      REPORT_RUN_CRON: '30 6 1 * *',
      BILLING_TIMEZONE: 'America/New_York',
    }),
    logger: createLogger('silent'),
    services: {
      billing: { runDaily: async () => ({}) as never },
      reports: {
        runMonthly: async () => {
          markRan();
          return { month: '2026-11', made: 0, completed: 0, sent: 0, failed: 0 };
        },
      },
    },
  });
  try {
    await ran;
    const { rows } = await database.executeSql(
      'select s.cron, s.options, q.policy, q.expire_seconds from pgboss.schedule s join pgboss.queue q on q.name = s.name where s.name = $1',
      [REPORTS_QUEUE],
    );
    expect(rows).toEqual([
      {
        cron: '30 6 1 * *',
        options: { tz: 'America/New_York' },
        policy: 'singleton',
        // A long run is not taken for lost after pg-boss's default 15 minutes.
        expire_seconds: 3 * 60 * 60,
      },
    ]);
  } finally {
    await jobs.stop();
  }
}, 30_000);
