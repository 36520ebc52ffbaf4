import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = './client/src/features';
const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
 * Invoice and subscription statuses have one writer each, their lifecycle module
 * (docs/conventions.md, ADR 006): `status` written on the `invoices` or `subscriptions` table
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
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'off',
      // The boundaries of docs/conventions.md.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server', message: 'client/ never imports server/.' },
            {
              target: './server/db',
              from: './server/features',
              message: 'server/db/ never imports a feature: features depend on the database layer.',
            },
            {
              target: './shared',
              from: './server',
              message: 'shared/ imports neither client/ nor server/.',
            },
            {
              target: './shared',
              from: './client',
              message: 'shared/ imports neither client/ nor server/.',
            },
            { target: './server', from: './client', message: 'server/ never imports client/.' },
            ...clientZones,
          ],
        },
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
    // Repositories are the only server code that touches the database client.
    files: ['server/features/**/*.{routes,service}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/client', '**/db/schema', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories touch the database.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code is imported as @shared/... on every side (tsconfig paths, read by Vite,
    // esbuild, tsx, drizzle-kit and Playwright alike).
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^(\\.\\.\\/)+shared\\//]',
          message: 'Import shared code as @shared/..., not by a relative path.',
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
