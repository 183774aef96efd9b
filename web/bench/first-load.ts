import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { budgets, measure, readManifest } from '../scripts/first-load.ts';
import type { Line } from './line.ts';

const web = path.resolve(import.meta.dirname, '..');

/** The storefront home's and the admin login's first-load JavaScript (gzip), against the budgets the build enforces. */
export function firstLoadLines(): Line[] {
  // the same build npm start makes, when the sources are newer than web/dist
  const built = spawnSync(process.execPath, [path.join(web, '../scripts/build-web.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the web build failed');
  const dist = path.join(web, 'dist');
  return measure(dist, readManifest(dist), budgets).map((m) => ({
    name: `first-load JS, ${m.name}`,
    value: Number(m.kb.toFixed(1)),
    unit: 'KB gzip',
    budget: m.maxKb,
    met: m.kb <= m.maxKb,
    note: `${m.files.length} files`,
  }));
}
