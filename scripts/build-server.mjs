// Bundles the server (and its one-off commands) into dist/server; dependencies stay in node_modules.
// The page reader's worker thread is an entry point of its own: page-reader.ts starts it from
// dist/server/page-reader.worker.js, beside index.js.
import { build } from 'esbuild';

await build({
  entryPoints: {
    index: 'server/index.ts',
    'page-reader.worker': 'server/features/leads/analysis/page-reader.worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
