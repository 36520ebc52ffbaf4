// `npm run bench:landing-js`: the gzipped JavaScript a visitor's browser fetches for `/`,
// counted as bench:web counts it (every script but the three.js scene), without a browser:
// the build's chunk list (vite.config.ts) says which chunks hold the entry, the landing page
// and the sections after pricing, and what they import. tests/e2e/landing-js.spec.ts checks
// that this is the set the browser fetches. Exits 1 over the budget, so .ci/run keeps it
// from drifting. Needs a build.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 90;

/** The modules `/` runs for a visitor; the three.js scene, the lead dialog and toasts wait. */
const LANDING_MODULES = [
  'client/src/main.tsx',
  'client/src/features/landing/pages/home-page.tsx',
  'client/src/features/landing/components/showcase-sections.tsx',
];

/** The landing page's scripts (paths under dist/client) with their gzipped sizes in bytes. */
export function landingScripts(clientDir) {
  const listPath = path.join(clientDir, '.vite/chunks.json');
  if (!fs.existsSync(listPath)) {
    throw new Error(`${listPath} is missing: run "npm run build" first`);
  }
  const chunks = JSON.parse(fs.readFileSync(listPath, 'utf8'));
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file).imports) visit(imported);
  };
  for (const module of LANDING_MODULES) {
    const chunk = chunks.find((candidate) => candidate.modules.includes(module));
    if (!chunk) throw new Error(`no chunk of the build holds ${module}`);
    visit(chunk.file);
  }
  return [...files].sort().map((file) => ({
    file: `/${file}`,
    gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length,
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clientDir = path.resolve(import.meta.dirname, '../dist/client');
  const scripts = landingScripts(clientDir);
  for (const { file, gzipBytes } of scripts) {
    console.log(`${(gzipBytes / 1024).toFixed(1).padStart(6)} kB  ${file}`);
  }
  const totalKb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  const within = totalKb <= LANDING_JS_BUDGET_KB;
  console.log(
    `${totalKb.toFixed(1).padStart(6)} kB  JavaScript of / (gzip), budget ${LANDING_JS_BUDGET_KB} kB: ${within ? 'within' : 'OVER'}`,
  );
  if (!within) process.exit(1);
}
