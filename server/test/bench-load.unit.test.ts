// The bench's load generator (server/bench/http-load.ts) counts what a server really answered: every
// framing a server uses (Content-Length, chunked, Connection: close), the refused answers' bodies, and a
// connection the server cuts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { drive } from '../bench/http-load.ts';

let server: http.Server;
let url = '';
const served: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const route = req.url ?? '';
    served[route] = (served[route] ?? 0) + 1;
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (route === '/plain') return res.end(JSON.stringify({ ok: true, pad: 'x'.repeat(5000) }));
      if (route === '/chunked') {
        res.write('{"part":1,');
        setImmediate(() => res.end(`"rest":"${'y'.repeat(20_000)}"}`));
        return;
      }
      if (route === '/echo') return res.writeHead(201).end(body);
      if (route === '/refused') return res.writeHead(409, { 'content-type': 'application/json' }).end('{"message":"Stock is short"}');
      if (route === '/close') return res.writeHead(200, { connection: 'close' }).end('bye');
      if (route === '/cut') return req.socket.destroy();
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const routes = ['/plain', '/chunked', '/echo', '/refused', '/close'];

test('every answer read is one the server sent, whatever its framing, and a refusal keeps its body', async () => {
  for (const key of Object.keys(served)) delete served[key];
  let i = 0;
  const statuses: Record<number, number> = {};
  const bodies = new Set<string>();
  const driven = await drive(
    url,
    () => {
      const path = routes[i++ % routes.length]!;
      return path === '/echo' ? { method: 'POST', path, body: '{"qty":2}' } : { method: 'GET', path };
    },
    {
      connections: 4,
      seconds: 0.5,
      timeoutSeconds: 5,
      onAnswer: (a) => {
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.body !== undefined) bodies.add(a.body);
        expect(a.ms).toBeGreaterThan(0);
      },
    },
  );
  expect(driven.errors).toBe(0);
  expect(driven.timeouts).toBe(0);
  expect(driven.answers).toBeGreaterThan(50);
  expect((statuses[200] ?? 0) + (statuses[201] ?? 0) + (statuses[409] ?? 0)).toBe(driven.answers);
  expect(bodies).toEqual(new Set(['{"message":"Stock is short"}']));
  // the server answered at most the connections' last requests more than were counted (cut at the time)
  const total = Object.values(served).reduce((sum, n) => sum + n, 0);
  expect(total - driven.answers).toBeGreaterThanOrEqual(0);
  expect(total - driven.answers).toBeLessThanOrEqual(4);
});

test('a connection the server cuts counts an error and is replaced', async () => {
  let i = 0;
  let answered = 0;
  const driven = await drive(url, () => ({ method: 'GET', path: i++ % 10 === 9 ? '/cut' : '/plain' }), {
    connections: 2,
    seconds: 0.4,
    timeoutSeconds: 5,
    onAnswer: () => answered++,
  });
  expect(driven.errors).toBeGreaterThan(0);
  expect(answered).toBe(driven.answers);
  expect(driven.answers).toBeGreaterThan(driven.errors * 5);
});
