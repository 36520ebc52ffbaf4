import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pLimit from 'p-limit';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * What `db.transaction` hands its callback: the lifecycle transitions and the repositories'
 * steps take it, so their writes join the caller's transaction (ADR 006).
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SqlResult {
  rows: unknown[];
}

/**
 * One open database, whichever backend is behind it. Everything above this file sees only
 * `db` (drizzle) and `executeSql` (raw SQL for libraries such as pg-boss).
 */
export interface DatabaseHandle {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Database;
  /** Raw SQL: parameterised through the driver's query, parameterless (possibly several statements) as a script. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Applies the committed migrations in migrations/ (a test may name another folder). */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * Runs `work` while holding a database-wide lock named by `key`: within this process the
   * holders of one key take turns, and on PostgreSQL so do other instances (an advisory lock,
   * asked for by one waiter per process, so waiters never use up the pool).
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` over a connection of its own, reconnecting when it is lost.
   * `onListening(true)` once every notice from then on will arrive; `onListening(false)` when
   * the connection is lost and notices may be missed until the next `true`.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

export interface NoticeHandlers {
  onNotice(payload: string): void;
  onListening(listening: boolean): void;
}

/**
 * Where the data lives: a PostgreSQL server, a PGlite directory, or PGlite in memory, started
 * empty or from a data directory dumped earlier (`dumpDataDir`: the tests' migrated template).
 */
export type DatabaseTarget =
  { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** Advisory lock keys (PostgreSQL): one per kind of start-up work that must not run twice at once. */
export const MIGRATIONS_LOCK = 727274;
export const JOB_QUEUES_LOCK = 727275;
/** Sending a draft: its number and its e-mail (invoices.service issue). */
export const INVOICE_NUMBERS_LOCK = 727276;
/** Billing an extra website update: once per update, one new draft per client (updates feature). */
export const EXTRA_UPDATES_LOCK = 727334;

/** One queue per lock key in this process: a holder runs after the one before it settles. */
function inProcessLocks() {
  const queues = new Map<number, ReturnType<typeof pLimit>>();
  return <T>(key: number, work: () => Promise<T>): Promise<T> => {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = pLimit(1)));
    return queue(work);
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return 'url' in target ? openPostgres(target.url) : openPglite(target);
}

/** The extensions the migrations create (pg_trgm: the lists' search indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(
  target: { dataDir: string } | { memory: true; loadDataDir?: Blob },
): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let client: PGlite;
  if ('dataDir' in target) {
    fs.mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
    try {
      client = await PGlite.create(path.join(target.dataDir, 'pglite'), {
        extensions: PGLITE_EXTENSIONS,
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: target.loadDataDir,
    });
  }
  const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate(migrationsFolder = migrationsDir) {
      await migratePglite(db as never, { migrationsFolder });
    },
    withLock: inProcessLocks(),
    async listen(channel, { onNotice, onListening }) {
      // One process, one connection: nothing can be missed while it is open.
      const unlisten = await client.listen(channel, onNotice);
      onListening(true);
      return {
        async stop() {
          if (!closed) await unlisten();
        },
      };
    },
    async ping() {
      if (closed) throw new Error('Database is closed');
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast when the server is down, so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 2000,
  });
  // A connection lost (e.g. the database restarting) must not crash the process: idle clients
  // report to the pool, and a client checked out for a transaction reports to its own listener
  // (between two queries nobody else would hear it). The query that was running fails with
  // the error; the broken client is dropped when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
  const inProcess = inProcessLocks();
  const withLock = <T>(key: number, work: () => Promise<T>): Promise<T> =>
    inProcess(key, () => withAdvisoryLock(key, work));
  async function withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T> {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [key]);
      return await work();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
      lockClient.release();
    }
  }
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async migrate(migrationsFolder = migrationsDir) {
      // Several app instances may start at once: one migrates, the others wait for it.
      await withLock(MIGRATIONS_LOCK, () => migratePg(db as never, { migrationsFolder }));
    },
    withLock,
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    async close() {
      await pool.end();
    },
  };
}

const RELISTEN_DELAYS_MS = [250, 1000, 5000];

/** A dedicated connection for LISTEN (a pooled one would be handed to other queries). */
async function listenPostgres(
  url: string,
  channel: string,
  { onNotice, onListening }: NoticeHandlers,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let failures = 0;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const current = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client = current;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      onListening(false);
      current.end().catch(() => {});
      if (stopped) return;
      const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    current.on('error', onLost);
    current.on('end', onLost);
    current.on('notification', (message) => onNotice(message.payload ?? ''));
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      await current.end().catch(() => {});
      return;
    }
    failures = 0;
    onListening(true);
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
