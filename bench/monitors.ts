/**
 * npm run bench:monitors: 2,000 websites watched by the built server at a 5-minute interval
 * (SITE_CHECK_INTERVAL_SECONDS), every one of them served by a local stand-in that answers
 * after a random delay and fails one request in a hundred (HTTP 503).
 *
 * The sites are added through the admin API as the owner would (200 clients, 10 sites each).
 * After one interval to settle (each new site's first check falls somewhere in it), the bench
 * watches for BENCH_MONITOR_INTERVALS intervals and reads:
 * - schedule drift: for every check after a site's first, how far the time since its previous
 *   check is from the interval (p50, p95, worst), from the checks' rows;
 * - the server's average CPU over the window, as a share of one core (/proc);
 * - database rows and bytes per site per day: the checks' rows written in the window, and the
 *   table's size (indexes included) per row; the hourly roll-ups' size per row, from the same
 *   checks rolled up; and from these the storage one site takes after a year (30 days raw,
 *   then hours).
 * Needs PostgreSQL (BENCH_DATABASE_URL, else a local server on 127.0.0.1:5432): the figures
 * are read from the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { BUILT_IN_ISSUER, users } from '../server/db/schema';
import {
  adminCookie,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { localPostgres, peakRssMb, percentile, postgresCpu, processCpu } from './measure';
import { writePerformanceSection } from './report';

const root = path.resolve(import.meta.dirname, '..');
const SITES = Number(process.env.BENCH_MONITOR_SITES ?? 2000);
const SITES_PER_CLIENT = 10;
const INTERVAL_SECONDS = Number(process.env.BENCH_MONITOR_INTERVAL_SECONDS ?? 300);
/** Intervals watched after the first (which only settles the schedule). */
const INTERVALS = Number(process.env.BENCH_MONITOR_INTERVALS ?? 2);
const FAILURE_RATE = 0.01;
/** The stand-in's answer delay: 20 ms to about 1 s, most of them short (an exponential tail). */
const delayMs = () => Math.min(1000, 20 + Math.round(-Math.log(1 - Math.random()) * 120));
const TARGETS = { driftP95Ms: 5000, cpuShareOfCore: 0.25 };

/** A site's home page: a few kB of HTML, as a small business's site sends. */
const PAGE = `<!doctype html><html><head><title>Bench site</title></head><body>${'<p>Open Monday to Friday, 8 to 6.</p>'.repeat(80)}</body></html>`;

function startStandIn(port: number) {
  let requests = 0;
  let failures = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const fail = Math.random() < FAILURE_RATE;
    if (fail) failures++;
    setTimeout(() => {
      res.writeHead(fail ? 503 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(fail ? 'Service unavailable' : PAGE);
    }, delayMs());
  });
  server.keepAliveTimeout = 60_000;
  return new Promise<{ stats: () => { requests: number; failures: number }; close: () => void }>(
    (resolve) =>
      server.listen(port, '127.0.0.1', () =>
        resolve({
          stats: () => ({ requests, failures }),
          close: () => server.close(),
        }),
      ),
  );
}

async function createClients(url: string): Promise<string[]> {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.ceil(SITES / SITES_PER_CLIENT) }, (_, n) => ({
          oidcIssuer: BUILT_IN_ISSUER,
          oidcSubject: crypto.randomUUID(),
          email: `owner${n}@bench.test`,
          emailVerified: true,
          firstName: 'Owner',
          lastName: String(n),
          businessName: `Business ${n}`,
        })),
      )
      .returning({ id: users.id });
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

async function addSites(baseUrl: string, cookie: string, clients: string[], standInPort: number) {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const n = next++;
      if (n >= SITES) return;
      const client = clients[Math.floor(n / SITES_PER_CLIENT)]!;
      const res = await fetch(`${baseUrl}/api/admin/clients/${client}/sites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url: `http://127.0.0.1:${standInPort}/site/${n}` }),
      });
      if (res.status !== 201)
        throw new Error(`adding site ${n}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const serverUrl = localPostgres();
  if (!serverUrl) {
    throw new Error(
      'bench:monitors needs PostgreSQL: set BENCH_DATABASE_URL or run one on 127.0.0.1:5432',
    );
  }
  const scratch = await createScratchDatabase(serverUrl, 'bench_monitors');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-monitors-'));
  const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const standInPort = await freePort();
  const standIn = await startStandIn(standInPort);
  let server: ServerProcess | undefined;
  try {
    const clients = await createClients(scratch.url);
    server = await startServerProcess(
      {
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        OUTBOUND_ALLOW_LOOPBACK: 'true',
        SITE_CHECK_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
        // No RDAP server: the daily domain look-ups fail fast on a closed loopback port.
        RDAP_URL: 'http://127.0.0.1:9',
        RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:9/dns.json',
      },
      { built: true, readyTimeoutMs: 120_000 },
    );
    const cookie = await adminCookie(server.baseUrl);
    const addStarted = performance.now();
    await addSites(server.baseUrl, cookie, clients, standInPort);
    const addSeconds = (performance.now() - addStarted) / 1000;
    console.log(`${SITES} sites added in ${addSeconds.toFixed(1)} s; settling one interval...`);
    await sleep(INTERVAL_SECONDS * 1000);

    const pid = server.child.pid!;
    const windowStart = new Date();
    const cpuBefore = { server: processCpu(pid), postgres: postgresCpu() };
    const wallBefore = performance.now();
    const standInBefore = standIn.stats();
    console.log(`watching ${INTERVALS} intervals of ${INTERVAL_SECONDS} s...`);
    await sleep(INTERVALS * INTERVAL_SECONDS * 1000);
    const windowSeconds = (performance.now() - wallBefore) / 1000;
    const windowEnd = new Date();
    const cpu = {
      server: processCpu(pid) - cpuBefore.server,
      postgres: postgresCpu() - cpuBefore.postgres,
    };
    const standInAfter = standIn.stats();
    const rss = peakRssMb(pid);

    // Gaps between a site's consecutive checks whose later one falls in the window.
    const { rows: gaps } = await db.query<{ drift_ms: number }>(
      `select abs(extract(epoch from (checked_at - previous)) * 1000 - $3::int * 1000)::float8
                as drift_ms
         from (select checked_at,
                      lag(checked_at) over (partition by site_id order by checked_at) as previous
                 from site_checks) c
        where previous is not null and checked_at >= $1 and checked_at < $2`,
      [windowStart, windowEnd, INTERVAL_SECONDS],
    );
    const drifts = gaps.map((row) => row.drift_ms);
    const { rows: counted } = await db.query<{ checks: string; failed: string; sites: string }>(
      `select count(*) as checks, count(*) filter (where not ok) as failed,
              count(distinct site_id) as sites
         from site_checks where checked_at >= $1 and checked_at < $2`,
      [windowStart, windowEnd],
    );
    const checks = Number(counted[0]!.checks);
    const sitesChecked = Number(counted[0]!.sites);
    const { rows: sized } = await db.query<{ rows: string; bytes: string }>(
      `select count(*) as rows, pg_total_relation_size('site_checks') as bytes from site_checks`,
    );
    const checkRows = Number(sized[0]!.rows);
    const bytesPerCheck = Number(sized[0]!.bytes) / checkRows;
    // The hourly roll-up of the same checks, to weigh one hour's row (the table is empty until
    // checks are 30 days old).
    await db.query(
      `insert into site_check_hours (site_id, hour, checks, failures, response_ms_median, response_ms_max)
       select site_id, date_trunc('hour', checked_at), count(*), count(*) filter (where not ok),
              percentile_disc(0.5) within group (order by response_ms), max(response_ms)
         from site_checks group by 1, 2
       on conflict do nothing`,
    );
    const { rows: hourSized } = await db.query<{ rows: string; bytes: string }>(
      `select count(*) as rows, pg_total_relation_size('site_check_hours') as bytes
         from site_check_hours`,
    );
    const bytesPerHour = Number(hourSized[0]!.bytes) / Number(hourSized[0]!.rows);
    const { rows: incidentRows } = await db.query<{ n: string }>(
      'select count(*) as n from site_incidents',
    );

    const days = windowSeconds / 86_400;
    const checksPerSitePerDay = checks / SITES / days;
    const bytesPerSitePerDay = checksPerSitePerDay * bytesPerCheck;
    const yearBytes = 30 * bytesPerSitePerDay + 335 * 24 * bytesPerHour;
    const serverShare = cpu.server / windowSeconds;
    const driftP95 = Math.round(percentile(drifts, 95));
    const summary = {
      date: new Date().toISOString().slice(0, 10),
      cores: os.availableParallelism(),
      sites: SITES,
      intervalSeconds: INTERVAL_SECONDS,
      windowSeconds: Math.round(windowSeconds),
      sitesAddedSeconds: Number(addSeconds.toFixed(1)),
      checks,
      checksExpected: Math.round((SITES * windowSeconds) / INTERVAL_SECONDS),
      sitesChecked,
      failedChecks: Number(counted[0]!.failed),
      standInRequests: standInAfter.requests - standInBefore.requests,
      standInFailures: standInAfter.failures - standInBefore.failures,
      incidents: Number(incidentRows[0]!.n),
      driftMs: {
        p50: Math.round(percentile(drifts, 50)),
        p95: driftP95,
        max: Math.round(Math.max(0, ...drifts)),
        gaps: drifts.length,
      },
      serverCpuShareOfCore: Number(serverShare.toFixed(3)),
      postgresCpuShareOfCore: Number((cpu.postgres / windowSeconds).toFixed(3)),
      serverPeakRssMb: Math.round(rss),
      checkRowsPerSitePerDay: Number(checksPerSitePerDay.toFixed(1)),
      bytesPerCheckRow: Math.round(bytesPerCheck),
      bytesPerSitePerDay: Math.round(bytesPerSitePerDay),
      bytesPerHourRow: Math.round(bytesPerHour),
      storagePerSiteAfterAYearKb: Math.round(yearBytes / 1024),
      targets: TARGETS,
    };
    console.log(JSON.stringify(summary, null, 2));
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/monitors.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    const yes = (met: boolean) => (met ? 'yes' : '**no**');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    writePerformanceSection(
      'monitors',
      `<!-- bench:monitors -->
## Site checks (\`npm run bench:monitors\`)

Last run ${summary.date} on ${summary.cores} cores: the built server on PostgreSQL watching ${SITES} sites (${SITES / SITES_PER_CLIENT} clients, added through the admin API in ${summary.sitesAddedSeconds} s) every ${INTERVAL_SECONDS} s, served by a local stand-in that answers after 20 ms to 1 s (most under 200 ms) and fails one request in a hundred with a 503. After one interval to settle, ${INTERVALS} intervals (${summary.windowSeconds} s) watched. Raw figures: [bench/results/monitors.json](../bench/results/monitors.json).

| figure | result | target | met |
| --- | --- | --- | --- |
| Schedule drift p50 / p95 / worst (a site's time between two checks, off the interval) | ${summary.driftMs.p50} / ${summary.driftMs.p95} / ${summary.driftMs.max} ms | p95 <= ${TARGETS.driftP95Ms} ms | ${yes(driftP95 <= TARGETS.driftP95Ms)} |
| Server's average CPU | ${(serverShare * 100).toFixed(1)}% of a core | <= ${TARGETS.cpuShareOfCore * 100}% | ${yes(serverShare <= TARGETS.cpuShareOfCore)} |
| PostgreSQL's average CPU (all its processes) | ${(summary.postgresCpuShareOfCore * 100).toFixed(1)}% of a core | - | - |
| Checks in the window | ${checks} of ${summary.checksExpected} expected, ${sitesChecked} sites | - | - |
| Failed checks (stand-in's 503s in the window) | ${summary.failedChecks} (${summary.standInFailures}) | - | - |
| Incidents opened (two failures in a row) | ${summary.incidents} | - | - |
| Server peak RSS | ${summary.serverPeakRssMb} MB | - | - |
| Check rows per site per day | ${summary.checkRowsPerSitePerDay} | - | - |
| Bytes per check row (table and indexes) / per site per day | ${summary.bytesPerCheckRow} B / ${kb(summary.bytesPerSitePerDay)} | - | - |
| Bytes per hourly roll-up row | ${summary.bytesPerHourRow} B | - | - |
| Storage per site after a year (30 days raw, 335 days of hours) | ${summary.storagePerSiteAfterAYearKb} kB | - | - |

Drift is read from the checks' rows: for each check in the window, the time since the same
site's previous check, less the interval. The year's storage is 30 days of raw checks (what
the retention job keeps) plus an hourly row for each of the other 335 days; the roll-up
row's size is weighed on this run's checks rolled up by hour (the product rolls up only
checks older than 30 days). The stand-in, PostgreSQL and the server share the cores.
<!-- /bench:monitors -->`,
    );
  } finally {
    await server?.kill('SIGTERM');
    standIn.close();
    await db.end();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
