import { defineConfig } from 'vitest/config';

/** The one test file that mocks a module (fastify, to list every route): it needs a module registry of its own. */
const MOCKING = ['test/route-security-coverage.test.ts'];
/**
 * Files that pick their database whatever DATABASE_URL says: the multi-process tests always run their processes
 * on a PostgreSQL database of their own with Redis, the CLI test always starts the embedded default. CI's second
 * pass (on PostgreSQL, ATRIUM_SECOND_PASS=1) would only repeat them, so it leaves them out.
 */
const SAME_ON_EVERY_PASS = [
  'test/cli.test.ts',
  'test/integrations-logs.test.ts',
  'test/jobs-notify-processes.test.ts',
  'test/runs-kill.test.ts',
  'test/runs-multiprocess.test.ts',
  'test/triggers-cron.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // Two cores: two files at a time keeps argon2 and PGlite from starving each other.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A skipped test must never pass as green.
    allowOnly: false,
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: process.env.ATRIUM_SECOND_PASS ? [...MOCKING, ...SAME_ON_EVERY_PASS] : MOCKING,
          // Files share a worker's module registry: the app's modules are imported once per worker instead of once
          // per file (the imports were 326 of about 480 seconds). Each file still starts its own app and database,
          // and no file but MOCKING mocks a module.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING, isolate: true } },
      // The web app's component tests (jsdom), with their own config.
      'web/vitest.config.ts',
      // The web app end to end: the real server on PGlite, driven through Debian's Chromium. Needs web/dist
      // (`npm test` builds it first).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          // Beside the root's database template (merged in by extends).
          globalSetup: ['web/e2e/support/browser-server.ts'],
          isolate: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
