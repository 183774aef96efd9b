import { type Cents, fromCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import type { WatchedCache } from '../../platform/watched-cache.ts';
import { monthOf } from '../accounting/index.ts';
import { groupingOf, periods } from './dashboard-series.ts';

/** Cents as the database sums them (bigint arrives as text on some drivers). */
const money = (cents: unknown) => fromCents(Number(cents ?? 0) as Cents);

/**
 * A system account's balance at `end` in cents, on its normal side (`debit`: debits less credits),
 * over every posting up to that day (a reversal cancels what it reverses): each side summed apart, so
 * each is an index-only read of (debit_id|credit_id, date, amount).
 */
async function balanceAt(db: DbOrTx, systemKey: string, normal: 'debit' | 'credit', end: string) {
  const side = (column: 'debit_id' | 'credit_id') =>
    sql`(select coalesce(round(sum(t.amount) * 100), 0)::bigint from "transaction" t
      where t.${sql.raw(column)} = a.id and t.date <= ${end}::date)`;
  const [plus, minus] = normal === 'debit' ? (['debit_id', 'credit_id'] as const) : (['credit_id', 'debit_id'] as const);
  const [row] = await rawRows<{ cents: string }>(
    db,
    sql`select ${side(plus)} - ${side(minus)} as cents from sub_account a where a.system_key = ${systemKey}`,
  );
  return money(row?.cents);
}

/**
 * Stock on hand at average cost and the count of active products at or below a reorder level they
 * have (a level of 0 is none). The value is what the stock movements brought in less what they took
 * out, each at its own unit cost: the stock's quantity times its unrounded average cost. The product's
 * stored average is rounded to the cent, so its quantity times that differs from the Inventory account
 * (which every movement posts to at the movement's value) by up to half a cent a unit.
 */
async function stock(db: DbOrTx) {
  const [row] = await rawRows<{ stock: string; low: number }>(
    db,
    sql`select (select coalesce(round(sum(quantity * unit_cost) * 100), 0)::bigint from stock_movement) as stock,
        (select (count(*) filter (where status and reorder_quantity > 0 and product_quantity <= reorder_quantity))::int from product) as low`,
  );
  return { stockValue: money(row?.stock), lowStockCount: Number(row?.low ?? 0) };
}

interface TopRow {
  id: number;
  name: string;
  n: number;
  sales: string;
  profit: string;
}

/**
 * The five products with the most sales over the range: completed sale lines with VAT less returned
 * lines (a return on its own date), the quantity likewise, and the profit (net less cost at sale).
 */
function topProducts(db: DbOrTx, start: string, end: string) {
  return rawRows<TopRow>(
    db,
    sql`with moves as (
        select l.product_id, l.product_quantity as qty, l.product_final_amount + l.tax_amount as amount,
          l.product_final_amount - l.product_quantity * l.unit_cost as profit
        from sale_invoice_product l join sale_invoice si on si.id = l.invoice_id
        where si.state = 'completed' and si.date between ${start}::date and ${end}::date
        union all
        select l.product_id, -l.product_quantity, -(l.product_final_amount + l.tax_amount),
          -(l.product_final_amount - l.product_quantity * l.unit_cost)
        from return_sale_invoice_product l join return_sale_invoice r on r.id = l.invoice_id
        join sale_invoice si on si.id = r.sale_invoice_id
        where si.state = 'completed' and r.date between ${start}::date and ${end}::date)
      select p.id, p.name, sum(m.qty)::int as n, round(sum(m.amount) * 100)::bigint as sales,
        round(sum(m.profit) * 100)::bigint as profit
      from moves m join product p on p.id = m.product_id
      group by p.id, p.name having sum(m.qty) > 0
      order by sum(m.amount) desc, p.id limit 5`,
  );
}

/**
 * The five customers (the walk-in included) with the most sales over the range, as {@link topProducts}
 * counts them; profit is the sales' stored profit, already after their returns.
 */
function topCustomers(db: DbOrTx, start: string, end: string) {
  return rawRows<TopRow>(
    db,
    sql`with moves as (
        select si.customer_id, 1 as n, si.total_amount + si.total_tax_amount as amount, si.profit
        from sale_invoice si
        where si.state = 'completed' and si.date between ${start}::date and ${end}::date
        union all
        select si.customer_id, 0, -(r.total_amount + r.tax), 0
        from return_sale_invoice r join sale_invoice si on si.id = r.sale_invoice_id
        where si.state = 'completed' and r.date between ${start}::date and ${end}::date)
      select c.id, coalesce(nullif(c.username, ''), nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), 'Customer ' || c.id) as name,
        sum(m.n)::int as n, round(sum(m.amount) * 100)::bigint as sales, round(sum(m.profit) * 100)::bigint as profit
      from moves m join customer c on c.id = m.customer_id
      group by c.id having sum(m.n) > 0
      order by sum(m.amount) desc, c.id limit 5`,
  );
}

/**
 * What is still due on the live purchases of the range: reference 3.4 on the Accounts Payable side, as
 * purchasing's `balancesByInvoice` reads it (bought − returned − paid + paid back at once: a purchase's
 * and a return's credits to AP add to the due, their debits take from it), but reached from each of the
 * range's invoices through the ledger's (type, relatedId) index (a lateral query) instead of summing
 * every purchase posting. A deleted payment and its reversal (same type, document and amount, sides
 * swapped) cancel in this sum, so they need no leaving out: that check cost more than the sum over a
 * long range.
 */
async function purchaseDue(db: DbOrTx, start: string, end: string) {
  const [row] = await rawRows<{ due: string }>(
    db,
    sql`with ap as (select id from sub_account where system_key = 'accountsPayable')
      select coalesce(round(sum(b.due) * 100), 0)::bigint as due
      from purchase_invoice pi cross join ap
      cross join lateral (
        select sum(case when t.credit_id = ap.id then t.amount when t.debit_id = ap.id then -t.amount else 0 end) as due
        from "transaction" t where t.type in ('purchase', 'purchaseReturn') and t.related_id = pi.id::text) b
      where pi.state = 'active' and pi.date between ${start}::date and ${end}::date`,
  );
  return money(row?.due);
}

/**
 * What is still due on the completed sales of the range, from the ledger as the sale list derives it
 * (reference 3.4: sold − returned − paid + refunded at once: a sale's and a return's debits to AR add
 * to the due, their credits take from it; a deleted payment and its reversal cancel), reached from each
 * sale through the ledger's (type, relatedId) index like {@link purchaseDue}, and summed in bigint: a
 * busy month's sales pass the 21,474,836.47 an int holds in cents.
 */
async function saleDue(db: DbOrTx, start: string, end: string) {
  const [row] = await rawRows<{ due: string }>(
    db,
    sql`with ar as (select id from sub_account where system_key = 'accountsReceivable')
      select coalesce(round(sum(b.due) * 100), 0)::bigint as due
      from sale_invoice si cross join ar
      cross join lateral (
        select sum(case when t.debit_id = ar.id then t.amount when t.credit_id = ar.id then -t.amount else 0 end) as due
        from "transaction" t where t.type in ('sale', 'saleReturn') and t.related_id = si.id::text) b
      where si.state = 'completed' and si.date between ${start}::date and ${end}::date`,
  );
  return money(row?.due);
}

/** The tables the dashboard reads: a write to any of them drops its kept answers. */
export const dashboardTables = [
  'sale_invoice',
  'sale_invoice_product',
  'return_sale_invoice',
  'return_sale_invoice_product',
  'purchase_invoice',
  'return_purchase_invoice',
  'transaction',
  'sub_account',
  'product',
  'stock_movement',
  'customer',
] as const;

export type DashboardAnswer = Awaited<ReturnType<typeof figures>>;

/**
 * GET dashboard?startDate&endDate (contract/src/dashboard.ts): a missing end of the range is the first
 * or last day of this month in the shop. The figures of a range are kept in `cache` (when given) while
 * none of {@link dashboardTables} is written, so a sale, a purchase or a stock change shows at once.
 */
export async function dashboard(
  db: DbOrTx,
  q: { startDate?: string; endDate?: string },
  today: () => Promise<string>,
  cache?: WatchedCache<string, DashboardAnswer>,
) {
  const month = q.startDate && q.endDate ? undefined : monthOf(await today());
  const startDate = q.startDate ?? month!.first;
  const endDate = q.endDate ?? month!.last;
  if (endDate < startDate) throw fieldError('endDate', 'must not be before the start date');
  return cache ? cache.get(`${startDate}/${endDate}`, () => figures(db, startDate, endDate)) : figures(db, startDate, endDate);
}

/**
 * The dashboard's figures over startDate..endDate. Sales and purchases are summed in SQL per period (a
 * day, or a week, month or year over a long range) and added up here in cents, so the totals are the
 * periods' sums; dues and positions come from the ledger. The eight statements run side by side on the
 * pool; the longest (Accounts Receivable up to the end day) sets the time.
 */
async function figures(db: DbOrTx, startDate: string, endDate: string) {
  const groupedBy = groupingOf(startDate, endDate);
  const [dayRows, saleDueAmount, purchaseDueAmount, receivable, payable, stocked, products, customers] = await Promise.all([
    periods(db, startDate, endDate, groupedBy),
    saleDue(db, startDate, endDate),
    purchaseDue(db, startDate, endDate),
    balanceAt(db, 'accountsReceivable', 'debit', endDate),
    balanceAt(db, 'accountsPayable', 'credit', endDate),
    stock(db),
    topProducts(db, startDate, endDate),
    topCustomers(db, startDate, endDate),
  ]);
  const total = { invoices: 0, sales: 0, returns: 0, profit: 0, purchaseInvoices: 0, purchases: 0, purchaseReturns: 0 };
  const daily = dayRows.map((d) => {
    const c = {
      sales: Number(d.sales),
      returns: Number(d.returns),
      profit: Number(d.profit),
      purchases: Number(d.purchases),
      purchaseReturns: Number(d.purchaseReturns),
    };
    total.invoices += Number(d.invoices);
    total.sales += c.sales;
    total.returns += c.returns;
    total.profit += c.profit;
    total.purchaseInvoices += Number(d.purchaseInvoices);
    total.purchases += c.purchases;
    total.purchaseReturns += c.purchaseReturns;
    return {
      date: d.date,
      sales: money(c.sales - c.returns),
      profit: money(c.profit),
      purchases: money(c.purchases - c.purchaseReturns),
      invoices: Number(d.invoices),
    };
  });
  const top = (r: TopRow) => ({ id: Number(r.id), name: r.name, sales: money(r.sales), profit: money(r.profit) });
  return {
    startDate,
    endDate,
    totalSaleInvoice: total.invoices,
    totalSaleAmount: money(total.sales),
    totalSaleReturn: money(total.returns),
    totalSaleDue: saleDueAmount,
    totalProfit: money(total.profit),
    totalPurchaseInvoice: total.purchaseInvoices,
    totalPurchaseAmount: money(total.purchases),
    totalPurchaseReturn: money(total.purchaseReturns),
    totalPurchaseDue: purchaseDueAmount,
    receivable,
    payable,
    ...stocked,
    groupedBy,
    daily,
    topProducts: products.map((r) => ({ ...top(r), quantity: Number(r.n) })),
    topCustomers: customers.map((r) => ({ ...top(r), invoices: Number(r.n) })),
  };
}
