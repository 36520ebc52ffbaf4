// `npm run bench:exports`: the accountant's files for a year of a busy agency (issue 39). Seeds,
// on PostgreSQL, 100,000 invoices of 2026 (300,000 lines, two tax rates each, one in twelve
// discounted, one in ten a line untaxed), 100,000 payments (half by card, settled in a Stripe payout a day
// with their fees), 5,000 credit notes reversing their tax, then starts the built server
// and downloads each export for the whole year, and the tax report on both bases, one at a time,
// sampling the server's resident memory every 50 ms. Writes bench/results/exports.json and the
// "bench:exports" section of docs/performance.md.
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test; a
// scratch database bench_exports_* is made on it and dropped after). BENCH_INVOICES changes the
// size (a trial: then nothing is written). BENCH_NODE_ARGS replaces the node flags of
// `npm start` the server runs with.
import { openDatabase } from '../server/db/client';
import {
  adminCookie,
  startNodeArgs,
  startServerProcess,
  type ServerProcess,
} from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { rssMb, writePerformanceSection, writeResult } from './report';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const TRIAL = process.env.BENCH_INVOICES !== undefined;
const TARGET_RSS_MB = 512;
const YEAR = 'from=2026-01-01&to=2026-12-31';

/** The seeding, as set-based SQL (generate_series), in the order foreign keys need. */
function seedStatements(n: number): Array<[string, string]> {
  return [
    [
      'tax rates',
      `insert into tax_rates (id, name, percent_thousandths) values
         ('00000000-0000-4000-8000-000000000001', 'Louisiana state', 4450),
         ('00000000-0000-4000-8000-000000000002', 'Orleans parish', 5000)`,
    ],
    [
      'invoices',
      // Three lines of $100 (the third untaxed on one in ten), $30 off on one in twelve; the
      // rates apply to the taxable lines after their share of the discount.
      `insert into invoices (invoice_number, client_name, client_email, status, date_issued,
         due_date, sent_at, subtotal, tax, discount, total, amount_paid, notes, created_at)
       select 'INV-2026-' || lpad(g::text, 6, '0'),
         (array['Ann Broussard','=Bastien Guidry','Camille Landry','Dominique Hebert'])[1 + g % 4] || ' ' || g,
         'client' || g || '@example.com', 'paid', d, d + 14, d::timestamptz, 30000,
         0, disc, 0, 0, '', d::timestamptz
       from (select g, date '2026-01-01' + (g % 365) as d, case when g % 12 = 0 then 3000 else 0 end as disc
             from generate_series(1, ${n}) g) s`,
    ],
    [
      'invoice lines',
      `insert into invoice_line_items (invoice_id, position, description, quantity, unit_price, total, taxable)
       select i.id, p, (array['Website care plan','Extra page','Photo shoot'])[1 + p], 1, 10000, 10000,
         not (p = 2 and right(i.invoice_number, 1) = '0')
       from invoices i cross join generate_series(0, 2) p`,
    ],
    [
      'invoice taxes',
      `insert into invoice_taxes (invoice_id, position, tax_rate_id, name, percent_thousandths, taxable_amount, amount)
       select i.id, r.position, r.id, r.name, r.percent_thousandths, b.base,
         (b.base::bigint * r.percent_thousandths * 2 + 100000) / 200000
       from invoices i
       cross join lateral (
         select t.taxable - (i.discount::bigint * t.taxable * 2 + i.subtotal) / (2 * i.subtotal) as base
         from (select sum(total) filter (where taxable) as taxable from invoice_line_items l where l.invoice_id = i.id) t
       ) b
       cross join (select id, name, percent_thousandths, row_number() over (order by id) - 1 as position from tax_rates) r`,
    ],
    [
      'invoice totals',
      `update invoices i set tax = t.tax, total = i.subtotal - i.discount + t.tax,
         amount_paid = i.subtotal - i.discount + t.tax
       from (select invoice_id, sum(amount) as tax from invoice_taxes group by invoice_id) t
       where t.invoice_id = i.id`,
    ],
    [
      'payments',
      `insert into payments (invoice_id, amount, method, stripe_payment_intent_id, paid_at, reference)
       select id, total, case when right(invoice_number, 1) in ('0','2','4','6','8') then 'card' else 'bank_transfer' end,
         case when right(invoice_number, 1) in ('0','2','4','6','8') then 'pi_' || invoice_number end,
         (date_issued + 3)::timestamptz + interval '15 hours', 'Transfer ' || invoice_number
       from invoices`,
    ],
    [
      'payouts',
      `insert into payouts (id, status, amount, arrival_date, gross, fees)
       select 'po_' || d::date, 'paid', 0, d::date, 0, 0
       from generate_series(date '2026-01-04', date '2027-01-10', interval '1 day') d`,
    ],
    [
      'payout lines',
      `insert into payout_lines (id, payout_id, kind, source_id, amount, fee, net, payment_id)
       select 'txn_' || p.id, 'po_' || (p.paid_at::date + 1), 'charge', 'ch_' || p.id, p.amount,
         (p.amount * 29 + 5000) / 1000 + 30, p.amount - ((p.amount * 29 + 5000) / 1000 + 30), p.id
       from payments p where p.method = 'card'`,
    ],
    [
      'payout totals',
      `update payouts o set amount = l.net, gross = l.amount, fees = l.fee
       from (select payout_id, sum(amount) as amount, sum(fee) as fee, sum(net) as net
             from payout_lines group by payout_id) l
       where l.payout_id = o.id`,
    ],
    [
      'credit notes',
      `insert into credit_notes (credit_note_number, invoice_id, status, amount, reason, issued_at, refunded_by_hand_on)
       select 'CN-2026-' || lpad((row_number() over (order by invoice_number))::text, 6, '0'), id, 'issued', 5000,
         'Goodwill', (date_issued + 10)::timestamptz + interval '15 hours', date_issued + 12
       from invoices where right(invoice_number, 2) = '07'`,
    ],
    [
      'credit note taxes',
      `insert into credit_note_taxes (credit_note_id, invoice_tax_id, amount)
       select c.id, t.id, (t.amount::bigint * c.amount * 2 + i.total) / (2 * i.total)
       from credit_notes c join invoices i on i.id = c.invoice_id join invoice_taxes t on t.invoice_id = i.id`,
    ],
    ['statistics', 'analyze'],
  ];
}

async function seed(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const started = performance.now();
    for (const [name, statement] of seedStatements(INVOICES)) {
      const at = performance.now();
      await database.executeSql(statement);
      console.warn(`  ${name}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

interface Download {
  name: string;
  seconds: number;
  bytes: number;
  lines: number;
  peakRssMb: number;
}

/** One file downloaded to the last byte, counted as it comes (never held), RSS sampled. */
async function download(
  server: ServerProcess,
  cookie: string,
  name: string,
  path: string,
): Promise<Download> {
  const pid = server.child.pid!;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body!) {
      const data = chunk as Uint8Array;
      bytes += data.length;
      for (const byte of data) if (byte === 10) lines += 1;
    }
    return {
      name,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      bytes,
      lines,
      peakRssMb: Math.round(Math.max(peak, rssMb(pid))),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    'bench_exports',
  );
  let server: ServerProcess | undefined;
  try {
    console.warn(`seeding ${INVOICES.toLocaleString('en-US')} invoices`);
    const seedSeconds = await seed(scratch.url);
    server = await startServerProcess(
      { DATABASE_URL: scratch.url },
      {
        built: true,
        readyTimeoutMs: 180_000,
        nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? startNodeArgs(),
      },
    );
    const cookie = await adminCookie(server.baseUrl);
    const startRssMb = Math.round(rssMb(server.child.pid!));
    const results: Download[] = [];
    for (const [name, path] of [
      ['xero-invoices', `/api/admin/exports/xero-invoices?${YEAR}`],
      ['quickbooks-invoices', `/api/admin/exports/quickbooks-invoices?${YEAR}`],
      ['payments', `/api/admin/exports/payments?${YEAR}`],
      ['journal', `/api/admin/exports/journal?${YEAR}`],
      ['tax report (accrual)', `/api/admin/reports/tax?${YEAR}&basis=accrual`],
      ['tax report (cash)', `/api/admin/reports/tax?${YEAR}&basis=cash`],
    ] as const) {
      const result = await download(server, cookie, name, path);
      results.push(result);
      console.warn(
        `  ${name.padEnd(22)} ${String(result.seconds).padStart(6)} s  ${result.lines.toLocaleString('en-US').padStart(9)} lines  ${(result.bytes / 1e6).toFixed(1).padStart(6)} MB  peak ${result.peakRssMb} MB`,
      );
    }
    const peakRssMb = Math.max(...results.map((r) => r.peakRssMb));
    const summary = {
      date: new Date().toISOString(),
      invoices: INVOICES,
      seedSeconds: Math.round(seedSeconds),
      startRssMb,
      peakRssMb,
      targetRssMb: TARGET_RSS_MB,
      met: peakRssMb < TARGET_RSS_MB,
      downloads: results,
    };
    console.log(JSON.stringify(summary, null, 2));
    if (TRIAL) return;
    writeResult('exports', summary);
    writePerformanceSection(
      'exports',
      [
        '<!-- bench:exports -->',
        "## The accountant's files for a year (`npm run bench:exports`)",
        '',
        `Run on ${summary.date.slice(0, 10)}, 2 cores shared with other work: the built server (one process) on PostgreSQL with ${INVOICES.toLocaleString('en-US')} invoices of 2026 (three lines and two tax rates each), as many payments (half by card, in a payout a day) and ${Math.round(INVOICES / 100).toLocaleString('en-US')} credit notes. Each file downloaded alone for the whole year, to the last byte; memory is the server's resident set sampled every 50 ms. Target: peak RSS under ${TARGET_RSS_MB} MB (${summary.met ? 'met' : 'NOT met'}: ${peakRssMb} MB, ${startRssMb} MB after start-up). Raw figures: [bench/results/exports.json](../bench/results/exports.json).`,
        '',
        '| File | Time | Lines | Size | Peak RSS |',
        '| --- | --- | --- | --- | --- |',
        ...results.map(
          (r) =>
            `| ${r.name} | ${r.seconds} s | ${r.lines.toLocaleString('en-US')} | ${(r.bytes / 1e6).toFixed(1)} MB | ${r.peakRssMb} MB |`,
        ),
        '<!-- /bench:exports -->',
      ].join('\n'),
    );
  } finally {
    await server?.kill();
    await scratch.drop();
  }
}

await main();
