import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { withDatabase } from '../../scripts/test-databases.mjs';
import { buildApp } from '../src/app.ts';
import { type Config, readConfig } from '../src/config.ts';
import { type Database, newPglite, openDatabase } from '../src/platform/db.ts';
import { pgClient } from '../src/platform/pg-client.ts';
import { TokenService } from '../src/platform/tokens.ts';
import type { WriteListenerOptions } from '../src/platform/write-listener.ts';
import { ownerPassword, ownerUsername, testSecret } from './constants.ts';
import {
  expectInventoryMatchesLedger,
  expectInvoiceFiguresMatchLedger,
  expectJournalVerifies,
  expectLedgerBalanced,
  expectListTotalsMatchInvoices,
  expectOrderFiguresMatchLedger,
  expectStockMatchesMovements,
  expectTillSessionsMatchLedger,
} from './invariants.ts';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string }[];
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The address the call comes from (default 127.0.0.1). */
  remoteAddress?: string;
  /**
   * Over a real connection to the listening server (it listens at the first such call) instead of Fastify's inject:
   * what the HTTP server's front door answers (front-door.ts) is seen only this way.
   */
  overHttp?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: the cloned database's URL (for a second app or a plain client, as psql would be). */
  databaseUrl?: string;
  config: Config;
  dataDir: string;
  tokens: TokenService;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  login(username: string, password: string): Promise<Answer>;
  /** The owner's (super-admin) access token. */
  ownerToken(): Promise<string>;
  /** A staff member in a new role holding exactly these permissions; answers its token and ids. */
  staffWith(
    permissions: string[],
    name?: string,
  ): Promise<{ token: string; userId: number; roleId: number; username: string; password: string }>;
  /** A customer token (signed by the server's own signer) for a new customer row. */
  customerToken(): Promise<{ token: string; customerId: number }>;
  /**
   * PostgreSQL only: a second server process's app on this same database (its own pool, caches and
   * listener; the same signing secret, so a token works on both). Close it before this one.
   */
  twin(env?: Record<string, string>, listen?: WriteListenerOptions): Promise<TestApp>;
  close(): Promise<void>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${Date.now().toString(36)}x${counter++}`;

/** PostgreSQL: a new database copied from the migrated, seeded template, with its drop. */
export async function copyTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('template');
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName.replace('tmpl', 't')}_${counter++}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = pgClient(withDatabase(template, 'postgres'));
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database "${name}" template "${templateName}"`);
  return { url: withDatabase(template, name), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

async function cloneDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (inject('mode') === 'embedded') {
    const dump = await fs.readFile(inject('template'));
    const client = newPglite({ loadDataDir: new Blob([dump]) });
    return { database: await openDatabase({ pglite: client }), drop: async () => {} };
  }
  const { url, drop } = await copyTemplate();
  return { database: await openDatabase({ url }), url, drop };
}

/** A real server on a fresh copy of the migrated, seeded test database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, url, drop } = await cloneDatabase();
  return testAppOn(database, env, drop, url);
}

async function testAppOn(database: Database, env: Record<string, string>, drop: () => Promise<void>, url?: string): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-data-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    UPLOAD_MAX_BYTES: String(256 * 1024),
    LOG_LEVEL: 'silent',
    CHECK_ANSWERS: 'true',
    COUNT_STATEMENTS: 'true',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ db: database.db, watch: database.watch, config, secret: testSecret, logger: false });
  await app.ready();
  await database.ready();
  const tokens = new TokenService(testSecret, config.accessTokenSeconds);
  let owner: string | undefined;

  let listening: Promise<string> | undefined;
  const overHttp = async (method: string, url: string, options: CallOptions, headers: Record<string, string>): Promise<Answer> => {
    listening ??= app.listen({ port: 0, host: '127.0.0.1' });
    const query = options.query ? `${url.includes('?') ? '&' : '?'}${new URLSearchParams(options.query)}` : '';
    if (options.cookies)
      headers.cookie = Object.entries(options.cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${await listening}${url}${query}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: String(response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text,
      headers: Object.fromEntries(response.headers),
      cookies: [],
    };
  };

  const call = async (method: string, url: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.overHttp) return overHttp(method, url, options, headers);
    const response = await app.inject({
      method: method as never,
      url,
      query: options.query,
      headers,
      cookies: options.cookies,
      remoteAddress: options.remoteAddress,
      ...(options.body !== undefined ? { payload: options.body as never } : {}),
    });
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('json')) body = response.json();
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      cookies: response.cookies.map((c) => ({ name: c.name, value: c.value })),
    };
  };

  const login = (username: string, password: string) => call('POST', '/v1/user/login', { body: { username, password } });

  const t: TestApp = {
    app,
    database,
    databaseUrl: url,
    config,
    dataDir,
    tokens,
    call,
    login,
    async ownerToken() {
      if (!owner) {
        const answer = await login(ownerUsername, ownerPassword);
        if (answer.status !== 200) throw new Error(`owner login failed: ${JSON.stringify(answer.body)}`);
        owner = answer.body.token as string;
      }
      return owner;
    },
    async staffWith(permissions, name = unique('role')) {
      const ownerToken = await t.ownerToken();
      const role = await call('POST', '/v1/role', { token: ownerToken, body: { name } });
      if (role.status !== 201) throw new Error(`role: ${JSON.stringify(role.body)}`);
      const all = await call('GET', '/v1/permission', { token: ownerToken, query: { query: 'all' } });
      const ids = (all.body.getAllPermission as { id: number; name: string }[])
        .filter((p) => permissions.includes(p.name))
        .map((p) => p.id);
      if (ids.length !== permissions.length) throw new Error(`unknown permission among ${permissions.join(', ')}`);
      const set = await call('POST', '/v1/role-permission', { token: ownerToken, body: { roleId: role.body.id, permissionId: ids } });
      if (set.status >= 300) throw new Error(`role-permission: ${JSON.stringify(set.body)}`);
      const username = unique('user');
      const password = 'staff-password-1';
      const user = await call('POST', '/v1/user/register', {
        token: ownerToken,
        body: { firstName: 'Test', lastName: 'Staff', username, password, roleId: role.body.id },
      });
      if (user.status !== 201) throw new Error(`register: ${JSON.stringify(user.body)}`);
      const answer = await login(username, password);
      return { token: answer.body.token, userId: user.body.id, roleId: role.body.id, username, password };
    },
    async customerToken() {
      const { customer, role } = await import('../src/schema/index.ts');
      const { eq } = await import('drizzle-orm');
      const [customerRole] = await database.db.select().from(role).where(eq(role.name, 'customer'));
      const [row] = await database.db
        .insert(customer)
        .values({ username: unique('cust'), email: `${unique('c')}@example.com`, roleId: customerRole!.id })
        .returning();
      const token = await tokens.sign({ id: row!.id, kind: 'customer', roleId: customerRole!.id, role: 'customer' });
      return { token, customerId: row!.id };
    },
    async twin(twinEnv = env, listen) {
      if (!url) throw new Error('a second app on one database needs PostgreSQL (TEST_DATABASE_URL)');
      return testAppOn(await openDatabase({ url, listen }), twinEnv, async () => {}, url);
    },
    async close() {
      await app.close();
      await database.close();
      // not waited for: on PostgreSQL 15 a DROP DATABASE waits for a checkpoint, 2–5 s under the test run's
      // writes, while the file's worker could start its next file; one whose drop is cut short (the run ended)
      // is dropped by global-setup's teardown with the run's other copies
      drop().catch(() => {});
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export interface UseTestAppOptions {
  /** Environment handed to startTestApp (e.g. `{ ACCESS_TOKEN_TTL: '1s' }`). */
  env?: Record<string, string>;
  /** After every test: on-hand = movements, ledger balanced, Inventory account = valued movements. */
  invariants?: boolean;
}

/**
 * The usual setup of a test file (or of a describe block, when called inside one): a test app started
 * in beforeAll and closed in afterAll. Answers a stand-in for it whose properties are the started app's,
 * so `const t = useTestApp();` at the top of the file, then `t.call(...)`, `t.ownerToken()` ... inside
 * hooks, tests and the helpers they call (not at the file's top level: the app starts in beforeAll).
 * Hooks the file registers after this call run after the app has started.
 */
export function useTestApp(options: UseTestAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options.env);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  if (options.invariants) {
    afterEach(async () => {
      await expectStockMatchesMovements(t);
      await expectLedgerBalanced(t);
      await expectInventoryMatchesLedger(t);
      await expectInvoiceFiguresMatchLedger(t);
      await expectListTotalsMatchInvoices(t);
      await expectOrderFiguresMatchLedger(t);
      await expectTillSessionsMatchLedger(t);
      await expectJournalVerifies(t);
    });
  }
  const t = new Proxy({} as TestApp, {
    get(_, key) {
      if (started) return Reflect.get(started, key);
      if (typeof key === 'symbol') return undefined;
      throw new Error(`useTestApp: t.${key} was read before the test app started (use it inside hooks and tests)`);
    },
  });
  return t;
}
