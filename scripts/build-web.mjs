// Builds the web app when web/dist is missing or older than its sources. Used by npm install (postinstall.mjs),
// npm start and the browser tests. The build runs vite directly (not through npm). npm install writes the brotli
// copies at the best quality; a build at start (sources changed since) writes them at a quick quality, and npm
// start brings them to the best once the server answers (web/scripts/precompress.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newest } from './newest-file.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * True when web/dist is missing or older than any of its sources: one stat a file (a few hundred, a few ms),
 * so npm start runs it every time. A build dates its index.html from when it began (swapIn), so a source saved
 * while it ran is newer and builds again.
 */
export function webIsStale() {
  const built = path.join(root, 'web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'web/src')),
    newest(path.join(root, 'contract/src')),
    newest(path.join(root, 'web/scripts')),
    // files copied as they are (the till's service worker, web/public/sw.js)
    newest(path.join(root, 'web/public')),
    fs.statSync(path.join(root, 'web/index.html')).mtimeMs,
    fs.statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
  );
  return !(fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources);
}

/** vite's command line, from web's packages (throws when vite is not installed, say with --omit=dev). */
function vite() {
  try {
    return path.join(path.dirname(createRequire(path.join(root, 'web/package.json')).resolve('vite/package.json')), 'bin/vite.js');
  } catch {
    throw new Error('vite is not installed: it is a dev dependency of web, left out by --omit=dev or NODE_ENV=production');
  }
}
const buildArgs = (fresh) => [vite(), 'build', '--logLevel', 'warn', '--outDir', fresh];
/** `quick`: brotli at the quick quality (a build at start, which the first answer waits for). */
const buildOptions = (quick = true) => ({
  cwd: path.join(root, 'web'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', ...(quick ? { TILLBOOK_QUICK_BROTLI: 'true' } : {}) },
});

// build beside the live folder, then swap it in, so a server that is serving it never sees it empty
function swapIn(fresh, started) {
  // dated from the build's beginning: a source saved during the build is newer than it (webIsStale)
  const began = new Date(Date.now() - (performance.now() - started));
  fs.utimesSync(path.join(fresh, 'index.html'), began, began);
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
  if (spawnSync(process.execPath, buildArgs(fresh), buildOptions()).status !== 0) throw failed(fresh);
  swapIn(fresh, started);
}

/**
 * The same build, not blocking: npm start opens the database meanwhile (and npm install prepares it). Resolves
 * once web/dist is the new build. `quick`: false writes the brotli copies at the best quality at once.
 */
export function buildWebInBackground({ quick = true } = {}) {
  console.log('Building the web app ...');
  const started = performance.now();
  const fresh = path.join(root, `web/dist-build-${process.pid}`);
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, buildArgs(fresh), buildOptions(quick));
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
