import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// Import rules keep the layout livable (DESIGN.md §2): features never import
// each other, the pure cores (workers/geo, src/domain) import no UI, map or
// server code, and there are no import cycles.
const FEATURES = ['auth', 'home', 'orders', 'profile', 'project-map', 'farm-map', 'admin'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
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
            { target: './workers/geo', from: ['./src', './server'], message: 'The geo core is pure: no app or server imports.' },
            { target: './src/domain', from: ['./src/features', './src/app', './src/map', './src/components', './server'], message: 'src/domain is pure.' },
            { target: './server', from: ['./src/features', './src/app', './src/map', './src/components', './src/api'], message: 'The server shares only src/domain and workers/geo with the app.' },
            { target: './src', from: './server', message: 'The app never imports server code.' },
          ],
        },
      ],
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
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
