import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

// Import rules keep the layout livable (docs/ARCHITECTURE.md §2): features never import
// each other, the pure cores (workers/geo, src/domain) import no UI, map or
// server code, and there are no import cycles.
// Every folder is fenced, so a new screen gets its boundary without editing this file.
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const FEATURES = folders('./src/features/');
const ADMIN_FEATURES = folders('./src/features/admin/');
// Every server folder but routes/: HTTP is the top layer, nothing below imports it.
const BELOW_ROUTES = folders('./server/').filter((f) => f !== 'routes');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      // The recommended set (React Compiler's checks: refs in render, setState in effects, purity, …).
      ...reactHooks.configs['recommended-latest'].rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Features never import each other: move shared code to components/, domain/, api/ or map/.',
            })),
            ...ADMIN_FEATURES.map((f) => ({
              target: `./src/features/admin/${f}`,
              from: './src/features/admin',
              except: [`./${f}`],
              message: 'Admin screens never import each other: move shared code to components/, domain/ or api/.',
            })),
            { target: './workers/geo', from: ['./src', './server'], message: 'The geo core is pure: no app or server imports.' },
            { target: './src/domain', from: ['./src/features', './src/app', './src/map', './src/components', './server'], message: 'src/domain is pure.' },
            {
              target: './server',
              from: ['./src/features', './src/app', './src/map', './src/components', './src/api'],
              message: 'The server shares only src/domain and workers/geo with the app.',
            },
            { target: './src', from: './server', message: 'The app never imports server code.' },
            {
              target: [...BELOW_ROUTES.map((f) => `./server/${f}`), './workers', './tests', './bench', './scripts'],
              from: './server/routes',
              message: 'Nothing imports routes/ (docs/ARCHITECTURE.md §2): shared helpers live in server/db, SQL in server/repos.',
            },
            {
              target: ['./src/components', './src/map', './src/api'],
              from: './src/features',
              message: 'Shared layers (components/, map/, api/) never import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware: a promise is awaited, returned or marked `void`, and never handed where a plain function is expected.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['src/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A focusable separator with a value is ARIA's window splitter (the info panel's resize handle);
      // a scrolling region takes focus so the keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'separator', 'region'] }],
    },
  },
  {
    files: ['workers/geo/**/*.ts', 'src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'react-*', 'maplibre-gl', '@deck.gl/*', '@mapbox/*', 'fastify', '@fastify/*', 'pg', '@electric-sql/*'] },
      ],
    },
  },
  {
    // The app's forms check their request with the API's contracts (src/components/form-check.ts), with zod set
    // jitless first (src/app/zod-config.ts: its eval probe breaks our CSP). zod itself is imported for its types
    // only elsewhere in the app; the geo core takes neither.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/contracts/**', 'src/app/zod-config.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['zod'], allowTypeImports: true, message: 'Import zod with `import type` in the app (its one set-up is src/app/zod-config.ts).' },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zod', '**/contracts/*'], allowTypeImports: true, message: 'Import contracts (and zod) with `import type` in the geo core.' }] },
      ],
    },
  },
  {
    // SQL lives in server/repos (docs/ARCHITECTURE.md §2, §6): a route parses, checks access, calls a repository or a job, answers.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|queryArrays)$/]',
          message: 'No SQL in routes: call a repository function in server/repos.',
        },
        {
          selector: 'TemplateLiteral[quasis.0.value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'No SQL in routes: the statement belongs in a repository in server/repos.',
        },
        {
          selector: 'Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'No SQL in routes: the statement belongs in a repository in server/repos.',
        },
      ],
    },
  },
  {
    // Small files (issue 34): no code file over 300 lines in the app, the server or the core; split by job.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'workers/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
