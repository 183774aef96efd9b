import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installAuditTriggers } from './audit-triggers.ts';
import { prepareOnPglite } from './embedded-prepared.ts';
import { startingCluster } from './embedded-template.ts';
import { heedLoss, pgClient } from './pg-client.ts';
import { endsTransaction, rowsMarked, SqlWatch } from './sql-watch.ts';
import { WriteListener, type WriteListenerOptions } from './write-listener.ts';

/**
 * The app's handle. Made without the schema: drizzle would otherwise build a relational query builder per table
 * for every transaction and savepoint it opens (about 70 µs a sale), for a `db.query` API the app does not use.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; use-cases take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The statement naming an actor to a transaction (`set_config('tillbook.actor', …, true)`), asked when it begins. */
export type ActorSetting = () => string | undefined;

/** How each database makes a handle whose transactions name an actor (`actingAs`). */
const actingHandles = new WeakMap<Db, (actor: ActorSetting) => Db>();

/**
 * `db`, with every transaction it begins naming `actor()` to the audit log's triggers in that transaction's own
 * BEGIN (no round trip more). A request's handle (`req.db`, audit-trail.ts): the actor travels with the handle,
 * not with the event loop's context, so nothing is paid by the requests that never write. Costs well under 1 µs.
 */
export function actingAs(db: Db, actor: ActorSetting): Db {
  const make = actingHandles.get(db);
  if (!make) throw new Error('actingAs: this handle was not made by openDatabase');
  return make(actor);
}

/** A stand-in for `target` whose `name` is `replaced`; every other method is the target's own, bound to it. */
function withOwn<T extends object>(target: T, name: string, replaced: unknown): T {
  return new Proxy(target, {
    get(t, key) {
      if (key === name) return replaced;
      const value = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

export interface Database {
  db: Db;
  kind: 'embedded' | 'server';
  /** The tables written and the statements sent, as seen by the driver (see sql-watch.ts). */
  watch: SqlWatch;
  /** Server mode: the connection that hears other processes' writes (write-listener.ts). */
  listener?: WriteListener;
  /** Resolves once the caches may be trusted (server mode: the listener listens); call it after building the app. */
  ready(): Promise<void>;
  /** The embedded database's PGlite client (its backups are taken through it); absent on a PostgreSQL server. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

// numeric columns come back as text; money columns declare mode 'number' and drizzle converts them.
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  /** Server mode: the listener's backoff and ping (write-listener.ts). */
  listen?: WriteListenerOptions;
}): Promise<Database> {
  if (options.url) {
    // other processes write too: the caches serve nothing until the listener hears every write
    const watch = new SqlWatch({ coherent: false });
    // no JIT: PostgreSQL compiles a statement it costs above 100,000 (a report over a long range) to
    // machine code first, which took longer than the read itself (the widest dashboard: 3.0 s → 1.9 s
    // under load without it); the app's statements are short or read by index, where JIT never pays
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // the backends of this pool: their writes are seen from the SQL sent, not again from their notifications
    const own = new Set<number>();
    const pid = (client: pg.PoolClient) => (client as unknown as { processID: number | null }).processID;
    pool.on('connect', (client) => {
      // the pool listens for the errors of its idle clients only: a client cut while lent (a transaction,
      // a query) would throw its 'error' event; its queries reject with the loss, and the pool drops it when it comes back
      heedLoss(client);
      watchPgClient(client, watch);
      const id = pid(client);
      if (id !== null) own.add(id);
    });
    pool.on('remove', (client) => {
      const id = pid(client);
      if (id !== null) own.delete(id);
    });
    // an idle connection the server closes (a restart, an administrator) is dropped by the pool and
    // replaced on the next query; unhandled, its error would end the process
    pool.on('error', (error) => console.warn(`database: an idle connection was closed (${error.message})`));
    // an acting handle's connection names its actor in its BEGIN; one given back unused forgets it
    pool.on('release', (_error: unknown, client: pg.PoolClient) => actors.delete(client));
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    actingHandles.set(db, (actor) => {
      const connect = async () => {
        const client = await pool.connect();
        actors.set(client, actor);
        return client;
      };
      return drizzlePg({ client: withOwn(pool, 'connect', connect), casing: 'snake_case' }) as unknown as Db;
    });
    await migrateLocked(options.url);
    const listener = new WriteListener(options.url, watch, {
      warn: (message) => console.warn(message),
      own: (id) => own.has(id),
      ...options.listen,
    });
    return {
      db,
      kind: 'server',
      watch,
      listener,
      ready: () => watch.whenCoherent(),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const watch = new SqlWatch();
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
    client = newPglite({ dataDir: dir, loadDataDir: startingCluster(dir) });
  }
  await client.waitReady;
  prepareOnPglite(client);
  watchPglite(client, watch);
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  const plain = client;
  actingHandles.set(db, (actor) => {
    const acting = withOwn(plain, 'transaction', transactionAs(plain, actor));
    return drizzlePglite({ client: acting, casing: 'snake_case' }) as unknown as Db;
  });
  await migratePglite(db as never, { migrationsFolder });
  const embedded = client;
  await installAuditTriggers(async (statement) => ({ rows: (await embedded.exec(statement)).at(-1)?.rows ?? [] }));
  const owned = client;
  return { db, kind: 'embedded', watch, pglite: owned, ready: async () => {}, close: () => owned.close() };
}

/** The embedded database with the extensions the migrations use (pg_trgm for the product search, btree_gist for the no-overlap constraints of staff histories and appointments). */
export function newPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  return new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm, btree_gist } });
}

const statementText = (arg: unknown): string =>
  typeof arg === 'string' ? arg : typeof (arg as { text?: unknown })?.text === 'string' ? (arg as { text: string }).text : '';

/** The actor of each pool connection lent to an acting handle, until its BEGIN names it (`actingAs`). */
const actors = new WeakMap<pg.PoolClient, ActorSetting>();

/**
 * Every statement of a pool connection goes through its `query` (the pool's own `query` too). Writes
 * inside a transaction become visible at its commit, so their tables are touched again then.
 */
function watchPgClient(client: pg.PoolClient, watch: SqlWatch) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  let pending = new Set<string>();
  let inTransaction = false;
  const done = (text: string, written: string[]) => {
    if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
    else if (endsTransaction(text)) {
      inTransaction = false;
      watch.touch(pending);
      pending = new Set();
    }
    if (!written.length) return;
    if (inTransaction) for (const t of written) pending.add(t);
    else watch.touch(written);
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const text = statementText(args[0]);
    const written = watch.sent(text);
    // an acting handle's transaction names its actor to the audit log's triggers in its own BEGIN (no round trip more)
    const actor = /^\s*begin\b/i.test(text) ? takeActor(client) : undefined;
    if (actor) args[0] = typeof args[0] === 'string' ? `${text}; ${actor}` : { ...(args[0] as object), text: `${text}; ${actor}` };
    const last = args.length - 1;
    if (rowsMarked(text)) {
      // a mark is not sent: its rows are touched like a write that returned
      done(text, written);
      const empty = { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
      if (typeof args[last] === 'function') return void (args[last] as (e: null, r: unknown) => void)(null, empty);
      return Promise.resolve(empty);
    }
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        done(text, written);
        callback(...r);
      };
      return original(...args);
    }
    const answer = original(...args);
    if (answer instanceof Promise) return answer.finally(() => done(text, written));
    return answer;
  };
}

function takeActor(client: pg.PoolClient): string | undefined {
  const actor = actors.get(client);
  actors.delete(client);
  return actor?.();
}

type Queryable = { query: (...args: never[]) => Promise<unknown>; exec: (...args: never[]) => Promise<unknown> };

/** Wraps `query` and `exec` of PGlite or of one of its transactions; `after` gets each write's tables once it returns. */
function watchQueries(target: Queryable, watch: SqlWatch, after: (written: string[]) => void) {
  for (const name of ['query', 'exec'] as const) {
    const original = (target[name] as (...args: unknown[]) => Promise<unknown>).bind(target);
    (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const text = statementText(args[0]);
      const written = watch.sent(text);
      if (rowsMarked(text)) {
        // a mark is not sent: its rows are touched like a write that returned
        after(written);
        const empty = { rows: [], fields: [], affectedRows: 0 };
        return Promise.resolve(name === 'exec' ? [empty] : empty);
      }
      const answer = original(...args);
      return written.length ? answer.finally(() => after(written)) : answer;
    };
  }
}

/** PGlite: statements outside a transaction are visible when they return; a transaction's at its end. */
function watchPglite(client: PGlite, watch: SqlWatch) {
  watchQueries(client as unknown as Queryable, watch, (written) => watch.touch(written));
  const transaction = client.transaction.bind(client);
  transactions.set(client, { transaction, watch });
  client.transaction = transactionAs(client, undefined);
}

const transactions = new WeakMap<PGlite, { transaction: PGlite['transaction']; watch: SqlWatch }>();

/** The embedded database's transaction, watched, naming `actor` (when given) to the audit log's triggers first. */
function transactionAs(client: PGlite, actor: ActorSetting | undefined): PGlite['transaction'] {
  const { transaction, watch } = transactions.get(client)!;
  return (<T>(work: (tx: never) => Promise<T>) => {
    const pending = new Set<string>();
    return transaction(async (tx) => {
      // not counted: it is the BEGIN's part
      const setting = actor?.();
      if (setting) await tx.query(setting);
      watchQueries(tx as unknown as Queryable, watch, (written) => {
        for (const t of written) pending.add(t);
      });
      return work(tx as never);
    }).finally(() => watch.touch(pending));
  }) as PGlite['transaction'];
}

/**
 * Migrates under a session advisory lock on a connection of its own: servers starting at once on one database take
 * turns (the second finds the migrations applied). Ending the connection releases the lock.
 */
async function migrateLocked(url: string): Promise<void> {
  const client = pgClient(url);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(23230400)');
    await migratePg(drizzlePg({ client, casing: 'snake_case' }) as never, { migrationsFolder });
    await installAuditTriggers(async (statement) => {
      const answer = (await client.query(statement)) as unknown as
        | { rows: Record<string, unknown>[] }
        | { rows: Record<string, unknown>[] }[];
      return Array.isArray(answer) ? (answer.at(-1) ?? { rows: [] }) : answer;
    });
  } finally {
    await client.end();
  }
}
