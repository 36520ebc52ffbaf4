import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureTierZones } from './eslint-rules/client-feature-tiers.js';
import { conventionsPlugin } from './eslint-rules/conventions.js';
import { lifecyclePlugin } from './eslint-rules/table-writers.js';

/**
 * Every folder is read from this file's own folder, never from the working directory: eslint
 * run from server/ (an editor, a script) gives the same answers as from the root.
 */
const ROOT = import.meta.dirname;
const FEATURES_DIR = `${ROOT}/client/src/features`;
const SERVER_FEATURES_DIR = `${ROOT}/server/features`;
const foldersIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersIn(FEATURES_DIR);
const serverFeatures = foldersIn(SERVER_FEATURES_DIR);

/**
 * The client's boundaries (docs/conventions.md, docs/architecture.md): a feature uses another
 * feature only through that feature's public.ts, and only a feature of a lower tier
 * (eslint-rules/client-feature-tiers.js), so no two import each other; app/ reaches features
 * through their pages and public files; features, components/ and lib/ never reach up into
 * app/; components/ and lib/ know no feature.
 */
const clientZones = [
  ...features.map((feature) => ({
    target: `${FEATURES_DIR}/${feature}`,
    from: FEATURES_DIR,
    except: [
      `./${feature}`,
      ...features.filter((f) => f !== feature).map((f) => `./${f}/public.ts`),
    ],
    message: `A feature imports another feature only through its public.ts.`,
  })),
  ...featureTierZones(FEATURES_DIR),
  {
    target: './client/src/app',
    from: FEATURES_DIR,
    except: features.flatMap((f) => [`./${f}/pages`, `./${f}/public.ts`]),
    message: 'app/ reaches a feature through its pages/ or its public.ts.',
  },
  ...['./client/src/features', './client/src/components', './client/src/lib'].map((target) => ({
    target,
    from: './client/src/app',
    message: 'Only app/ itself imports app/.',
  })),
  ...['./client/src/components', './client/src/lib'].map((target) => ({
    target,
    from: FEATURES_DIR,
    message: 'components/ and lib/ are shared by features and know none of them.',
  })),
];

/**
 * Each aggregate with a status has one lifecycle module, its one writer (docs/conventions.md,
 * ADR 006). The money tables are written, any column (insert, update, delete), only by
 * theirs; of tickets and sites, only the status is guarded. The rules: eslint-rules/table-writers.js.
 */
const MONEY_TABLE_WRITERS = {
  invoices: 'server/features/invoices/invoice-lifecycle.ts',
  subscriptions: 'server/features/subscriptions/subscription-lifecycle.ts',
  creditNotes: 'server/features/invoices/credit-note-lifecycle.ts',
};
const STATUS_WRITERS = {
  tickets: 'server/features/tickets/ticket-lifecycle.ts',
  sites: 'server/features/sites/site-lifecycle.ts',
};
/**
 * The lifecycle modules, named: a file called `*-lifecycle.ts` gets no right to query, nor to
 * be imported by other features, by its name alone.
 */
const LIFECYCLE_MODULES = [
  ...new Set([
    ...Object.values(MONEY_TABLE_WRITERS),
    ...Object.values(STATUS_WRITERS),
    // What money does to a signed proposal, in the invoices' transactions (issue 38).
    'server/features/proposals/proposal-lifecycle.ts',
  ]),
];

/**
 * Besides its service, what a feature offers the others: its lifecycle transitions (other
 * features' transactions call them, ADR 006), its e-mails (pure renderings that the mail
 * feature sends, `<feature>.emails.ts`), and the parts the composition root builds once
 * and hands to several features (the pay links; the payment pages and the Stripe gateway that
 * the billing run's renewal charges use; the notifications that send every feature's e-mails),
 * and a ticket's mail identity (`tickets/ticket-mail.ts`: its reply address, Message-IDs,
 * subject and reply marker, which every e-mail about a ticket carries and inbound mail reads).
 */
const serverPublicModules = (feature) => [
  `./${feature}/${feature}.service.ts`,
  ...fs
    .readdirSync(`${SERVER_FEATURES_DIR}/${feature}`)
    .filter((file) => file.endsWith('.emails.ts'))
    .map((file) => `./${feature}/${file}`),
  ...LIFECYCLE_MODULES.filter((file) => file.startsWith(`server/features/${feature}/`)).map(
    (file) => `./${file.slice('server/features/'.length)}`,
  ),
  ...(
    {
      invoices: ['pay-links.ts'],
      payments: ['payment-pages.ts', 'stripe-gateway.ts'],
      tickets: ['ticket-mail.ts'],
    }[feature] ?? []
  ).map((file) => `./${feature}/${file}`),
];

/**
 * The server's boundaries, for its code (tests may reach anything to set up and check what a
 * user would notice): a feature uses another feature only through its public surface, the
 * `<name>.service.ts` that the composition root builds and hands to it; lib/ and db/ are below
 * the features and know none of them; features, lib/ and db/ never import what wires them
 * (the composition roots, app.ts, jobs.ts, the entry points and cli/).
 */
const serverZones = [
  ...serverFeatures.map((feature) => ({
    target: `${SERVER_FEATURES_DIR}/${feature}`,
    from: SERVER_FEATURES_DIR,
    except: [
      `./${feature}`,
      ...serverFeatures.filter((f) => f !== feature).flatMap(serverPublicModules),
    ],
    message:
      'A server feature uses another feature only through its <name>.service.ts, its lifecycle, or the modules named in serverPublicModules.',
  })),
  {
    target: `${SERVER_FEATURES_DIR}/mail`,
    from: SERVER_FEATURES_DIR,
    except: ['./mail'],
    message:
      "The mail feature imports no other feature: each sends its own e-mails through mail's send (services.ts hands it to them).",
  },
  {
    target: './server/lib',
    from: SERVER_FEATURES_DIR,
    message: 'server/lib/ is below the features: it never imports one.',
  },
  {
    target: ['./server/features', './server/lib', './server/db'],
    from: [
      './server/app.ts',
      './server/cluster.ts',
      './server/index.ts',
      './server/jobs.ts',
      './server/services.ts',
      './server/web-services.ts',
      './server/cli',
    ],
    message:
      'features/, lib/ and db/ are below the composition roots, app.ts, jobs.ts, the entry points and cli/, and import none of them.',
  },
];

/** The boundaries between the three parts, and the client's, for every file tests included. */
const commonZones = [
  { target: './client', from: './server', message: 'client/ never imports server/.' },
  {
    target: './server/db',
    from: './server/features',
    message: 'server/db/ never imports a feature: features depend on the database layer.',
  },
  { target: './shared', from: './server', message: 'shared/ imports neither client/ nor server/.' },
  { target: './shared', from: './client', message: 'shared/ imports neither client/ nor server/.' },
  { target: './server', from: './client', message: 'server/ never imports client/.' },
  ...clientZones,
];

/**
 * The app's HTTP edge (docs/conventions.md): express and its types (`Request`, `Response`,
 * `RequestHandler`...) are used by the routes and by these, the app and its middleware, and
 * nowhere else; services take and return plain values.
 */
const HTTP_EDGE = [
  'server/**/*.routes.ts',
  // Builds the Express app: helmet and the CSP, the request log, the middleware, the routers.
  'server/app.ts',
  // The one error middleware, and the 404 for unknown API paths.
  'server/lib/errors.ts',
  // The session middleware (express-session), and regenerating or ending a request's session.
  'server/lib/session.ts',
  'server/lib/csrf.ts',
  // requireUser and the other guards the routes put in front of a handler.
  'server/lib/auth-guards.ts',
  'server/lib/rate-limit.ts',
  // The uploads' multipart parser.
  'server/lib/multipart.ts',
  // rejectNulCharacters, which app.ts puts in front of every route (parse takes plain values).
  'server/lib/validate.ts',
  // Widens one response's CSP form-action, the header app.ts sets on every response.
  'server/lib/csp-form-action.ts',
  // The router that serves the built client: assets, index.html, robots.txt, sitemap.xml.
  'server/lib/spa.ts',
];

/** The one writer of dates and its two doors: shared/dates.ts, for screens and e-mails. */
const DATE_HELPERS = ['shared/dates.ts', 'client/src/lib/dates.ts', 'server/lib/format.ts'];

/**
 * Named exports only (docs/conventions.md), but for the files a tool loads by their default
 * export.
 */
const DEFAULT_EXPORTS = [
  // The root tool configs: ESLint, Vite (and Vitest's projects in it), Playwright,
  // drizzle-kit, Tailwind and PostCSS each read the config's default export.
  'eslint.config.js',
  'vite.config.ts',
  'playwright.config.ts',
  'drizzle.config.ts',
  'tailwind.config.ts',
  'postcss.config.js',
  // Vitest's globalSetup: it runs the default export. (Vitest would take a named `setup` too;
  // the file belongs to the test run's set-up, changed with it.)
  'tests/support/database-template.ts',
  // Declarations of untyped packages (dns2, s3rver): they describe the package's own default
  // export, which a named one could not.
  'tests/support/*.d.ts',
];

/**
 * Only repositories touch the database. Everywhere else on the server, no import of the
 * database client (not even its types: code that can name the handle can query through it),
 * and no value from drizzle-orm (the query builders) or from the rest of server/db/ (tables,
 * query helpers); row types such as `InvoiceRow` stay importable. The files that may, each
 * decided on purpose (docs/conventions.md):
 */
const DATABASE_CODE = [
  // Repositories, the lifecycle modules (each the one writer of its aggregate's status, in
  // the caller's transaction: ADR 006), and the database layer itself.
  'server/features/**/*.repository.ts',
  ...LIFECYCLE_MODULES,
  // The history every subscription transition writes in its transaction (ADR 021).
  'server/features/subscriptions/subscription-history.ts',
  'server/db/**',
  // The composition roots and the entry points: they open the database and hand it to the
  // repositories (services.ts also gives invoice numbering its advisory lock, web-services.ts
  // reads the session secret kept in the database).
  'server/index.ts',
  'server/services.ts',
  'server/web-services.ts',
  'server/jobs.ts',
  // One-off commands open the database; the demo seed writes back-dated rows that no use
  // case would make.
  'server/cli/**',
  // Infrastructure on the database connection, never on the product's tables: pg-boss's
  // queues, and the sessions' change notices (LISTEN).
  'server/lib/job-queue.ts',
  'server/lib/session-cache.ts',
  // Tests set up and check rows.
  'server/**/*.test.ts',
  // No others: app.ts and cluster.ts take their services ready-made, and migrations/ is SQL
  // that db/client.ts runs.
];

/**
 * Shared code is imported as @shared/..., and the tests' support as @tests/..., never by a
 * relative path.
 */
const sharedByAlias = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
].flatMap((node) => [
  {
    selector: `${node}[source.value=/^(\\.\\.\\/)+shared\\//]`,
    message: 'Import shared code as @shared/..., not by a relative path.',
  },
  {
    selector: `${node}[source.value=/^(\\.\\.\\/)+tests\\//]`,
    message: "Import the tests' support as @tests/..., not by a relative path.",
  },
]);

/** A screen's address is built with `paths`, never written as a literal. */
const addressesByPaths = [
  'Literal[value=/^\\/(portal|admin|signup|pay)(\\/|$|\\?)/]',
  'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(portal|admin|signup|pay)(\\/|$|\\?)/]',
].map((selector) => ({
  selector,
  message: 'Build a screen address with `paths` (client/src/lib/paths.ts).',
}));

const lifecycleWriters = {
  files: ['server/**/*.ts'],
  // The demo seed lays down months of history with past dates, as test fixtures do.
  ignores: ['server/cli/seed/**', '**/*.test.ts'],
  plugins: { lifecycle: lifecyclePlugin },
  rules: {
    'lifecycle/table-written-by-lifecycle': ['error', { writers: MONEY_TABLE_WRITERS }],
    'lifecycle/status-written-by-lifecycle': ['error', { writers: STATUS_WRITERS }],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'test-results', 'playwright-report', 'migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only .js files unless told otherwise: without these, no-cycle and the
      // zones below never look inside a TypeScript file. The TypeScript resolver reads the
      // @/ and @shared/ paths of tsconfig.json.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'error',
      // The boundaries of docs/conventions.md.
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: commonZones }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...commonZones, ...serverZones] },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: DEFAULT_EXPORTS,
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    // config.ts parses every environment variable once; the client reads import.meta.env.
    // Tests start child processes with the runner's environment. scripts/, bench/, tests/ and
    // the root tool configs are tools around the app that set or read their own.
    files: ['{client,server,shared}/**/*.{ts,tsx}'],
    ignores: ['server/config.ts', '**/*.test.{ts,tsx}'],
    plugins: { conventions: conventionsPlugin },
    rules: { 'conventions/env-read-by-config': 'error' },
  },
  {
    // Tests may mount a middleware on an app of their own, and name the app they call.
    files: ['{client,server,shared}/**/*.{ts,tsx}'],
    ignores: [...HTTP_EDGE, '**/*.test.{ts,tsx}'],
    plugins: { conventions: conventionsPlugin },
    rules: { 'conventions/express-at-the-edge': 'error' },
  },
  {
    files: ['{client,server,shared,tests}/**/*.{ts,tsx}'],
    ignores: DATE_HELPERS,
    plugins: { conventions: conventionsPlugin },
    rules: { 'conventions/dates-by-the-date-helpers': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    ignores: DATABASE_CODE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/client', '**/db/client.ts'],
              message:
                'Only repositories (server/features/**/*.repository.ts) hold the database client.',
            },
            {
              group: [
                '**/db/*',
                '!**/db/client',
                '!**/db/client.ts',
                'drizzle-orm',
                'drizzle-orm/*',
              ],
              allowTypeImports: true,
              message:
                'Only repositories (server/features/**/*.repository.ts) query the database; import row types with `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code is imported as @shared/... on every side (tsconfig paths, read by Vite,
    // esbuild, tsx, drizzle-kit and Playwright alike), re-exports and lazy imports included.
    files: ['{client,server,shared,tests,bench}/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-syntax': ['error', ...sharedByAlias] },
  },
  {
    // Every screen's address comes from client/src/lib/paths.ts (docs/conventions.md); tests
    // keep asserting the literal URLs a user sees. A later block setting the same rule
    // replaces it, so this one repeats the alias rule.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/*.test.{ts,tsx}', 'client/src/lib/paths.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sharedByAlias, ...addressesByPaths] },
  },
  {
    // The browser runs schemas built by the one zod configured for the app's CSP.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import { z } from '@shared/zod': it is configured for the app's CSP.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/cli/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  lifecycleWriters,
);
