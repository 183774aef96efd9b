import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { discount, product, productVat } from '../../schema/index.ts';

type Operand = SQL | PgColumn;

/** What the price expression reads: a product's price and VAT rate, and its discount's columns (all null when none). */
export interface PriceOperands {
  salePrice: Operand;
  vatPercentage: Operand;
  /** Null when the product has no (visible) discount. */
  discountId: Operand;
  discountType: Operand;
  discountValue: Operand;
  startDate: Operand;
  endDate: Operand;
}

/** How a product query joins its discount: a hidden discount (status false) is no discount. */
export const visibleDiscountJoin = and(eq(discount.id, product.discountId), eq(discount.status, true))!;

/**
 * The columns of the public product query: product left-joined to product_vat and to its discount
 * (a hidden discount is joined as none, see `visibleDiscountJoin`).
 */
export const productPriceOperands: PriceOperands = {
  salePrice: product.productSalePrice,
  vatPercentage: productVat.percentage,
  discountId: discount.id,
  discountType: discount.type,
  discountValue: discount.value,
  startDate: discount.startDate,
  endDate: discount.endDate,
};

/**
 * `unitPrice(...).finalPriceWithVat` (contract/src/pricing.ts) as one SQL expression, for filtering and
 * sorting by the price the shopper sees. Exact numeric arithmetic, each step rounded half away from
 * zero to the cent as `percentOf` does (PostgreSQL's `round(numeric, 2)`):
 *   off        = the active discount: round(price × value / 100, 2) or the flat value, kept within 0..price
 *   discounted = price − off
 *   final      = discounted + round(discounted × VAT / 100, 2)
 * The discount is active when `today` (the business date, YYYY-MM-DD) is within its window, both ends
 * included. server/test/price-sql.test.ts checks it against `unitPrice` on both databases.
 */
export function finalPriceWithVatSql(o: PriceOperands, today: string | SQL): SQL<string> {
  const price = sql`(${o.salePrice})::numeric`;
  const active = sql`(${o.discountId} is not null and ${o.startDate} <= ${today}::date and ${o.endDate} >= ${today}::date)`;
  const off = sql`(case when ${active} then greatest(0::numeric, least(${price}, case when ${o.discountType} = 'percentage' then round(${price} * (${o.discountValue})::numeric / 100, 2) else (${o.discountValue})::numeric end)) else 0::numeric end)`;
  const discounted = sql`(${price} - ${off})`;
  return sql<string>`(${discounted} + round(${discounted} * coalesce((${o.vatPercentage})::numeric, 0) / 100, 2))`;
}
