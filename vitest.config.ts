import { defineConfig } from 'vitest/config';
import { chromiumPath } from './scripts/chromium.mjs';

/** Browser tests need Chromium (Debian's, or CHROME_PATH: scripts/chromium.mjs); scripts/test.mjs says so when it is missing. */
export const hasChromium = chromiumPath() !== undefined;

const server = (name: string, mode: 'embedded' | 'server') => ({
  test: {
    name,
    include: ['server/test/**/*.test.ts'],
    // `*.pg.test.ts` test what only a real server shows (row-lock races, deadlocks, pg_stat_activity);
    // `*.unit.test.ts` touch no database (pure functions, source checks): once is enough, in the embedded project
    exclude: mode === 'embedded' ? ['server/test/**/*.pg.test.ts'] : ['server/test/**/*.unit.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB: mode },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server test files share nothing but the module graph (each starts its own app on its own database
    // copy, and none mocks a module): loading the server once per worker instead of once per file saves
    // most of a file's start-up.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two cores: a file mostly waits on its database or its browser, so two files at a time use both
    // (three were measured no faster: 853 s against 833 s for the whole CI). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // the default output, then the slowest ten files and each project's file time (a run of one file prints none)
    reporters: ['default', './scripts/slowest-files.mjs'],
    projects: [
      { test: { name: 'contract', include: ['contract/test/**/*.test.ts'] } },
      { test: { name: 'web', include: ['web/test/**/*.test.ts'] } },
      ...(hasChromium
        ? [
            {
              test: {
                name: 'browser',
                include: ['web/e2e/**/*.test.ts'],
                globalSetup: ['web/e2e/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                // expect.poll waits on what a page shows, as Playwright's own waits do (30 s): vitest's 1 s
                // default failed a CI run on a loaded machine (My orders still loading after an order)
                expect: { poll: { timeout: 15_000 } },
                // files share the worker's module graph (playwright-core, the harness and its connection to the
                // run's Chromium are loaded once a worker): with the server bundled (global-setup.ts), six files
                // took 171 core-seconds against 179 isolated. (Before the bundle, sharing measured no faster.)
                isolate: false,
              },
            },
          ]
        : []),
      server('server', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'server')] : []),
    ],
  },
});
