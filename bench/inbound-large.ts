/**
 * npm run bench:inbound-large: how the built server answers its health check while two large
 * e-mails arrive at once, the scenario of tests/faults/inbound-large-mail.test.ts
 * (tests/support/large-mail.ts): the server started as `npm start` starts it (its node flags,
 * `--max-old-space-size=384`), two messages of about 12 MB, each with an 8.7 MB PDF, delivered
 * at once over SMTP to a client's ticket, and `/api/health` asked 50 ms after each answer from
 * the first connection until the inbound log says what became of both.
 *
 * On embedded PGlite, the default set-up, where the database runs in the server's own thread
 * beside the mail's work; and on PostgreSQL too when one answers (BENCH_DATABASE_URL, else a
 * local server on 127.0.0.1:5432), where the ping leaves the process. BENCH_ROUNDS (5) fresh
 * servers each, as one run's slowest answer moves with whatever else the machine does: each
 * waits for a quiet machine, and one that other work disturbed anyway is measured again.
 *
 * Prints, per database, the slowest and p95 health answer, the time to both messages answered
 * 250 and to both processed, and the server's peak RSS; writes bench/results/inbound-large.json
 * and the "bench:inbound-large" section of docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  deliverLargeMail,
  LARGE_MAIL,
  seedLargeMailTicket,
  startLargeMailServer,
  type LargeMailRun,
} from '@tests/support/large-mail';
import { adminCookie, startNodeArgs, type ServerProcess } from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { cpuWindow, localPostgres, peakRssMb, percentile, quietMachine } from './measure';
import { writePerformanceSection, writeResult } from './report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLOWEST_TARGET_MS = 1000;
/** How many times a round that other work disturbed is measured again. */
const RETRIES = 3;

type Kind = 'pglite' | 'postgres';

interface Round {
  slowestHealthMs: number;
  p95HealthMs: number;
  checks: number;
  failedChecks: number;
  deliveredMs: number;
  processedMs: number;
  peakRssMb: number;
  /**
   * The round's wall time (composing the messages to the ticket read after both processed), the
   * machine's busy CPU-seconds in it, and those of processes other than the server, PostgreSQL
   * and the bench: other work on the machine, which slows the figures.
   */
  windowSeconds: number;
  machineBusyCpu: number;
  othersCpu: number;
  /** Both answered 250, both added, both files on the ticket at their exact size. */
  allAdded: boolean;
}

function allAdded(run: LargeMailRun) {
  return (
    run.replies.every((reply) => reply.startsWith('250 ')) &&
    run.states.length === 2 &&
    run.states.every((state) => state === 'added') &&
    LARGE_MAIL.ids.every((id) =>
      run.files.some(
        (file) => file.filename === `brochure-${id}.pdf` && file.size === LARGE_MAIL.pdfBytes,
      ),
    )
  );
}

async function round(kind: Kind, serverUrl: string | undefined): Promise<Round> {
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(serverUrl!, 'bench_inbound_large')
      : undefined;
  const dataDir = scratch ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-large-'));
  let server: ServerProcess | undefined;
  try {
    const ticket = await seedLargeMailTicket(
      scratch ? { url: scratch.url } : { dataDir: dataDir! },
    );
    const started = await startLargeMailServer(
      // npm start sets no NODE_ENV: the server's default, production, is what it runs under.
      {
        ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! }),
        NODE_ENV: 'production',
      },
      { built: true, readyTimeoutMs: 180_000 },
    );
    server = started.server;
    const pid = server.child.pid!;
    const cookie = await adminCookie(server.baseUrl);
    const cpu = cpuWindow(pid);
    const run = await deliverLargeMail(server, started.smtpPort, ticket, { cookie });
    const cpuSeconds = cpu.end();
    const ms = run.health.map((answer) => answer.ms);
    return {
      slowestHealthMs: Math.round(Math.max(...ms)),
      p95HealthMs: Math.round(percentile(ms, 95)),
      checks: ms.length,
      failedChecks: run.health.filter((answer) => answer.failure).length,
      deliveredMs: Math.round(run.deliveredMs),
      processedMs: Math.round(run.processedMs),
      peakRssMb: Math.round(peakRssMb(pid)),
      windowSeconds: cpuSeconds.window,
      machineBusyCpu: cpuSeconds.machineBusy,
      othersCpu: cpuSeconds.others,
      allAdded: allAdded(run),
    };
  } catch (error) {
    if (server) console.error(`server said:\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Other processes took more than a tenth of what the cores had in the round. */
const disturbed = (r: Round) => r.othersCpu > 0.1 * r.windowSeconds * os.cpus().length;

/**
 * A database's rounds, and over them: the slowest answer of all, the worst p95, the medians.
 * Each round starts on a quiet machine, and one that other work disturbed anyway is measured
 * again (up to RETRIES times): the figure is the server's with the cores to itself. The
 * disturbed rounds are kept aside, and count for what must hold under any load (no failed
 * check, both messages added).
 */
async function backend(kind: Kind, serverUrl?: string) {
  const rounds: Round[] = [];
  const disturbedRounds: Round[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    for (let tries = 0; ; tries++) {
      await quietMachine();
      const result = await round(kind, serverUrl);
      const again = disturbed(result) && tries < RETRIES;
      console.warn(
        `[${kind} ${n}/${ROUNDS}] health slowest ${result.slowestHealthMs} ms, p95 ${result.p95HealthMs} ms (${result.checks} checks, ${result.failedChecks} failed); both 250 at ${result.deliveredMs} ms, processed at ${result.processedMs} ms; peak RSS ${result.peakRssMb} MB; other work ${result.othersCpu} CPU-s${again ? ': again' : ''}`,
      );
      if (!again) {
        rounds.push(result);
        break;
      }
      disturbedRounds.push(result);
    }
  }
  const median = (pick: (round: Round) => number) => Math.round(percentile(rounds.map(pick), 50));
  const slowestHealthMs = Math.max(...rounds.map((r) => r.slowestHealthMs));
  const every = [...rounds, ...disturbedRounds];
  return {
    slowestHealthMs,
    worstP95HealthMs: Math.max(...rounds.map((r) => r.p95HealthMs)),
    failedChecks: every.reduce((sum, r) => sum + r.failedChecks, 0),
    checks: every.reduce((sum, r) => sum + r.checks, 0),
    medianDeliveredMs: median((r) => r.deliveredMs),
    medianProcessedMs: median((r) => r.processedMs),
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
    allAdded: every.every((r) => r.allAdded),
    met: slowestHealthMs <= SLOWEST_TARGET_MS,
    rounds,
    disturbedRounds,
  };
}

type Backend = Awaited<ReturnType<typeof backend>>;

const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The table: one column per database, a row per figure. */
function table(backends: Array<[string, Backend]>) {
  const row = (
    figure: string,
    value: (b: Backend) => string,
    target = '-',
    met?: (b: Backend) => boolean,
  ) =>
    `| ${figure} | ${backends.map(([, b]) => value(b)).join(' | ')} | ${target} | ${met ? yes(backends.every(([, b]) => met(b))) : '-'} |`;
  return [
    `| figure | ${backends.map(([label]) => label).join(' | ')} | target | met |`,
    `| --- | ${backends.map(() => '---').join(' | ')} | --- | --- |`,
    row(
      'Slowest health answer, all rounds',
      (b) => `${b.slowestHealthMs} ms`,
      `<= ${SLOWEST_TARGET_MS} ms`,
      (b) => b.met,
    ),
    row(
      "Each round's slowest / p95 health answer",
      (b) => b.rounds.map((r) => `${r.slowestHealthMs} / ${r.p95HealthMs}`).join(', ') + ' ms',
    ),
    row(
      'Health checks failed (not 200 within 5 s)',
      (b) => `${b.failedChecks} of ${b.checks}`,
      'none',
      (b) => b.failedChecks === 0,
    ),
    row(
      'Both answered 250 / both processed (median)',
      (b) => `${b.medianDeliveredMs} / ${b.medianProcessedMs} ms`,
    ),
    row('Server peak RSS', (b) => `${b.peakRssMb} MB`),
    row(
      'Both added with their files, every round',
      (b) => (b.allAdded ? 'yes' : 'no'),
      'yes',
      (b) => b.allAdded,
    ),
    row('Rounds measured again, other work having run (their slowest answers)', (b) =>
      b.disturbedRounds.length
        ? `${b.disturbedRounds.length} (${b.disturbedRounds.map((r) => r.slowestHealthMs).join(', ')} ms)`
        : '0',
    ),
    row('CPU-seconds per round: machine busy (other work) of those it had', (b) =>
      b.rounds
        .map(
          (r) =>
            `${r.machineBusyCpu} (${r.othersCpu}) of ${(r.windowSeconds * os.cpus().length).toFixed(1)}`,
        )
        .join(', '),
    ),
  ].join('\n');
}

async function main() {
  const serverUrl = localPostgres();
  const pglite = await backend('pglite');
  const postgres = serverUrl ? await backend('postgres', serverUrl) : null;
  const summary = {
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    nodeArgs: startNodeArgs(),
    rounds: ROUNDS,
    pdfBytes: LARGE_MAIL.pdfBytes,
    targetSlowestHealthMs: SLOWEST_TARGET_MS,
    pglite,
    postgres,
  };
  console.log(JSON.stringify(summary, null, 2));
  const kept = [pglite, ...(postgres ? [postgres] : [])].flatMap((b) => b.rounds);
  const othersNote = kept.some(disturbed)
    ? `: other work still ran in ${kept.filter(disturbed).length} of the rounds kept, whose figures are slower for it`
    : ': in the rounds kept, nothing else of note was running (a round disturbed by other work was measured again)';
  writeResult('inbound-large', summary);
  writePerformanceSection(
    'inbound-large',
    `<!-- bench:inbound-large -->
## Two large e-mails at once (\`npm run bench:inbound-large\`)

Last run ${summary.date} on ${summary.cores} cores: the built server as \`npm start\` runs it (\`node ${summary.nodeArgs.join(' ')}\`), two e-mails of about 12 MB, each with an 8.7 MB PDF, delivered at once over SMTP to a client's ticket, while \`/api/health\` is asked 50 ms after each answer, from the first connection until the inbound log says what became of both. ${ROUNDS} rounds on a fresh server and database each, on embedded PGlite${postgres ? ' and on PostgreSQL' : ' (no PostgreSQL answered: its half was skipped)'}. Raw figures: [bench/results/inbound-large.json](../bench/results/inbound-large.json).

${table([['PGlite', pglite], ...(postgres ? [['PostgreSQL', postgres] as [string, Backend]] : [])])}

The server, PostgreSQL and the bench (the senders, the health check) share the ${summary.cores} cores; the
last row counts, for each round from composing the messages to reading the ticket, the
CPU-seconds the machine was busy and, in brackets, those of other processes${othersNote}.
The health checks of the rounds measured again count in the failed checks' row.

The health route pings the database (and answers 503 when the ping takes over 2 s), but what
its slowest answer waits behind is the server's one thread: in a trial run a static file
asked beside it stalled at the same moments and as long (to 243 ms on PGlite, 195 ms on
PostgreSQL). The mail's work holds the event loop in stretches of 100 to 300 ms: each
message read whole, DKIM's line normalising and body hash (mailauth), the PDF's base64
decoded (mailparser), and with the first e-mail a process receives, loading mailauth itself
(230 to 320 ms of compiling, once; it is loaded on first use so that a process that never
receives mail does not pay it at start). Every round is a fresh server, so every round
includes that load. On PGlite the database runs on that thread too, and the ping queues
behind the mail's queries; its memory (WebAssembly's, outside the heap the flag limits) is in
the server's peak RSS too.

The test (\`tests/faults/inbound-large-mail.test.ts\`) runs the same scenario on the sources
(through tsx) and asserts what a load balancer sees, every check answered 200 within 5 s,
not this figure. On CI, with the whole suite sharing 2 cores, the slowest answer in that
test measured 1253 ms (PostgreSQL) and 1683 ms (PGlite), against 300 to 490 ms alone on an
idle machine: the figure moves with whatever else the cores are doing.
<!-- /bench:inbound-large -->`,
  );
  const all = [pglite, ...(postgres ? [postgres] : [])];
  if (!all.every((b) => b.allAdded && b.failedChecks === 0)) {
    throw new Error('a round lost a message or a file, or failed a health check');
  }
}

await main();
