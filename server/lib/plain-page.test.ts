import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { appFonts } from './plain-page';

it("declares the app's own built font files for the server's pages, and none before a build", () => {
  const assets = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  for (const file of [
    'inter-wght-D5k92x0v.woff2',
    'playfair-display-700-CaXfHfVH.woff2',
    'index-x.js',
  ]) {
    fs.writeFileSync(path.join(assets, file), '');
  }
  const fonts = appFonts(assets);
  expect(fonts.faces).toContain(
    '@font-face{font-family:"Inter";font-style:normal;font-weight:100 900;font-display:swap;src:url(/assets/inter-wght-D5k92x0v.woff2) format("woff2")}',
  );
  expect(fonts.faces).toContain(
    'font-family:"Playfair Display";font-style:normal;font-weight:700;font-display:swap;src:url(/assets/playfair-display-700-CaXfHfVH.woff2)',
  );
  expect(fonts.preload).toEqual(['/assets/inter-wght-D5k92x0v.woff2']);

  expect(appFonts(path.join(assets, 'not-built'))).toEqual({ faces: '', preload: [] });
});
