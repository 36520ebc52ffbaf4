import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../../server/config';
import { PGLITE_EXTENSIONS } from '../../server/db/client';
import { migrationsDir } from '../../server/lib/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir's tarball) each test file starts from. */
    databaseTemplate: string | null;
  }
}

/**
 * Vitest global setup of the server tests: starting PGlite empty runs initdb, which with the
 * migrations took several seconds in every test file. They are done once here, and
 * `openTestDatabase` loads the result. Made afresh on every run, from the migrations as they
 * are. Against a PostgreSQL server (TEST_DATABASE_URL) each file migrates its own database.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseUrl()) {
    project.provide('databaseTemplate', null);
    return;
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client) as never, { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
