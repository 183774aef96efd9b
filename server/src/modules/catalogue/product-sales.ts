import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import {
  cartOrder,
  cartOrderProduct,
  returnCartOrder,
  returnCartOrderProduct,
  returnSaleInvoice,
  returnSaleInvoiceProduct,
  saleInvoice,
  saleInvoiceProduct,
} from '../../schema/index.ts';

/** Sale dates, both days included; either end may be open. */
export interface SalesPeriod {
  from?: string;
  to?: string;
}

/**
 * What each product sold over the period, one row per product that sold or came back: completed
 * till sales (held, cancelled and deleted sales never count) less their sale returns. A sale counts
 * on its date and a return on its own date, as the books have them. `salesValue` is the lines' net
 * before VAT (after line discounts); `profit` is that value less the average cost recorded on each
 * sale line (a return takes back its share of both). A subquery to join on `productId`; its sums are
 * numeric (exact), so a caller reads them through {@link moneyOf}.
 */
export function salesByProduct(db: DbOrTx, period: SalesPeriod, options: { web?: boolean } = {}) {
  const line = saleInvoiceProduct;
  const sale = saleInvoice;
  const back = returnSaleInvoiceProduct;
  const returned = returnSaleInvoice;
  const within = (date: typeof sale.date | typeof returned.date) =>
    and(eq(sale.state, 'completed'), period.from ? gte(date, period.from) : undefined, period.to ? lte(date, period.to) : undefined);
  const sold = db
    .select({
      productId: sql<number>`${line.productId}`.as('product_id'),
      quantity: sql<number>`${line.productQuantity}`.as('quantity'),
      value: sql<string>`${line.productFinalAmount}`.as('value'),
      cost: sql<string>`${line.productQuantity} * ${line.unitCost}`.as('cost'),
    })
    .from(line)
    .innerJoin(sale, eq(sale.id, line.invoiceId))
    .where(within(sale.date));
  const broughtBack = db
    .select({
      productId: sql<number>`${back.productId}`.as('product_id'),
      quantity: sql<number>`-${back.productQuantity}`.as('quantity'),
      value: sql<string>`-${back.productFinalAmount}`.as('value'),
      cost: sql<string>`-(${back.productQuantity} * ${back.unitCost})`.as('cost'),
    })
    .from(back)
    .innerJoin(returned, eq(returned.id, back.invoiceId))
    .innerJoin(sale, eq(sale.id, returned.saleInvoiceId))
    .where(within(returned.date));
  const moves = (options.web ? unionAll(sold, broughtBack, ...webSales(db, period)) : unionAll(sold, broughtBack)).as('moves');
  return db
    .select({
      productId: moves.productId,
      soldQuantity: sql<number>`sum(${moves.quantity})::int`.as('sold_quantity'),
      salesValue: sql<string>`sum(${moves.value})`.as('sales_value'),
      profit: sql<string>`sum(${moves.value} - ${moves.cost})`.as('profit'),
    })
    .from(moves)
    .groupBy(moves.productId)
    .as('sales');
}
export type SalesByProduct = ReturnType<typeof salesByProduct>;

/** Web returns that count against sales: the goods came back (a REJECTED or PENDING return never does). */
const returnsBack = ['RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED'] as const;

/**
 * The web orders' part of {@link salesByProduct}: the lines of orders not CANCELLED (a replacement
 * order included) on the order's date, less the lines of their returns whose goods came back, on the
 * return's date. The value is the line net of VAT after the catalogue discount (before the coupon).
 */
function webSales(db: DbOrTx, period: SalesPeriod) {
  const line = cartOrderProduct;
  const order = cartOrder;
  const back = returnCartOrderProduct;
  const returned = returnCartOrder;
  const dated = (date: typeof order.date | typeof returned.date) =>
    and(period.from ? gte(date, period.from) : undefined, period.to ? lte(date, period.to) : undefined);
  const ordered = db
    .select({
      productId: sql<number>`${line.productId}`.as('product_id'),
      quantity: sql<number>`${line.productQuantity}`.as('quantity'),
      value: sql<string>`${line.lineTotal} - ${line.vatAmount}`.as('value'),
      cost: sql<string>`${line.productQuantity} * ${line.unitCost}`.as('cost'),
    })
    .from(line)
    .innerJoin(order, eq(order.id, line.invoiceId))
    .where(and(ne(order.orderStatus, 'CANCELLED'), dated(order.date)));
  const sentBack = db
    .select({
      productId: sql<number>`${back.productId}`.as('product_id'),
      quantity: sql<number>`-${back.productQuantity}`.as('quantity'),
      value: sql<string>`-(${back.lineTotal} - ${back.vatAmount})`.as('value'),
      cost: sql<string>`-(${back.productQuantity} * ${back.unitCost})`.as('cost'),
    })
    .from(back)
    .innerJoin(returned, eq(returned.id, back.returnCartOrderId))
    .where(and(inArray(returned.returnCartOrderStatus, [...returnsBack]), dated(returned.date)));
  return [ordered, sentBack] as const;
}

/** A numeric sum (or one product's figure) as a number with two decimals; 0 where nothing sold. */
export const moneyOf = (expression: SQL | SQL.Aliased) => sql<number>`coalesce(${expression}, 0)::numeric(16,2)`.mapWith(Number);
export const countOf = (expression: SQL | SQL.Aliased) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** The sums of the sales figures over the products of a query joined to {@link salesByProduct}. */
export const salesSums = (sales: SalesByProduct) => ({
  soldQuantity: countOf(sql`sum(${sales.soldQuantity})`),
  salesValue: moneyOf(sql`sum(${sales.salesValue})`),
  profit: moneyOf(sql`sum(${sales.profit})`),
});

/** One product's figures from a query joined to {@link salesByProduct}. */
export const salesOfRow = (sales: SalesByProduct) => ({
  soldQuantity: countOf(sql`${sales.soldQuantity}`),
  salesValue: moneyOf(sql`${sales.salesValue}`),
  profit: moneyOf(sql`${sales.profit}`),
});
