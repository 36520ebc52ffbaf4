import fs from 'node:fs';
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
    // Every screen's address comes from client/src/lib/paths.ts (docs/conventions.md); tests
    // keep asserting the literal URLs a user sees.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/*.test.{ts,tsx}', 'client/src/lib/paths.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(portal|admin|signup|pay)(\\/|$|\\?)/]',
          message: 'Build a screen address with `paths` (client/src/lib/paths.ts).',
        },
        {
          selector:
            'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(portal|admin|signup|pay)(\\/|$|\\?)/]',
          message: 'Build a screen address with `paths` (client/src/lib/paths.ts).',
        },
      ],
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
);
