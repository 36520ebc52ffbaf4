// Bundles the server (and its one-off commands) into dist/server; dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
