import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Line } from './line.ts';

const root = path.resolve(import.meta.dirname, '../..');
const budgetSeconds = 10;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Every node_modules folder of the project (the root's and each workspace's). */
const moduleFolders = () => ['.', 'contract', 'server', 'web'].filter((dir) => fs.existsSync(path.join(root, dir, 'node_modules')));

/** Polls GET / until it answers 200; answers the seconds since `started`, or null after `giveUp` seconds. */
async function firstOk(url: string, started: number, giveUp: number, child: ChildProcess): Promise<number | null> {
  while ((performance.now() - started) / 1000 < giveUp && child.exitCode === null) {
    try {
      if ((await fetch(url)).status === 200) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** One `npm start` in `dir` on a fresh data folder: seconds to the first 200 of GET /, and its output. */
async function timeStart(dir: string): Promise<{ seconds: number | null; output: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-bench-data-'));
  const started = performance.now();
  // its own process group (setsid), ended whole afterwards
  const child = spawn('setsid', ['npm', 'start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const seconds = await firstOk(`http://127.0.0.1:${port}/`, started, 180, child);
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(null)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { seconds, output };
}

/**
 * `npm start` on a fresh clone of the committed branch: from the clone (its node_modules hard-linked from this
 * checkout, which stands for `npm ci` and is not counted) to the first 200 of GET /, the first web build included.
 * A second start of the same clone (built already, fresh data folder) shows what the server's own start costs.
 */
export async function startLines(): Promise<Line[]> {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-bench-clone-'));
  try {
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const started = performance.now();
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', '--branch', branch, root, clone]);
    const cloneSeconds = (performance.now() - started) / 1000;
    for (const dir of moduleFolders())
      execFileSync('cp', ['-al', path.join(root, dir, 'node_modules'), path.join(clone, dir, 'node_modules')]);
    const first = await timeStart(clone);
    if (first.seconds === null) console.log(first.output);
    const total = first.seconds === null ? null : first.seconds + cloneSeconds;
    const second = await timeStart(clone);
    const build = /Built the web app in ([\d.]+) s/.exec(first.output)?.[1];
    return [
      {
        name: 'npm start, fresh clone',
        value: total === null ? null : Number(total.toFixed(1)),
        unit: 's',
        budget: budgetSeconds,
        met: total !== null && total <= budgetSeconds,
        note:
          `git clone ${cloneSeconds.toFixed(1)} s; the web build ${build ?? '?'} s; ` +
          `a second start, built already, on a fresh data folder: ${second.seconds?.toFixed(1) ?? 'no answer'} s`,
      },
    ];
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
}
