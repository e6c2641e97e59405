import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.mjs';
import serverBoundaries from './scripts/eslint-server-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'client/src/**/*.generated.ts',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='antd']:not([importKind='type'])",
          message: 'antd belongs in client/src/admin only',
        },
        {
          // Decision 018: without script a form is sent natively, so each shop form says how: "post" (nothing
          // typed lands in a URL; the server sends it back to its page) or "get" (a search).
          selector:
            "JSXOpeningElement[name.name=/^(form|Form)$/]:not(:has(JSXAttribute[name.name='method']))",
          message: 'A shop form needs method="post" (or "get" for a search): decision 018',
        },
      ],
    },
  },
  {
    // Issue 53 item 1: no hand-passed transactions. `ctx.db.transactional(async () => …)` opens one and every
    // statement on the services' connection inside joins it (server/src/db/db.ts); only db/ sees the ORM's.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='trx']",
          message:
            'No hand-passed transactions: inside ctx.db.transactional(async () => …) every statement joins it (server/src/db/db.ts)',
        },
        {
          selector: "TSQualifiedName[right.name='Transaction']",
          message:
            'The ORM/knex Transaction type stays in server/src/db/: use ctx.db.transactional(async () => …)',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['@mikro-orm/core', '@mikro-orm/postgresql', '@mikro-orm/knex', 'knex'].map((name) => ({
            name,
            importNames: ['Transaction'],
            message:
              'The ORM/knex Transaction type stays in server/src/db/: use ctx.db.transactional(async () => …)',
          })),
        },
      ],
    },
  },
  {
    files: ['client/src/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
    languageOptions: { globals: globals.browser },
  },
  {
    // Issue 29, item 10: features and the console reach a feature through its index.ts; components/, lib/ and
    // i18n/ import neither (scripts/eslint-boundaries.mjs).
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { axisline: boundaries },
    rules: { 'axisline/feature-boundaries': 'error' },
  },
  {
    // Issue 54, item 2: a mutation lives in a hook of its feature (a `use*.ts` file beside the pages and views that
    // call it, e.g. features/company/useCompanyActions.ts), with what it refreshes; pages, views and components
    // only call hooks.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/use*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@apollo/client', '@apollo/client/**'],
              importNames: ['useMutation'],
              message:
                'A mutation lives in a hook of its feature (a use*.ts file, e.g. features/company/useCompanyActions.ts): call that hook here.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 53, items 2 and 7: the server's core imports no module; it reads the modules' manifests through the one
    // wiring file (config/manifests.ts, decision 060).
    files: ['server/src/{config,db,common,rest,graphql}/**/*.ts', 'server/src/context.ts'],
    ignores: ['server/src/config/manifests.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: "The core imports no module: declare it in the module's manifest.ts (decision 060).",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 53, items 2 and 3 (scripts/eslint-server-boundaries.mjs): outside a module, server code reaches it only
    // through its door, modules/<m>/index.ts (config/manifests.ts also imports modules/<m>/manifest); no module
    // imports a flow (the routes and resolvers that run one are the flows' own, flows/manifest.ts). Scoped to
    // server/src: the tests (server/test), bench/ and e2e/ may still import a module's files directly.
    files: ['server/src/**/*.ts'],
    plugins: { 'axisline-server': serverBoundaries },
    rules: { 'axisline-server/module-doors': 'error', 'axisline-server/no-flows-in-modules': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
