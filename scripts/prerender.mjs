// Writes dist/client/landing.html: index.html with the landing page's HTML already inside
// #root (served for "/" only; every other path gets the plain index.html).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/prerender');

await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'client/src/prerender.tsx'),
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
});

const { renderLanding } = await import(path.join(outDir, 'prerender.js'));
const markup = await renderLanding();
const indexPath = path.join(root, 'dist/client/index.html');
const shell = fs.readFileSync(indexPath, 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
fs.writeFileSync(
  path.join(root, 'dist/client/landing.html'),
  shell.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
);
console.log(`prerendered / (${(markup.length / 1024).toFixed(1)} kB of HTML)`);
// Timers of the rendered app (query cache) must not hold the build open.
process.exit(0);
