import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { createLogger } from '../../server/lib/logger';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: Express;
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
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    APP_URL: baseUrl,
    ...env,
  });
  const app = await createApp({ config, database, logger: createLogger(config.logLevel) });
  server.on('request', app);
  return {
    app,
    config,
    database,
    baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
