/**
 * `npm run bench:audit` (issue 34): the audit log at 10 million rows. Fills a fresh database's log with rows spread
 * over 100,000 records of 10 entities and 200 actors (a record's history of about 100 rows, a year of time), then
 * asks the app, through its routes, for random records' histories (`GET audit-log/{entity}/{id}`), users' activity
 * (`GET audit-log?userId=`) and the sign-in pruning, and prints p50/p95/p99 against the budget (a history's p95 at
 * most 20 ms). BENCH_AUDIT_ROWS sets the size (10,000,000), BENCH_KIND=postgres|embedded the database.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, databaseReady, readConfig, seedBase } from './app-code.ts';
import { openBenchDatabase } from './raw-sql.ts';

const rows = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const kind = process.env.BENCH_KIND === 'embedded' ? 'embedded' : 'postgres';
const records = 100_000;
const entities = ['product', 'customer', 'saleInvoice', 'supplier', 'purchaseInvoice', 'role', 'user', 'coupon', 'discount', 'tillSession'];
const asks = 2000;
const budgetMs = 20;

const bench = await openBenchDatabase(kind, process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const { sql } = bench;
const password = 'bench-password-1';
try {
  await seedBase(bench.database.db, { adminUsername: 'owner', adminPassword: password, announce: () => {} });
  const started = Date.now();
  const chunk = 1_000_000;
  for (let from = 0; from < rows; from += chunk) {
    const n = Math.min(chunk, rows - from);
    // in time order, as the log is written: a year back to now; every 50th row a sign-in (the kind that expires)
    await sql(
      `insert into audit_log (entity, entity_id, action, actor_type, actor_id, at, request_id, changes, txid)
      select (array[${entities.map((e) => `'${e}'`).join(',')}])[1 + (g % 10)], ((g::bigint * 7919) % ${records})::text,
        case when g % 50 = 0 then 'signIn' when g % 7 = 0 then 'create' else 'update' end, 'user', 1 + (g % 200),
        now() - interval '365 days' + (g::float8 / ${rows}) * interval '365 days', 'req-' || g,
        jsonb_build_object('productSalePrice', jsonb_build_object('old', g % 100, 'new', g % 100 + 1)), 1
      from generate_series(${from + 1}, ${from + n}) g`,
    );
    process.stdout.write(`\r  ${((from + n) / 1e6).toFixed(1)}M rows written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // as autovacuum keeps a table that is written and read: its visibility map lets a count read the index alone
  await sql('vacuum analyze audit_log');
  const [size] = await sql(`select pg_size_pretty(pg_total_relation_size('audit_log')) as size`);
  console.log(
    `\n${rows.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(0)} s; the table with its indexes: ${size!.size}`,
  );

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-audit-'));
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
  const app = await buildApp({
    db: bench.database.db,
    watch: bench.database.watch,
    config,
    secret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
  });
  await databaseReady(bench.database);
  const login = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { username: 'owner', password } });
  const token = (login.json() as { token: string }).token;
  const measure = async (name: string, url: (i: number) => string) => {
    const times: number[] = [];
    for (let i = 0; i < asks; i++) {
      const t0 = performance.now();
      const answer = await app.inject({ method: 'GET', url: url(i), headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t0);
      if (answer.statusCode !== 200) throw new Error(`${name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    return { name, p50: at(0.5), p95: at(0.95), p99: at(0.99), p95ms: Number(at(0.95)) };
  };
  const random = (i: number, n: number) => 1 + ((i * 2_654_435_761) % (n - 1));
  const results = [
    await measure(
      "a record's history (GET audit-log/{entity}/{id}), first page of 20",
      (i) => `/v1/audit-log/${entities[i % 10]}/${random(i, records)}?count=20`,
    ),
    await measure("a user's activity (GET audit-log?userId=), first page of 20", (i) => `/v1/audit-log?userId=${1 + (i % 200)}&count=20`),
    await measure(
      "a record's changes of one field (entity, entityId and field)",
      (i) => `/v1/audit-log?entity=${entities[i % 10]}&entityId=${random(i, records)}&field=productSalePrice&count=20`,
    ),
  ];
  const { pruneAuditLog } = await import('../src/platform/audit-retention.ts');
  const pruneStart = Date.now();
  const pruned = await pruneAuditLog(bench.database.db, { signInDays: 90 }, 60_000);
  const pruneSeconds = (Date.now() - pruneStart) / 1000;
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  console.log(`\n${bench.version}, ${rows.toLocaleString('en')} log rows, ${asks} asks each, one at a time:`);
  for (const r of results) console.log(`  ${r.name}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms`);
  console.log(
    `  pruning the sign-ins older than 90 days: ${pruned.toLocaleString('en')} rows in ${pruneSeconds.toFixed(1)} s (batches of 5,000)`,
  );
  const history = results[0]!;
  console.log(`budget: a record's history p95 ≤ ${budgetMs} ms: ${history.p95ms <= budgetMs ? 'met' : 'NOT met'}`);
  process.exitCode = history.p95ms <= budgetMs ? 0 : 1;
} finally {
  await bench.close();
}
