/**
 * Forks second-server.ts: the real app in a process of its own on a PostgreSQL database another bench
 * process made (its URL and token secret), for the scale-out run's second server and for the statement-
 * counting probe (`counting`: COUNT_STATEMENTS on). Answers its URL and a stop.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

export interface Joined {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export function joinServer(databaseUrl: string, secret: string, options: { counting?: boolean } = {}): Promise<Joined> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'second-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_JOIN_URL: databaseUrl,
      BENCH_JOIN_SECRET: secret,
      BENCH_JOIN_COUNTING: options.counting ? 'true' : '',
    },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send({ cmd: 'stop' });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the joining server exited (${code}) before it was ready`)));
    child.once('message', (m: { ready: string }) => resolve({ url: m.ready, pid: child.pid!, stop }));
  });
}
