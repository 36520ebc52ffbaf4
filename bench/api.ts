// `npm run bench:api`: the built server under autocannon (50 connections, 30 s a scenario)
// on embedded PGlite and on PostgreSQL, beside a bare Express 'hello world' on the same
// machine (reported beside them, not a target). Scenarios: a signed-in client reading its 20
// tickets and one ticket of 20 messages; the admin reading the first page of 500 invoices and
// the dashboard stats over 10,000 subscriptions; a mix of 80% reads and 20% ticket messages written. Then, on
// PostgreSQL, a soak of the mixed scenario (10 minutes) sampling the server's memory, and
// the time the API takes to answer 503 once PostgreSQL is gone.
// Writes bench/results/api.json and the "bench:api" section of docs/performance.md.
//
// BENCH_DATABASE_URL: the PostgreSQL server to use (a fresh database is made on it and
// dropped after); without it the PostgreSQL half is skipped and said so.
// BENCH_SECONDS (30) and BENCH_SOAK_MINUTES (10) shorten a trial run.
// Each scenario's share of the ceiling is printed beside the last committed result's (HEAD's
// bench/results/api.json), so a run shows a regression of its own commit.
// BENCH_TRIAL=pglite|postgres runs that backend alone, without soak or outage, and writes
// nothing; BENCH_SCENARIOS=clientTickets,mixed picks scenarios; BENCH_CPU_PROF=DIR has the
// server write a CPU profile there (open it in Chrome's DevTools).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type DatabaseTarget } from '../server/db/client';
import { subscriptions, users } from '../server/db/schema';
import {
  BrowserSession,
  outboxThroughApi,
  readOutboxOf,
  signUpThroughProvider,
} from '@tests/support/browser-session';
import {
  adminCookie,
  freePort,
  nodeChildren,
  startServerProcess,
  type ServerProcess,
} from '@tests/support/server-process';
import { startTcpProxy } from '@tests/support/tcp-proxy';
import { createScratchDatabase } from '@tests/support/test-database';
import { rssMb, writePerformanceSection } from './report';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const TRIAL = process.env.BENCH_TRIAL as 'pglite' | 'postgres' | undefined;
const PICKED = process.env.BENCH_SCENARIOS?.split(',');
const CPU_PROF = process.env.BENCH_CPU_PROF;
const CONNECTIONS = 50;
/** Server processes on PostgreSQL (WEB_CONCURRENCY): one per core, as docs/operations.md advises. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
// The share of a hello-world ceiling is reported, no longer a target (docs/decisions/022): this
// bench is a regression check; bench:scale holds the lists' targets.
const TARGETS = { p99Ms: 50, memoryGrowth: 0.2 };

interface Figure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  shareOfCeiling?: number;
}

async function cannon(options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

async function helloWorld(workers: number): Promise<Figure> {
  const port = await freePort();
  const server = spawn(process.execPath, ['bench/hello-world.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: String(workers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => server.stdout!.once('data', () => resolve()));
  try {
    await cannon({ url: `http://127.0.0.1:${port}/`, duration: 3 }); // warm-up
    return await cannon({ url: `http://127.0.0.1:${port}/` });
  } finally {
    server.kill('SIGTERM');
  }
}

/** The ceiling: the better of a hello world in one process and in WORKERS processes. */
async function helloWorldCeiling() {
  const oneProcess = await helloWorld(1);
  const processes = WORKERS > 1 ? await helloWorld(WORKERS) : oneProcess;
  for (const [label, figure] of [
    ['1 process', oneProcess],
    [`${WORKERS} processes`, processes],
  ] as const) {
    console.warn(
      `hello world, ${label}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms`,
    );
  }
  const best = processes.requestsPerSecond > oneProcess.requestsPerSecond ? processes : oneProcess;
  return { best, oneProcess, processes };
}

/** 10,000 clients with a subscription (6,000 active over the three plans), written directly. */
async function seedSubscriptions(target: DatabaseTarget) {
  const database = await openDatabase(target);
  await database.migrate();
  const tiers = ['essentials', 'signature', 'prestige'] as const;
  const statuses = ['active', 'active', 'active', 'pending', 'canceled'] as const;
  for (let batch = 0; batch < 10; batch++) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, n) => ({
          oidcIssuer: 'https://bench.invalid',
          oidcSubject: `bench-${batch}-${n}`,
          email: `subscriber${batch * 1000 + n}@example.com`,
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(subscriptions).values(
      rows.map(({ id }, n) => ({
        userId: id,
        tier: tiers[n % 3]!,
        status: statuses[n % 5]!,
        activatedAt: n % 5 < 3 ? new Date() : null,
      })),
    );
  }
  await database.close();
}

interface Seeded {
  admin: string;
  client: string;
  ticketId: string;
  writeTicketId: string;
}

/** Through the API, as people would: 20 tickets, 20 messages on one, 500 invoices. */
async function seedThroughApi(url: string): Promise<Seeded> {
  const admin = await adminCookie(url);
  const browser = new BrowserSession(url);
  // The sign-up's code is read from the admin's outbox (no SMTP server in the bench).
  const stopReading = readOutboxOf(url, outboxThroughApi(url, admin, 'bench.client@example.com'));
  try {
    await signUpThroughProvider(browser, {
      firstName: 'Bench',
      lastName: 'Client',
      email: 'bench.client@example.com',
      password: 'bench-client-passphrase',
    });
  } finally {
    stopReading();
  }
  const client = `sid=${browser.cookie('sid')}`;
  const ticketIds: string[] = [];
  for (let n = 0; n < 20; n++) {
    const res = await browser.request('POST', '/api/tickets', {
      subject: `Ticket ${n}: update the opening hours`,
      description: `Please change the opening hours on the contact page (request ${n}).`,
      priority: n % 3 === 0 ? 'high' : 'normal',
    });
    if (res.status !== 201) throw new Error(`ticket: ${res.status}`);
    ticketIds.push(((await res.json()) as { id: string }).id);
  }
  for (let n = 0; n < 20; n++) {
    const res = await browser.request('POST', `/api/tickets/${ticketIds[0]}/messages`, {
      message: `Message ${n}: here are the new hours, Monday to Friday 8 to 6.`,
    });
    if (res.status !== 201) throw new Error(`message: ${res.status}`);
  }
  for (let n = 0; n < 500; n += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const res = await fetch(`${url}/api/admin/invoices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: admin },
          body: JSON.stringify({
            clientName: `Client ${n + k}`,
            clientEmail: `client${n + k}@example.com`,
            planType: 'signature',
            dueDate: '2026-12-31',
            lineItems: [
              { description: 'Website care plan', quantity: 1, unitPrice: 19_900 },
              { description: 'Extra page', quantity: 2, unitPrice: 5_000 },
            ],
          }),
        });
        if (res.status !== 201) throw new Error(`invoice: ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  return { admin, client, ticketId: ticketIds[0]!, writeTicketId: ticketIds[1]! };
}

function scenarios(url: string, seeded: Seeded) {
  const message = JSON.stringify({ message: 'Any news on the opening hours?' });
  return {
    clientTickets: { url: `${url}/api/tickets`, headers: { cookie: seeded.client } },
    clientTicket: {
      url: `${url}/api/tickets/${seeded.ticketId}`,
      headers: { cookie: seeded.client },
    },
    adminInvoices: { url: `${url}/api/admin/invoices`, headers: { cookie: seeded.admin } },
    adminDashboard: {
      url: `${url}/api/admin/dashboard-stats`,
      headers: { cookie: seeded.admin },
    },
    mixed: {
      url,
      headers: { cookie: seeded.client, 'content-type': 'application/json' },
      // Four reads, then one write, on every connection in turn: 80% / 20%.
      requests: [
        { method: 'GET', path: '/api/tickets' },
        { method: 'GET', path: `/api/tickets/${seeded.ticketId}` },
        { method: 'GET', path: '/api/tickets' },
        { method: 'GET', path: `/api/tickets/${seeded.ticketId}` },
        { method: 'POST', path: `/api/tickets/${seeded.writeTicketId}/messages`, body: message },
      ],
    },
  } satisfies Record<string, autocannon.Options>;
}
type ScenarioName = keyof ReturnType<typeof scenarios>;
const READS: ScenarioName[] = ['clientTickets', 'clientTicket', 'adminInvoices', 'adminDashboard'];

/** Where a run's figures are kept in api.json: one key per backend and process count. */
type BackendKey = 'pglite' | 'postgres' | 'postgresOneProcess';

interface Committed {
  date: string;
  figures: Partial<Record<BackendKey, Partial<Record<ScenarioName, Figure>>>>;
}

/**
 * The last committed result (HEAD's bench/results/api.json), the yardstick of this run: shares
 * of a ceiling measured in the same run compare across machines and loads, req/s do not.
 * Null outside a git checkout or before a first result.
 */
function lastCommitted(): Committed | null {
  try {
    const text = execFileSync('git', ['show', 'HEAD:bench/results/api.json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const saved = JSON.parse(text) as {
      date: string;
      pglite?: { figures: Record<ScenarioName, Figure> } | null;
      postgres?: { figures: Record<ScenarioName, Figure> } | null;
      postgresOneProcess?: { figures: Record<ScenarioName, Figure> } | null;
    };
    return {
      date: saved.date,
      figures: {
        pglite: saved.pglite?.figures,
        postgres: saved.postgres?.figures,
        postgresOneProcess: saved.postgresOneProcess?.figures,
      },
    };
  } catch {
    return null;
  }
}
const COMMITTED = lastCommitted();

const percent = (share: number | undefined) =>
  share === undefined ? '-' : `${(share * 100).toFixed(1)}%`;

/** This run's share of the ceiling and p99 beside the last committed result's. */
function besideCommitted(key: BackendKey, name: ScenarioName, figure: Figure): string {
  const before = COMMITTED?.figures[key]?.[name];
  if (!COMMITTED || !before) return `${percent(figure.shareOfCeiling)} of the ceiling`;
  const fell =
    before.shareOfCeiling !== undefined &&
    figure.shareOfCeiling !== undefined &&
    figure.shareOfCeiling < before.shareOfCeiling * 0.9;
  return (
    `${percent(figure.shareOfCeiling)} of the ceiling (last committed, ` +
    `${COMMITTED.date.slice(0, 10)}: ${percent(before.shareOfCeiling)}), ` +
    `p99 ${figure.p99Ms} ms (was ${before.p99Ms} ms)${fell ? '  <-- LOWER than committed' : ''}`
  );
}

/** The shares of a backend's scenarios beside the last committed ones, as a table. */
function printShares(
  label: string,
  key: BackendKey,
  figures: Partial<Record<ScenarioName, Figure>>,
) {
  const before = COMMITTED?.figures[key];
  console.warn(
    `\n[${label}] share of the ceiling, this run vs last committed (${COMMITTED?.date.slice(0, 10) ?? 'none'}):`,
  );
  console.warn('  scenario        now      committed   p99 now   p99 committed');
  for (const name of Object.keys(figures) as ScenarioName[]) {
    const figure = figures[name]!;
    const was = before?.[name];
    console.warn(
      `  ${name.padEnd(15)} ${percent(figure.shareOfCeiling).padStart(6)}   ${percent(was?.shareOfCeiling).padStart(9)}   ${`${figure.p99Ms} ms`.padStart(7)}   ${was ? `${was.p99Ms} ms` : '-'}`,
    );
  }
}

async function runBackend(
  kind: 'pglite' | 'postgres',
  ceiling: Figure,
  { workers = 1, faults = true }: { workers?: number; faults?: boolean } = {},
) {
  const label = workers > 1 ? `${kind}, ${workers} processes` : kind;
  const key: BackendKey =
    kind === 'pglite' ? 'pglite' : workers > 1 ? 'postgres' : 'postgresOneProcess';
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(process.env.BENCH_DATABASE_URL!, 'bench_api')
      : undefined;
  const databaseUrl = scratch?.url;
  const dataDir = scratch ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  // PostgreSQL is reached through a relay, so the outage figure can take it away.
  const pgAddress = databaseUrl ? new URL(databaseUrl) : undefined;
  const relay = pgAddress
    ? await startTcpProxy({ host: pgAddress.hostname, port: Number(pgAddress.port || 5432) })
    : undefined;
  const serverUrl = pgAddress ? new URL(pgAddress.href) : undefined;
  if (serverUrl && relay) serverUrl.port = String(relay.port);

  let server: ServerProcess | undefined;
  try {
    console.warn(`\n[${label}] seeding 10,000 subscriptions`);
    await seedSubscriptions(databaseUrl ? { url: databaseUrl } : { dataDir: dataDir! });
    server = await startServerProcess(
      serverUrl
        ? { DATABASE_URL: serverUrl.href, WEB_CONCURRENCY: String(workers) }
        : { DATA_DIR: dataDir! },
      {
        built: true,
        nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
        // On a machine busy with other work, PGlite alone may take over a minute to start.
        readyTimeoutMs: 180_000,
      },
    );
    console.warn(`[${label}] seeding tickets, messages and 500 invoices through the API`);
    const seeded = await seedThroughApi(server.baseUrl);
    const all = scenarios(server.baseUrl, seeded);

    const figures = {} as Record<ScenarioName, Figure>;
    const names = (Object.keys(all) as ScenarioName[]).filter((n) => !PICKED || PICKED.includes(n));
    for (const name of names) {
      await cannon({ ...all[name], duration: 3 }); // warm-up
      const figure = await cannon(all[name]);
      figure.shareOfCeiling =
        Math.round((figure.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000;
      figures[name] = figure;
      console.warn(
        `[${label}] ${name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, errors ${figure.errors}, non-2xx ${figure.non2xx}; ${besideCommitted(key, name, figure)}`,
      );
    }
    printShares(label, key, figures);

    let soak: Awaited<ReturnType<typeof soakTest>> | undefined;
    let outage: Awaited<ReturnType<typeof outageTest>> | undefined;
    if (kind === 'postgres' && relay && faults && !TRIAL) {
      soak = await soakTest(server, all.mixed);
      outage = await outageTest(server.baseUrl, seeded, relay);
    }
    return { figures, soak, outage };
  } catch (error) {
    if (server) {
      console.error(
        `server (exit ${server.child.exitCode}) said:\n${server.output().slice(-6000)}`,
      );
    }
    throw error;
  } finally {
    await server?.kill('SIGTERM');
    await relay?.stop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

/** The mixed scenario for SOAK_MINUTES; RSS sampled every 5 s, the first fifth is warm-up. */
async function soakTest(server: ServerProcess, mixed: autocannon.Options) {
  const pid = server.child.pid!;
  const samples: Array<{ second: number; rssMb: number }> = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    // The primary and its workers (WEB_CONCURRENCY), together.
    const total = [pid, ...nodeChildren(pid)].reduce((sum, each) => sum + rssMb(each), 0);
    samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: total });
  }, 5000);
  console.warn(`[postgres] soak: mixed scenario for ${SOAK_MINUTES} minutes`);
  const figure = await cannon({ ...mixed, duration: SOAK_MINUTES * 60 });
  clearInterval(sampler);
  const warmUp = (SOAK_MINUTES * 60) / 5;
  const after = samples.filter((sample) => sample.second > warmUp);
  const window = Math.max(1, Math.floor(after.length / 5));
  const mean = (list: typeof samples) => list.reduce((sum, s) => sum + s.rssMb, 0) / list.length;
  const baseline = mean(after.slice(0, window));
  const end = mean(after.slice(-window));
  const growth = Math.round(((end - baseline) / baseline) * 1000) / 1000;
  console.warn(
    `[postgres] soak: RSS ${baseline.toFixed(0)} MB after warm-up, ${end.toFixed(0)} MB at the end (${(growth * 100).toFixed(1)}%), ${figure.requests} requests, errors ${figure.errors}, non-2xx ${figure.non2xx}`,
  );
  return {
    minutes: SOAK_MINUTES,
    requests: figure.requests,
    errors: figure.errors,
    non2xx: figure.non2xx,
    p99Ms: figure.p99Ms,
    rssAfterWarmUpMb: Math.round(baseline),
    rssAtEndMb: Math.round(end),
    memoryGrowth: growth,
    samples,
  };
}

/** PostgreSQL taken away: how long the API takes to answer 503, and that it comes back. */
async function outageTest(
  url: string,
  seeded: Seeded,
  relay: Awaited<ReturnType<typeof startTcpProxy>>,
) {
  await relay.stop();
  const timings: number[] = [];
  for (const path of ['/api/admin/invoices', '/api/admin/dashboard-stats', '/api/health']) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { cookie: seeded.admin } });
    await res.arrayBuffer();
    if (res.status !== 503)
      throw new Error(`${path} answered ${res.status} with the database down`);
    timings.push(performance.now() - started);
  }
  await relay.start();
  let recoveredMs = 0;
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/api/admin/invoices`, { headers: { cookie: seeded.admin } });
    await res.arrayBuffer();
    if (res.status === 200) break;
    if (performance.now() - started > 30_000) throw new Error('no recovery in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  recoveredMs = performance.now() - started;
  const worst = Math.round(Math.max(...timings));
  console.warn(
    `[postgres] outage: 503 within ${worst} ms, back ${Math.round(recoveredMs)} ms after PostgreSQL returned`,
  );
  return { worst503Ms: worst, recoveredMs: Math.round(recoveredMs) };
}

function verdicts(figures: Record<ScenarioName, Figure>, kind: 'pglite' | 'postgres') {
  return Object.fromEntries(
    (Object.keys(figures) as ScenarioName[]).map((name) => {
      const figure = figures[name];
      const clean = figure.errors === 0 && figure.non2xx === 0;
      const fast = kind !== 'postgres' || !READS.includes(name) || figure.p99Ms <= TARGETS.p99Ms;
      return [name, clean && fast];
    }),
  );
}

async function main() {
  const hello = await helloWorldCeiling();
  const ceiling = hello.best;
  if (TRIAL) {
    await runBackend(TRIAL, ceiling, { workers: TRIAL === 'postgres' ? WORKERS : 1 });
    console.warn('Trial run: nothing written.');
    return;
  }
  const pglite = await runBackend('pglite', ceiling);
  const postgresOneProcess = process.env.BENCH_DATABASE_URL
    ? await runBackend('postgres', ceiling, { faults: false })
    : undefined;
  const postgres = process.env.BENCH_DATABASE_URL
    ? await runBackend('postgres', ceiling, { workers: WORKERS })
    : undefined;
  if (!postgres) console.warn('BENCH_DATABASE_URL is not set: the PostgreSQL half was skipped.');

  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    connections: CONNECTIONS,
    secondsPerScenario: SECONDS,
    targets: TARGETS,
    workers: WORKERS,
    ceiling,
    helloWorld: { oneProcess: hello.oneProcess, processes: hello.processes },
    pglite: { figures: pglite.figures, met: verdicts(pglite.figures, 'pglite') },
    postgres: postgres
      ? {
          figures: postgres.figures,
          met: verdicts(postgres.figures, 'postgres'),
          soak: postgres.soak && {
            ...postgres.soak,
            met:
              postgres.soak.memoryGrowth <= TARGETS.memoryGrowth &&
              postgres.soak.errors === 0 &&
              postgres.soak.non2xx === 0,
          },
          outage: postgres.outage,
        }
      : null,
    postgresOneProcess: postgresOneProcess
      ? {
          figures: postgresOneProcess.figures,
          met: verdicts(postgresOneProcess.figures, 'postgres'),
        }
      : null,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/api.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  writeSection(result);
}

const LABELS: Record<ScenarioName, string> = {
  clientTickets: 'Client: GET /api/tickets (20 tickets)',
  clientTicket: 'Client: GET /api/tickets/{id} (20 messages)',
  adminInvoices: 'Admin: GET /api/admin/invoices (500 invoices)',
  adminDashboard: 'Admin: GET /api/admin/dashboard-stats (10,000 subscriptions)',
  mixed: 'Mixed: 80% reads, 20% ticket messages written',
};

interface BackendFigures {
  figures: Record<ScenarioName, Figure>;
  met: Record<string, boolean>;
}

function writeSection(result: {
  date: string;
  machine: string;
  workers: number;
  ceiling: Figure;
  helloWorld: { oneProcess: Figure; processes: Figure };
  pglite: BackendFigures;
  postgres:
    | (BackendFigures & {
        soak?: {
          minutes: number;
          rssAfterWarmUpMb: number;
          rssAtEndMb: number;
          memoryGrowth: number;
          requests: number;
          errors: number;
          non2xx: number;
          met: boolean;
        };
        outage?: { worst503Ms: number; recoveredMs: number };
      })
    | null;
  postgresOneProcess: BackendFigures | null;
}) {
  const row = (label: string, figure: Figure, met?: boolean) =>
    `| ${label} | ${figure.requestsPerSecond} | ${figure.p50Ms} | ${figure.p99Ms} | ${figure.errors} / ${figure.non2xx} | ${figure.shareOfCeiling === undefined ? '100%' : `${Math.round(figure.shareOfCeiling * 100)}%`} | ${met === undefined ? '' : met ? 'yes' : 'NO'} |`;
  const ceilingLabel = `Bare Express 'hello world' (ceiling: ${result.ceiling === result.helloWorld.processes && result.workers > 1 ? `${result.workers} processes` : '1 process'})`;
  const table = (backend: BackendFigures | null) =>
    backend
      ? [
          '| scenario | req/s | p50 ms | p99 ms | errors / non-2xx | of ceiling | met |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          row(ceilingLabel, result.ceiling),
          ...(Object.keys(LABELS) as ScenarioName[]).map((name) =>
            row(LABELS[name], backend.figures[name], backend.met[name]),
          ),
        ].join('\n')
      : 'Not run (BENCH_DATABASE_URL unset).';
  const soak = result.postgres?.soak;
  const outage = result.postgres?.outage;
  const section = [
    '<!-- bench:api -->',
    '## API under load (`npm run bench:api`)',
    '',
    `Last run ${result.date.slice(0, 10)} on ${result.machine}: the built server and autocannon (${CONNECTIONS} connections, ${SECONDS} s a scenario after a 3 s warm-up) on the same machine, beside a bare Express 'hello world' as the ceiling. Targets: no errors and no non-2xx anywhere; on PostgreSQL every read scenario at least 35% of the ceiling with p99 at most 50 ms. Dashboard stats are two SQL queries whatever the number of subscriptions (server/features/dashboard/dashboard.queries.test.ts). Raw figures: [bench/results/api.json](../bench/results/api.json).`,
    '',
    `Hello world: ${result.helloWorld.oneProcess.requestsPerSecond} req/s in one process, ${result.helloWorld.processes.requestsPerSecond} req/s in ${result.workers} processes; the better is the ceiling.`,
    '',
    `### PostgreSQL, ${result.workers} server processes (\`WEB_CONCURRENCY=${result.workers}\`, one per core)`,
    '',
    table(result.postgres),
    '',
    '### PostgreSQL, one server process',
    '',
    table(result.postgresOneProcess),
    '',
    '### PGlite (embedded, inside the one server process)',
    '',
    table(result.pglite),
    '',
    soak
      ? `Soak (PostgreSQL, mixed scenario, ${soak.minutes} minutes, ${soak.requests} requests, ${soak.errors} errors, ${soak.non2xx} non-2xx): RSS of the server processes together ${soak.rssAfterWarmUpMb} MB after warm-up, ${soak.rssAtEndMb} MB at the end, growth ${(soak.memoryGrowth * 100).toFixed(1)}% (target at most 20%): ${soak.met ? 'met' : 'NOT met'}.`
      : 'Soak: not run.',
    '',
    outage
      ? `PostgreSQL taken away under the running server: the API answered 503 within ${outage.worst503Ms} ms (target 2 s), and served again ${outage.recoveredMs} ms after PostgreSQL returned, without a restart.`
      : '',
    '<!-- /bench:api -->',
  ].join('\n');
  writePerformanceSection('api', section);
  console.warn(`\n${section}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
