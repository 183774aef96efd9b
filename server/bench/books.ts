/**
 * npm run bench (after run.ts): the books at 1,000,000 ledger rows on PostgreSQL. A scratch database
 * is migrated and seeded by the app's own functions, filled with one `insert ... select
 * generate_series`, vacuumed and analysed; then the trial balance, balance sheet, income statement
 * and dashboard are measured through the real app (app.inject), each beside the best hand-written SQL
 * aggregate over the same rows via `pg`, in the same run. Prints median and p95 in ms and the ratio;
 * writes build/bench-books.json. Asserts nothing. Needs BENCH_DATABASE_URL (else TEST_DATABASE_URL).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { seedBase } from '../src/seed/base.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('books bench: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const rowsWanted = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const name = 'tillbook_bench_books';
const at = (database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

const admin = new pg.Client({ connectionString: at('postgres') });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);

const database = await openDatabase({ url: at(name) });
await seedBase(database.db, { adminUsername: 'owner', adminPassword: 'bench-password-1', announce: () => {} });
const sqlPool = new pg.Pool({ connectionString: at(name), max: 2 });
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await sqlPool.query(text, values)).rows as T[];

// ---- the data: two years of a shop (730 days ending today), documents and their postings ----
const today = (await q<{ d: string }>(`select to_char(current_date, 'YYYY-MM-DD') as d`))[0]!.d;
const fill = Date.now();
const days = 730;
const sales = 40_000;
const purchases = 8_000;
await q(`insert into supplier (name, phone) values ('Bench Supplier', '+44 20 0000 0000')`);
await q(
  `insert into sale_invoice (date, state, customer_id, user_id, total_amount, total_tax_amount, total_discount_amount, profit)
   select current_date - (i % ${days}), case when i % 50 = 0 then 'deleted' else 'completed' end,
     (select min(id) from customer), (select min(id) from users),
     10 + (i % 400), round((10 + (i % 400)) * 0.1, 2), 0, round((10 + (i % 400)) * 0.3, 2)
   from generate_series(1, ${sales}) i`,
);
await q(
  `insert into purchase_invoice (date, supplier_id, total_amount, total_tax, paid_amount, due_amount)
   select current_date - (i % ${days}), (select min(id) from supplier), 200 + (i % 900), round((200 + (i % 900)) * 0.15, 2),
     200 + (i % 900), round((200 + (i % 900)) * 0.15, 2)
   from generate_series(1, ${purchases}) i`,
);
// a realistic mix of postings: (debit, credit, type, VAT rate) picked in turn, per 20 rows
const mix: [string, string, string, number | null][] = [
  ['costOfSales', 'inventory', 'sale', null],
  ['accountsReceivable', 'sales', 'sale', null],
  ['accountsReceivable', 'tax', 'sale', 10],
  ['accountsReceivable', 'tax', 'sale', 15],
  ['cash', 'accountsReceivable', 'sale', null],
  ['bank', 'accountsReceivable', 'sale', null],
  ['costOfSales', 'inventory', 'sale', null],
  ['accountsReceivable', 'sales', 'sale', null],
  ['accountsReceivable', 'tax', 'sale', 10],
  ['cash', 'accountsReceivable', 'sale', null],
  ['inventory', 'costOfSales', 'saleReturn', null],
  ['sales', 'accountsReceivable', 'saleReturn', null],
  ['inventory', 'accountsPayable', 'purchase', null],
  ['tax', 'accountsPayable', 'purchase', 15],
  ['accountsPayable', 'cash', 'purchase', null],
  ['accountsPayable', 'bank', 'purchase', null],
  ['accountsPayable', 'inventory', 'purchaseReturn', null],
  ['rent', 'cash', 'transaction', null],
  ['salary', 'bank', 'transaction', null],
  ['ownerWithdrawal', 'cash', 'transaction', null],
];
const values = mix
  .map((_, i) => `(${i}, $${4 * i + 1}::text, $${4 * i + 2}::text, $${4 * i + 3}::text, $${4 * i + 4}::numeric)`)
  .join(', ');
await q(
  `with mix(k, dr, cr, type, rate) as (values ${values}),
     ids as (select system_key, id from sub_account where system_key is not null),
     m as (select mix.k, d.id as debit_id, c.id as credit_id, mix.type, mix.rate
       from mix join ids d on d.system_key = mix.dr join ids c on c.system_key = mix.cr),
     docs as (select (select min(id) from sale_invoice) as sale0, (select min(id) from purchase_invoice) as purchase0)
   insert into "transaction" (date, debit_id, credit_id, particulars, amount, type, related_id, vat_rate)
   select current_date - (i % ${days}), m.debit_id, m.credit_id, 'Bench posting', 1 + ((i::bigint * 7919) % 50000) / 100.0, m.type,
     case when m.type like 'sale%' then (docs.sale0 + i % ${sales})::text
          when m.type like 'purchase%' then (docs.purchase0 + i % ${purchases})::text end,
     m.rate
   from generate_series(1, ${rowsWanted}) i join m on m.k = i % ${mix.length} cross join docs`,
  mix.flat(),
);
await q('vacuum analyze');
const counted = (await q<{ n: string }>(`select count(*) as n from "transaction"`))[0]!.n;
console.log(`books bench: ${counted} ledger rows, ${sales} sales, ${purchases} purchases in ${((Date.now() - fill) / 1000).toFixed(1)} s`);

// ---- the app ----
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-books-'));
const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
const app = await buildApp({
  db: database.db,
  watch: database.watch,
  config,
  secret: 'bench-secret-bench-secret-bench-secret',
  logger: false,
});
const login = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { username: 'owner', password: 'bench-password-1' } });
const auth = { authorization: `Bearer ${login.json().token}` };

const yearAgo = (await q<{ d: string }>(`select to_char(current_date - 364, 'YYYY-MM-DD') as d`))[0]!.d;
const monthStart = `${today.slice(0, 8)}01`;

/** Each sub-account's debits and credits over a range, in one scan grouped by account pair. */
const perAccountSql = (where: string) => `
  with p as (select debit_id, credit_id, ${'$SPLIT'} as before, sum(amount) as s from "transaction" where ${where} group by 1, 2, 3),
    x as (select debit_id as id, before, s as dr, 0 as cr from p union all select credit_id, before, 0, s from p)
  select s.id, a.type, x.before, round(sum(x.dr) * 100)::bigint as dr, round(sum(x.cr) * 100)::bigint as cr
  from x join sub_account s on s.id = x.id join account a on a.id = s.account_id group by s.id, a.type, x.before`;

interface Case {
  name: string;
  url: string;
  sql: string;
  values: unknown[];
}
const cases: Case[] = [
  {
    name: 'trial balance (whole books)',
    url: `/v1/account?query=tb&endDate=${today}`,
    sql: perAccountSql('date <= $1').replace('$SPLIT', 'false'),
    values: [today],
  },
  {
    name: 'balance sheet (this year, retained before)',
    url: `/v1/account?query=bs&startDate=${yearAgo}&endDate=${today}`,
    sql: perAccountSql('date <= $2').replace('$SPLIT', 'date < $1'),
    values: [yearAgo, today],
  },
  {
    name: 'income statement (this year)',
    url: `/v1/account?query=is&startDate=${yearAgo}&endDate=${today}`,
    sql: perAccountSql('date between $1 and $2').replace('$SPLIT', 'false'),
    values: [yearAgo, today],
  },
  {
    name: 'dashboard (this month)',
    url: `/v1/dashboard?startDate=${monthStart}&endDate=${today}`,
    // what the dashboard reads (modules/dashboard/dashboard.ts): sales, returns and purchases per day,
    // the range's sale and purchase dues from the ledger, receivable and payable up to the end day (each
    // side summed apart: index-only scans), top customers and products (the bench has no sale lines),
    // stock value and low stock, in one statement
    sql: `with ar as (select id from sub_account where system_key = 'accountsReceivable'),
        ap as (select id from sub_account where system_key = 'accountsPayable')
      select
        (select json_agg(d) from (
          select s.date, count(*) as n, sum(total_amount + total_tax_amount) as amount, sum(profit) as profit
          from sale_invoice s where state = 'completed' and date between $1 and $2 group by s.date) d) as sales,
        (select json_agg(d) from (
          select r.date, sum(r.total_amount + r.tax) as amount from return_sale_invoice r
          join sale_invoice si on si.id = r.sale_invoice_id and si.state = 'completed'
          where r.date between $1 and $2 group by r.date) d) as returns,
        (select json_agg(d) from (
          select p.date, count(*) as n, sum(total_amount + total_tax) as amount
          from purchase_invoice p where state = 'active' and date between $1 and $2 group by p.date) d) as purchases,
        (select coalesce(sum(amount), 0) from "transaction" where date <= $2 and debit_id = (select id from ar))
          - (select coalesce(sum(amount), 0) from "transaction" where date <= $2 and credit_id = (select id from ar)) as receivable,
        (select coalesce(sum(amount), 0) from "transaction" where date <= $2 and credit_id = (select id from ap))
          - (select coalesce(sum(amount), 0) from "transaction" where date <= $2 and debit_id = (select id from ap)) as payable,
        (select coalesce(sum(d.due), 0) from sale_invoice si cross join lateral (
            select sum(case when t.debit_id = (select id from ar) then t.amount else -t.amount end) as due
            from "transaction" t where t.type in ('sale', 'saleReturn') and t.related_id = si.id::text
              and (t.debit_id = (select id from ar) or t.credit_id = (select id from ar))) d
          where si.state = 'completed' and si.date between $1 and $2) as sale_due,
        (select coalesce(sum(d.due), 0) from purchase_invoice pi cross join lateral (
            select sum(case when t.credit_id = (select id from ap) then t.amount else -t.amount end) as due
            from "transaction" t where t.type in ('purchase', 'purchaseReturn') and t.related_id = pi.id::text
              and (t.debit_id = (select id from ap) or t.credit_id = (select id from ap))) d
          where pi.state = 'active' and pi.date between $1 and $2) as purchase_due,
        (select json_agg(c) from (
          select si.customer_id, count(*) as n, sum(si.total_amount + si.total_tax_amount) as amount, sum(si.profit) as profit
          from sale_invoice si where si.state = 'completed' and si.date between $1 and $2
          group by si.customer_id order by 3 desc limit 5) c) as top_customers,
        (select json_agg(p) from (
          select l.product_id, sum(l.product_quantity) as n, sum(l.product_final_amount + l.tax_amount) as amount
          from sale_invoice_product l join sale_invoice si on si.id = l.invoice_id
          where si.state = 'completed' and si.date between $1 and $2
          group by l.product_id order by 3 desc limit 5) p) as top_products,
        (select coalesce(sum(product_quantity * product_purchase_price), 0) from product where product_quantity > 0) as stock,
        (select count(*) from product where status and reorder_quantity > 0 and product_quantity <= reorder_quantity) as low`,
    values: [monthStart, today],
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
async function time(work: () => Promise<void>) {
  for (let i = 0; i < 3; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await work();
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: percentile(ms, 50), p95: percentile(ms, 95) };
}

const results: Record<string, unknown>[] = [];
const f = (x: { median: number; p95: number }) => `${x.median.toFixed(1)} / ${x.p95.toFixed(1)}`;
console.log(`${'books bench'.padEnd(44)} ${'app median/p95 ms'.padStart(18)} ${'SQL median/p95 ms'.padStart(18)}  ratio`);
for (const c of cases) {
  const viaSql = await time(async () => {
    await sqlPool.query(c.sql, c.values);
  });
  const probe = await app.inject({ method: 'GET', url: c.url, headers: auth });
  if (probe.statusCode !== 200) {
    console.log(`${c.name.padEnd(44)} ${'app answers'.padStart(14)} ${probe.statusCode} ${f(viaSql).padStart(18)}  (app not measured)`);
    results.push({ name: c.name, url: c.url, sql: viaSql, skipped: `the app answers ${probe.statusCode}` });
    continue;
  }
  const viaApp = await time(async () => {
    const answer = await app.inject({ method: 'GET', url: c.url, headers: auth });
    if (answer.statusCode !== 200) throw new Error(`${c.name}: status ${answer.statusCode}`);
  });
  const ratio = viaApp.median / viaSql.median;
  console.log(`${c.name.padEnd(44)} ${f(viaApp).padStart(18)} ${f(viaSql).padStart(18)}  ${ratio.toFixed(2)}×`);
  results.push({ name: c.name, url: c.url, app: viaApp, sql: viaSql, ratio });
}

const out = path.join(import.meta.dirname, '../../build/bench-books.json');
await fs.mkdir(path.dirname(out), { recursive: true });
await fs.writeFile(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), ledgerRows: Number(counted), runs, target: { ratio: 1.5, ms: 200 }, results }, null, 2)}\n`,
);
console.log(`books bench: written to ${path.relative(process.cwd(), out)}`);

await app.close();
await sqlPool.end();
await database.close();
// without force: a connection the app may still hold is not cut; the next run drops it with force
if (process.env.BENCH_KEEP) console.log(`books bench: database ${name} kept (BENCH_KEEP)`);
else await admin.query(`drop database if exists ${name}`).catch(() => console.log(`books bench: ${name} left for the next run to drop`));
await admin.end();
await fs.rm(dataDir, { recursive: true, force: true });
