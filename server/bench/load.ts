/**
 * One measurement: autocannon against a server for a fixed time, each request taken from the
 * scenario's plan in turn (round-robin over every page, key or body, shared by all connections).
 * Latency percentiles are computed from every response's time; errors, timeouts and non-2xx answers
 * are counted as autocannon reports them.
 */
import autocannon from 'autocannon';

/**
 * What a browser sends with every request, Chrome's Accept-Encoding: a shopper's page is asked for compressed.
 * The storefront's reads carry it, so they are measured as a shop serves them; the staff's reads are measured
 * plain, as their limit (hand-written SQL, no compression) answers them.
 */
export const browserAsks: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Request {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The first answer that was not 2xx (its request, status and body, cut to 2,000 characters), if any. */
  firstRefused?: { path: string; status: number; body: string };
  /** The answers that were not 2xx, counted by status. */
  refused?: Record<string, number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** p50, p95 and p99 of response times (sorted in place). */
export function percentiles(times: number[]): Pick<Measured, 'p50' | 'p95' | 'p99'> {
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)) };
}

export async function measure(
  url: string,
  next: (i: number) => Request,
  /** `onTime`: each response's time, also given to the caller (loads on several servers at once, merged). */
  options: { connections: number; seconds: number; onTime?: (ms: number) => void },
): Promise<Measured> {
  let i = 0;
  const times: number[] = [];
  let firstRefused: Measured['firstRefused'];
  const refused: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10, // seconds without an answer before autocannon counts a timeout
    requests: [
      {
        setupRequest: (request: Record<string, unknown>, context: { path?: string }) => {
          const r = next(i++);
          // one request at a time per connection: the answer that comes next is this one's
          context.path = r.path;
          return {
            ...request,
            method: r.method,
            path: r.path,
            headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
            body: r.body,
          };
        },
        // autocannon counts a non-2xx answer but drops its body: keep the first one's, to say why
        onResponse: (status: number, body: string, context: { path?: string }) => {
          if (status >= 200 && status <= 299) return;
          refused[status] = (refused[status] ?? 0) + 1;
          if (!firstRefused) firstRefused = { path: context.path ?? '', status, body: body.slice(0, 2000) };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    options.onTime?.(responseTime);
  });
  const result = await instance;
  return {
    // one decimal below 100 req/s (the books, one connection), whole numbers above
    rps: round(result.requests.total / result.duration, result.requests.total / result.duration < 100 ? 1 : 0),
    ...percentiles(times),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ...(firstRefused ? { firstRefused, refused } : {}),
  };
}

/**
 * Waits until the server has worked off what the last load left queued (autocannon stops at the time
 * but the server still answers the requests already sent): a cheap request must come back fast twice
 * in a row. Answers the seconds waited (at most a minute).
 */
export async function settle(url: string): Promise<number> {
  const started = Date.now();
  let fast = 0;
  while (fast < 2 && Date.now() - started < 60_000) {
    const at = Date.now();
    await fetch(url).then((r) => r.arrayBuffer());
    fast = Date.now() - at < 100 ? fast + 1 : 0;
  }
  return (Date.now() - started) / 1000;
}

/** The statuses of the answers that were not 2xx, e.g. "400 ×1,234, 500 ×2" (empty when all were). */
export const refusedText = (m: Measured) =>
  Object.entries(m.refused ?? {})
    .map(([status, n]) => `${status} ×${n.toLocaleString('en')}`)
    .join(', ');

/** Asks the plan's first `n` requests once each, 8 at a time (a cache warmed before a measurement). */
export async function walkOnce(url: string, next: (i: number) => Request, n: number): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < n) {
      const r = next(i++);
      await fetch(`${url}${r.path}`, { method: r.method, headers: r.headers, body: r.body }).then((a) => a.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
