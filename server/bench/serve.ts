/**
 * The bench's server process (forked by plain.ts and against.ts, so the load generator runs in its own process): the
 * database under test (BENCH_KIND embedded|postgres), seeded by the app's own seed, the catalogue's
 * data, the web shop's shoppers with their carts and tokens (shop-data.ts), the real app on a free
 * port (`app.listen({port: 0})`) and the limit beside it. It answers the
 * parent's messages: `grow` (the till's 100,000 products), `invoices` (the lists' sale and purchase
 * invoices), `books` (1,000,000 ledger rows), `memorize` (the cached answers' limit, memory-limit.ts), `stop`.
 * The app's code is today's, or another commit's under `--against` (app-code.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, databaseReady, readConfig, seedBase } from './app-code.ts';
import { catalogueNames, ledger, products, variantCatalogue, variantProduct } from './data.ts';
import { growInvoices } from './invoice-data.ts';
import { joinServer } from './join-server.ts';
import { limitContext, startLimit } from './limit.ts';
import type { Request } from './load.ts';
import { startMemoryLimit } from './memory-limit.ts';
import { openBenchDatabase } from './raw-sql.ts';
import { type ShopFixtures, shopData } from './shop-data.ts';
import { type TillFixtures, tillData } from './till-data.ts';

export interface Fixtures {
  kind: 'embedded' | 'postgres';
  version: string;
  appUrl: string;
  /** The same app with COUNT_STATEMENTS on: the checks ask it, never the load. */
  probeUrl: string;
  limitUrl: string;
  /** The cached answers' limit: the app's bytes from memory (memory-limit.ts), filled by `memorize`. */
  memoryUrl: string;
  staffToken: string;
  /** The owner's (super-admin) token, for the books. */
  ownerToken: string;
  /** The database's current date (YYYY-MM-DD). */
  today: string;
  cashMethodId: number;
  categoryIds: number[];
  brandIds: number[];
  colourIds: number[];
  products: number;
  firstProductId: number;
  /**
   * The web shop's delivery area, payment method and shoppers (shop-data.ts); undefined on a schema without the web
   * shop (an A/B baseline from before issue 20), whose other scenarios still run.
   */
  shop: ShopFixtures | undefined;
  /** The till's sessions (till-data.ts); undefined on a schema without them (an A/B baseline from before issue 31). */
  till: TillFixtures | undefined;
  seconds: number;
  /** The database's URL (PostgreSQL only) and the tokens' signing secret: a second app server on the same data (scale-out.ts). */
  databaseUrl?: string;
  secret: string;
}

export type Message =
  | { cmd: 'grow'; to: number }
  | { cmd: 'invoices'; sales: number; purchases: number }
  | { cmd: 'books'; rows: number }
  | { cmd: 'memorize'; requests: Request[] }
  | { cmd: 'stop' };

const kind = process.env.BENCH_KIND === 'postgres' ? 'postgres' : 'embedded';
const catalogueSize = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 10_000);
const checkoutShoppers = Number(process.env.BENCH_SHOPPERS ?? 30_000);
const secret = 'bench-secret-bench-secret-bench-secret';
const started = Date.now();
const bench = await openBenchDatabase(kind, process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const { sql } = bench;
const password = 'bench-password-1';
await seedBase(bench.database.db, { adminUsername: 'owner', adminPassword: password, announce: () => {} });
await catalogueNames(sql);
await products(sql, 1, catalogueSize);
await variantCatalogue(sql, 1, catalogueSize);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-app-'));
const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
const app = await buildApp({
  db: bench.database.db,
  watch: bench.database.watch,
  config,
  secret,
  logger: false,
});
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
// the same app counting each request's SQL statements (x-sql-statements), for the checks only. On PostgreSQL in
// a process of its own: counting per request takes an AsyncLocalStorage, whose hooks then tax every promise and
// tick of the process (a cached list measured 11-13k req/s beside it, 18-20k without), and the app never counts
// in a shop. The embedded database is one process's: its probe stays here.
const probe = bench.url ? await joinServer(bench.url, secret, { counting: true }) : await inProcessProbe();
const probeUrl = probe.url;
async function inProcessProbe() {
  const app = await buildApp({
    db: bench.database.db,
    watch: bench.database.watch,
    config: { ...config, countStatements: true },
    secret,
    logger: false,
  });
  return { url: await app.listen({ port: 0, host: '127.0.0.1' }), stop: () => app.close() };
}
// on PostgreSQL the caches are trusted once the listener hears every write (write-listener.ts)
await databaseReady(bench.database);

/** One call to the app during setup; throws on an error answer. */
async function call(method: string, url: string, token?: string, body?: unknown) {
  const answer = await fetch(`${appUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await answer.json()) as Record<string, unknown>;
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

// a till clerk: a role that is not super-admin, allowed the staff list, the product page and the sale
const owner = (await call('POST', '/v1/user/login', undefined, { username: 'owner', password })).token as string;
const role = await call('POST', '/v1/role', owner, { name: 'Bench clerk' });
const allPermissions = (await call('GET', '/v1/permission?query=all', owner)).getAllPermission as { id: number; name: string }[];
const wanted = ['readAll-product', 'readSingle-product', 'create-saleInvoice'];
await call('POST', '/v1/role-permission', owner, {
  roleId: role.id,
  permissionId: allPermissions.filter((p) => wanted.includes(p.name)).map((p) => p.id),
});
const clerk = await call('POST', '/v1/user/register', owner, {
  firstName: 'Bench',
  lastName: 'Clerk',
  username: 'clerk',
  password,
  roleId: role.id,
});
const staffToken = (await call('POST', '/v1/user/login', undefined, { username: 'clerk', password })).token as string;
const methods = (await call('GET', '/v1/payment-method?query=all&status=true', owner)).getAllPaymentMethod as { id: number }[];

const limit = await startLimit(await limitContext(sql, Number(clerk.id)));
const memory = await startMemoryLimit();
const idsOf = async (table: string) => (await sql(`select id from ${table} order by id`)).map((r) => Number(r.id));
const [first] = await sql(`select min(id) as id from product`);
// the web shop: a delivery area, cash on delivery, and the shoppers with their carts (when the schema has the shop)
const [{ present: hasShop }] = (await sql(`select to_regclass('cart') is not null as present`)) as [{ present: boolean }];
const [{ present: hasTills }] = (await sql(`select to_regclass('till_session') is not null as present`)) as [{ present: boolean }];
async function webShop(): Promise<ShopFixtures> {
  const cashAccount = (await sql(`select id from sub_account where system_key = 'cash'`))[0]!.id;
  const deliveryFeeId = (await call('POST', '/v1/delivery-fee', owner, { deliveryArea: 'Bench Town', deliveryFee: 4.5 })).id as number;
  const codMethodId = (
    await call('POST', '/v1/payment-method', owner, {
      methodName: 'Bench COD',
      subAccountId: cashAccount,
      isCod: 'true',
      atTill: 'false',
      atCheckout: 'true',
    })
  ).id as number;
  const shoppers = await shopData(sql, {
    secret,
    firstProductId: Number(first!.id),
    products: catalogueSize,
    checkout: checkoutShoppers,
    cart: 2_000,
    browse: 1_000,
  });
  return { deliveryFeeId, codMethodId, ...shoppers };
}
const fixtures: Fixtures = {
  kind,
  version: bench.version,
  appUrl,
  probeUrl,
  limitUrl: limit.url,
  memoryUrl: memory.url,
  staffToken,
  ownerToken: owner,
  today: String((await sql(`select to_char(current_date, 'YYYY-MM-DD') as d`))[0]!.d),
  cashMethodId: methods[0]!.id,
  categoryIds: await idsOf('product_category'),
  brandIds: await idsOf('product_brand'),
  colourIds: await idsOf('colors'),
  products: catalogueSize,
  firstProductId: Number(first!.id),
  shop: hasShop ? await webShop() : undefined,
  till: hasTills ? await tillData(sql, call, owner, methods[0]!.id, Number(first!.id)) : undefined,
  seconds: (Date.now() - started) / 1000,
  databaseUrl: bench.url,
  secret,
};
// the bench stopped without saying so (Ctrl-C, a crash, the A/B run's other side failing): close, drop
// the scratch database, exit; also when it went while the data was being made (nobody to tell it's ready)
const abandon = () => {
  Promise.allSettled([app.close(), probe.stop(), limit.close(), memory.close()])
    .then(() => bench.close())
    .finally(() => process.exit(1));
};
if (process.connected) {
  process.send!({ ready: fixtures });
  process.on('disconnect', abandon);
} else abandon();

process.on('message', (message: Message) => {
  const reply = async () => {
    const at = Date.now();
    if (message.cmd === 'grow') {
      const [n] = await sql(`select count(*)::int as n from product`);
      await products(sql, Number(n!.n) + 1, message.to);
      // the grown products sold by variants as the catalogue's are, but the last: the scan's 13 variants are its
      await variantCatalogue(sql, Number(n!.n) + 1, message.to - 1);
      if (message.to > catalogueSize) await variantProduct(sql, message.to);
      return { products: message.to, seconds: (Date.now() - at) / 1000 };
    }
    if (message.cmd === 'invoices') return growInvoices(sql, message.sales, message.purchases);
    if (message.cmd === 'books') return ledger(sql, message.rows);
    if (message.cmd === 'memorize') return memory.memorize(appUrl, message.requests);
    await app.close();
    await probe.stop();
    await limit.close();
    await memory.close();
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    return { stopped: true };
  };
  reply().then(
    (result) => {
      process.send!({ done: message.cmd, result });
      if (message.cmd === 'stop') process.exit(0);
    },
    (error: Error) => process.send!({ done: message.cmd, error: error.stack ?? error.message }),
  );
});
