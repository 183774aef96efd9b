/**
 * One scenario's measurements, shared by the plain run (main.ts) and the A/B run (against.ts): the
 * app loaded once (with the scenario's background, if any), the limit loaded once, each after the
 * servers have worked off what the last load left queued, with a second's warm-up outside quick mode.
 */
import { processCpuMicros } from './cpu-use.ts';
import { type Measured, measure, type Request, refusedText, settle } from './load.ts';
import type { Result, Scenario } from './scenarios.ts';
import type { Fixtures, Message } from './serve.ts';

export interface RunOptions {
  quick: boolean;
  /** Each measurement's length (a `long` scenario gets at least 12 s outside quick mode). */
  seconds: number;
}

export const secondsOf = (s: Scenario, o: RunOptions) => (s.long && !o.quick ? Math.max(o.seconds, 12) : o.seconds);

/** Waits until the app and the limit answer fast again; answers the seconds waited. */
export async function idle(f: Fixtures): Promise<number> {
  return Math.max(await settle(`${f.appUrl}/v1/product-category/public`), await settle(`${f.limitUrl}/bench/idle`));
}

/**
 * The app under the scenario's load (and its background). `backlog` gets the seconds each wait took. Given the app
 * server's process id, also answers that process's CPU per answer over the load itself (µs; null off Linux).
 */
export async function measureApp(
  s: Scenario,
  f: Fixtures,
  next: (i: number) => Request,
  o: RunOptions,
  backlog: number[],
  serverPid?: number,
): Promise<{ measured: Measured; stale: Result['stale']; serverMicros: number | null }> {
  const options = { connections: s.connections, seconds: secondsOf(s, o) };
  backlog.push(await idle(f));
  if (!o.quick) await measure(f.appUrl, next, { ...options, seconds: 1 });
  backlog.push(await idle(f));
  const background = s.background?.(f);
  const cpu = async () => (serverPid ? processCpuMicros(serverPid) : null);
  const before = await cpu();
  const measured = await measure(f.appUrl, next, options);
  const after = await cpu();
  const serverMicros = before !== null && after !== null && measured.requests ? (after - before) / measured.requests : null;
  return { measured, stale: await background?.stop(), serverMicros };
}

/** Where the scenario's limit answers: the app's bytes from memory, the app itself quiet, or the hand-written SQL. */
export const limitUrlOf = (s: Scenario, f: Fixtures) => (s.memoryLimit ? f.memoryUrl : s.quietLimit ? f.appUrl : f.limitUrl);

/** A cached scenario's limit is filled with the app's answers to its plan, just before it is measured. */
export async function memorize(s: Scenario, f: Fixtures, next: (i: number) => Request, ask: (m: Message) => Promise<any>) {
  if (!s.memoryLimit) return undefined;
  const requests = Array.from({ length: s.memoryLimit(f) }, (_, i) => next(i));
  return (await ask({ cmd: 'memorize', requests })) as { answers: number; bytes: number };
}

export async function measureLimit(
  s: Scenario,
  f: Fixtures,
  next: (i: number) => Request,
  o: RunOptions,
  backlog: number[],
): Promise<Measured> {
  const url = limitUrlOf(s, f);
  const options = { connections: s.connections, seconds: secondsOf(s, o) };
  backlog.push(await idle(f));
  if (!o.quick) await measure(url, next, { ...options, seconds: 1 });
  backlog.push(await idle(f));
  return measure(url, next, options);
}

/** What a scenario's limit is, in words (the printout's legend). */
export const limitWords = (s: Scenario) =>
  s.limitIs ??
  (s.memoryLimit
    ? "the app's own answers, byte for byte (status, headers, body), from memory in a bare Node server"
    : s.quietLimit
      ? 'the app itself, measured with nothing written'
      : 'hand-written SQL in a bare Node server');

/** A measurement whose answers were not all 2xx, in words: who answered what (and the first refusal); undefined when all were. */
export function refusal(who: string, m: Measured): string | undefined {
  if (!m.non2xx) return undefined;
  const first = m.firstRefused;
  return `${who} answered ${refusedText(m) || `${m.non2xx} non-2xx`}${first ? ` (first: ${first.status} to ${first.path}: ${first.body.slice(0, 300)})` : ''}`;
}
