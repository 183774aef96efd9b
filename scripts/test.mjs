// npm test: every test project (contract, server on the embedded database, server on PostgreSQL when
// TEST_DATABASE_URL is set, web unit and browser tests).
import { spawnSync } from 'node:child_process';
import { chromiumCandidates, chromiumPath } from './chromium.mjs';

if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: server tests run on the embedded database only.');
if (!chromiumPath())
  console.log(
    `Browser tests skipped: no Chromium at ${process.env.CHROME_PATH ?? chromiumCandidates.join(' or ')} (apt-get install -y chromium-headless-shell, or set CHROME_PATH).`,
  );
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
