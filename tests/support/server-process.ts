import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testDatabaseUrl } from '../../server/config';
import type { SearchJob } from '@shared/schemas/leads';
import { createScratchDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node flags `npm start` runs the server with (its heap limit), read from package.json's
 * script, so that a process measured or tested "as `npm start` runs it" follows that script.
 */
export function startNodeArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

export const PROCESS_ADMIN = { email: 'owner@example.com', password: 'fault tests passphrase' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Where server processes keep their data for one test: a new PGlite directory, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by `drop`).
 */
export interface ProcessDatabase {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** PostgreSQL only: the database's own URL. */
  url?: string;
  drop(): Promise<void>;
}

export async function processDatabase(): Promise<ProcessDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(serverUrl, 'fault');
  return {
    kind: 'postgres',
    url: scratch.url,
    env: { DATABASE_URL: scratch.url },
    drop: scratch.drop,
  };
}

/**
 * The Node.js processes whose parent is `pid`, read from /proc (Linux): a server's workers
 * with WEB_CONCURRENCY above 1 (tsx's esbuild helper is not one).
 */
export function nodeChildren(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // "pid (comm) state ppid ...": the name may hold spaces, so read around its parentheses.
        // The name is the main thread's, which Node.js 24 calls "MainThread": the executable
        // tells a Node.js process instead.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && path.basename(fs.readlinkSync(`/proc/${entry}/exe`)) === 'node';
      } catch {
        return false; // ended while being read
      }
    })
    .map(Number);
}

/** The product's server (server/index.ts) as its own operating-system process. */
export interface ServerProcess {
  readonly baseUrl: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export async function startServerProcess(
  env: Record<string, string>,
  {
    port: wanted,
    readyTimeoutMs = 60_000,
    built = false,
    nodeArgs = [],
  }: {
    port?: number;
    readyTimeoutMs?: number;
    /** Runs the production build (dist/server/index.js, `npm run build` first) instead of the sources. */
    built?: boolean;
    /** Flags for node itself (e.g. --cpu-prof). */
    nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = wanted ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = built ? ['dist/server/index.js'] : ['--import', 'tsx', 'server/index.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      // Several processes run at once: none listens for mail unless a test asks.
      INBOUND_SMTP_PORT: 'off',
      // Sender checks of inbound mail never leave the machine (tests/support/test-app.ts).
      DNS_SERVERS: '127.0.0.1:9',
      // Nor do the site checks' domain look-ups (RDAP): nothing listens there.
      RDAP_URL: 'http://127.0.0.1:9',
      RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:9/dns.json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let ended: number | string | undefined;
  void exited.then((result) => (ended = result));

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (ended !== undefined) throw new Error(`server exited (${ended}) before ready:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${printed}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    port,
    child,
    output: () => printed,
    exited,
    async kill(signal = 'SIGKILL') {
      if (ended === undefined) child.kill(signal);
      return exited;
    },
  };
}

/** A bulk lead search of Jackson, Mississippi (10 miles, no cap) as the marketing tool sends it. */
export const JACKSON_BULK_SEARCH = {
  state: 'Mississippi',
  city: 'Jackson',
  businessType: 'Healthcare',
  bulkMode: true,
  maxResults: 10_000,
  radius: 10,
} as const;

/** Starts a bulk lead search on a server process; its job id. */
export async function startBulkSearch(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/marketing-tool/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(JACKSON_BULK_SEARCH),
  });
  if (res.status !== 202) throw new Error(`bulk search not started: ${res.status}`);
  return ((await res.json()) as { jobId: string }).jobId;
}

/** Polls a bulk lead search's job until `until` holds; fails with the last answer after `timeoutMs`. */
export async function waitForJob(
  baseUrl: string,
  cookie: string,
  jobId: string,
  until: (job: SearchJob) => boolean,
  timeoutMs = 60_000,
): Promise<SearchJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/admin/marketing-tool/jobs/${jobId}`, {
      headers: { cookie },
    });
    const job = (await res.json()) as SearchJob;
    if (until(job)) return job;
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId} did not get there in ${timeoutMs} ms: ${JSON.stringify(job)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs the admin in on a server process; the Cookie header to send with later requests. */
export async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROCESS_ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
