import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Browser tests need Chromium (Debian's, or CHROME_PATH); scripts/test.mjs says so when it is missing. */
export const hasChromium = fs.existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium');

const server = (name: string, mode: 'embedded' | 'server') => ({
  test: {
    name,
    include: ['server/test/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB: mode },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
              },
            },
          ]
        : []),
      server('server', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'server')] : []),
    ],
  },
});
