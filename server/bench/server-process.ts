/**
 * The bench's server process (serve.ts), forked so that the load generator runs in its own process:
 * started for one database, asked by message, stopped. `appSource` runs another commit's app code
 * in it (`--against`, app-code.ts); by default today's.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { listSizes } from './list-scenarios.ts';
import type { Phase } from './scenarios.ts';
import type { Fixtures, Message } from './serve.ts';

export interface ServerProcess {
  child: ChildProcess;
  fixtures: Fixtures;
  ask: (m: Message) => Promise<any>;
}

export function startServer(kind: 'postgres' | 'embedded', options: { url?: string; appSource?: string } = {}): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'serve.ts'), [], {
    // BENCH_CPU_PROF=<folder>: the servers' process writes a CPU profile there when it ends
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: {
      ...process.env,
      BENCH_KIND: kind,
      BENCH_DATABASE_URL: options.url ?? '',
      BENCH_APP_SRC: options.appSource ?? '',
    },
  });
  const ask = (m: Message) =>
    new Promise((resolve, reject) => {
      // a process that ends before it answers (a crash) rejects the question instead of leaving it open
      const gone = (code: number | null) => reject(new Error(`the ${kind} server exited (${code}) before it answered ${m.cmd}`));
      const listener = (answer: { done?: string; result?: unknown; error?: string }) => {
        if (answer.done !== m.cmd) return;
        child.off('message', listener);
        child.off('exit', gone);
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer.result);
      };
      child.on('message', listener);
      child.once('exit', gone);
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code}) before it was ready`)));
    child.once('message', (m: { ready: Fixtures }) => resolve({ child, fixtures: m.ready, ask }));
  });
}

const stopping = new WeakMap<ServerProcess, Promise<void>>();

/** Stops a server process once (a second call waits for the first): asked to (it drops its scratch database), else killed. */
export function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  let stopped = stopping.get(server);
  if (!stopped) {
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const asked = child.connected ? server.ask({ cmd: 'stop' }).catch(() => child.kill()) : Promise.resolve(child.kill());
    stopped = asked.then(() => exited);
    stopping.set(server, stopped);
  }
  return stopped;
}

/** A phase's data, made before its scenarios run (the till's products, the lists' invoices, the books' ledger); answers what was made. */
export async function preparePhase(
  phase: Phase,
  server: ServerProcess,
  sizes: { tillProducts: number; ledgerRows: number },
): Promise<string> {
  const { ask, fixtures } = server;
  if (phase === 'till') {
    const grown = await ask({ cmd: 'grow', to: sizes.tillProducts });
    fixtures.products = sizes.tillProducts;
    return `${sizes.tillProducts} products in ${grown.seconds.toFixed(1)} s`;
  }
  if (phase === 'lists-10k' || phase === 'lists') {
    const n = listSizes[phase];
    const grown = await ask({ cmd: 'invoices', sales: n, purchases: n });
    return `${n} sale and ${n} purchase invoices in ${grown.seconds.toFixed(1)} s`;
  }
  if (phase === 'books') {
    const books = await ask({ cmd: 'books', rows: sizes.ledgerRows });
    return `${books.rows} ledger rows in ${books.seconds.toFixed(1)} s`;
  }
  return `${fixtures.products} products`;
}
