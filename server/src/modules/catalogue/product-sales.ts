import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type SalesPeriod, saleLines } from '../sales/index.ts';

export type { SalesPeriod };

/**
 * What each product sold over the period, one row per product that sold or came back, over every
 * channel (the sales module's lines): completed till sales and web orders not cancelled, less their
 * returns (a web return once its goods came back). A sale or order counts on its date and a return on
 * its own date. `salesValue` is the lines' net before VAT after every discount (a web order's coupon
 * shared over its lines); `profit` is that value less the cost recorded on each line (a return takes
 * back its share of both). A subquery to join on `productId`; its sums are numeric (exact), so a caller
 * reads them through {@link moneyOf}.
 */
export function salesByProduct(db: DbOrTx, period: SalesPeriod) {
  const lines = saleLines(db, period);
  return db
    .select({
      productId: lines.productId,
      soldQuantity: sql<number>`sum(${lines.quantity})::int`.as('sold_quantity'),
      salesValue: sql<string>`sum(${lines.value})`.as('sales_value'),
      profit: sql<string>`sum(${lines.value} - ${lines.cost})`.as('profit'),
    })
    .from(lines)
    .groupBy(lines.productId)
    .as('sales');
}
export type SalesByProduct = ReturnType<typeof salesByProduct>;

/**
 * Units each variant of these products sold over the period (issue 32), net of returns, as `salesByProduct`
 * counts them: the variants under a product in the reports and on its page.
 */
export async function soldByVariant(db: DbOrTx, productIds: readonly number[], period: SalesPeriod): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const lines = saleLines(db, period);
  const rows = await db
    .select({ variantId: lines.productVariantId, sold: sql<number>`sum(${lines.quantity})::int`.mapWith(Number) })
    .from(lines)
    .where(
      sql`${lines.productId} = any(${`{${productIds.map((n) => Math.trunc(n)).join(',')}}`}::int[]) and ${lines.productVariantId} is not null`,
    )
    .groupBy(lines.productVariantId);
  return new Map(rows.map((r) => [Number(r.variantId), r.sold]));
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
