// `npm run bench:web`: builds the app, serves it on a fresh database, runs Lighthouse 12 on /
// (its default mobile emulation) three times in Debian's Chromium, and records the median
// scores and metrics, plus the gzipped JavaScript and CSS that / loads apart from the three.js
// chunks, in bench/results/web.json and docs/performance.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LANDING_JS_BUDGET_KB } from './landing-js.mjs';

const RUNS = 3;
const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  jsKb: LANDING_JS_BUDGET_KB,
  lcpMs: 1800,
  cls: 0.02,
};

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log('building...');
const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
const server = spawn('node', ['dist/server/index.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let chrome;
try {
  await waitFor(`${baseUrl}/api/health`);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await lighthouse(`${baseUrl}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result.lhr;
    const requests = lhr.audits['network-requests'].details.items;
    const threeChunk = requests.find((item) => /\/assets\/ocean-worker-[^/]+\.js$/.test(item.url));
    // Everything the page itself needs, whenever it is fetched: the part after pricing is
    // hydrated on idle and may well arrive after the three.js chunk, but it is the page's
    // code all the same. Only the three.js scene (loader, worker, renderer) is left out.
    const pageAssets = requests.filter(
      (item) =>
        /\/assets\/[^/]+\.(js|css)$/.test(item.url) &&
        !/ocean-(scene|worker|renderer)-/.test(item.url),
    );
    const belowTheFoldLoaded = pageAssets.some((item) =>
      /\/assets\/showcase-sections-[^/]+\.js$/.test(item.url),
    );
    if (!belowTheFoldLoaded) {
      throw new Error(
        'Lighthouse finished before the sections after pricing were fetched: the JavaScript count would be short',
      );
    }
    const gzipSize = (url) =>
      zlib.gzipSync(fs.readFileSync(path.join(root, 'dist/client', new URL(url).pathname))).length;
    const fonts = requests.filter((item) => /\/assets\/[^/]+\.woff2$/.test(item.url));
    const js = pageAssets.filter((item) => item.url.endsWith('.js'));
    const css = pageAssets.filter((item) => item.url.endsWith('.css'));
    const measured = {
      scores: Object.fromEntries(
        Object.entries(lhr.categories).map(([id, category]) => [
          id,
          Math.round(category.score * 100),
        ]),
      ),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      speedIndexMs: Math.round(lhr.audits['speed-index'].numericValue),
      jsKb: Number((js.reduce((sum, item) => sum + gzipSize(item.url), 0) / 1024).toFixed(1)),
      jsFiles: js.map((item) => new URL(item.url).pathname),
      cssKb: Number((css.reduce((sum, item) => sum + gzipSize(item.url), 0) / 1024).toFixed(1)),
      // Already compressed: counted as sent.
      fontKb: Number(
        (
          fonts.reduce(
            (sum, item) =>
              sum + fs.statSync(path.join(root, 'dist/client', new URL(item.url).pathname)).size,
            0,
          ) / 1024
        ).toFixed(1),
      ),
      threeChunkLoaded: Boolean(threeChunk),
      // Where the main thread went: the heaviest scripts by evaluation time.
      bootup: lhr.audits['bootup-time'].details.items
        .slice(0, 4)
        .map((item) => `${item.url.replace(baseUrl, '')}: ${Math.round(item.scripting)} ms`),
      failedAudits: Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => audit.id),
    };
    console.log(`run ${run}:`, JSON.stringify(measured));
    runs.push(measured);
  }

  const categories = Object.keys(runs[0].scores);
  const summary = {
    date: new Date().toISOString(),
    url: '/',
    runs: RUNS,
    emulation: 'Lighthouse 12 default (mobile, simulated throttling)',
    browser: chromePath,
    median: {
      scores: Object.fromEntries(
        categories.map((id) => [id, median(runs.map((r) => r.scores[id]))]),
      ),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
      jsKb: median(runs.map((r) => r.jsKb)),
      cssKb: median(runs.map((r) => r.cssKb)),
      fontKb: median(runs.map((r) => r.fontKb)),
    },
    jsFiles: [...new Set(runs.flatMap((r) => r.jsFiles))].sort(),
    targets: TARGETS,
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))].sort(),
    bootupPerRun: runs.map((r) => r.bootup),
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/web.json'),
    `${JSON.stringify(summary, null, 2)}\n`,
  );

  const m = summary.median;
  const meets = (ok) => (ok ? 'yes' : '**no**');
  const table = [
    '| figure | median of 3 | target | met |',
    '| --- | --- | --- | --- |',
    ...['performance', 'accessibility', 'best-practices', 'seo'].map(
      (id) =>
        `| Lighthouse ${id} | ${m.scores[id]} | >= ${TARGETS[id]} | ${meets(m.scores[id] >= TARGETS[id])} |`,
    ),
    `| LCP | ${m.lcpMs} ms | <= ${TARGETS.lcpMs} ms | ${meets(m.lcpMs <= TARGETS.lcpMs)} |`,
    `| CLS | ${m.cls} | <= ${TARGETS.cls} | ${meets(m.cls <= TARGETS.cls)} |`,
    `| JavaScript of the page, all but the three.js chunks (gzip) | ${m.jsKb} kB | <= ${TARGETS.jsKb} kB | ${meets(m.jsKb <= TARGETS.jsKb)} |`,
    `| CSS of the page (gzip) | ${m.cssKb} kB | | |`,
    `| Fonts (WOFF2) | ${m.fontKb} kB | | |`,
    `| FCP / TBT / Speed Index | ${m.fcpMs} ms / ${m.tbtMs} ms / ${m.speedIndexMs} ms | | |`,
  ].join('\n');
  const section = `<!-- bench:web -->\n## Landing page (\`npm run bench:web\`)\n\nLast run ${summary.date.slice(0, 10)}: Lighthouse 12 on \`/\`, default mobile emulation, ${RUNS} runs in Debian's Chromium, medians. Raw figures: [bench/results/web.json](../bench/results/web.json).\n\n${table}\n\nAudits below 0.9 in any run: ${summary.failedAudits.length ? summary.failedAudits.map((id) => `\`${id}\``).join(', ') : 'none'}.\n<!-- /bench:web -->`;
  const docPath = path.join(root, 'docs/performance.md');
  const doc = fs.existsSync(docPath)
    ? fs.readFileSync(docPath, 'utf8')
    : '# Performance\n\nFigures come from the benchmark scripts in bench/, never from timed assertions in tests.\n';
  const updated = /<!-- bench:web -->[\s\S]*<!-- \/bench:web -->/.test(doc)
    ? doc.replace(/<!-- bench:web -->[\s\S]*<!-- \/bench:web -->/, section)
    : `${doc.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(docPath, updated);
  console.log('\n' + table);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
