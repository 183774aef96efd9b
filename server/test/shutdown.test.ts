import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emptyPgDatabase, type ServerProcess, startServerProcess, stopServerProcess, tempDataDir } from './server-process.ts';

/**
 * SIGTERM as a container platform sends it: the server stops taking connections, finishes the request in flight
 * (here one whose body is still arriving), and exits 0 within 10 s. On the embedded database, and on PostgreSQL
 * in the server-pg project.
 */
let server: ServerProcess;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const data = await tempDataDir();
  cleanups.push(data.remove);
  const database = await emptyPgDatabase();
  if (database) cleanups.push(database.drop);
  server = await startServerProcess({ DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) });
}, 120_000);

afterAll(async () => {
  await stopServerProcess(server);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Whether a new connection to the port is refused now. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

test('/healthz and /readyz answer 200, not cached', async () => {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(health.headers.get('cache-control')).toBe('no-store');
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
});

test('SIGTERM: the request in flight is answered, new connections are refused, the process exits 0 within 10 s', async () => {
  const token = await server.ownerToken();
  const body = JSON.stringify({ username: `In flight ${Date.now()}` });
  const half = Math.floor(body.length / 2);
  // a request whose headers and half its body have arrived: in flight when the signal comes
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(
    `POST /v1/customer HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));

  const signalled = Date.now();
  server.child.kill('SIGTERM');
  // the listener closes: a new connection is refused while the request is still waiting for its body
  let isRefused = false;
  for (let i = 0; i < 100 && !isRefused; i++) {
    isRefused = await refused(server.port);
    if (!isRefused) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(isRefused).toBe(true);
  expect(answer).toBe('');

  socket.write(body.slice(half));
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  expect(answer).toContain('In flight');

  const code = await server.exited;
  expect(code).toBe(0);
  // the bound the issue names
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(server.output()).toContain('SIGTERM: finishing the requests in flight');
}, 60_000);
