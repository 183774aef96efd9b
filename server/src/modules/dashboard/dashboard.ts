import { type Cents, fromCents, orderStatuses } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import type { WatchedCache } from '../../platform/watched-cache.ts';
import { monthOf } from '../accounting/index.ts';
import { type SaleChannel, saleDocuments, saleLines, saleTables } from '../sales/index.ts';
import { groupingOf, periods } from './dashboard-series.ts';
import { tillFigures } from './dashboard-tills.ts';

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
  till: string;
  web: string;
  profit: string;
}

/**
 * The five products with the most sales over the range, every channel counted (the sales module's
 * lines): sold lines with VAT after discounts less returned lines (a return on its own date), the
 * quantity likewise, the profit (net less cost at sale), and the sales of each channel.
 */
function topProducts(db: DbOrTx, start: string, end: string) {
  const lines = saleLines(db, { from: start, to: end });
  return rawRows<TopRow>(
    db,
    sql`select p.id, p.name, sum(lines.quantity)::int as n, round(sum(lines.amount) * 100)::bigint as sales,
        round(coalesce(sum(lines.amount) filter (where lines.channel = 'till'), 0) * 100)::bigint as till,
        round(coalesce(sum(lines.amount) filter (where lines.channel = 'web'), 0) * 100)::bigint as web,
        round(sum(lines.value - lines.cost) * 100)::bigint as profit
      from ${lines} join product p on p.id = lines.product_id
      group by p.id, p.name having sum(lines.quantity) > 0
      order by sum(lines.amount) desc, p.id limit 5`,
  );
}

/**
 * The five customers (the walk-in included; a shopper is a customer, so their web orders are theirs)
 * with the most sales over the range, as {@link topProducts} counts them: sales and web orders counted,
 * less their returns; profit is the documents' kept profit, already after their returns.
 */
function topCustomers(db: DbOrTx, start: string, end: string) {
  return rawRows<TopRow>(
    db,
    sql`select c.id, coalesce(nullif(c.username, ''), nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), 'Customer ' || c.id) as name,
        sum(m.invoices)::int as n, round(sum(m.sales - m.returns) * 100)::bigint as sales,
        round(coalesce(sum(m.sales - m.returns) filter (where m.channel = 'till'), 0) * 100)::bigint as till,
        round(coalesce(sum(m.sales - m.returns) filter (where m.channel = 'web'), 0) * 100)::bigint as web,
        round(sum(m.profit) * 100)::bigint as profit
      from ${saleDocuments({ from: start, to: end })} m join customer c on c.id = m.customer_id
      group by c.id having sum(m.invoices) > 0
      order by sum(m.sales - m.returns) desc, c.id limit 5`,
  );
}

/** What is still due on the live purchases of the range: the due each keeps (reference 3.4, kept equal to the ledger's), summed in bigint. */
async function purchaseDue(db: DbOrTx, start: string, end: string) {
  const [row] = await rawRows<{ due: string }>(
    db,
    sql`select coalesce(round(sum(due_amount) * 100), 0)::bigint as due from purchase_invoice
      where state = 'active' and date between ${start}::date and ${end}::date`,
  );
  return money(row?.due);
}

/**
 * What is still due on the range's sales, per channel: the dues kept on completed sales and on web orders
 * not cancelled (kept equal to their ledger; an order's includes its delivery fee), summed in bigint: a
 * busy month's sales pass the 21,474,836.47 an int holds in cents.
 */
async function saleDue(db: DbOrTx, start: string, end: string) {
  const rows = await rawRows<{ channel: SaleChannel; due: string }>(
    db,
    sql`select d.channel, coalesce(round(sum(d.due) * 100), 0)::bigint as due
      from ${saleDocuments({ from: start, to: end })} d where d.invoices = 1 group by d.channel`,
  );
  const of = (channel: SaleChannel) => Number(rows.find((r) => r.channel === channel)?.due ?? 0);
  return { till: of('till'), web: of('web') };
}

/** Web orders of the range: counted, summed (cancelled ones apart) and per status; their returns of the range. */
async function onlineOrders(db: DbOrTx, start: string, end: string) {
  const ordersOf = rawRows<{ order_status: string; n: number; amount: string; due: string; profit: string }>(
    db,
    sql`select order_status, count(*)::int as n, coalesce(round(sum(total_amount) * 100), 0)::bigint as amount,
        coalesce(round(sum(due_amount) * 100), 0)::bigint as due, coalesce(round(sum(profit) * 100), 0)::bigint as profit
      from cart_order where date between ${start}::date and ${end}::date group by order_status`,
  );
  const returnsOf = rawRows<{ n: number; amount: string; pending: number }>(
    db,
    sql`select count(*)::int as n, coalesce(round(sum(total_amount) * 100), 0)::bigint as amount,
        count(*) filter (where return_cart_order_status = 'PENDING')::int as pending
      from return_cart_order where date between ${start}::date and ${end}::date and return_cart_order_status <> 'REJECTED'`,
  );
  const [rows, [returns]] = await Promise.all([ordersOf, returnsOf]);
  const live = rows.filter((r) => r.order_status !== 'CANCELLED');
  const sum = (key: 'amount' | 'due' | 'profit') => money(live.reduce((s, r) => s + Number(r[key]), 0));
  return {
    totalOrder: live.reduce((s, r) => s + r.n, 0),
    totalCancelledOrder: rows.find((r) => r.order_status === 'CANCELLED')?.n ?? 0,
    totalOrderAmount: sum('amount'),
    totalOrderDue: sum('due'),
    totalOrderProfit: sum('profit'),
    byStatus: Object.fromEntries(orderStatuses.map((status) => [status, rows.find((r) => r.order_status === status)?.n ?? 0])),
    totalReturn: returns?.n ?? 0,
    totalReturnAmount: money(returns?.amount),
    pendingReturn: returns?.pending ?? 0,
  };
}

/** The tables the dashboard reads (the sales module's, every channel's documents and lines): a write to any of them drops its kept answers. */
export const dashboardTables = [
  ...saleTables,
  'purchase_invoice',
  'return_purchase_invoice',
  'transaction',
  'sub_account',
  'product',
  'product_stock',
  'product_price',
  'stock_movement',
  'customer',
  'till_session',
  'till',
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
  const [dayRows, saleDues, purchaseDueAmount, receivable, payable, stocked, products, customers, online, tills] = await Promise.all([
    periods(db, startDate, endDate, groupedBy),
    saleDue(db, startDate, endDate),
    purchaseDue(db, startDate, endDate),
    balanceAt(db, 'accountsReceivable', 'debit', endDate),
    balanceAt(db, 'accountsPayable', 'credit', endDate),
    stock(db),
    topProducts(db, startDate, endDate),
    topCustomers(db, startDate, endDate),
    onlineOrders(db, startDate, endDate),
    tillFigures(db, endDate),
  ]);
  const zero = () => ({ invoices: 0, sales: 0, returns: 0, profit: 0 });
  const channels = { till: zero(), web: zero() };
  const total = { purchaseInvoices: 0, purchases: 0, purchaseReturns: 0 };
  const daily = dayRows.map((d) => {
    const of = (channel: SaleChannel) => {
      const c = { invoices: Number(d[channel].invoices), sales: Number(d[channel].sales), returns: Number(d[channel].returns) };
      const profit = Number(d[channel].profit);
      const sum = channels[channel];
      sum.invoices += c.invoices;
      sum.sales += c.sales;
      sum.returns += c.returns;
      sum.profit += profit;
      return { ...c, profit };
    };
    const till = of('till');
    const web = of('web');
    const purchases = Number(d.purchases);
    const purchaseReturns = Number(d.purchaseReturns);
    total.purchaseInvoices += Number(d.purchaseInvoices);
    total.purchases += purchases;
    total.purchaseReturns += purchaseReturns;
    // the split only where something was sold or returned: the widest range's 9,999 empty years stay small
    const traded = [till, web].some((c) => c.invoices || c.sales || c.returns || c.profit);
    return {
      date: d.date,
      sales: money(till.sales - till.returns + web.sales - web.returns),
      profit: money(till.profit + web.profit),
      purchases: money(purchases - purchaseReturns),
      invoices: till.invoices + web.invoices,
      ...(traded
        ? {
            tillSales: money(till.sales - till.returns),
            webSales: money(web.sales - web.returns),
            tillInvoices: till.invoices,
            webInvoices: web.invoices,
          }
        : {}),
    };
  });
  const channel = (c: ReturnType<typeof zero>, due: number) => ({
    invoices: c.invoices,
    sales: money(c.sales),
    returns: money(c.returns),
    due: money(due),
    profit: money(c.profit),
  });
  const both = { ...zero() };
  for (const c of [channels.till, channels.web]) for (const key of ['invoices', 'sales', 'returns', 'profit'] as const) both[key] += c[key];
  const top = (r: TopRow) => ({
    id: Number(r.id),
    name: r.name,
    sales: money(r.sales),
    tillSales: money(r.till),
    webSales: money(r.web),
    profit: money(r.profit),
  });
  return {
    startDate,
    endDate,
    totalSaleInvoice: both.invoices,
    totalSaleAmount: money(both.sales),
    totalSaleReturn: money(both.returns),
    totalSaleDue: money(saleDues.till + saleDues.web),
    totalProfit: money(both.profit),
    channels: { till: channel(channels.till, saleDues.till), web: channel(channels.web, saleDues.web) },
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
    online,
    tills,
  };
}
