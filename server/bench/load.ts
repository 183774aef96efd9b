/**
 * One measurement: the bench's load generator (http-load.ts) against a server for a fixed time, each request
 * taken from the scenario's plan in turn (round-robin over every page, key or body, shared by all connections).
 * Latency percentiles are computed from every answer's time; errors (cut connections), timeouts (10 s without
 * an answer) and non-2xx answers are counted.
 */
import { drive } from './http-load.ts';

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
  const driven = await drive(
    url,
    () => {
      const r = next(i++);
      return { ...r, headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers } };
    },
    {
      connections: options.connections,
      seconds: options.seconds,
      timeoutSeconds: 10,
      onAnswer: (a) => {
        times.push(a.ms);
        options.onTime?.(a.ms);
        if (a.status >= 200 && a.status <= 299) return;
        refused[a.status] = (refused[a.status] ?? 0) + 1;
        if (!firstRefused) firstRefused = { path: a.path, status: a.status, body: a.body ?? '' };
      },
    },
  );
  const rate = driven.answers / driven.seconds;
  const non2xx = Object.values(refused).reduce((sum, n) => sum + n, 0);
  return {
    // one decimal below 100 req/s (the books, one connection), whole numbers above
    rps: round(rate, rate < 100 ? 1 : 0),
    ...percentiles(times),
    requests: driven.answers,
    errors: driven.errors,
    timeouts: driven.timeouts,
    non2xx,
    ...(firstRefused ? { firstRefused, refused } : {}),
  };
}

/**
 * Waits until the server has worked off what the last load left queued (the load stops at the time
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
