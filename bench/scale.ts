// `npm run bench:scale`: the admin's lists at the size of a busy agency. Seeds, on PostgreSQL,
// 5,000 clients, 100,000 invoices with 300,000 lines, 50,000 tickets with 500,000 messages,
// 200,000 outbox messages, 1,000,000 leads in 500 searches (and 10,000 requests, 10,000 signup
// links, 100,000 audit events), then starts the built server and measures, 10 requests at a
// time, the p95 time of the first page, page 500, a search and each filter of every list, the
// client page, and a client's own lists. The same at a tenth of the size on embedded PGlite.
// Writes bench/results/scale.json and the "bench:scale" section of docs/performance.md.
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test;
// a fresh database is made on it and dropped after). BENCH_TRIAL=pglite|postgres runs one
// backend and writes nothing (BENCH_KEEP=1 keeps its PostgreSQL database to look into).
// BENCH_REQUESTS (200) is the number of requests a scenario makes; BENCH_NODE_ARGS replaces
// the node flags of `npm start` the server runs with (e.g. --max-old-space-size=128).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LeadSummarySchema, MarketingSearchSchema } from '@shared/schemas/leads';
import { openDatabase, type DatabaseTarget } from '../server/db/client';
import {
  BrowserSession,
  outboxThroughApi,
  readOutboxOf,
  signUpThroughProvider,
} from '@tests/support/browser-session';
import {
  adminCookie,
  startNodeArgs,
  startServerProcess,
  type ServerProcess,
} from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { rssMb, writePerformanceSection } from './report';

const root = path.resolve(import.meta.dirname, '..');
const TRIAL = process.env.BENCH_TRIAL as 'pglite' | 'postgres' | undefined;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = 10;
const WARM_UP = 20;
const TARGETS = { p95Ms: 50, rssMb: 300, seedSeconds: 300 };
const PAGE_SIZE = 25;
/** The client whose own lists are measured: their invoices are waiting for them at sign-up. */
const PORTAL_EMAIL = 'bench.portal@example.com';
const PORTAL_INVOICES = 200;
/** As many as the limit on client actions that e-mail the agency lets through at once. */
const PORTAL_TICKETS = 5;

/** The rows of each table at full size; PGlite gets a tenth. */
const FULL = {
  clients: 5_000,
  invoices: 100_000,
  linesPerInvoice: 3,
  tickets: 50_000,
  messagesPerTicket: 10,
  outbox: 200_000,
  searches: 500,
  leadsPerSearch: 2_000,
  requests: 10_000,
  signupLinks: 10_000,
  auditEvents: 100_000,
};
type Size = typeof FULL;
const tenth = (size: Size): Size => ({
  ...size,
  clients: size.clients / 10,
  invoices: size.invoices / 10,
  tickets: size.tickets / 10,
  outbox: size.outbox / 10,
  searches: size.searches / 10,
  requests: size.requests / 10,
  signupLinks: size.signupLinks / 10,
  auditEvents: size.auditEvents / 10,
});

/** A valid search's criteria and lead row, checked by the shared schemas the API answers with. */
const CRITERIA = MarketingSearchSchema.parse({
  state: 'Louisiana',
  city: 'Baton Rouge',
  businessType: 'Restaurant',
});
const LEAD = LeadSummarySchema.parse({
  id: 'osm-n0',
  source: 'osm',
  name: 'Business',
  address: '100 Main St, Baton Rouge, LA',
  phone: '225-555-0100',
  website: 'N/A',
  email: null,
  businessType: 'Restaurant',
  city: 'Baton Rouge',
  distance: 2.5,
  rating: 4.2,
  reviewCount: 38,
  isOpen: true,
  leadScore: 72,
  websiteScore: 0,
  needsWebsite: true,
  recommendation: 'Needs a website',
  technology: 'None',
  legitimacyScore: 60,
  competitivePosition: 'competitive',
  marketPresence: 'Local',
});

/** Numbered users in the order they joined: `n` from 1 to the number of clients. */
const NUMBERED_USERS =
  '(select id, first_name, last_name, email, row_number() over (order by created_at, id) as n from users)';

/** The seeding, as set-based SQL (generate_series), in the order foreign keys need. */
function seedStatements(size: Size): Array<[string, string, unknown[]?]> {
  const c = size.clients;
  return [
    [
      'clients',
      `insert into users (oidc_issuer, oidc_subject, email, email_verified, first_name, last_name,
         business_name, phone_number, created_at)
       select 'https://bench.invalid', 'bench-' || g, 'client' || g || '@example.com', true,
         (array['Ann','Bastien','Camille','Dominique','Elodie','Fabrice','Gisele','Hugo'])[1 + g % 8],
         (array['Broussard','Thibodeaux','Guidry','Landry','Fontenot','Hebert','Boudreaux'])[1 + g % 7] || ' ' || g,
         'Business ' || g, '504-555-' || lpad((g % 10000)::text, 4, '0'),
         now() - make_interval(mins => ${c} - g)
       from generate_series(1, ${c}) g`,
    ],
    [
      'subscriptions',
      `insert into subscriptions (user_id, tier, status, current_period_start, current_period_end,
         activated_at, created_at)
       select u.id, (array['essentials','signature','prestige'])[1 + u.n % 3],
         (array['active','active','active','past_due','pending','canceled'])[1 + u.n % 6],
         now() - interval '10 days', now() + interval '20 days', now() - interval '300 days',
         now() - interval '300 days'
       from ${NUMBERED_USERS} u where u.n % 5 <> 4`,
    ],
    [
      'subscription history',
      `insert into subscription_events (user_id, subscription_id, kind, status, tier,
         monthly_price_cents, period_start, period_end, occurred_at)
       select s.user_id, s.id, case when m = 0 then 'activated' else 'renewed' end, 'active', s.tier,
         19900, now() - make_interval(days => 300 - m * 30), now() - make_interval(days => 270 - m * 30),
         now() - make_interval(days => 300 - m * 30)
       from subscriptions s cross join generate_series(0, 9) m`,
    ],
    [
      'invoices',
      `insert into invoices (invoice_number, user_id, client_name, client_email, plan_type, status,
         date_issued, due_date, sent_at, paid_at, subtotal, tax, discount, total, amount_paid,
         created_at)
       select case when st <> 'draft' then 'INV-B-' || lpad(g::text, 6, '0') end, u.id, u.first_name || ' ' || u.last_name, u.email,
         'signature', st,
         (now() - make_interval(mins => ${size.invoices} - g))::date,
         (now() - make_interval(mins => ${size.invoices} - g))::date + 14,
         case when st <> 'draft' then now() - make_interval(mins => ${size.invoices} - g) end,
         case when st = 'paid' then now() - make_interval(mins => ${size.invoices} - g) end,
         30000, 0, 0, 30000,
         case when st = 'paid' then 30000 when g % 12 = 3 then 10000 else 0 end,
         now() - make_interval(mins => ${size.invoices} - g)
       from (select g, (array['paid','paid','paid','sent','overdue','draft'])[1 + g % 6] as st
             from generate_series(1, ${size.invoices}) g) s
       join ${NUMBERED_USERS} u on u.n = 1 + s.g % ${c}`,
    ],
    [
      'invoice lines',
      `insert into invoice_line_items (invoice_id, position, description, quantity, unit_price, total)
       select i.id, p, (array['Website care plan','Extra page','Photo shoot'])[1 + p], 1, 10000, 10000
       from invoices i cross join generate_series(0, ${size.linesPerInvoice - 1}) p`,
    ],
    [
      'payments',
      `insert into payments (invoice_id, amount, method, paid_at, reference)
       select id, amount_paid, 'bank_transfer', created_at + interval '3 days', 'Transfer ' || invoice_number
       from invoices where amount_paid > 0`,
    ],
    [
      'tickets',
      // The response clocks as the lifecycle leaves them: an answer owed on open tickets.
      `insert into tickets (user_id, subject, description, priority, status, created_at, updated_at,
                           first_response_due_at, response_due_at)
       select u.id,
         'Ticket ' || g || ': update the ' || (array['menu','opening hours','photos','prices','contact page'])[1 + g % 5],
         'Please change this on the site, thank you.', (array['low','normal','normal','high'])[1 + g % 4],
         (array['open','in_progress','resolved','resolved'])[1 + g % 4],
         now() - make_interval(mins => 2 * (${size.tickets} - g)),
         now() - make_interval(mins => 2 * (${size.tickets} - g)) + interval '1 minute' * (g % 7),
         now() - make_interval(mins => 2 * (${size.tickets} - g)) + interval '1 day',
         case when g % 4 = 0 then now() - make_interval(mins => 2 * (${size.tickets} - g)) + interval '1 day' end
       from generate_series(1, ${size.tickets}) g join ${NUMBERED_USERS} u on u.n = 1 + g % ${c}`,
    ],
    [
      'ticket messages',
      `insert into ticket_messages (ticket_id, is_admin_reply, message, created_at)
       select t.id, m % 2 = 0, 'Message ' || m || ': here is what we changed.',
         t.created_at + make_interval(mins => m)
       from tickets t cross join generate_series(1, ${size.messagesPerTicket}) m`,
    ],
    [
      'outbox',
      `insert into outbox_messages (from_address, to_address, subject, text, status, created_at)
       select 'hello@agency.test', 'client' || (1 + g % ${c}) || '@example.com',
         'Invoice INV-B-' || lpad(g::text, 6, '0') || ' from Coastal Web Studio',
         'Hello, your invoice is attached.', (array['sent','sent','sent','stored','failed'])[1 + g % 5],
         now() - make_interval(secs => ${size.outbox} - g)
       from generate_series(1, ${size.outbox}) g`,
    ],
    [
      'lead searches',
      `insert into lead_searches (criteria, bulk, source, status, cells_total, cells_done, leads_found,
         total, total_unfiltered, created_at, finished_at)
       select jsonb_set($1::jsonb, '{city}', to_jsonb((array['Baton Rouge','Lafayette','Shreveport','Monroe'])[1 + g % 4])),
         true, 'osm', 'done', 10, 10, ${size.leadsPerSearch}, ${size.leadsPerSearch}, ${size.leadsPerSearch},
         now() - make_interval(hours => ${size.searches} - g), now() - make_interval(hours => ${size.searches} - g)
       from generate_series(1, ${size.searches}) g`,
      [JSON.stringify(CRITERIA)],
    ],
    [
      'leads',
      `insert into search_leads (search_id, id, position, facts, enriched, summary)
       select s.id, 'osm-n' || p, p, '{}'::jsonb, true,
         $1::jsonb || jsonb_build_object('id', 'osm-n' || p, 'name', 'Business ' || p)
       from lead_searches s cross join generate_series(1, ${size.leadsPerSearch}) p`,
      [JSON.stringify(LEAD)],
    ],
    [
      'consultation requests',
      `insert into consultations (name, email, business_name, phone, details, status, created_at)
       select 'Prospect ' || g, 'prospect' || g || '@example.com', 'Shop ' || g, '225-555-' || lpad((g % 10000)::text, 4, '0'),
         'We would like a new website.', (array['new','contacted','won','lost'])[1 + g % 4],
         now() - make_interval(mins => ${size.requests} - g)
       from generate_series(1, ${size.requests}) g`,
    ],
    [
      'signup links',
      `insert into signup_links (token_hash, email, plan_type, expires_at, used_at, created_at)
       select md5('bench-link-' || g), 'invitee' || g || '@example.com', 'signature',
         now() - make_interval(mins => ${size.signupLinks} - g) + interval '24 hours',
         case when g % 3 = 0 then now() - make_interval(mins => ${size.signupLinks} - g) + interval '1 hour' end,
         now() - make_interval(mins => ${size.signupLinks} - g)
       from generate_series(1, ${size.signupLinks}) g`,
    ],
    [
      'audit events',
      `insert into audit_events (actor_email, kind, target_type, target_id, after, created_at)
       select 'owner@agency.test', (array['invoice.created','invoice.sent','ticket.replied','admin.signed_in'])[1 + g % 4],
         'invoice', g::text, jsonb_build_object('n', g), now() - make_interval(mins => ${size.auditEvents} - g)
       from generate_series(1, ${size.auditEvents}) g`,
    ],
    [
      "the portal client's invoices",
      `insert into invoices (invoice_number, client_name, client_email, plan_type, status, date_issued,
         due_date, sent_at, subtotal, total, created_at)
       select 'INV-P-' || lpad(g::text, 4, '0'), 'Portal Client', '${PORTAL_EMAIL}', 'signature', 'sent',
         (now() - make_interval(days => g))::date, (now() - make_interval(days => g))::date + 14,
         now() - make_interval(days => g), 19900, 19900, now() - make_interval(days => g)
       from generate_series(1, ${PORTAL_INVOICES}) g`,
    ],
    // As a database that has been in use looks once autovacuum has run: statistics gathered and
    // the visibility map set (which lets counts read indexes only).
    ['vacuum', 'vacuum analyze'],
  ];
}

async function seed(target: DatabaseTarget, size: Size) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const started = performance.now();
    for (const [label, sql, values] of seedStatements(size)) {
      const at = performance.now();
      await database.executeSql(sql, values);
      console.warn(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

interface Scenario {
  name: string;
  path: string;
  cookie: 'admin' | 'client';
  /** False for answers measured for the record that are not a list's page: no p95 target. */
  targeted?: boolean;
}

/** Every list's first page, page 500 (or its last), a search and each filter; the client page. */
function scenarios(size: Size, ids: { client: string; search: string }): Scenario[] {
  const far = (rows: number) => Math.min(500, Math.ceil(rows / PAGE_SIZE));
  const admin = (name: string, path: string): Scenario => ({ name, path, cookie: 'admin' });
  const lists: Array<[string, string, number, string, string[], string[]?]> = [
    // [list, path, rows, search, status filters, other filters]
    [
      'invoices',
      '/api/admin/invoices',
      size.invoices,
      'q=INV-B-004242',
      ['draft', 'sent', 'paid', 'overdue'],
      [`client=${ids.client}`],
    ],
    [
      'tickets',
      '/api/admin/tickets',
      size.tickets,
      'q=guidry%2043',
      ['open', 'in_progress', 'resolved'],
      [`client=${ids.client}`, 'sort=due'],
    ],
    [
      'clients',
      '/api/admin/clients',
      size.clients,
      'q=thibodeaux%2043',
      ['pending', 'active', 'past_due', 'canceled', 'none'],
    ],
    [
      'requests',
      '/api/admin/consultations',
      size.requests,
      'q=prospect42%40',
      ['new', 'contacted', 'won', 'lost'],
    ],
    [
      'outbox',
      '/api/admin/outbox',
      size.outbox,
      'q=client4242%40example.com',
      ['stored', 'sent', 'failed'],
    ],
    [
      'signup links',
      '/api/admin/signup-links',
      size.signupLinks,
      'q=invitee4242%40',
      ['waiting', 'used', 'expired'],
    ],
    ['audit log', '/api/admin/audit', size.auditEvents, 'kind=ticket.replied', []],
    ['lead searches', '/api/admin/marketing-tool/searches', size.searches, 'q=lafayette', []],
  ];
  const all: Scenario[] = [];
  for (const [list, listPath, rows, search, statuses, others = []] of lists) {
    all.push(admin(`${list}: first page`, listPath));
    all.push(admin(`${list}: page ${far(rows)}`, `${listPath}?page=${far(rows)}`));
    all.push(admin(`${list}: search`, `${listPath}?${search}`));
    for (const status of statuses) {
      all.push(admin(`${list}: ${status}`, `${listPath}?status=${status}`));
    }
    for (const other of others)
      all.push(admin(`${list}: ${other.split('=')[0]}`, `${listPath}?${other}`));
  }
  all.push(admin('client page', `/api/admin/clients/${ids.client}`));
  // Not lists that page: the spec's whole lead list of one search, and today's counts.
  all.push({
    ...admin('leads of a search', `/api/admin/marketing-tool/searches/${ids.search}/leads`),
    targeted: false,
  });
  all.push({ ...admin('dashboard stats', '/api/admin/dashboard-stats'), targeted: false });
  all.push({ name: "a client's tickets", path: '/api/tickets', cookie: 'client' });
  all.push({ name: "a client's invoices", path: '/api/invoices', cookie: 'client' });
  all.push({ name: "a client's invoices, page 4", path: '/api/invoices?page=4', cookie: 'client' });
  return all;
}

interface Measured {
  name: string;
  path: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  bytes: number;
  errors: number;
  targeted?: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** REQUESTS requests, CONCURRENCY at a time, after a warm-up: each timed to its last byte. */
async function measure(url: string, scenario: Scenario, cookie: string): Promise<Measured> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url + scenario.path, { headers: { cookie } });
    const body = await res.arrayBuffer();
    return { ms: performance.now() - started, ok: res.status === 200, bytes: body.byteLength };
  };
  for (let n = 0; n < WARM_UP; n++) await once();
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const result = await once();
        times.push(result.ms);
        bytes = result.bytes;
        if (!result.ok) errors++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    name: scenario.name,
    path: scenario.path,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1)!),
    bytes,
    errors,
    ...(scenario.targeted === false && { targeted: false }),
  };
}

/**
 * The portal client, through the API only (an embedded database cannot be opened beside the
 * server): signs up on the built-in provider, reading the code from the admin's outbox, which
 * gives them the invoices written to their address; then opens PORTAL_TICKETS tickets.
 */
async function benchClient(url: string, admin: string) {
  const stopReading = readOutboxOf(url, outboxThroughApi(url, admin, PORTAL_EMAIL));
  const browser = new BrowserSession(url);
  try {
    await signUpThroughProvider(browser, {
      firstName: 'Portal',
      lastName: 'Client',
      email: PORTAL_EMAIL,
      password: 'bench-client-passphrase',
    });
  } finally {
    stopReading();
  }
  for (let n = 0; n < PORTAL_TICKETS; n++) {
    const res = await browser.request('POST', '/api/tickets', {
      subject: `Portal ticket ${n}`,
      description: 'Please update the opening hours on the site.',
    });
    if (res.status !== 201) throw new Error(`ticket: ${res.status}`);
  }
  return `sid=${browser.cookie('sid')}`;
}

/** The ids the scenarios need, read before the server opens the database. */
async function scenarioIds(target: DatabaseTarget) {
  const database = await openDatabase(target);
  try {
    const client = await database.executeSql(
      "select id from users where email = 'client43@example.com'",
    );
    const search = await database.executeSql(
      'select id from lead_searches order by created_at desc limit 1',
    );
    return {
      client: (client.rows[0] as { id: string }).id,
      search: (search.rows[0] as { id: string }).id,
    };
  } finally {
    await database.close();
  }
}

async function runBackend(kind: 'pglite' | 'postgres') {
  const size = kind === 'postgres' ? FULL : tenth(FULL);
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          'bench_scale',
        )
      : undefined;
  const dataDir = scratch ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const target: DatabaseTarget = scratch ? { url: scratch.url } : { dataDir: dataDir! };
  let server: ServerProcess | undefined;
  try {
    console.warn(
      `\n[${kind}] seeding ${size.invoices.toLocaleString('en-US')} invoices and the rest`,
    );
    const seedSeconds = await seed(target, size);
    console.warn(`[${kind}] seeded in ${seedSeconds.toFixed(0)} s`);
    const ids = await scenarioIds(target);
    server = await startServerProcess(
      scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! },
      {
        built: true,
        readyTimeoutMs: 180_000,
        nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? startNodeArgs(),
      },
    );
    const admin = await adminCookie(server.baseUrl);
    const cookies = { admin, client: await benchClient(server.baseUrl, admin) };

    let peakRss = rssMb(server.child.pid!);
    let scenarioPeak = peakRss;
    const sampler = setInterval(() => {
      const now = rssMb(server!.child.pid!);
      peakRss = Math.max(peakRss, now);
      scenarioPeak = Math.max(scenarioPeak, now);
    }, 200);
    const results: Array<Measured & { peakRssMb: number }> = [];
    try {
      for (const scenario of scenarios(size, ids)) {
        scenarioPeak = rssMb(server.child.pid!);
        const result = {
          ...(await measure(server.baseUrl, scenario, cookies[scenario.cookie])),
          peakRssMb: Math.round(Math.max(scenarioPeak, rssMb(server.child.pid!))),
        };
        results.push(result);
        console.warn(
          `  ${result.name.padEnd(32)} p50 ${String(result.p50Ms).padStart(6)} ms  p95 ${String(result.p95Ms).padStart(6)} ms  ${result.bytes} B  ${result.peakRssMb} MB${result.errors ? `  ${result.errors} errors` : ''}`,
        );
      }
    } finally {
      clearInterval(sampler);
    }
    return {
      size,
      seedSeconds: Math.round(seedSeconds),
      peakRssMb: Math.round(peakRss),
      worstP95Ms: Math.max(...results.filter((r) => r.targeted !== false).map((r) => r.p95Ms)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      scenarios: results,
    };
  } finally {
    await server?.kill();
    if (scratch && process.env.BENCH_KEEP) console.warn(`kept ${scratch.url}`);
    else if (scratch) await scratch.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Backend = Awaited<ReturnType<typeof runBackend>>;

function report(postgres: Backend, pglite: Backend) {
  const meets = {
    p95: postgres.worstP95Ms <= TARGETS.p95Ms,
    rss: postgres.peakRssMb < TARGETS.rssMb,
    seed: postgres.seedSeconds <= TARGETS.seedSeconds,
  };
  const rows = postgres.scenarios.map((r, n) => {
    const small = pglite.scenarios[n]!;
    const name = r.targeted === false ? `${r.name} (no target)` : r.name;
    return `| ${name} | ${r.p50Ms} | ${r.p95Ms} | ${small.p95Ms} | ${r.bytes.toLocaleString('en-US')} |`;
  });
  return `<!-- bench:scale -->
## Lists at 100,000 rows (\`npm run bench:scale\`)

Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node.js ${process.version}: the built
server (one process) on PostgreSQL with 5,000 clients, 100,000 invoices (300,000 lines),
50,000 tickets (500,000 messages), 200,000 outbox messages, 1,000,000 leads in 500 searches,
10,000 requests, 10,000 signup links and 100,000 audit events; and on embedded PGlite at a
tenth of that. Each scenario: ${REQUESTS} requests, ${CONCURRENCY} at a time, after ${WARM_UP} to warm up; the time
is measured by the caller on loopback to the last byte of the answer (an upper bound of the
server's own time).

| Target (PostgreSQL) | Figure | Met |
| --- | --- | --- |
| every p95 <= ${TARGETS.p95Ms} ms | worst ${postgres.worstP95Ms} ms | ${meets.p95 ? 'yes' : 'no'} |
| server RSS < ${TARGETS.rssMb} MB | peak ${postgres.peakRssMb} MB | ${meets.rss ? 'yes' : 'no'} |
| seeding within ${TARGETS.seedSeconds / 60} minutes | ${postgres.seedSeconds} s | ${meets.seed ? 'yes' : 'no'} |

PGlite at a tenth (no target): worst p95 ${pglite.worstP95Ms} ms, peak RSS ${pglite.peakRssMb} MB
(the database runs inside the server process), seeded in ${pglite.seedSeconds} s.

| Scenario | PostgreSQL p50 ms | PostgreSQL p95 ms | PGlite (1/10) p95 ms | Answer bytes |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
<!-- /bench:scale -->`;
}

async function main() {
  if (TRIAL) {
    const result = await runBackend(TRIAL);
    console.warn(`\nworst p95 ${result.worstP95Ms} ms, peak RSS ${result.peakRssMb} MB`);
    return;
  }
  const postgres = await runBackend('postgres');
  const pglite = await runBackend('pglite');
  fs.writeFileSync(
    path.join(root, 'bench/results/scale.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: os.cpus().length, node: process.version },
        targets: TARGETS,
        requestsPerScenario: REQUESTS,
        concurrency: CONCURRENCY,
        postgres,
        pglite,
      },
      null,
      2,
    )}\n`,
  );
  writePerformanceSection('scale', report(postgres, pglite));
  console.warn('\nWrote bench/results/scale.json and docs/performance.md');
  if (postgres.errors || pglite.errors) process.exitCode = 1;
}

await main();
