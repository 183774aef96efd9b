/**
 * The books at scale: the trial balance, balance sheet, income statement and dashboard, each with the
 * best hand-written SQL aggregate over the same ledger rows (the limit the app is measured against).
 */

export interface BooksCase {
  name: string;
  url: string;
  sql: string;
  values: unknown[];
}

/** The cases for a business date `today` (YYYY-MM-DD): this year is the 365 days ending today. */
export function booksCases(today: string): BooksCase[] {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 364);
  const yearAgo = day.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  /** Each sub-account's debits and credits over a range, in one scan grouped by account pair. */
  const perAccountSql = (where: string) => `
  with p as (select debit_id, credit_id, ${'$SPLIT'} as before, sum(amount) as s from "transaction" where ${where} group by 1, 2, 3),
    x as (select debit_id as id, before, s as dr, 0 as cr from p union all select credit_id, before, 0, s from p)
  select s.id, a.type, x.before, round(sum(x.dr) * 100)::bigint as dr, round(sum(x.cr) * 100)::bigint as cr
  from x join sub_account s on s.id = x.id join account a on a.id = s.account_id group by s.id, a.type, x.before`;

  return [
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
}
