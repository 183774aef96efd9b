import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Line } from './line.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** A fresh clone, installed: the web app was built by the install, so the start is the server's own (issue 30). */
const budgetSeconds = 5;
/** A start that builds the web app beside the server's start (the first start's budget before issue 30). */
const changedBudgetSeconds = 10;

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

/** True while a live process of the group is left (from /proc: an exited process not yet reaped does not count). */
function groupLives(group: number): boolean {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so the fields are read after its closing parenthesis
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z') return true;
    } catch {
      // gone meanwhile
    }
  }
  return false;
}

/**
 * Ends `npm start`'s process group and waits until every process of it is gone (the server, and the brotli pass a
 * start runs after a build, which writes into web/dist): SIGTERM, then SIGKILL after 10 s.
 */
async function endGroup(group: number) {
  const signalAndWait = async (signal: NodeJS.Signals, waitMs: number) => {
    if (!groupLives(group)) return;
    process.kill(-group, signal);
    const until = performance.now() + waitMs;
    while (groupLives(group) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await signalAndWait('SIGTERM', 10_000);
  await signalAndWait('SIGKILL', 5_000);
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
  await endGroup(child.pid!);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { seconds, output };
}

/** Runs `node scripts/postinstall.mjs <step>` in `dir` (what npm install runs): its output (its warnings are shown). */
const installStep = (dir: string, step: string): string =>
  execFileSync(process.execPath, ['scripts/postinstall.mjs', step], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

/**
 * `npm start` on a fresh clone of the committed branch after `npm install`, to the first 200 of GET /. The
 * install is the checkout's packages hard-linked into the clone (the embedded database's starting point is among
 * them, in node_modules/.cache) and then the install's web and server steps run in the clone (`postinstall.mjs web`
 * and `server`): both are timed, not counted. Then a web source is saved (its mtime made new) and the clone started again: it must build
 * the web app at start, as a source changed after the install does.
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
    const installBuild = /Built the web app in ([\d.]+) s/.exec(installStep(clone, 'web'))?.[1];
    installStep(clone, 'server');
    const first = await timeStart(clone);
    if (first.seconds === null) console.log(first.output);
    const builtAtStart = first.output.includes('Building the web app');
    const now = new Date();
    fs.utimesSync(path.join(clone, 'web/src/main.tsx'), now, now);
    const changed = await timeStart(clone);
    if (changed.seconds === null) console.log(changed.output);
    const rebuilt = /Built the web app in ([\d.]+) s/.exec(changed.output)?.[1];
    return [
      {
        name: 'npm start, fresh clone after npm install',
        value: first.seconds === null ? null : Number(first.seconds.toFixed(1)),
        unit: 's',
        budget: budgetSeconds,
        met: first.seconds !== null && first.seconds <= budgetSeconds && !builtAtStart,
        note:
          `git clone ${cloneSeconds.toFixed(1)} s, the install's web build ${installBuild ? `${installBuild} s` : 'none'} (not counted)` +
          (builtAtStart ? "; the start built the web app again: the install's build was not used" : ''),
      },
      {
        name: 'npm start after a web source changed',
        value: changed.seconds === null ? null : Number(changed.seconds.toFixed(1)),
        unit: 's',
        budget: changedBudgetSeconds,
        met: changed.seconds !== null && changed.seconds <= changedBudgetSeconds && rebuilt !== undefined,
        note: rebuilt ? `rebuilt at start in ${rebuilt} s, beside the server's start` : 'not rebuilt at start: the change was missed',
      },
    ];
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
}
