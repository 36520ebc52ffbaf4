/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_SETTINGS } from './shared/constants';
import { SEO_START, seoHead } from './shared/seo';
import { DEFAULT_SITE_SNAPSHOT } from './shared/site-content-defaults';

const root = import.meta.dirname;
// The API runs on its own port during `npm run dev`; Vite proxies to it so the browser
// sees one origin (APP_URL), exactly as in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

const alias = {
  '@': path.join(root, 'client/src'),
  '@shared': path.join(root, 'shared'),
  '@tests': path.join(root, 'tests'),
  // wouter's shim for Reacts before 18: React's own hook (client/src/lib/use-sync-external-store.ts).
  'use-sync-external-store/shim/index.js': path.join(
    root,
    'client/src/lib/use-sync-external-store.ts',
  ),
};

/**
 * Writes the title, description, social cards and structured data into index.html from the
 * default settings; the server writes them again with the current ones and fills in
 * __APP_URL__ when serving (server/lib/spa.ts).
 */
const seoTags = (): Plugin => ({
  name: 'seo-tags',
  transformIndexHtml: (html) =>
    html.replace(SEO_START, () => seoHead(DEFAULT_SETTINGS, '__APP_URL__', DEFAULT_SITE_SNAPSHOT)),
});

/**
 * Writes .vite/chunks.json: each script chunk with its source modules and static imports, so
 * bench/landing-js.mjs can tell which scripts `/` loads even when a page shares its chunk.
 */
const chunkList = (): Plugin => ({
  name: 'chunk-list',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle)
      .filter((output) => output.type === 'chunk')
      .map((chunk) => ({
        file: chunk.fileName,
        modules: Object.keys(chunk.modules)
          .filter((id) => id.startsWith(root))
          .map((id) => path.relative(root, id).split(path.sep).join('/')),
        imports: chunk.imports,
      }));
    this.emitFile({
      type: 'asset',
      fileName: '.vite/chunks.json',
      source: `${JSON.stringify(chunks, null, 1)}\n`,
    });
  },
});

/**
 * A module's path as the chunk patterns name it: from the repository root, with /, and a
 * package's file from its node_modules folder on. The bundler names a module by its real
 * path, and where node_modules is a link to another checkout's (a git worktree) that path is
 * not under the repository root.
 */
const modulePath = (id: string): string => {
  const file = id.split(path.sep).join('/');
  const inPackages = file.lastIndexOf('/node_modules/');
  return inPackages >= 0
    ? file.slice(inPackages + 1)
    : path.relative(root, id).split(path.sep).join('/');
};

/** True for a module whose path (see modulePath) matches a pattern. */
const modulesMatching =
  (patterns: string[]) =>
  (id: string): boolean => {
    const file = modulePath(id);
    return patterns.some((pattern) => new RegExp(`^${pattern}`).test(file));
  };

/**
 * How `/` is chunked (its JavaScript budget is checked by bench/landing-js.mjs). Left to
 * itself the bundler cuts a dozen chunks of a few hundred bytes each for the landing page,
 * and every one costs a request and compresses badly. Instead: one chunk of the small
 * modules nearly every screen shares (React, the icon base, the button, money and plans),
 * and one of the landing page itself; its sections after pricing keep their own, fetched
 * after paint.
 */
const landingChunks = [
  {
    name: 'ui',
    priority: 2,
    test: modulesMatching([
      'node_modules/react/',
      'node_modules/lucide-react/dist/esm/(?!icons/)',
      'node_modules/lucide-react/dist/esm/icons/(check|chevron-down|clock|fish|mail|menu|phone|shield-check|star|x)\\.',
      'node_modules/(clsx|class-variance-authority)/',
      'node_modules/@radix-ui/react-(slot|compose-refs)/',
      'client/src/lib/utils\\.',
      'client/src/components/(ui/button|plan-card)\\.',
      'client/src/features/settings/api/get-public-settings\\.',
      'shared/(money|plans)\\.',
    ]),
  },
  {
    name: 'home-page',
    priority: 1,
    test: modulesMatching([
      'client/src/features/landing/(content|pages/(home-page|landing-page))\\.',
      'client/src/features/landing/components/(sections|use-scroll-reveal|site-nav|below-the-fold|animated-background|lead-modal-host)\\.',
    ]),
  },
];

/** The server tests' settings, on PostgreSQL (TEST_DATABASE_URL) or PGlite alike. */
const serverTests = {
  root,
  environment: 'node',
  setupFiles: ['tests/support/no-network.ts'],
  globalSetup: ['tests/support/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each API test file opens its own database; two at a time suits a 2-core machine.
  maxWorkers: 2,
};

/**
 * What is the embedded engine's own, run on PGlite also when the server suite runs on a
 * PostgreSQL server: the data directory and its lock, the data migrations, a process killed
 * mid-write, the heap a large e-mail needs beside it, the seed's start-up refusal, and a pass
 * through every route (and so every feature's repository). The browser tests run the built
 * server on PGlite as well, from an empty data directory.
 */
const PGLITE_OWN_TESTS = [
  'server/db/client.test.ts',
  'server/**/*-migration.test.ts',
  'server/cli/seed/seed.test.ts',
  'tests/faults/kill-during-invoices.test.ts',
  'tests/faults/inbound-large-mail.test.ts',
  'tests/security/authorization-matrix.test.ts',
];

export default defineConfig({
  root: path.join(root, 'client'),
  plugins: [react(), seoTags(), chunkList()],
  resolve: { alias },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we serve supports <link rel="modulepreload">: no polyfill in the bundle.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: landingChunks } } },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    root,
    projects: [
      {
        resolve: { alias },
        test: {
          ...serverTests,
          name: 'server',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      // With TEST_DATABASE_URL the server project runs on that PostgreSQL server; what only the
      // embedded engine has is proven on PGlite besides (docs/decisions/039).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                ...serverTests,
                name: 'pglite',
                include: PGLITE_OWN_TESTS,
                env: { TEST_DATABASE_URL: '' },
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          root,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: [
            'tests/support/no-network.ts',
            'tests/support/dom-setup.ts',
            'tests/support/api-setup.ts',
          ],
          // A page test renders a whole screen through the query client and msw: about 3 s
          // on a busy 2-core machine, past Vitest's 5 s default now and then when the server
          // tests run beside it.
          testTimeout: 15_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
