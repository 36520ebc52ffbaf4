import { Agent, fetch } from 'undici';
import { expect, it } from 'vitest';
import { testDatabaseUrl } from '../../server/config';
import { useProcessDatabase } from '../support/process-fixture';
import { adminCookie, startServerProcess } from '../support/server-process';

/**
 * SIGTERM while the server is busy: every request already sent gets its whole answer (no
 * reset, no cut-off body), keep-alive connections included, and the process then exits 0;
 * the same with WEB_CONCURRENCY worker processes behind one primary (PostgreSQL only).
 */
const REQUESTS = 60;

const t = useProcessDatabase();

it('finishes every in-flight request after SIGTERM, then exits cleanly', async () => {
  await shutDownUnderLoad(t.database.env);
}, 120_000);

it.skipIf(!testDatabaseUrl())(
  'does the same with two worker processes: the primary passes SIGTERM on and exits 0',
  async () => {
    await shutDownUnderLoad({ ...t.database.env, WEB_CONCURRENCY: '2' });
  },
  120_000,
);

async function shutDownUnderLoad(env: Record<string, string>) {
  const server = (t.server = await startServerProcess(env));
  const cookie = await adminCookie(server.baseUrl);
  // One connection per request: every request below is on the wire at once, none waits in a
  // client-side queue (a request the client has not sent yet is not in flight).
  const dispatcher = new Agent({ connections: REQUESTS, keepAliveTimeout: 30_000 });
  const baseUrl = server.baseUrl;

  // Warm the keep-alive connections so the load below reuses them.
  await Promise.all(
    Array.from({ length: REQUESTS }, () =>
      fetch(`${baseUrl}/api/admin/invoices`, { headers: { cookie }, dispatcher }).then((res) =>
        res.arrayBuffer(),
      ),
    ),
  );

  let completed = 0;
  const outcomes = await (async () => {
    const requests = Array.from({ length: REQUESTS }, async (_, n) => {
      try {
        const write = n % 3 === 0;
        const res = await fetch(
          `${baseUrl}/api/admin/${write ? 'invoices' : n % 3 === 1 ? 'invoices' : 'dashboard-stats'}`,
          {
            method: write ? 'POST' : 'GET',
            headers: { cookie, 'content-type': 'application/json' },
            body: write
              ? JSON.stringify({
                  clientName: `Shutdown client ${n}`,
                  clientEmail: `shutdown${n}@example.com`,
                  dueDate: '2026-12-31',
                  lineItems: Array.from({ length: 40 }, (_, line) => ({
                    description: `Line ${line}`,
                    quantity: 1,
                    unitPrice: 100 + line,
                  })),
                })
              : undefined,
            dispatcher,
          },
        );
        await res.json();
        return res.status;
      } catch (error) {
        return `failed: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : String(error)}`;
      } finally {
        completed += 1;
      }
    });
    // All are sent; once some have answered, the rest are in flight: stop the server.
    while (completed < 5) await new Promise((resolve) => setTimeout(resolve, 1));
    const inFlight = REQUESTS - completed;
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(requests);
    return { statuses, inFlight };
  })();

  expect(outcomes.inFlight).toBeGreaterThan(20);
  expect(outcomes.statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
  expect(await server.exited).toBe(0);
  await dispatcher.close();
}
