import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { startJobs } from '../../server/jobs';
import { createLogger } from '../../server/lib/logger';
import { createServices, type ServiceDeps, type Services } from '../../server/services';
import { createWebServices } from '../../server/web-services';
import { desc } from 'drizzle-orm';
import { outboxMessages } from '../../server/db/schema';
import { readOutboxOf } from './browser-session';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';
import { openTestDatabase } from './test-database';

/** A clock a test sets and moves; the app reads it wherever it needs "now". */
export interface TestClock {
  now(): Date;
  set(to: Date | string): void;
  /** Moves the clock forward by days (fractions allowed). */
  advanceDays(days: number): void;
}

export function createTestClock(start: Date | string = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to) {
      current = new Date(to);
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 24 * 60 * 60 * 1000);
    },
  };
}

/** One server process's app: its services and the Express app on them, as server/index.ts builds them. */
export interface AppInstance {
  app: Express;
  services: Services;
  /** The daily subscription lifecycle run. */
  billing: Services['billing'];
  /** The bulk lead searches the job runner works on. */
  leads: Services['leadSearches'];
  /** Releases what the instance holds besides the database. */
  close(): Promise<void>;
}

/** The app of another server process on the same database (its own services, sessions, queue). */
export async function createAppInstance({
  config,
  database,
  logger,
  clock,
  site,
}: ServiceDeps & Pick<AppDeps, 'site'>): Promise<AppInstance> {
  const services = createServices({ config, database, logger, clock });
  const web = await createWebServices({ config, database }, services);
  return {
    app: createApp({ config, logger, services, web, site }),
    services,
    billing: services.billing,
    leads: services.leadSearches,
    async close() {
      await web.close();
      await services.close();
    },
  };
}

export interface TestApp extends AppInstance {
  config: Config;
  database: DatabaseHandle;
  /** http://127.0.0.1:PORT: the app really listens, so OpenID Connect works end to end. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, listening on a free loopback port (the built-in
 * provider is reached over HTTP, so the app must listen for sign-in to work).
 */
/** A resolver address where nothing answers (port 9, discard): DNS look-ups fail at once. */
export const NO_DNS = '127.0.0.1:9';
/** An RDAP server where nothing listens: the site checks' domain look-ups fail at once. */
export const NO_RDAP = 'http://127.0.0.1:9';

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: TestClock;
    /** An open database to use (and leave open on close): e.g. a server restarted on it. */
    database?: DatabaseHandle;
    /** Listen on this port (a restart on another port, or the same one). */
    port?: number;
    /** The built client to serve instead of dist/'s. */
    site?: AppDeps['site'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Files (ticket attachments) go to a folder of this app's own, never the project's data/.
  const dataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'test-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    APP_URL: baseUrl,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    // No resolver listens there: the sender checks of inbound mail end at once (temperror)
    // instead of asking the outside world; a test that checks senders starts its own DNS.
    DNS_SERVERS: NO_DNS,
    // Nor do the domain look-ups of the site checks: a test that wants RDAP starts its own.
    RDAP_URL: NO_RDAP,
    RDAP_BOOTSTRAP_URL: `${NO_RDAP}/dns.json`,
    ...env,
  });
  const instance = await createAppInstance({
    config,
    database,
    logger: createLogger(config.logLevel),
    clock: options.clock ? () => options.clock!.now() : undefined,
    site: options.site,
  });
  server.on('request', instance.app);
  const stopReadingOutbox = readOutboxOf(baseUrl, () =>
    database.db
      .select({
        id: outboxMessages.id,
        toAddress: outboxMessages.toAddress,
        subject: outboxMessages.subject,
        text: outboxMessages.text,
      })
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.createdAt)),
  );
  return {
    ...instance,
    config,
    database,
    baseUrl,
    async close() {
      stopReadingOutbox();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await instance.close();
      if (!options.database) await database.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The job runner on a test app's database, working on bulk lead searches with `leads` (the
 * app's own, or another instance's); the daily billing run it also schedules does nothing.
 */
export function startLeadJobs(t: TestApp, leads: AppInstance['leads'] = t.leads) {
  return startJobs({
    database: t.database,
    config: t.config,
    logger: createLogger('silent'),
    services: { billing: { runDaily: async () => ({}) as never }, leadSearches: leads },
  });
}

/**
 * A test app with card payment on, beside a Stripe stand-in whose webhooks reach the app,
 * both signed with `webhookSecret`.
 */
export async function startTestAppWithStripe(
  webhookSecret: string,
  env: Record<string, string> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<{ t: TestApp; stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn({ webhookSecret });
  const t = await startTestApp(
    {
      STRIPE_SECRET_KEY: `sk_test_${webhookSecret.replace(/^whsec_test_/, '')}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...env,
    },
    options,
  );
  stripe.setWebhookUrl(`${t.baseUrl}/api/webhooks/stripe`);
  return { t, stripe };
}
