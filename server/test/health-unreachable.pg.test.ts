import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/platform/db.ts';
import { testSecret } from './constants.ts';
import { copyTemplate } from './harness.ts';

/**
 * The database goes out of reach under a running server (here: the network between them, a TCP relay, cut):
 * /readyz answers 503 saying so, /healthz still 200. Every kind of connection the server holds is cut at a
 * known moment, none of them while it is being made: the listener (listening), an idle pool connection and
 * one lent to a transaction. A connection whose loss had no listener would throw its 'error' event out of
 * the process (Vitest fails the run on it, as "Connection terminated unexpectedly").
 */
let relay: net.Server;
const sockets = new Set<net.Socket>();
let database: Database;
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const made = await copyTemplate();
  drop = made.drop;
  const target = new URL(made.url);
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const via = new URL(made.url);
  via.hostname = '127.0.0.1';
  via.port = String((relay.address() as net.AddressInfo).port);
  database = await openDatabase({ url: via.toString() });
  const config = readConfig({ DATABASE_URL: via.toString(), LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  app = await buildApp({ db: database.db, watch: database.watch, config, secret: testSecret, logger: false });
  await app.ready();
  await database.ready();
  // the mail worker's rounds run on a timer of their own: stopped, nothing connects or queries at a moment the test does not choose
  await app.mailer.stop();
});

/** At most `ms` for a step of the teardown: closing an app and a pool whose database was cut was seen to hang once. */
const within = (ms: number, step: Promise<unknown> | undefined) =>
  Promise.race([step?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

afterAll(async () => {
  await within(10_000, app?.close());
  await within(10_000, database?.close());
  relay?.close();
  // not waited for, as the harness's copies (harness.ts close())
  drop?.().catch(() => {});
});

test('/readyz: 200 while the database answers, 503 once it is out of reach; /healthz stays 200', async () => {
  expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  expect(database.listener?.pid).toBeGreaterThan(0);

  // a transaction holds a pool connection across the cut
  let begun!: () => void;
  let cutDone!: () => void;
  const started = new Promise<void>((resolve) => {
    begun = resolve;
  });
  const afterCut = new Promise<void>((resolve) => {
    cutDone = resolve;
  });
  const lent = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    begun();
    await afterCut;
    await tx.execute(sql`select 1`);
  });
  const failed = lent.then(
    () => undefined,
    (error: Error) => error,
  );
  await started;

  relay.close();
  for (const s of sockets) s.destroy();
  cutDone();
  expect(await failed).toBeInstanceOf(Error);

  const answer = await app.inject({ method: 'GET', url: '/readyz' });
  expect(answer.statusCode).toBe(503);
  expect(answer.json().reason).toMatch(/^the database (is unreachable|did not answer within 2 s)$/);
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});
