// Builds the web app when web/dist is missing or older than its sources. Used by npm start and the browser tests.
// The build runs vite directly (not through npm) and writes its brotli copies at a quick quality; npm start
// brings them to the best quality once the server answers (web/scripts/precompress.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** True when web/dist is missing or older than any of its sources. */
export function webIsStale() {
  const built = path.join(root, 'web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'web/src')),
    newest(path.join(root, 'contract/src')),
    newest(path.join(root, 'web/scripts')),
    fs.statSync(path.join(root, 'web/index.html')).mtimeMs,
    fs.statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
  );
  return !(fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources);
}

const vite = () => path.join(path.dirname(createRequire(path.join(root, 'web/package.json')).resolve('vite/package.json')), 'bin/vite.js');
const buildArgs = (fresh) => [vite(), 'build', '--logLevel', 'warn', '--outDir', fresh];
const buildOptions = {
  cwd: path.join(root, 'web'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', TILLBOOK_QUICK_BROTLI: 'true' },
};

// build beside the live folder, then swap it in, so a server that is serving it never sees it empty
function swapIn(fresh, started) {
  const live = path.join(root, 'web/dist');
  const old = path.join(root, `web/dist-old-${process.pid}`);
  if (fs.existsSync(live)) fs.renameSync(live, old);
  fs.renameSync(fresh, live);
  fs.rmSync(old, { recursive: true, force: true });
  console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function failed(fresh) {
  fs.rmSync(fresh, { recursive: true, force: true });
  return new Error('the web build failed');
}

export function buildWebIfStale() {
  if (!webIsStale()) return;
  console.log('Building the web app ...');
  const started = performance.now();
  const fresh = path.join(root, `web/dist-build-${process.pid}`);
  if (spawnSync(process.execPath, buildArgs(fresh), buildOptions).status !== 0) throw failed(fresh);
  swapIn(fresh, started);
}

/** The same build, not blocking: npm start opens the database meanwhile. Resolves once web/dist is the new build. */
export function buildWebInBackground() {
  console.log('Building the web app ...');
  const started = performance.now();
  const fresh = path.join(root, `web/dist-build-${process.pid}`);
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, buildArgs(fresh), buildOptions);
    build.on('error', (error) => reject(error));
    build.on('exit', (code) => {
      if (code !== 0) return reject(failed(fresh));
      swapIn(fresh, started);
      resolve();
    });
  });
}

/** True when web/dist's brotli copies are still at the quick quality of a first build. */
export const webNeedsBestBrotli = () => fs.existsSync(path.join(root, 'web/dist/.vite/brotli-quick'));

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
