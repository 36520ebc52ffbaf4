import type { Logger } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { HELD_DIGEST_HOUR } from './features/inbound/held-digest';
import {
  LEAD_SEARCH_QUEUE,
  LEAD_SEARCH_QUEUE_OPTIONS,
  MAIL_RETRY_QUEUE,
  pgBossFor,
  startQueues,
} from './lib/job-queue';
import type { Services } from './services';

export const BILLING_QUEUE = 'billing-daily';
/** Blanks the codes and links that stopped working out of the outbox, every 5 minutes. */
export const OUTBOX_SECRETS_QUEUE = 'outbox-secrets';
const OUTBOX_SECRETS_CRON = '*/5 * * * *';
/**
 * Attachments' upkeep, every 10 minutes: scans again the files held while the virus scanner
 * was down, and removes stored files no row names (an upload cut off between the two).
 */
export const ATTACHMENTS_QUEUE = 'attachments-upkeep';
const ATTACHMENTS_CRON = '*/10 * * * *';
/** Processes inbound e-mail a crash left unprocessed, every minute. */
export const INBOUND_SWEEP_QUEUE = 'inbound-sweep';
const INBOUND_SWEEP_CRON = '* * * * *';
/**
 * The raw support e-mails' upkeep, at start and daily: the copies past the days Settings keeps
 * them, and the copies no row names.
 */
export const INBOUND_UPKEEP_QUEUE = 'inbound-upkeep';
const INBOUND_UPKEEP_CRON = '41 3 * * *';
/**
 * The day's digest of held inbound mail to the agency, at HELD_DIGEST_HOUR (8:00) in
 * BILLING_TIMEZONE, and at start (a day the server was down at 8 is caught up). Each day is
 * claimed in the database (held-digest.ts), so however many instances run it, it goes once.
 */
export const INBOUND_DIGEST_QUEUE = 'inbound-held-digest';
const INBOUND_DIGEST_CRON = `0 ${HELD_DIGEST_HOUR} * * *`;

/**
 * The monthly reports (REPORT_RUN_CRON, in BILLING_TIMEZONE; the 1st at 7:00): last month's
 * report of every client whose plan was served in it, made once and sent once. Queued at start
 * too, so a 1st the server was down is caught up: the run makes only what is missing and sends
 * only what is unsent, and who is reported is judged by the month, not by the day it runs.
 */
export const REPORTS_QUEUE = 'reports-monthly';

/**
 * Last month's statements to the clients with an open balance (issue 39), when Settings has
 * them on: daily at 7:30 in BILLING_TIMEZONE and at start. Each client's month is claimed in
 * statement_deliveries, so it goes once however often and wherever the job runs.
 */
export const STATEMENTS_QUEUE = 'statements-monthly';
const STATEMENTS_CRON = '30 7 * * *';

/** Polls IMAP_URL for support mail: one poll at a time across every instance. */
export const INBOUND_IMAP_QUEUE = 'inbound-imap';
/** The schedule that keeps the polls going should a chain of follow-ups break (a crash). */
const INBOUND_IMAP_CRON = '* * * * *';

/**
 * Site care: the domains RDAP has not been asked about for a day, looked up every hour (so a
 * new site's date comes within the hour, and each site's once a day), then their warnings.
 */
export const SITE_DOMAINS_QUEUE = 'site-domains';
const SITE_DOMAINS_CRON = '7 * * * *';
/** Raw site checks past 30 days rolled up into hours, every hour. */
export const SITE_RETENTION_QUEUE = 'site-check-retention';
const SITE_RETENTION_CRON = '23 * * * *';
/**
 * How often each job runner claims the site checks that are due (docs/decisions/032): a
 * claim is one indexed UPDATE, and a check starts at most this late.
 */
const SITE_CHECK_TICK_MS = 1000;

/**
 * The proposals' upkeep, daily at 6:00 in BILLING_TIMEZONE and at start: unsigned ones past
 * their date expire, those due are reminded, unfinished after-signing steps run again.
 */
export const PROPOSALS_QUEUE = 'proposals-daily';
const PROPOSALS_CRON = '0 6 * * *';

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Background work on pg-boss, in the product's own database (PGlite or PostgreSQL): the
 * daily billing run on a cron schedule, and once at start so a day the server was down is
 * not skipped (the run is idempotent); the bulk lead searches; the retries of messages the
 * mail server refused, and the sweep of expired secrets out of the outbox. pg-boss hands
 * each job to one worker, so several app instances on one database run it once.
 */
export async function startJobs({
  database,
  config,
  logger,
  services,
}: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** From the composition root (services.ts): the daily billing run and the bulk lead searches. */
  services: {
    billing: Pick<Services['billing'], 'runDaily'>;
    /** Absent where a process runs billing only. */
    leadSearches?: Pick<Services['leadSearches'], 'runBulk' | 'resumeUnfinished' | 'interruptAll'>;
    /** Absent where a process does not look after the outbox (retries, expired secrets). */
    mail?: Pick<Services['mail'], 'retryFailed' | 'forgetExpiredSecrets'>;
    /** Absent where a process does not look after the attachments' scans and storage. */
    attachments?: Pick<Services['attachments'], 'retryPendingScans' | 'removeOrphans'>;
    /** Absent where a process does not look after inbound e-mail. */
    inboundProcessor?: Pick<Services['inboundProcessor'], 'sweep'>;
    /** Absent where a process does not look after the raw support e-mails in the store. */
    inboundRawUpkeep?: Pick<Services['inboundRawUpkeep'], 'removeExpired' | 'removeOrphans'>;
    /** Absent where a process does not send the daily digest of held inbound mail. */
    inboundHeldDigest?: Pick<Services['inboundHeldDigest'], 'run'>;
    /** Absent where a process does not make the monthly reports. */
    reports?: Pick<Services['reports'], 'runMonthly'>;
    /** Absent or null where no mailbox is polled (IMAP_URL unset). */
    pollInboundMailbox?: Services['pollInboundMailbox'];
    /** Absent where a process does not check the clients' websites. */
    sites?: Pick<Services['sites'], 'scheduler' | 'checkDomains' | 'rollUpOldChecks'>;
    /** Absent where a process does not look after the proposals. */
    proposals?: Pick<Services['proposals'], 'runUpkeep'>;
    /** Absent where a process does not e-mail the monthly statements. */
    statements?: Pick<Services['statements'], 'runMonthly'>;
  };
}): Promise<JobRunner> {
  const { billing, leadSearches, mail, attachments, inboundProcessor, reports, sites } = services;
  const { inboundRawUpkeep, inboundHeldDigest, proposals, statements } = services;
  const pollMailbox = config.inbound.imap ? services.pollInboundMailbox : null;
  const boss = pgBossFor(database);
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));
  await startQueues(boss, database, [
    { name: BILLING_QUEUE, policy: 'singleton' },
    ...(leadSearches ? [LEAD_SEARCH_QUEUE_OPTIONS] : []),
    ...(mail
      ? [{ name: MAIL_RETRY_QUEUE }, { name: OUTBOX_SECRETS_QUEUE, policy: 'singleton' as const }]
      : []),
    ...(attachments ? [{ name: ATTACHMENTS_QUEUE, policy: 'singleton' as const }] : []),
    ...(inboundProcessor ? [{ name: INBOUND_SWEEP_QUEUE, policy: 'singleton' as const }] : []),
    ...(inboundRawUpkeep ? [{ name: INBOUND_UPKEEP_QUEUE, policy: 'singleton' as const }] : []),
    ...(inboundHeldDigest ? [{ name: INBOUND_DIGEST_QUEUE, policy: 'singleton' as const }] : []),
    // A run over many clients fetches each site for its health score: hours, not pg-boss's
    // default 15 minutes, before it counts as lost (a rerun would send nothing twice anyway).
    ...(reports
      ? [{ name: REPORTS_QUEUE, policy: 'singleton' as const, expireInSeconds: 3 * 60 * 60 }]
      : []),
    // stately: at most one poll waiting and one running, however many instances send.
    ...(pollMailbox ? [{ name: INBOUND_IMAP_QUEUE, policy: 'stately' as const }] : []),
    ...(proposals ? [{ name: PROPOSALS_QUEUE, policy: 'singleton' as const }] : []),
    ...(statements ? [{ name: STATEMENTS_QUEUE, policy: 'singleton' as const }] : []),
    ...(sites
      ? [
          { name: SITE_DOMAINS_QUEUE, policy: 'singleton' as const },
          { name: SITE_RETENTION_QUEUE, policy: 'singleton' as const },
        ]
      : []),
  ]);
  // Queued before the worker starts, so its first poll takes it.
  await boss.send(BILLING_QUEUE, {});
  await boss.schedule(BILLING_QUEUE, config.billing.runCron, undefined, {
    tz: config.billing.timezone,
  });
  await boss.work(BILLING_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const run = await billing.runDaily();
    logger.info({ run }, 'billing run done');
  });
  if (leadSearches) {
    await boss.work<{ searchId: string }>(
      LEAD_SEARCH_QUEUE,
      { pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await leadSearches.runBulk(job.data.searchId);
      },
    );
    const resumed = await leadSearches.resumeUnfinished({
      soleProcess: database.kind === 'pglite',
    });
    if (resumed > 0) logger.info({ resumed }, 'unfinished bulk lead searches queued again');
  }
  if (mail) {
    // A failed try throws: pg-boss runs the job again after a longer wait (job-queue.ts).
    await boss.work<{ outboxId: string }>(
      MAIL_RETRY_QUEUE,
      { pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await mail.retryFailed(job.data.outboxId);
      },
    );
    await boss.send(OUTBOX_SECRETS_QUEUE, {});
    await boss.schedule(OUTBOX_SECRETS_QUEUE, OUTBOX_SECRETS_CRON);
    await boss.work(OUTBOX_SECRETS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const forgotten = await mail.forgetExpiredSecrets();
      if (forgotten > 0) logger.info({ forgotten }, 'expired secrets blanked out of the outbox');
    });
  }
  if (attachments) {
    await boss.send(ATTACHMENTS_QUEUE, {});
    await boss.schedule(ATTACHMENTS_QUEUE, ATTACHMENTS_CRON);
    await boss.work(ATTACHMENTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const scans = await attachments.retryPendingScans();
      const orphans = await attachments.removeOrphans();
      if (scans.scanned > 0 || scans.failed > 0 || scans.pending > 0 || orphans > 0) {
        logger.info({ scans, orphans }, 'attachments upkeep done');
      }
    });
  }
  if (inboundProcessor) {
    // At start too: what a stopped process left unprocessed is taken up at once.
    await boss.send(INBOUND_SWEEP_QUEUE, {});
    await boss.schedule(INBOUND_SWEEP_QUEUE, INBOUND_SWEEP_CRON);
    await boss.work(INBOUND_SWEEP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const taken = await inboundProcessor.sweep();
      if (taken > 0) logger.info({ taken }, 'unprocessed inbound e-mail taken up again');
    });
  }
  if (inboundRawUpkeep) {
    await boss.send(INBOUND_UPKEEP_QUEUE, {});
    await boss.schedule(INBOUND_UPKEEP_QUEUE, INBOUND_UPKEEP_CRON, undefined, {
      tz: config.billing.timezone,
    });
    await boss.work(INBOUND_UPKEEP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const expired = await inboundRawUpkeep.removeExpired();
      const orphans = await inboundRawUpkeep.removeOrphans();
      if (expired > 0 || orphans > 0) {
        logger.info({ expired, orphans }, 'raw support e-mails upkeep done');
      }
    });
  }
  if (inboundHeldDigest) {
    await boss.send(INBOUND_DIGEST_QUEUE, {});
    await boss.schedule(INBOUND_DIGEST_QUEUE, INBOUND_DIGEST_CRON, undefined, {
      tz: config.billing.timezone,
    });
    await boss.work(INBOUND_DIGEST_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const run = await inboundHeldDigest.run();
      if (run.sent) logger.info({ run }, 'held inbound mail digest sent');
    });
  }
  if (reports) {
    await boss.send(REPORTS_QUEUE, {});
    await boss.schedule(REPORTS_QUEUE, config.reports.runCron, undefined, {
      tz: config.billing.timezone,
    });
    await boss.work(REPORTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const run = await reports.runMonthly();
      if (run.made + run.completed + run.sent + run.failed > 0) {
        logger.info({ run }, 'monthly reports run done');
      }
    });
  }
  if (pollMailbox && config.inbound.imap) {
    const pollSeconds = config.inbound.imap.pollSeconds;
    await boss.work(INBOUND_IMAP_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      try {
        const polled = await pollMailbox();
        if (polled.stored + polled.duplicates > 0) logger.info({ polled }, 'IMAP mailbox polled');
      } catch (error) {
        // What was stored stays stored and flagged; the rest is unseen for the next poll.
        logger.warn({ err: error }, 'IMAP poll failed; trying again at the next one');
      } finally {
        await boss.send(INBOUND_IMAP_QUEUE, {}, { startAfter: pollSeconds });
      }
    });
    await boss.send(INBOUND_IMAP_QUEUE, {});
    await boss.schedule(INBOUND_IMAP_QUEUE, INBOUND_IMAP_CRON);
  }
  if (proposals) {
    await boss.send(PROPOSALS_QUEUE, {});
    await boss.schedule(PROPOSALS_QUEUE, PROPOSALS_CRON, undefined, {
      tz: config.billing.timezone,
    });
    await boss.work(PROPOSALS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const run = await proposals.runUpkeep();
      if (run.expired + run.reminded + run.finished > 0)
        logger.info({ run }, 'proposals upkeep done');
    });
  }
  if (statements) {
    await boss.send(STATEMENTS_QUEUE, {});
    await boss.schedule(STATEMENTS_QUEUE, STATEMENTS_CRON, undefined, {
      tz: config.billing.timezone,
    });
    await boss.work(STATEMENTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const run = await statements.runMonthly();
      if (run.sent + run.failed > 0) logger.info({ run }, 'monthly statements sent');
    });
  }
  // Every runner claims due site checks; the claim (moving the site's next check) keeps two
  // runners, or a restarted one, from checking a site twice for one slot.
  const siteScheduler = sites?.scheduler.start(SITE_CHECK_TICK_MS);
  if (sites) {
    await boss.send(SITE_DOMAINS_QUEUE, {});
    await boss.schedule(SITE_DOMAINS_QUEUE, SITE_DOMAINS_CRON);
    await boss.work(SITE_DOMAINS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const pass = await sites.checkDomains();
      if (pass.looked > 0 || pass.warned > 0) logger.info({ pass }, 'site domains looked up');
    });
    await boss.send(SITE_RETENTION_QUEUE, {});
    await boss.schedule(SITE_RETENTION_QUEUE, SITE_RETENTION_CRON);
    await boss.work(SITE_RETENTION_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const hours = await sites.rollUpOldChecks();
      if (hours > 0) logger.info({ hours }, 'old site checks rolled up');
    });
  }
  return {
    async stop() {
      // Checks under way are recorded (each ends within its deadline) before the queue stops.
      await siteScheduler?.stop();
      // Running searches stop at once and keep their saved cells; the next start resumes them.
      leadSearches?.interruptAll();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
