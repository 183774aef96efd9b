/**
 * The limit of a cached answer (issue 30): a bare Node `http` server answering, from memory, the very
 * bytes the app answered: its status, its headers (less the connection's own: date, connection,
 * keep-alive, transfer-encoding) and its body, asked of the app once just before the measurement. No
 * routing beyond one Map lookup, no framework, no database: what a cache cannot beat, whatever it
 * costs to build the answer. Runs in the bench's server process (serve.ts), beside the app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from './load.ts';

interface Kept {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One request to the app as the load generator sends it (http-load.ts: no accept-encoding unless the plan sets one). */
function ask(base: string, r: Request): Promise<Kept> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${r.path}`, { method: r.method, headers: r.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers: Kept['headers'] = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !connectionHeaders.has(name)) headers[name] = value;
        resolve({ status: answer.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end(r.body);
  });
}

export async function startMemoryLimit(): Promise<{
  url: string;
  /** Asks the app each request once (GETs only) and keeps its answer; answers how many and their bytes. */
  memorize(appUrl: string, requests: Request[]): Promise<{ answers: number; bytes: number }>;
  close(): Promise<void>;
}> {
  const kept = new Map<string, Kept>();
  const server = http.createServer((req, res) => {
    const answer = kept.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"error":"not memorized"}');
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async memorize(appUrl, requests) {
      kept.clear();
      let bytes = 0;
      for (const r of requests) {
        if (r.method !== 'GET' || kept.has(r.path)) continue;
        const answer = await ask(appUrl, r);
        if (answer.status < 200 || answer.status > 299)
          throw new Error(`the memory limit asked ${r.path} of the app and got ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
        kept.set(r.path, answer);
        bytes += answer.body.length;
      }
      return { answers: kept.size, bytes };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
