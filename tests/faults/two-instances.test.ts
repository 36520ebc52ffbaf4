import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../server/config';
import { findCity } from '@shared/places';
import type { SearchLeads } from '@shared/schemas/leads';
import { newClientAccount } from '../factories';
import {
  BrowserSession,
  outboxThroughApi,
  readOutboxOf,
  signUpThroughProvider,
} from '../support/browser-session';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '../support/fake-overpass';
import { startLoadBalancer } from '../support/load-balancer';
import {
  adminCookie,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
  startBulkSearch,
  waitForJob,
} from '../support/server-process';

/**
 * Two server processes on one PostgreSQL database behind a round-robin load balancer (no
 * sticky sessions): sign-in bounces between them, a session made on one is valid on the other,
 * 50 invoices created across both get distinct numbers, and a bulk lead search runs once.
 */
describe.skipIf(!testDatabaseUrl())('two app instances on one PostgreSQL', () => {
  const jackson = findCity('Jackson', 'Mississippi')!;
  let database: ProcessDatabase;
  let overpass: FakeOverpass;
  let balancer: Awaited<ReturnType<typeof startLoadBalancer>>;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    database = await processDatabase();
    overpass = await startFakeOverpass({
      elements: osmBusinesses({ ...jackson, count: 300, spanDegrees: 0.28 }),
      latencyMs: 40,
    });
    balancer = await startLoadBalancer(() => instances.map((instance) => instance.baseUrl));
    const env = {
      ...database.env,
      APP_URL: balancer.url,
      LEAD_SOURCE: 'osm',
      OVERPASS_URL: overpass.url,
    };
    // Both start at once on the empty database: one migrates, the other waits for it.
    instances.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await balancer?.close();
    await overpass?.close();
    await database?.drop();
  });

  it('signs a client in across both and honours each session on either', async () => {
    const browser = new BrowserSession(balancer.url);
    const account = newClientAccount();
    // The sign-up's code is read from the outbox, as the agency would see it.
    const outboxCookie = await adminCookie(instances[0]!.baseUrl);
    readOutboxOf(
      balancer.url,
      outboxThroughApi(instances[0]!.baseUrl, outboxCookie, account.email),
    );
    const signedIn = await signUpThroughProvider(browser, account);
    expect(signedIn.url).toBe(`${balancer.url}/portal/dashboard`);
    const [a, b] = instances as [ServerProcess, ServerProcess];
    expect(balancer.served.get(a.baseUrl)).toBeGreaterThan(2);
    expect(balancer.served.get(b.baseUrl)).toBeGreaterThan(2);

    const cookie = `sid=${browser.cookie('sid')}`;
    for (const instance of instances) {
      const me = await fetch(`${instance.baseUrl}/api/auth/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(account.email);
    }
    const adminSession = await adminCookie(a.baseUrl);
    const me = await fetch(`${b.baseUrl}/api/admin/me`, { headers: { cookie: adminSession } });
    expect(me.status).toBe(200);
  }, 60_000);

  it('numbers 50 invoices sent across both without a duplicate or a gap', async () => {
    const cookie = await adminCookie(balancer.url);
    const headers = { 'content-type': 'application/json', cookie };
    const ids = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const res = await fetch(`${balancer.url}/api/admin/invoices`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            clientName: `Client ${n}`,
            clientEmail: `client${n}@example.com`,
            dueDate: '2026-12-31',
            lineItems: [{ description: 'Care plan', quantity: 1, unitPrice: 19_900 }],
          }),
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { invoice: { id: string } }).invoice.id;
      }),
    );
    // Sent at once, half through each instance: each send is numbered under one lock.
    const numbers = await Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${balancer.url}/api/admin/invoices/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ status: 'sent' }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { invoice: { invoiceNumber: string } }).invoice.invoiceNumber;
      }),
    );
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((number) => Number(number.slice(-4))).sort((x, y) => x - y);
    expect(sequence.at(-1)! - sequence[0]!).toBe(49);
  }, 60_000);

  it('runs a bulk lead search once: each cell asked for once, each lead stored once', async () => {
    const cookie = await adminCookie(balancer.url);
    const before = overpass.stats.requests;
    const jobId = await startBulkSearch(balancer.url, cookie);
    const job = await waitForJob(balancer.url, cookie, jobId, (j) => j.status === 'done');
    expect(job.status).toBe('done');
    expect(overpass.stats.requests - before).toBe(81);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const cells = await client.query(
        'select cell, count(*)::int as n from lead_search_cells where search_id = $1 group by cell',
        [jobId],
      );
      expect(cells.rows).toHaveLength(81);
      expect(cells.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
    const res = await fetch(`${balancer.url}/api/admin/marketing-tool/searches/${jobId}/leads`, {
      headers: { cookie },
    });
    const { leads } = (await res.json()) as SearchLeads;
    expect(leads.length).toBeGreaterThan(50);
    expect(new Set(leads.map((lead) => lead.id)).size).toBe(leads.length);
  }, 120_000);
});
