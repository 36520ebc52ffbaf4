import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from '../../server/config';
import { pollUntil } from '../support/poll';
import {
  adminCookie,
  freePort,
  nodeChildren,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';

it('refuses several worker processes on the embedded database', () => {
  expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
    'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database allows one process',
  );
  expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/app' }).workers).toBe(2);
  expect(loadConfig({}).workers).toBe(1);
});

it('stops with exit code 1 when its workers cannot start, instead of forking them forever', async () => {
  const closed = await freePort();
  const started = startServerProcess(
    { DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/nowhere`, WEB_CONCURRENCY: '2' },
    // Each worker gives up on the database after its connection retries: about 20 s alone,
    // longer on a busy machine.
    { readyTimeoutMs: 90_000 },
  );
  await expect(started).rejects.toThrow(
    /server exited \(1\) before ready[\s\S]*a worker failed while starting/,
  );
}, 120_000);

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: a primary and two workers sharing the port; a worker that
 * dies is replaced while the other keeps answering.
 */
describe.skipIf(!testDatabaseUrl())('worker processes on one port', () => {
  let database: ProcessDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await processDatabase();
    // At info each worker says when it listens: the test starts once both do.
    server = await startServerProcess({
      ...database.env,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    // Two workers start their own server code: a minute and more on a busy machine.
    await pollUntil(
      () => server.output().match(/"msg":"listening on /g)?.length ?? 0,
      (listening) => listening === 2,
      110_000,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it('serves from two workers and replaces one that dies', async () => {
    const primary = server.child.pid!;
    const workers = await pollUntil(
      () => nodeChildren(primary),
      (pids) => pids.length === 2,
    );
    const cookie = await adminCookie(server.baseUrl);
    // A kept-alive connection to the killed worker is reset: that request fails, a new one
    // goes to a live worker.
    const invoices = async () =>
      fetch(`${server.baseUrl}/api/admin/invoices`, { headers: { cookie } }).then(
        (res) => res.status,
        (error: Error) => `${error.message}: ${String(error.cause)}`,
      );
    expect(await invoices()).toBe(200);

    process.kill(workers[0]!, 'SIGKILL');
    // The survivor answers at once (the primary hands it every new connection)...
    await pollUntil(invoices, (status) => status === 200, 5_000);
    // ...and the primary starts a new worker in the dead one's place.
    const replaced = await pollUntil(
      () => nodeChildren(primary),
      (pids) => pids.length === 2 && !pids.includes(workers[0]!),
    );
    expect(replaced).toContain(workers[1]);
    const statuses = await Promise.all(Array.from({ length: 20 }, invoices));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
