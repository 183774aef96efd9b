import type pg from 'pg';
import { expect } from 'vitest';
import { pgClient } from '../src/platform/pg-client.ts';
import type { Answer, TestApp } from './harness.ts';

/** The statements a request sent (COUNT_STATEMENTS is on in tests): 0 means it was answered from memory. */
export const statements = (answer: Answer) => Number(answer.headers['x-sql-statements']);

/** A plain client on the test database, as a psql session would be; the caller ends it. */
export async function plainClient(t: TestApp): Promise<pg.Client> {
  const client = pgClient({ connectionString: t.databaseUrl });
  await client.connect();
  return client;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (no bound asserted) until `ready` holds: for a state of the process, not for an answer. */
export async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await pause(5);
}

/**
 * Asks `ask` again and again until `shows` holds for its answer; answers how long after `since` it
 * first did (the test asserts the bound). Gives up after 3 s. Between two asks the event loop turns
 * once, as it does between two requests coming over the network: an answer from memory is made in
 * promise jobs alone, and a loop of them would never let the process read its listening connection.
 */
/** What shownAfter gives when the other server still served the old answer 3 s after the write: a stale cache. How
 * soon a fresh answer shows is the bench's to measure (scale-out), not a test's, so tests only ask that it shows. */
export const neverShown = Number.POSITIVE_INFINITY;

export async function shownAfter(since: number, ask: () => Promise<Answer>, shows: (answer: Answer) => boolean): Promise<number> {
  for (;;) {
    const answer = await ask();
    const now = performance.now();
    if (shows(answer)) return now - since;
    if (now - since > 3000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Ends B's listening connection from a third connection, and waits until B has noticed. */
export async function killListener(b: TestApp, third: pg.Client): Promise<void> {
  const listener = b.database.listener!;
  const pid = listener.pid;
  expect(pid).toBeGreaterThan(0);
  const { rows } = await third.query('select pg_terminate_backend($1, 5000) as ended', [pid]);
  expect(rows[0].ended).toBe(true);
  await until(() => listener.pid !== pid);
}

/** Waits until B listens again after `sessions` sessions (and so has dropped everything it kept). */
export const listeningAgain = (b: TestApp, sessions: number) => until(() => b.database.listener!.sessions > sessions);
