// What the browser benchmarks (bench:web, bench:dashboard) share: building the app, serving the
// build on a free port with a fresh data directory, the median of runs, a built file's gzipped
// size, and their section of docs/performance.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '..');
export const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The flags every benchmark starts Chromium with. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Built client files' gzipped size in kB, one decimal: each `file` is its path on the site. */
export function gzipKb(...files) {
  const bytes = files.reduce(
    (sum, file) =>
      sum + zlib.gzipSync(fs.readFileSync(path.join(root, 'dist/client', file))).length,
    0,
  );
  return Number((bytes / 1024).toFixed(1));
}

/** `npm run build`; exits with its status when it fails. */
export function buildApp() {
  console.log('building...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Serves the build (dist/) on a free port with an empty database of its own, once
 * `prepare(env)` (a command run against that database first, say) has run; resolves once it
 * answers. `stop()` ends it and removes its data.
 */
export async function startBuiltApp(name, prepare = () => {}) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A benchmark that receives mail turns the listener on in prepare(env).
    INBOUND_SMTP_PORT: 'off',
  };
  prepare(env);
  const server = spawn('node', ['dist/server/index.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Writes a benchmark's summary to bench/results/<name>.json. */
export function writeResult(name, summary) {
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/${name}.json`),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
}

/**
 * Puts a benchmark's section into docs/performance.md between its `<!-- bench:NAME -->`
 * markers (the section includes them), replacing the last run's, or at the end the first time.
 */
export function writePerformanceSection(name, section) {
  const docPath = path.join(root, 'docs/performance.md');
  const doc = fs.readFileSync(docPath, 'utf8');
  const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*<!-- /bench:${name} -->`);
  fs.writeFileSync(
    docPath,
    pattern.test(doc) ? doc.replace(pattern, () => section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
}
