import { loadConfig, loadEnvFile } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** Opens (and migrates) the configured database for a one-off command. */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  return database;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
