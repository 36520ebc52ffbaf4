// Writes dist/client/landing.html: index.html with the landing page's HTML already inside
// #root and its headings' font preloaded (served for "/" only; every other path gets the plain
// index.html). It is rendered with the default settings; dist/prerender/prerender.js stays for
// the server, which renders the page again with the current settings (server/lib/landing-page.ts,
// decision 020).
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
// The server finds #root's content as running to the last </div> before </body>.
if (!/<div id="root"><\/div>\s*<\/body>/.test(shell)) {
  throw new Error('index.html must end its body with an empty #root');
}

// The hero's title is the largest text of the first screen: its font is fetched with the
// stylesheet rather than after it, so the title is seldom drawn in the fallback first. The
// preload names the hashed file exactly as the stylesheet does, or the browser fetches twice.
const stylesheet = shell.match(/<link rel="stylesheet"[^>]* href="([^"]+)"/)?.[1];
if (!stylesheet) throw new Error('index.html links no stylesheet');
const css = fs.readFileSync(path.join(root, 'dist/client', stylesheet), 'utf8');
const headingFont = css.match(/url\((\/assets\/playfair-display-700-[\w-]+\.woff2)\)/)?.[1];
if (!headingFont) throw new Error(`${stylesheet} names no Playfair Display Bold font file`);
const preload = `<link rel="preload" href="${headingFont}" as="font" type="font/woff2" crossorigin>`;

fs.writeFileSync(
  path.join(root, 'dist/client/landing.html'),
  shell
    .replace('</head>', `  ${preload}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
);
console.log(`prerendered / (${(markup.length / 1024).toFixed(1)} kB of HTML)`);
// Timers of the rendered app (query cache) must not hold the build open.
process.exit(0);
