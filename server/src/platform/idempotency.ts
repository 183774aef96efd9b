import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from './db.ts';
import { AppError, fieldError } from './errors.ts';
import { rawRows } from './queries.ts';

/** How long a key is kept: at least 24 hours are promised; the upkeep removes keys older than this. */
export const keyHours = 48;

/** The Idempotency-Key header: up to 200 printable characters (400 naming it otherwise); none when absent or empty. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw fieldError('Idempotency-Key', 'must be up to 200 printable characters');
  return key;
}

/** JSON with every object's keys sorted (dates as ISO text), so one request always hashes the same. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value === 'bigint' ? value.toString() : value;
}

const requestHash = (req: FastifyRequest, input: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical({ params: req.params ?? {}, body: input ?? null })))
    .digest('hex');

const asJson = (value: unknown) => JSON.stringify(value ?? null, (_, v) => (typeof v === 'bigint' ? Number(v) : v));

/**
 * A document's transaction, made safe to retry: what a route runs instead of `req.db.transaction(work)`.
 * Without an Idempotency-Key it is exactly that. With one, the transaction first inserts the key
 * (caller, route, key, the request's hash) with `on conflict do nothing`: the primary key makes a second
 * request with the key wait until the first's transaction ends (PostgreSQL waits on the uncommitted
 * row; PGlite runs one transaction at a time). If the key was already there, nothing runs: the same
 * request answers what the first one's transaction answered (`replayed` may adapt it, e.g. to say
 * it is a repeat), another request is a 422 naming Idempotency-Key. Otherwise `work` runs and its
 * answer is stored in the same transaction, so the document and its key commit (or roll back) together:
 * a refused request (a 4xx) keeps no key, and its retry runs again.
 *
 * `input` is the parsed body; the path parameters are hashed with it. The answer is kept as JSON: Dates come
 * back as ISO text (the presenter sends them so anyway).
 */
export async function idempotent<T>(
  req: FastifyRequest,
  input: unknown,
  work: (tx: Tx) => Promise<T>,
  replayed: (first: T) => T = (first) => first,
): Promise<T> {
  // the request's handle: its transaction names the caller to the audit log (audit-trail.ts)
  const { db } = req;
  const key = idempotencyKeyOf(req);
  if (key === undefined) return db.transaction(work);
  if (!req.auth) throw new Error('an idempotent route needs a signed-in caller');
  const scope = `${req.auth.kind}:${req.auth.id}`;
  const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
  const hash = requestHash(req, input);
  return db.transaction(async (tx) => {
    const [taken] = await rawRows<{ taken: number }>(
      tx,
      sql`insert into idempotency_key (scope, route, key, request_hash) values (${scope}, ${route}, ${key}, ${hash})
          on conflict do nothing returning 1 as taken`,
    );
    if (!taken) return replay(tx, { scope, route, key, hash }, replayed);
    const answer = await work(tx);
    await tx.execute(
      sql`update idempotency_key set result = ${asJson(answer)}::jsonb where scope = ${scope} and route = ${route} and key = ${key}`,
    );
    return answer;
  });
}

async function replay<T>(
  tx: DbOrTx,
  at: { scope: string; route: string; key: string; hash: string },
  replayed: (first: T) => T,
): Promise<T> {
  const [first] = await rawRows<{ request_hash: string; result: T }>(
    tx,
    sql`select request_hash, result from idempotency_key where scope = ${at.scope} and route = ${at.route} and key = ${at.key}`,
  );
  // gone between the two statements: only the upkeep removes a key, two days after it was used
  if (!first) throw new AppError('conflict', 'This Idempotency-Key has just expired: send the request with a new key');
  if (first.request_hash !== at.hash) {
    throw new AppError(
      'idempotency_mismatch',
      'This Idempotency-Key was already used for another request: a new document needs a new key',
      { 'Idempotency-Key': 'was already used for another request' },
    );
  }
  return replayed(first.result);
}

/**
 * The keys' upkeep, a step of the mail worker's round: removes the keys older than `keyHours`, at most
 * once per `everyMs` in this process. A plain delete, so any number of server processes may run it.
 */
export function forgetOldKeys(everyMs = 10 * 60_000): (db: Db) => Promise<number> {
  let last = Number.NEGATIVE_INFINITY;
  return async (db) => {
    if (Date.now() - last < everyMs) return 0;
    last = Date.now();
    const [gone] = await rawRows<{ n: number }>(
      db,
      sql`with d as (delete from idempotency_key where created_at < now() - make_interval(hours => ${keyHours}) returning 1)
          select count(*)::int as n from d`,
    );
    return Number(gone?.n ?? 0);
  };
}
