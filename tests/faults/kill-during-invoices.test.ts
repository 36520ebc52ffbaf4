import { expect, it } from 'vitest';
import { useProcessDatabase } from '../support/process-fixture';
import { adminCookie, startServerProcess } from '../support/server-process';

/**
 * kill -9 while invoice creations are in flight. After a restart on the same database,
 * each invoice exists whole (all its lines, totals that add up) or not at all, every one the
 * server acknowledged is there, and none took a number (drafts are numbered when sent). Runs on PGlite by default and on
 * PostgreSQL when TEST_DATABASE_URL is set (.ci/run does both).
 */
const LINES = 6;
/**
 * Far more than get acknowledged before the kill: a fast runtime finished 20 creations in the
 * moment between the fifth answer and the kill, leaving none in flight to test.
 */
const ATTEMPTS = 80;

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
  let settled = 0;
  const attempts = Array.from({ length: ATTEMPTS }, async (_, n) => {
    try {
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
      if (res.status === 201 && body.invoice) acknowledged.push(body.invoice.id);
      else throw new Error(`invoice ${n}: ${res.status}`);
      return res.status;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('invoice ')) throw error;
      return 'connection lost' as const;
    } finally {
      settled += 1;
    }
  });
  // Kill once a few are acknowledged: the rest are somewhere in flight, some mid-transaction.
  while (acknowledged.length < 5 && settled < attempts.length) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await server.kill('SIGKILL');
  const outcomes = await Promise.all(attempts);
  expect(acknowledged.length).toBeGreaterThanOrEqual(5);
  expect(outcomes.filter((outcome) => outcome === 'connection lost').length).toBeGreaterThan(0);

  server = t.server = await startServerProcess(t.database.env);
  const after = await adminCookie(server.baseUrl);
  // At most ATTEMPTS (80) invoices: one page of 100 holds them all.
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
