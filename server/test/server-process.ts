import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { withDatabase } from '../../scripts/test-databases.mjs';
import { pgClient } from '../src/platform/pg-client.ts';
import { ownerPassword, ownerUsername, testSecret } from './constants.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The server as `npm start` runs it (server/src/main.ts), in a child process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What it has written so far (its log). */
  output(): string;
  /** The owner's access token (a login over HTTP). */
  ownerToken(): Promise<string>;
}

/**
 * Starts the server on a free port with this environment, from server/src/main.ts bundled as npm start runs it (the
 * run's global setup made the bundle), else through tsx; resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const bundle = inject('serverBundle');
  const child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_USERNAME: ownerUsername,
      ADMIN_PASSWORD: ownerPassword,
      JWT_SECRET: testSecret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Tillbook on http:\/\/localhost:(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the server ended (${code}) before it listened:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  let token: string | undefined;
  return {
    child,
    port,
    url,
    exited,
    output: () => output,
    async ownerToken() {
      if (token) return token;
      const answer = await fetch(`${url}/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
      });
      if (answer.status !== 200) throw new Error(`owner login: ${answer.status} ${await answer.text()}`);
      token = ((await answer.json()) as { token: string }).token;
      return token;
    },
  };
}

/** Stops a server process (SIGTERM) and waits for it, if it still runs. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** A new data folder, removed by the cleanup answered beside it. */
export async function tempDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-ops-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/**
 * On the PostgreSQL project: a new, empty database on the test server (not named tillbook_*, which other runs
 * drop as their leftovers), with its drop. Undefined on the embedded project.
 */
export async function emptyPgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (inject('mode') !== 'server') return undefined;
  const server = process.env.TEST_DATABASE_URL!;
  const name = `tbops_${process.pid}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (statement: string) => {
    const client = pgClient(server);
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  return { url: withDatabase(server, name), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
