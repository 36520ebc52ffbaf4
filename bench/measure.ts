/**
 * What the server benchmarks (bench:inbound, bench:inbound-large, bench:monitors) measure with: the PostgreSQL they
 * run on, percentiles, and the CPU and memory of the processes under test, read from /proc.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** BENCH_DATABASE_URL, else a PostgreSQL on 127.0.0.1:5432 when one answers. */
export function localPostgres(): string | undefined {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
    return 'postgres://postgres@127.0.0.1:5432/test';
  } catch {
    return undefined;
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export const peakRssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
export const TICKS = 100;

/** The machine's CPU seconds, busy and in all (every core), since boot (/proc/stat). */
export function machineCpu() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/**
 * Waits until the machine has been less than `busyBelow` busy (a share of all its cores) over
 * `seconds`, for at most `timeoutMs` (then goes on, and the figures say what else ran): a
 * benchmark on a machine shared with other work measures that work too.
 */
export async function quietMachine({ busyBelow = 0.1, seconds = 2, timeoutMs = 600_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const after = machineCpu();
    const busy = (after.busy - before.busy) / (after.total - before.total || 1);
    if (busy < busyBelow || Date.now() > deadline) return;
  }
}

/**
 * A process's CPU seconds (user and system) so far; with `reaped`, those of its children that
 * have ended and been waited for too.
 */
export function processCpu(pid: number, { reaped = false } = {}) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime and cstime: the 14th to 17th fields, the 12th to 15th after the name.
  const own = Number(fields[11]) + Number(fields[12]);
  return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS;
}

/**
 * The CPU seconds of PostgreSQL (the server is on this machine): its running processes', and
 * those of the backends that have ended since it started, which the postmaster reaped (a
 * connection closed during a measurement takes its CPU time with it otherwise).
 */
export function postgresCpu() {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        seconds += processCpu(Number(entry), { reaped: true });
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/**
 * The CPU-seconds from now to `end()`, one decimal, that tell a benchmark's figures from other
 * work on the machine: the machine's busy time, the server's, PostgreSQL's, the bench's own
 * (this process), and the rest, `others`, over a window of `window` seconds.
 */
export function cpuWindow(serverPid: number) {
  const started = performance.now();
  const machine = machineCpu().busy;
  const server = processCpu(serverPid);
  const postgres = postgresCpu();
  const bench = process.cpuUsage();
  return {
    end() {
      const own = process.cpuUsage(bench);
      const used = {
        machineBusy: machineCpu().busy - machine,
        server: processCpu(serverPid) - server,
        postgres: postgresCpu() - postgres,
        bench: (own.user + own.system) / 1e6,
      };
      const others = used.machineBusy - used.server - used.postgres - used.bench;
      const oneDecimal = (n: number) => Number(n.toFixed(1));
      return {
        window: oneDecimal((performance.now() - started) / 1000),
        machineBusy: oneDecimal(used.machineBusy),
        server: oneDecimal(used.server),
        postgres: oneDecimal(used.postgres),
        bench: oneDecimal(used.bench),
        others: oneDecimal(Math.max(0, others)),
      };
    },
  };
}
