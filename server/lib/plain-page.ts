import fs from 'node:fs';
import path from 'node:path';
import { html, raw, type SafeHtml } from './html';
import { clientDistDir } from './paths';

/**
 * The frame of the server-rendered pages outside the SPA (the built-in provider's sign-in
 * pages, the sign-out page): the product's look, no JavaScript needed, so they work the same
 * for every browser and assistive technology.
 */

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;
background:linear-gradient(135deg,#0b3b4f 0%,#0e7490 55%,#f4d8a8 100%)}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 20px 50px rgba(2,32,48,.35)}
.brand{font-family:"Playfair Display",Georgia,serif;font-size:1.1rem;color:#0e7490;margin:0 0 4px;font-weight:700}
h1{font-size:1.6rem;margin:0 0 8px}
p.lead{margin:0 0 24px;color:#475569;overflow-wrap:anywhere}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit}
input:focus{outline:3px solid #67e8f9;outline-offset:1px;border-color:#0e7490}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:#0e7490;color:#fff;
font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#155e75}button:focus-visible{outline:3px solid #67e8f9;outline-offset:2px}
.error{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.hint{font-size:.8rem;color:#64748b;margin-top:4px}
.switch{margin-top:20px;text-align:center;color:#475569}
.notice{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#ecfeff;color:#155e75;border:1px solid #a5f3fc}
button.secondary{margin-top:12px;background:#fff;color:#0e7490;border:1px solid #0e7490}
button.secondary:hover{background:#ecfeff}
a{color:#0e7490;font-weight:600}
`;

/** The app's two typefaces as the build names their files ('inter-wght-<hash>.woff2'). */
const FONTS = [
  { prefix: 'inter-wght-', family: 'Inter', weight: '100 900', display: 'swap' },
  { prefix: 'playfair-display-700-', family: 'Playfair Display', weight: '700', display: 'swap' },
] as const;

const fontsByDir = new Map<string, { faces: string; preload: string[] }>();

/**
 * The app's own self-hosted fonts (scripts/subset-fonts.mjs, served by the SPA under /assets
 * with the hash the build gave them), as @font-face rules for these pages, found once per
 * build directory. Before a build there are none, and the pages fall back to system fonts.
 */
export function appFonts(assetsDir = path.join(clientDistDir, 'assets')): {
  faces: string;
  preload: string[];
} {
  const known = fontsByDir.get(assetsDir);
  if (known) return known;
  let files: string[] = [];
  try {
    files = fs.readdirSync(assetsDir);
  } catch {
    // Not built (tests, a fresh clone): system fonts.
  }
  const found = FONTS.flatMap((font) => {
    const file = files.find((name) => name.startsWith(font.prefix) && name.endsWith('.woff2'));
    return file ? [{ ...font, url: `/assets/${file}` }] : [];
  });
  const fonts = {
    faces: found
      .map(
        (font) =>
          `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${font.weight};font-display:${font.display};src:url(${font.url}) format("woff2")}`,
      )
      .join('\n'),
    preload: found.filter((font) => font.family === 'Inter').map((font) => font.url),
  };
  fontsByDir.set(assetsDir, fonts);
  return fonts;
}

interface PageOptions {
  title: string;
  brand: string;
  body: SafeHtml;
  scriptNonce?: string;
  script?: string;
}

export function plainPage({ title, brand, body, scriptNonce, script }: PageOptions): string {
  const fonts = appFonts();
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · ${brand}</title>
        ${fonts.preload.map(
          (url) =>
            html`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin />`,
        )}
        <style>
          ${raw(fonts.faces)}
          ${raw(STYLES)}
        </style>
      </head>
      <body>
        <main>
          <p class="brand">${brand}</p>
          ${body}
        </main>
        ${
          script && scriptNonce
            ? html`<script nonce="${scriptNonce}">
                ${raw(script)};
              </script>`
            : ''
        }
      </body>
    </html>`.value;
}
