import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { testDatabaseUrl } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close), either started from
 * the run's migrated template (database-template.ts). A test of migrations names its own
 * folder and starts from an empty database.
 */
export async function openTestDatabase({
  migrationsFolder,
}: { migrationsFolder?: string } = {}): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const template = migrationsFolder ? null : inject('databaseTemplate');
    const database = await openDatabase({
      memory: true,
      loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    });
    // Nothing left to apply on the template; drizzle still checks its journal.
    await database.migrate(migrationsFolder);
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, 'test', {
    template: migrationsFolder ? undefined : (inject('postgresTemplate') ?? undefined),
  });
  const database = await openDatabase({ url: scratch.url });
  await database.migrate(migrationsFolder);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new database on a PostgreSQL server, empty or a copy of `template`: its URL, and `drop` to
 * remove it again.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}
