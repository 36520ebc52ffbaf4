import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../../server/config';
import { openDatabase, PGLITE_EXTENSIONS } from '../../server/db/client';
import { migrationsDir } from '../../server/lib/paths';
import { createScratchDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir's tarball) each test file starts from. */
    databaseTemplate: string | null;
    /** A migrated database on the PostgreSQL server that each test file's database copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest global setup of the server tests: migrating an empty database took seconds in every
 * test file. It is done once here, and `openTestDatabase` starts each file from the result:
 * on PGlite a data directory it loads, on a PostgreSQL server (TEST_DATABASE_URL) a template
 * database it copies with `CREATE DATABASE … TEMPLATE`. Made afresh on every run, from the
 * migrations as they are, and removed at the end.
 */
export async function setup(project: TestProject) {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    project.provide('databaseTemplate', null);
    // Several runs may share the server: each makes its own template.
    const template = await createScratchDatabase(
      serverUrl,
      `template_${crypto.randomBytes(4).toString('hex')}`,
    );
    const database = await openDatabase({ url: template.url });
    try {
      await database.migrate();
    } finally {
      // A database is copied only while nobody is connected to it.
      await database.close();
    }
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return template.drop;
  }
  project.provide('postgresTemplate', null);
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
