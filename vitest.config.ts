import { defineConfig } from 'vitest/config';

// Three layers: unit (pure code next to the source), api (Fastify inject on a
// real database) and browser (the built app in Debian's Chromium). Groups run one after another: unit and
// the API files in parallel (2 workers), then the timed API files, the browser and the crash tests alone,
// so nothing competes for the CPU while latencies and main-thread tasks are measured.
const TIMED_API_FILES = [
  'tests/api/health.test.ts',
  'tests/api/reliability-backup.test.ts',
  'tests/api/security-auth.test.ts',
  'tests/api/import-progress.test.ts',
  'tests/api/reliability-pressure.test.ts',
];
export default defineConfig({
  test: {
    reporters: ['default'],
    // Both cores for the parallel group (vitest's default here is one worker on a 2-core machine).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Each API file has a database of its own (tests/support/test-db.ts), so two run at once.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: TIMED_API_FILES,
          environment: 'node',
          // The files share a worker's loaded modules (the server's import graph is most of a file's start-up:
          // 66 s of imports instead of ~170 s in a run); each still builds its own app on its own database, and
          // nothing here mocks a module. Unit files keep isolation: some of them vi.mock.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 0 },
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      {
        // API files that compare latencies or timings, or load the whole demo twice: alone, after the parallel batch.
        test: {
          name: 'api-timed',
          include: TIMED_API_FILES,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/api/global-setup.ts'],
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
          sequence: { groupOrder: 3 },
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
          sequence: { groupOrder: 2 },
          globalSetup: ['tests/browser/global-setup.ts'],
        },
      },
    ],
  },
});
