// `npm run bench:web`: builds the app, serves it on a fresh database, runs Lighthouse 12 on /
// (its default mobile emulation) three times in Debian's Chromium, and records the median
// scores and metrics, plus the gzipped JavaScript and CSS that / loads apart from the three.js
// chunks, in bench/results/web.json and docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  buildApp,
  chromePath,
  chromiumFlags,
  gzipKb,
  median,
  root,
  startBuiltApp,
  writePerformanceSection,
  writeResult,
} from './built-app.mjs';
import { LANDING_JS_BUDGET_KB } from './landing-js.mjs';

const RUNS = 3;
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  jsKb: LANDING_JS_BUDGET_KB,
  lcpMs: 1800,
  cls: 0.02,
};

buildApp();
const app = await startBuiltApp('web');
const baseUrl = app.baseUrl;

let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
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
    const sumKb = (items) => gzipKb(...items.map((item) => new URL(item.url).pathname));
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
      jsKb: sumKb(js),
      jsFiles: js.map((item) => new URL(item.url).pathname),
      cssKb: sumKb(css),
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
  writeResult('web', summary);

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
  writePerformanceSection('web', section);
  console.log('\n' + table);
} finally {
  await chrome?.kill();
  await app.stop();
}
