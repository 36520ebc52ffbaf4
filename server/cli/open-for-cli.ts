import { loadConfig, loadEnvFile, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createLogger } from '../lib/logger';
import { createServices, type Services } from '../services';

export interface CliContext {
  config: Config;
  database: DatabaseHandle;
  /** The product's services on that database, from the composition root. */
  services: Services;
  /** Releases the services and closes the database. */
  close(): Promise<void>;
}

/** Opens (and migrates) the configured database for a one-off command, with the services on it. */
export async function openForCli(): Promise<CliContext> {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  const services = createServices({ config, database, logger: createLogger(config.logLevel) });
  return {
    config,
    database,
    services,
    async close() {
      await services.close();
      await database.close();
    },
  };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
