import { defineConfig } from 'vitest/config';

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
      server('server', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'server')] : []),
    ],
  },
});
