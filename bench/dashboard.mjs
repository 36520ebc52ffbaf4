// `npm run bench:dashboard`: builds the app, serves it on a fresh database with one admin, and
// opens /admin/dashboard cold (a new browser context each time: no cache, no service worker)
// in Debian's Chromium, signed in. Records, from the start of the navigation, when the seven
// figures show and when the charts (their own chunk, recharts) have drawn, as medians, in
// bench/results/dashboard.json and docs/performance.md. The figures must show within 1 s.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { chromium } from 'playwright';
import {
  buildApp,
  chromePath,
  root,
  chromiumFlags,
  gzipKb,
  median,
  startBuiltApp,
  writePerformanceSection,
  writeResult,
} from './built-app.mjs';

const RUNS = 7;
const FIGURES_TARGET_MS = 1000;
const admin = { email: 'bench@example.com', password: 'bench-admin-password', firstName: 'Bench' };

if (!process.argv.includes('--no-build')) buildApp();

// The admin is made on the empty database before the server starts.
const createAdmin = (env) => {
  const created = spawnSync(
    'npx',
    [
      'tsx',
      'server/cli/admin-create.ts',
      '--email',
      admin.email,
      '--password',
      admin.password,
      '--first-name',
      admin.firstName,
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (created.status !== 0) process.exit(created.status ?? 1);
};
const app = await startBuiltApp('dashboard', createAdmin);
const baseUrl = app.baseUrl;

let browser;
try {
  browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
  const runs = [];
  // Run 0 warms the server (its first queries, the files' first reads) and is not counted.
  for (let run = 0; run <= RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: baseUrl });
    const login = await context.request.post('/api/admin/login', {
      data: { email: admin.email, password: admin.password },
    });
    if (!login.ok()) throw new Error(`admin sign-in answered ${login.status()}`);
    const page = await context.newPage();
    const scripts = [];
    let chartsRequestedAt = null;
    page.on('request', (request) => {
      if (/\/assets\/trend-charts-[^/]+\.js$/.test(request.url())) chartsRequestedAt ??= Date.now();
    });
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/.test(response.url()))
        scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/admin/dashboard', { waitUntil: 'commit' });
    // The last of the seven cards holds its figure (a skeleton until then).
    await page.waitForFunction(
      () =>
        ['Active Subscribers', 'Overdue'].every((name) =>
          document.querySelector(`[role="group"][aria-label="${name}"] p.text-3xl`),
        ),
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    const figuresMs = await page.evaluate(() => performance.now());
    await page.waitForSelector('figure svg.recharts-surface', { timeout: 30_000 });
    const chartsRequestedMs =
      chartsRequestedAt === null
        ? null
        : chartsRequestedAt - (await page.evaluate(() => performance.timeOrigin));
    const chartsMs = await page.evaluate(() => performance.now());
    await context.close();
    const measured = {
      figuresMs: Math.round(figuresMs),
      chartsChunkRequestedMs: chartsRequestedMs === null ? null : Math.round(chartsRequestedMs),
      chartsMs: Math.round(chartsMs),
    };
    console.log(run === 0 ? 'warm-up:' : `run ${run}:`, JSON.stringify(measured));
    if (run > 0) runs.push({ ...measured, scripts });
  }

  const chartsChunk = runs[0].scripts.find((file) => /trend-charts-/.test(file));
  const summary = {
    date: new Date().toISOString(),
    url: '/admin/dashboard',
    runs: RUNS,
    conditions:
      'a new browser context per run (cold cache), signed in, empty database, no throttling, this machine',
    browser: chromePath,
    median: {
      figuresMs: median(runs.map((r) => r.figuresMs)),
      chartsChunkRequestedMs: median(runs.map((r) => r.chartsChunkRequestedMs ?? Infinity)),
      chartsMs: median(runs.map((r) => r.chartsMs)),
    },
    perRun: runs.map(({ scripts: _scripts, ...r }) => r),
    chartsChunk: chartsChunk && { file: chartsChunk, gzipKb: gzipKb(chartsChunk) },
    target: { figuresMs: FIGURES_TARGET_MS },
    loadAverage: os.loadavg(),
  };
  writeResult('dashboard', summary);

  const m = summary.median;
  const met = m.figuresMs <= FIGURES_TARGET_MS;
  const table = [
    `| figure | median of ${RUNS} | target | met |`,
    '| --- | --- | --- | --- |',
    `| The seven figures show | ${m.figuresMs} ms | <= ${FIGURES_TARGET_MS} ms | ${met ? 'yes' : '**no**'} |`,
    `| The charts' chunk is requested | ${m.chartsChunkRequestedMs} ms | as the figures show, not before (within a frame) | ${m.chartsChunkRequestedMs >= m.figuresMs - 50 ? 'yes' : '**no**'} |`,
    `| The charts have drawn | ${m.chartsMs} ms | | |`,
    `| The charts' chunk (gzip) | ${summary.chartsChunk?.gzipKb ?? '?'} kB | | |`,
  ].join('\n');
  const load = os.loadavg()[0].toFixed(1);
  const section = `<!-- bench:dashboard -->\n## Admin dashboard, cold (\`npm run bench:dashboard\`)\n\nLast run ${summary.date.slice(0, 10)}: \`/admin/dashboard\` opened signed in, in a new browser context each run (nothing cached), ${RUNS} runs after a warm-up in Debian's Chromium on this machine, no throttling, load average ${load} on ${os.cpus().length} cores when it ran, medians; times from the start of the navigation. The stat cards render from \`/api/admin/dashboard/stats\` without the chart library; the charts (recharts, their own chunk) are asked for only once the figures show. Raw figures: [bench/results/dashboard.json](../bench/results/dashboard.json).\n\n${table}\n<!-- /bench:dashboard -->`;
  writePerformanceSection('dashboard', section);
  console.log('\n' + table);
  if (!met) process.exitCode = 1;
} finally {
  await browser?.close();
  await app.stop();
}
