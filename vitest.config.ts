import { defineConfig } from 'vitest/config';

// Three layers: unit (pure code next to the source), api (Fastify inject on a
// real database) and browser (the built app in Debian's Chromium).
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // Crash and outage tests: real server processes and their own PostgreSQL cluster.
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // SwiftShader frames and scrypt logins are slow on a loaded 2-core machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['tests/browser/global-setup.ts'],
        },
      },
    ],
  },
});
