import { type SQL, sql } from 'drizzle-orm';

/** Where a sale was made: at the till (a sale invoice) or in the web shop (an order). */
export const saleChannels = ['till', 'web'] as const;
export type SaleChannel = (typeof saleChannels)[number];

/** Business dates, both days included; either end may be open. */
export interface SalesPeriod {
  from?: string;
  to?: string;
}

/** Web returns that count against sales: their goods came back, so their `orderReturn` postings are in the books. */
export const webReturnsBack = ['RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED'] as const;
const backStatuses = sql.raw(webReturnsBack.map((s) => `'${s}'`).join(', '));

/** `column` within the period (true when the period is open at both ends). */
export function datedWithin(column: SQL, p: SalesPeriod): SQL {
  const from = p.from ? sql` and ${column} >= ${p.from}::date` : sql``;
  const to = p.to ? sql` and ${column} <= ${p.to}::date` : sql``;
  return sql`true${from}${to}`;
}

/**
 * THE notion of a sale, one row per document of the period (a subquery for `from ... d`):
 * - a till sale: a completed sale invoice (held, cancelled and undone ones never count), on its date;
 * - a web order: an order not CANCELLED (a replacement order included), on the day it was placed, the
 *   day its postings carry;
 * - their returns: a till sale's return on its date; a web return whose goods came back (its
 *   `orderReturn` postings are in the books) on its date.
 * Columns: `channel` ('till' | 'web'), `document_id`, `date`, `customer_id` (a shopper is a customer row,
 * so their orders are theirs), `invoices` (1 for a sale, 0 for a return), `sales` (goods with VAT after
 * every discount and coupon, as Sales and Tax were credited less the discount given: no delivery fee),
 * `returns` (the goods that came back, valued the same way), `profit` (the figure kept on the sale or the
 * order, already after its returns and coupon: goods net less cost) and `due` (what the document still
 * keeps due; a web order's includes its delivery fee and goes below zero while a return is unpaid).
 * Every figure is one kept equal to the ledger.
 */
export function saleDocuments(p: SalesPeriod): SQL {
  return sql`(
    select 'till'::text as channel, si.id as document_id, si.date, si.customer_id, 1 as invoices,
      si.total_amount + si.total_tax_amount as sales, 0::numeric as returns, si.profit, si.due_amount as due
    from sale_invoice si where si.state = 'completed' and ${datedWithin(sql`si.date`, p)}
    union all
    select 'till', r.id, r.date, si.customer_id, 0, 0, r.total_amount + r.tax, 0, 0
    from return_sale_invoice r join sale_invoice si on si.id = r.sale_invoice_id and si.state = 'completed'
    where ${datedWithin(sql`r.date`, p)}
    union all
    select 'web', o.id, o.date, o.customer_id, 1, o.product_amount - o.coupon_amount, 0, o.profit, o.due_amount
    from cart_order o where o.order_status <> 'CANCELLED' and ${datedWithin(sql`o.date`, p)}
    union all
    select 'web', r.id, r.date, r.customer_id, 0, 0, r.total_amount, 0, 0
    from return_cart_order r where r.return_cart_order_status in (${backStatuses}) and ${datedWithin(sql`r.date`, p)}
  )`;
}

/** The tables {@link saleDocuments} and {@link saleLines} read: a cache of an answer built on them watches these. */
export const saleTables = [
  'sale_invoice',
  'sale_invoice_product',
  'return_sale_invoice',
  'return_sale_invoice_product',
  'cart_order',
  'cart_order_product',
  'return_cart_order',
  'return_cart_order_product',
] as const;
