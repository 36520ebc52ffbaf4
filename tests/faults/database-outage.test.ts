import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedInvoiceSchema, InvoicePageSchema } from '@shared/schemas/invoices';
import { testDatabaseUrl } from '../../server/config';
import { expectJson } from '../support/expect-json';
import {
  adminCookie,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * PostgreSQL goes away while the server runs (every connection cut, new ones refused, as when
 * it stops), then comes back on the same address. The API answers 503 with a message instead
 * of hanging, /api/health says the database is down, and once PostgreSQL is back everything
 * works again without restarting the server, with nothing acknowledged before lost.
 * (The time to a 503 is measured by `npm run bench:api`, not asserted here.)
 */
describe.skipIf(!testDatabaseUrl())('PostgreSQL stopped under a running server', () => {
  let database: ProcessDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await processDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    await server?.kill();
    await proxy?.stop().catch(() => undefined);
    await database?.drop();
  });

  async function call(path: string, cookie: string, init: RequestInit = {}) {
    const res = await fetch(`${server!.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', cookie, ...init.headers },
      // A hang guard, not a timing assertion.
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const invoice = (n: number) => ({
    method: 'POST',
    body: JSON.stringify({
      clientName: `Outage client ${n}`,
      clientEmail: `outage${n}@example.com`,
      dueDate: '2026-12-31',
      lineItems: [{ description: 'Care plan', quantity: 1, unitPrice: 19_900 }],
    }),
  });

  it('answers 503 with a message while it is down and recovers without a restart', async () => {
    const url = new URL(database.url!);
    url.port = String(proxy.port);
    server = await startServerProcess({ DATABASE_URL: url.href });
    const cookie = await adminCookie(server.baseUrl);

    const acknowledged: string[] = [];
    for (let n = 0; n < 3; n++) {
      const created = await call('/api/admin/invoices', cookie, invoice(n));
      expect(created.status).toBe(201);
      acknowledged.push(expectJson(created, CreatedInvoiceSchema).invoice.id);
    }

    // Cut while writes are in flight: connections die mid-transaction and between queries.
    const inFlight = Array.from({ length: 20 }, (_, n) =>
      call('/api/admin/invoices', cookie, invoice(100 + n)).catch(() => ({
        status: 0,
        body: {} as Record<string, unknown>,
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await proxy.stop();
    for (const answer of await Promise.all(inFlight)) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 201) {
        acknowledged.push(expectJson(answer, CreatedInvoiceSchema).invoice.id);
      }
    }
    const health = await call('/api/health', '');
    expect(health).toEqual({ status: 503, body: { status: 'degraded', db: 'down' } });
    for (const [path, init] of [
      ['/api/admin/invoices', {}],
      ['/api/admin/invoices', invoice(99)],
      ['/api/admin/dashboard-stats', {}],
      ['/api/settings/public', {}],
    ] as const) {
      const answer = await call(path, cookie, init);
      expect(answer.status, path).toBe(503);
      expect(answer.body.message, path).toBe(
        'The service is temporarily unavailable. Please try again shortly.',
      );
    }
    expect(server.child.exitCode, 'the server is still running').toBeNull();

    await proxy.start();
    let healthy = false;
    for (let attempt = 0; attempt < 100 && !healthy; attempt++) {
      healthy = (await call('/api/health', '')).status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);

    // The same session, the same data, and writes work again.
    const list = await call('/api/admin/invoices?pageSize=100', cookie);
    expect(list.status).toBe(200);
    const ids = expectJson(list, InvoicePageSchema).items.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(acknowledged));
    const after = await call('/api/admin/invoices', cookie, invoice(3));
    expect(after.status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
