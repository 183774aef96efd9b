// Builds the web app when web/dist is missing or older than its sources. Used by npm start and the browser tests.
// The build runs vite directly (not through npm) and writes its brotli copies at a quick quality; npm start
// brings them to the best quality once the server answers (web/scripts/precompress.ts).
import { spawnSync } from 'node:child_process';
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

export function buildWebIfStale() {
  const built = path.join(root, 'web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'web/src')),
    newest(path.join(root, 'contract/src')),
    newest(path.join(root, 'web/scripts')),
    fs.statSync(path.join(root, 'web/index.html')).mtimeMs,
    fs.statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app ...');
  const started = performance.now();
  // build beside the live folder, then swap it in, so a server that is serving it never sees it empty
  const fresh = path.join(root, `web/dist-build-${process.pid}`);
  const vite = path.join(path.dirname(createRequire(path.join(root, 'web/package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', fresh], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', TILLBOOK_QUICK_BROTLI: 'true' },
  });
  if (build.status !== 0) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw new Error('the web build failed');
  }
  const live = path.join(root, 'web/dist');
  const old = path.join(root, `web/dist-old-${process.pid}`);
  if (fs.existsSync(live)) fs.renameSync(live, old);
  fs.renameSync(fresh, live);
  fs.rmSync(old, { recursive: true, force: true });
  console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** True when web/dist's brotli copies are still at the quick quality of a first build. */
export const webNeedsBestBrotli = () => fs.existsSync(path.join(root, 'web/dist/.vite/brotli-quick'));

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
