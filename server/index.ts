import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { ensureInitialAdmin } from './features/admin-auth/admin-bootstrap';
import { createSmtpListener, type SmtpListener } from './features/inbound/smtp-listener';
import { startJobs } from './jobs';
import { createLogger } from './lib/logger';
import { logUnhandledRejections } from './lib/unhandled-rejections';
import { createServices } from './services';
import { createWebServices } from './web-services';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  logUnhandledRejections(process, logger);
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config.workers, logger);
    return;
  }
  const database = await openDatabase(config.database);
  await database.migrate();
  const services = createServices({ config, database, logger });
  await ensureInitialAdmin(services.adminAuth, config.initialAdmin, logger);
  // Tickets from before response clocks get their due times once, in the settings' hours.
  const started = await services.tickets.startEarlierClocks();
  if (started > 0) logger.info({ tickets: started }, 'response clocks started for earlier tickets');
  // Support e-mails kept in the database before the file store move there before anything
  // reads them (idempotent; several processes may run it at once).
  const moved = await services.inboundRawUpkeep.moveIntoStore();
  if (moved > 0) logger.info({ messages: moved }, 'raw support e-mails moved to the file store');

  const web = await createWebServices({ config, database }, services);
  const app = createApp({ config, logger, services, web });
  const jobs = await startJobs({ database, config, logger, services });
  const server: Server = app.listen(config.port, config.host, () => {
    logger.info(
      {
        url: config.appUrl,
        ...(cluster.isWorker && { worker: cluster.worker!.id }),
        database: database.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL',
      },
      `listening on ${config.appUrl}`,
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed');
    void database.close().finally(() => process.exit(1));
  });

  // Support mail over SMTP (INBOUND_SMTP_PORT), beside the web server.
  let smtp: SmtpListener | undefined;
  if (config.inbound.smtp) {
    smtp = createSmtpListener({
      ...config.inbound.smtp,
      maxBytes: config.inbound.maxBytes,
      acceptsRecipient: (address) => services.inbound.acceptsRecipient(address),
      ingest: services.inbound.ingest,
      logger,
    });
    const smtpPort = await smtp.listen().catch((error: unknown) => {
      logger.fatal({ err: error }, 'inbound SMTP listener failed to start');
      return database.close().finally(() => process.exit(1));
    });
    logger.info({ port: smtpPort, host: config.inbound.smtp.host }, 'receiving support mail');
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Messages under way over SMTP finish (and are stored) before the database closes.
    const smtpClosed = smtp ? smtp.close() : Promise.resolve();
    server.close(() => {
      clearTimeout(force);
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
        );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
