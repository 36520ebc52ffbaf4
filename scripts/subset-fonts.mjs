// `npm run fonts:subset`: cuts the design's two fonts down to the characters the pages set
// (Basic Latin, the accented Latin letters of names and addresses, and typographic
// punctuation), into client/src/assets/fonts/. index.css declares the same unicode-range, so a
// rarer character is drawn in the metric-matched fallback. `--check` (run by .ci/run) fails
// when the committed files are not what this script makes from the installed fonts.
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'client/src/assets/fonts');

/** Code point ranges kept; index.css's unicode-range lists the same. */
export const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xae, 0xae],
  [0xb7, 0xb7],
  [0xc0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
];

const FONTS = [
  {
    from: '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2',
    to: 'playfair-display-700.woff2',
  },
  {
    from: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    to: 'inter-wght.woff2',
  },
];

const text = RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
).join('');
const check = process.argv.includes('--check');
let stale = false;

for (const font of FONTS) {
  const source = fs.readFileSync(path.join(root, 'node_modules', font.from));
  const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
  const target = path.join(outDir, font.to);
  if (check) {
    const same = fs.existsSync(target) && Buffer.compare(fs.readFileSync(target), subset) === 0;
    if (!same) stale = true;
    console.log(`${same ? 'up to date' : 'STALE'}: ${path.relative(root, target)}`);
  } else {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(target, subset);
    console.log(`${path.relative(root, target)}: ${source.length} -> ${subset.length} bytes`);
  }
}
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
console.log(
  `unicode-range: ${RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ')};`,
);
if (stale) {
  console.error('Run "npm run fonts:subset" and commit the fonts.');
  process.exit(1);
}
