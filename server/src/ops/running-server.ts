import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * An embedded database is opened by one process only, so a backup of a running shop is taken by its server. The
 * server says where it is in this file of its data folder (its process, port and a random token, readable by its
 * own user only); `npm run backup` reads it and asks the server on the loopback address.
 */
export interface RunningServer {
  pid: number;
  port: number;
  token: string;
}

export const runningServerFile = (dataDir: string) => path.join(dataDir, 'running-server.json');

export const newOpsToken = () => crypto.randomBytes(32).toString('base64url');

export function announceServer(dataDir: string, server: RunningServer): void {
  const file = runningServerFile(dataDir);
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, JSON.stringify(server), { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** Removes the file if it is this process's. */
export function forgetServer(dataDir: string): void {
  const found = readRunningServer(dataDir);
  if (found?.pid === process.pid) fs.rmSync(runningServerFile(dataDir), { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server running on this data folder, if one is: a file left by a process that is gone is not one. */
export function readRunningServer(dataDir: string): RunningServer | undefined {
  try {
    const server = JSON.parse(fs.readFileSync(runningServerFile(dataDir), 'utf8')) as RunningServer;
    return alive(server.pid) ? server : undefined;
  } catch {
    return undefined;
  }
}

/** Compares a presented token with the expected one in constant time. */
export function sameToken(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A call of an `npm run` command to the running server: from the loopback address (the connection's own, whatever a proxy says) with its token. */
export const isOpsCall = (req: { socket: { remoteAddress?: string }; headers: Record<string, unknown> }, token: string): boolean =>
  loopback.has(req.socket.remoteAddress ?? '') && sameToken(req.headers['x-ops-token'], token);
