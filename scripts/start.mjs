// npm start: run the server, building the web app beside it when the build is missing or older than its sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebInBackground, webIsStale, webNeedsBestBrotli } from './build-web.mjs';
import { bundleServer, freshBundle } from './bundle-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The server runs in server/; INIT_CWD (set by npm, or here when run as `node scripts/start.mjs`) tells it where a relative DATA_DIR points.
const env = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };
// A stale web app is built while the server opens its database: the server waits for the build (the marker
// file to go) before it serves, so its first answer is the new app.
let building;
if (webIsStale()) {
  const marker = path.join(root, `web/.build-pending-${process.pid}`);
  fs.writeFileSync(marker, '');
  env.WEB_BUILD_PENDING = marker;
  building = buildWebInBackground().finally(() => fs.rmSync(marker, { force: true }));
}
const tsx = path.join(root, 'node_modules/.bin/tsx');
// the server's sources bundled into one file (scripts/bundle-server.mjs): the install's while no source is newer,
// else bundled again here; run through tsx when that fails
const bundle = freshBundle() ?? (await bundleServer());
const [command, args] = bundle ? [process.execPath, ['--enable-source-maps', bundle]] : [tsx, ['src/main.ts']];
const server = spawn(command, args, { cwd: path.join(root, 'server'), stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
try {
  await building;
} catch (error) {
  console.error(error.message);
  server.kill('SIGTERM');
  process.exit(1);
}

/** Resolves once the server answers on its port (or after a minute, whatever happened). */
async function answering(port) {
  for (let tried = 0; tried < 600; tried++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// A first build wrote its brotli copies quickly; once the server answers (so it never slows the start), they are
// brought to the best quality in the background, each replaced whole.
if (webNeedsBestBrotli()) {
  await answering(process.env.PORT ?? 3000);
  const best = spawn(tsx, ['scripts/precompress.ts', 'dist'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  best.on('exit', (code) => {
    if (code !== 0) console.error('the brotli copies of the web app stay at the quick quality');
  });
}
