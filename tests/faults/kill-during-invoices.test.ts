import { expect, it } from 'vitest';
import { useProcessDatabase } from '../support/process-fixture';
import { adminCookie, startServerProcess } from '../support/server-process';

/**
 * kill -9 while invoice creations are in flight. After a restart on the same database,
 * each invoice exists whole (all its lines, totals that add up) or not at all, every one the
 * server acknowledged is there, and none took a number (drafts are numbered when sent). Runs
 * on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (.ci/run does both).
 */
const LINES = 6;
/**
 * Creations kept going side by side until the kill, each worker sending its next one as soon
 * as the last is answered, so some are in flight when it lands whatever the runtime's speed
 * (a fixed batch of 80 was all answered before the kill on Node.js 24).
 */
const WORKERS = 8;
const ACKNOWLEDGED_BEFORE_KILL = 5;

const t = useProcessDatabase();

interface Detail {
  invoice: {
    id: string;
    invoiceNumber: string | null;
    clientName: string;
    subtotal: number;
    total: number;
  };
  lineItems: Array<{ description: string; quantity: number; unitPrice: number; total: number }>;
}

it('leaves every invoice whole or absent after kill -9 mid-creation, no number used', async () => {
  let server = (t.server = await startServerProcess(t.database.env));
  const cookie = await adminCookie(server.baseUrl);
  const baseUrl = server.baseUrl;

  const acknowledged: string[] = [];
  let started = 0;
  let lostInFlight = 0;
  let enoughAcknowledged!: () => void;
  const killTime = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
  const create = async (n: number) => {
    const res = await fetch(`${baseUrl}/api/admin/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        clientName: `Crash client ${n}`,
        clientEmail: `crash${n}@example.com`,
        dueDate: '2026-12-31',
        lineItems: Array.from({ length: LINES }, (_, line) => ({
          description: `Invoice ${n} line ${line}`,
          quantity: line + 1,
          unitPrice: 1000 + n,
        })),
      }),
    });
    // Acknowledged: the whole answer arrived (an answer cut off by the kill is not).
    const body = (await res.json()) as { invoice?: { id: string } };
    if (res.status !== 201 || !body.invoice) throw new Error(`invoice ${n}: ${res.status}`);
    return body.invoice.id;
  };
  const workers = Array.from({ length: WORKERS }, async () => {
    for (;;) {
      try {
        acknowledged.push(await create(started++));
        if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) enoughAcknowledged();
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('invoice ')) throw error;
        // A request the kill cut off; one sent after it is refused a connection.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== 'ECONNREFUSED') lostInFlight += 1;
        return;
      }
    }
  });
  // Kill once a few are acknowledged: the workers' next ones are in flight, some mid-transaction.
  await killTime;
  await server.kill('SIGKILL');
  await Promise.all(workers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
  expect(lostInFlight).toBeGreaterThan(0);

  server = t.server = await startServerProcess(t.database.env);
  const after = await adminCookie(server.baseUrl);
  // A few dozen at most: one page of 100 holds them all.
  const { items: list, total } = (await (
    await fetch(`${server.baseUrl}/api/admin/invoices?pageSize=100`, { headers: { cookie: after } })
  ).json()) as { items: Array<{ id: string; invoiceNumber: string | null }>; total: number };
  expect(list).toHaveLength(total);

  expect(list.map((invoice) => invoice.id)).toEqual(expect.arrayContaining(acknowledged));
  expect(list.every((invoice) => invoice.invoiceNumber === null)).toBe(true);
  for (const { id } of list) {
    const detail = (await (
      await fetch(`${server.baseUrl}/api/admin/invoices/${id}`, { headers: { cookie: after } })
    ).json()) as Detail;
    const n = Number(/Crash client (\d+)/.exec(detail.invoice.clientName)![1]);
    expect(detail.lineItems.map((line) => line.description).sort()).toEqual(
      Array.from({ length: LINES }, (_, line) => `Invoice ${n} line ${line}`).sort(),
    );
    const subtotal = detail.lineItems.reduce(
      (sum, line) => sum + line.quantity * line.unitPrice,
      0,
    );
    expect(detail.invoice.subtotal).toBe(subtotal);
    expect(detail.invoice.total).toBe(subtotal);
  }
  // And the first invoice sent after the crash is the year's first: the crash used no number.
  const next = await fetch(`${server.baseUrl}/api/admin/invoices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: after },
    body: JSON.stringify({
      clientName: 'After the crash',
      clientEmail: 'after@example.com',
      dueDate: '2026-12-31',
      lineItems: [{ description: 'Care plan', quantity: 1, unitPrice: 19_900 }],
    }),
  });
  expect(next.status).toBe(201);
  const { invoice } = (await next.json()) as { invoice: { id: string } };
  const sent = await fetch(`${server.baseUrl}/api/admin/invoices/${invoice.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: after },
    body: JSON.stringify({ status: 'sent' }),
  });
  expect(sent.status).toBe(200);
  const { invoice: numbered } = (await sent.json()) as { invoice: { invoiceNumber: string } };
  expect(numbered.invoiceNumber).toBe(`INV-${new Date().getUTCFullYear()}-0001`);
}, 180_000);
