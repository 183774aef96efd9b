import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstLoadLines } from './first-load.ts';
import { type Line, table } from './line.ts';
import { startLines } from './start.ts';
import { tillLines } from './till.ts';

// npm run bench -w web: the web budgets of issue 12, each against its limit. Prints a table and writes
// bench/results/latest.json. BENCH_WEB=first-load,till,start picks some (all by default).
const picked = (process.env.BENCH_WEB ?? 'first-load,till,start').split(',');
const lines: Line[] = [];
if (picked.includes('first-load')) lines.push(...firstLoadLines());
if (picked.includes('till')) {
  // the till is measured on the built app: build it first when it is missing (a fresh checkout)
  if (!fs.existsSync(path.join(import.meta.dirname, '../dist/index.html'))) {
    const build = spawnSync(process.execPath, [path.join(import.meta.dirname, '../../scripts/build-web.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web app could not be built for the till bench');
  }
  lines.push(...(await tillLines()));
}
if (picked.includes('start')) lines.push(...(await startLines()));

console.log(`\nWeb budgets (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end)\n`);
console.log(table(lines));
const results = path.join(import.meta.dirname, 'results');
fs.mkdirSync(results, { recursive: true });
const json = {
  at: new Date().toISOString(),
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, loadAverage: os.loadavg() },
  lines,
};
fs.writeFileSync(path.join(results, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
console.log(`\nwritten to ${path.relative(process.cwd(), path.join(results, 'latest.json'))}`);
