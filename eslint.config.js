import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = './client/src/features';
const SERVER_FEATURES_DIR = './server/features';
const foldersIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersIn(FEATURES_DIR);
const serverFeatures = foldersIn(SERVER_FEATURES_DIR);

/**
 * The client's boundaries (docs/conventions.md, docs/architecture.md): a feature uses another
 * feature only through that feature's public.ts; app/ reaches features through their pages
 * and public files; features, components/ and lib/ never reach up into app/; components/ and
 * lib/ know no feature.
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
    .filter((file) => file.endsWith('-lifecycle.ts') || file.endsWith('.emails.ts'))
    .map((file) => `./${feature}/${file}`),
  ...(
    {
      invoices: ['pay-links.ts'],
      payments: ['payment-pages.ts', 'stripe-gateway.ts'],
      mail: ['notifications.ts'],
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
  'server/features/**/*-lifecycle.ts',
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

/**
 * Invoice, subscription, credit note, ticket and site statuses have one writer each, their lifecycle module
 * (docs/conventions.md, ADR 006): `status` written on the `invoices`, `subscriptions` or `creditNotes` table
 * by any other file
 * by `.update(table).set({...})`, `.insert(table).values({...})` or its
 * `.onConflictDoUpdate({ set })` anywhere else is an error, wherever in the object it sits
 * (a conditional spread too). A rule of its own rather than `no-restricted-syntax` selectors:
 * the status may sit several calls away from the table it is written to, and a second
 * `no-restricted-syntax` block would replace the one that guards @shared imports.
 */
const LIFECYCLE_FILES = {
  invoices: 'server/features/invoices/invoice-lifecycle.ts',
  subscriptions: 'server/features/subscriptions/subscription-lifecycle.ts',
  creditNotes: 'server/features/invoices/credit-note-lifecycle.ts',
  tickets: 'server/features/tickets/ticket-lifecycle.ts',
  sites: 'server/features/sites/site-lifecycle.ts',
};
const WRITE_CALLS = new Set(['set', 'values', 'onConflictDoUpdate']);

/** The table of `.update(table)` / `.insert(table)` at the root of a drizzle call chain. */
function writtenTable(chain) {
  for (let node = chain; node?.type === 'CallExpression'; node = node.callee.object) {
    if (node.callee.type !== 'MemberExpression') return null;
    const method = node.callee.property.name;
    const [table] = node.arguments;
    if (method === 'update' || method === 'insert') {
      const name = table?.type === 'MemberExpression' ? table.property.name : table?.name;
      return Object.hasOwn(LIFECYCLE_FILES, name) ? name : null;
    }
  }
  return null;
}

/** The `status` keys written by an object (nested objects, arrays, spreads, conditionals). */
function statusKeys(node) {
  switch (node?.type) {
    case 'ObjectExpression':
      return node.properties.flatMap((property) =>
        property.type === 'SpreadElement'
          ? statusKeys(property.argument)
          : [
              ...(!property.computed &&
              (property.key.name === 'status' || property.key.value === 'status')
                ? [property]
                : []),
              ...statusKeys(property.value),
            ],
      );
    case 'ArrayExpression':
      return node.elements.flatMap(statusKeys);
    case 'ConditionalExpression':
      return [...statusKeys(node.consequent), ...statusKeys(node.alternate)];
    case 'LogicalExpression':
      return [...statusKeys(node.left), ...statusKeys(node.right)];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return statusKeys(node.expression);
    default:
      return [];
  }
}

const lifecyclePlugin = {
  rules: {
    'status-written-by-lifecycle': {
      meta: {
        type: 'problem',
        docs: { description: 'Only the lifecycle module writes an aggregate status.' },
        messages: {
          elsewhere:
            'The {{table}} status is written only by {{file}}: call its transition (it takes the transaction).',
        },
        schema: [],
      },
      create(context) {
        const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
        return {
          CallExpression(node) {
            if (node.callee.type !== 'MemberExpression') return;
            if (!WRITE_CALLS.has(node.callee.property.name)) return;
            const table = writtenTable(node.callee.object);
            if (!table || file === LIFECYCLE_FILES[table]) return;
            for (const key of statusKeys(node.arguments[0])) {
              context.report({
                node: key,
                messageId: 'elsewhere',
                data: { table, file: LIFECYCLE_FILES[table] },
              });
            }
          },
        };
      },
    },
  },
};

const statusWriters = {
  files: ['server/**/*.ts'],
  // The demo seed lays down months of history with past dates, as test fixtures do.
  ignores: ['server/cli/seed/**', '**/*.test.ts'],
  plugins: { lifecycle: lifecyclePlugin },
  rules: { 'lifecycle/status-written-by-lifecycle': 'error' },
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
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'off',
      // The boundaries of docs/conventions.md.
      'import-x/no-restricted-paths': ['error', { zones: commonZones }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...commonZones, ...serverZones] }],
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
  statusWriters,
);
