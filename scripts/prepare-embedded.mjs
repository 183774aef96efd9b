// npm install (postinstall.mjs): prepare the embedded database's starting point (server/scripts/prepare-embedded.ts),
// so a first `npm start` need not create and migrate a PostgreSQL cluster. Never fails the install: without it, a
// first start creates the cluster itself, only slower.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Resolves when done, made or not (a warning says why not). */
export function prepareEmbedded() {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const notMade = (why) => console.warn(`The embedded database was not prepared (${why}): a first start will create it (slower).`);
  if (!fs.existsSync(tsx)) {
    notMade('tsx is not installed');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const made = spawn(tsx, ['scripts/prepare-embedded.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
    made.on('error', (error) => {
      notMade(error.message);
      resolve();
    });
    made.on('exit', (code, signal) => {
      if (code !== 0) notMade(signal ? `stopped by ${signal}` : `exit code ${code}`);
      resolve();
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareEmbedded();
