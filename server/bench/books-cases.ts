/**
 * The books at scale: the trial balance, balance sheet, income statement and dashboard, each with the
 * best hand-written SQL aggregate over the same ledger rows (the limit the app is measured against).
 *
 * The app keeps a statement or a dashboard of a range until the ledger (or another table it reads) is
 * written, so each report is measured twice: asked again (the same range every time: the app answers
 * from memory after the first request) and cold (each request a range not asked before: the app reads
 * the database every time, as after every sale in a busy shop). The limit reads the database always.
 */

/** One statement of a limit, with its own parameters. */
export interface LimitPart {
  sql: string;
  values: unknown[];
}

export interface BooksCase {
  name: string;
  url: string;
  /** The limit's statements, sent side by side on its pool (as the app sends its own). */
  parts: LimitPart[];
}

export type BooksReport = 'trial' | 'balance' | 'income' | 'dashboard' | 'widest';

/** How many distinct ranges a cold run walks (more than a run asks for). */
export const coldRanges = 400;

const dayBefore = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** Each sub-account's debits and credits over a range, in one scan grouped by account pair. */
const perAccountSql = (where: string, split: string) => `
  with p as (select debit_id, credit_id, ${split} as before, sum(amount) as s from "transaction" where ${where} group by 1, 2, 3),
    x as (select debit_id as id, before, s as dr, 0 as cr from p union all select credit_id, before, 0, s from p)
  select s.id, a.type, x.before, round(sum(x.dr) * 100)::bigint as dr, round(sum(x.cr) * 100)::bigint as cr
  from x join sub_account s on s.id = x.id join account a on a.id = s.account_id group by s.id, a.type, x.before`;

/** An account's balance up to $1 on one side less the other: each side an index-only read of (side, date, amount). */
const balanceSql = (key: string, plus: 'debit_id' | 'credit_id', minus: 'debit_id' | 'credit_id') => `
  with a as (select id from sub_account where system_key = '${key}')
  select (select coalesce(sum(amount), 0) from "transaction" where ${plus} = (select id from a) and date <= $1)
    - (select coalesce(sum(amount), 0) from "transaction" where ${minus} = (select id from a) and date <= $1) as balance`;

/**
 * What the dashboard reads (modules/dashboard/dashboard.ts), in as many statements side by side: sales,
 * returns and purchases per day, web orders and their returns per day (with their dues); Accounts Receivable and Payable up to the end day; the range's sale and
 * purchase dues from the ledger; top customers and products (the bench has no sale lines); stock value
 * and low stock in one pass over the products.
 */
function dashboardParts(start: string, end: string): LimitPart[] {
  const range = [start, end];
  return [
    {
      sql: `select
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
        (select json_agg(d) from (
          select o.date, count(*) as n, sum(product_amount - coupon_amount) as amount, sum(profit) as profit, sum(due_amount) as due
          from cart_order o where order_status <> 'CANCELLED' and date between $1 and $2 group by o.date) d) as orders,
        (select json_agg(d) from (
          select r.date, sum(r.total_amount) as amount from return_cart_order r
          where return_cart_order_status in ('RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED') and r.date between $1 and $2 group by r.date) d)
          as order_returns`,
      values: range,
    },
    { sql: balanceSql('accountsReceivable', 'debit_id', 'credit_id'), values: [end] },
    { sql: balanceSql('accountsPayable', 'credit_id', 'debit_id'), values: [end] },
    {
      // each sale's postings through the ledger's (type, related_id) index; the fastest form measured
      // (a join lets the planner hash the whole ledger; a filter on the account's side inside makes it
      // a bitmap OR), and it leaves out the live-entry check the app makes (the bench has no reversals)
      sql: `with ar as (select id from sub_account where system_key = 'accountsReceivable')
        select coalesce(sum(d.due), 0) as sale_due from sale_invoice si cross join ar cross join lateral (
          select sum(case when t.debit_id = ar.id then t.amount when t.credit_id = ar.id then -t.amount end) as due
          from "transaction" t where t.type in ('sale', 'saleReturn') and t.related_id = si.id::text) d
        where si.state = 'completed' and si.date between $1 and $2`,
      values: range,
    },
    {
      sql: `with ap as (select id from sub_account where system_key = 'accountsPayable')
        select coalesce(sum(d.due), 0) as purchase_due from purchase_invoice pi cross join ap cross join lateral (
          select sum(case when t.credit_id = ap.id then t.amount when t.debit_id = ap.id then -t.amount end) as due
          from "transaction" t where t.type in ('purchase', 'purchaseReturn') and t.related_id = pi.id::text) d
        where pi.state = 'active' and pi.date between $1 and $2`,
      values: range,
    },
    {
      sql: `select
        (select json_agg(c) from (
          select si.customer_id, count(*) as n, sum(si.total_amount + si.total_tax_amount) as amount, sum(si.profit) as profit
          from sale_invoice si where si.state = 'completed' and si.date between $1 and $2
          group by si.customer_id order by 3 desc limit 5) c) as top_customers,
        (select json_agg(p) from (
          select l.product_id, sum(l.product_quantity) as n, sum(l.product_final_amount + l.tax_amount) as amount
          from sale_invoice_product l join sale_invoice si on si.id = l.invoice_id
          where si.state = 'completed' and si.date between $1 and $2
          group by l.product_id order by 3 desc limit 5) p) as top_products`,
      values: range,
    },
    {
      // the stock's value is its movements' (quantity at their unit cost): the Inventory account's to the cent
      sql: `select (select coalesce(sum(quantity * unit_cost), 0) from stock_movement) as stock,
        (select count(*) filter (where status and reorder_quantity > 0 and product_quantity <= reorder_quantity) from product) as low`,
      values: [],
    },
  ];
}

/** The widest range the API takes ends on 9999-12-31; a cold one starts `k` days after 0001-01-01. */
const widest = (k: number): BooksCase => {
  const start = dayBefore('0001-01-01', -k);
  return {
    name: 'dashboard (0001-01-01..9999-12-31, a point per year)',
    url: `/v1/dashboard?startDate=${start}&endDate=9999-12-31`,
    parts: dashboardParts(start, '9999-12-31'),
  };
};

/** One report over the range ending `end` (this year: the 365 days ending there; the dashboard: its month so far). */
function reportCase(report: BooksReport, end: string, monthStart: string): BooksCase {
  if (report === 'widest') return widest(0);
  const yearAgo = dayBefore(end, 364);
  if (report === 'trial')
    return {
      name: 'trial balance (whole books)',
      url: `/v1/account?query=tb&endDate=${end}`,
      parts: [{ sql: perAccountSql('date <= $1', 'false'), values: [end] }],
    };
  if (report === 'balance')
    return {
      name: 'balance sheet (this year, retained before)',
      url: `/v1/account?query=bs&startDate=${yearAgo}&endDate=${end}`,
      parts: [{ sql: perAccountSql('date <= $2', 'date < $1'), values: [yearAgo, end] }],
    };
  if (report === 'income')
    return {
      name: 'income statement (this year)',
      url: `/v1/account?query=is&startDate=${yearAgo}&endDate=${end}`,
      parts: [{ sql: perAccountSql('date between $1 and $2', 'false'), values: [yearAgo, end] }],
    };
  return {
    name: 'dashboard (this month)',
    url: `/v1/dashboard?startDate=${monthStart}&endDate=${end}`,
    parts: dashboardParts(monthStart, end),
  };
}

export const booksReports: BooksReport[] = ['trial', 'balance', 'income', 'dashboard', 'widest'];
export const booksReportNames: Record<BooksReport, string> = {
  trial: 'trial balance',
  balance: 'balance sheet',
  income: 'income statement',
  dashboard: 'dashboard',
  widest: 'dashboard over the widest range',
};

const made = new Map<string, { asked: Map<BooksReport, BooksCase>; cold: Map<BooksReport, BooksCase[]>; all: BooksCase[] }>();

/**
 * The cases for a business date `today` (YYYY-MM-DD): per report, the one asked again (ending today)
 * and {@link coldRanges} cold ones (ending 1, 2, ... days before today; the dashboard's over the 22
 * days before its end, as far into a month as today is in this one; the widest's starting 1, 2, ...
 * days after 0001-01-01).
 */
export function booksCases(today: string) {
  let cases = made.get(today);
  if (!cases) {
    const asked = new Map(booksReports.map((r) => [r, reportCase(r, today, `${today.slice(0, 8)}01`)]));
    const cold = new Map(
      booksReports.map((r) => [
        r,
        Array.from({ length: coldRanges }, (_, k) => {
          const end = dayBefore(today, k + 1);
          const c = r === 'widest' ? widest(k + 1) : reportCase(r, end, dayBefore(end, 22));
          return { ...c, name: `${asked.get(r)!.name}, cold` };
        }),
      ]),
    );
    const all = [...asked.values(), ...[...cold.values()].flat()];
    cases = { asked, cold, all };
    made.set(today, cases);
  }
  return cases;
}

/** The case a request asks for (the limit's lookup), by its path and query. */
export const booksCaseAt = (today: string, url: string) => booksCases(today).all.find((c) => c.url === url);
