import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import v8 from 'node:v8';
import { createApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { ensureInitialAdmin } from './features/admin-auth/admin-bootstrap';
import { inboundMemoryProblem } from './features/inbound/memory-budget';
import {
  createSmtpListener,
  smtpListenFailure,
  type SmtpListener,
} from './features/inbound/smtp-listener';
import { startJobs } from './jobs';
import { createLogger } from './lib/logger';
import { logUnhandledRejections } from './lib/unhandled-rejections';
import { closeWebServer, createWebServer } from './lib/web-server';
import { createServices, type Services } from './services';
import { createWebServices } from './web-services';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  // Before anything starts: a heap too small for the largest e-mail would die on it later.
  const memory = inboundMemoryProblem({
    maxBytes: config.inbound.maxBytes,
    concurrency: config.inbound.processingConcurrency,
    heapLimitBytes: v8.getHeapStatistics().heap_size_limit,
  });
  if (memory) throw new ConfigError(memory);
  const logger = createLogger(config.logLevel);
  logUnhandledRejections(process, logger);
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config.workers, logger);
    return;
  }
  // Support mail over SMTP (INBOUND_SMTP_PORT), beside the web server. Bound first, before the
  // database opens: a port another instance holds stops this one at once, in one line saying
  // what to set. Until the services are up, a sender is told to try again later (451).
  const ready: { inbound?: Services['inbound'] } = {};
  const smtp = config.inbound.smtp
    ? await listenForMail(config.inbound.smtp, config.inbound.maxBytes, logger, () => ready.inbound)
    : undefined;
  const database = await openDatabase(config.database);
  await database.migrate();
  const services = createServices({ config, database, logger });
  const setupNotice = await ensureInitialAdmin(services.adminAuth, config.initialAdmin, logger);
  // Tickets from before response clocks get their due times once, in the settings' hours.
  const started = await services.tickets.startEarlierClocks();
  if (started > 0) logger.info({ tickets: started }, 'response clocks started for earlier tickets');
  // Payments received by hand before their day was kept in BILLING_TIMEZONE, once.
  const keptDays = await services.payments.keepHandRecordedDays();
  if (keptDays > 0) logger.info({ payments: keptDays }, 'days of payments received by hand kept');
  // Support e-mails kept in the database before the file store move there before anything
  // reads them (idempotent; several processes may run it at once).
  const moved = await services.inboundRawUpkeep.moveIntoStore();
  if (moved > 0) logger.info({ messages: moved }, 'raw support e-mails moved to the file store');
  ready.inbound = services.inbound;

  const web = await createWebServices({ config, database }, services);
  const app = createApp({ config, logger, services, web });
  const jobs = await startJobs({ database, config, logger, services });
  const server: Server = createWebServer(app, config.http);
  server.listen(config.port, config.host, () => {
    logger.info(
      {
        url: config.appUrl,
        ...(cluster.isWorker && { worker: cluster.worker!.id }),
        database: database.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL',
      },
      `listening on ${config.appUrl}`,
    );
    // Last and alone, for a terminal: the JSON log above holds the link too, for log readers.
    if (setupNotice) process.stdout.write(setupNotice);
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed');
    void database.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Messages under way over SMTP finish (and are stored) before the database closes.
    const smtpClosed = smtp ? smtp.close() : Promise.resolve();
    void closeWebServer(server, SHUTDOWN_GRACE_MS).then(() =>
      smtpClosed
        .then(() => jobs.stop())
        .catch((error: unknown) => logger.error({ err: error }, 'job runner stop failed'))
        .then(() => web.close())
        .then(() => services.close())
        .then(() => database.close())
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'database close failed');
            process.exit(1);
          },
        ),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** The built-in SMTP listener, listening; a port it cannot have is a ConfigError's one line. */
async function listenForMail(
  at: NonNullable<Config['inbound']['smtp']>,
  maxBytes: number,
  logger: Logger,
  inbound: () => Services['inbound'] | undefined,
): Promise<SmtpListener> {
  const starting = () => Promise.reject(new Error('the server is still starting'));
  const smtp = createSmtpListener({
    ...at,
    maxBytes,
    acceptsRecipient: (address) => inbound()?.acceptsRecipient(address) ?? starting(),
    ingest: (raw, envelope, options) => inbound()?.ingest(raw, envelope, options) ?? starting(),
    logger,
  });
  const port = await smtp.listen().catch((error: unknown) => {
    throw new ConfigError(smtpListenFailure(error, at));
  });
  logger.info({ port, host: at.host }, 'receiving support mail');
  return smtp;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
