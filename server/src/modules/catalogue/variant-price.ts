import { type SQL, sql } from 'drizzle-orm';
import { discount, product, productVat } from '../../schema/index.ts';
import { finalPriceWithVatSql, type PriceOperands } from './price-sql.ts';

/** Today in the shop's time zone, as the database tells it (the settings' zone, else the server's). */
const shopToday = sql`(now() at time zone coalesce((select a.time_zone from app_setting a order by a.id limit 1), current_setting('TimeZone')))::date`;

/**
 * A variant's sale price: its own when set, else its product's. Named with their tables in full: a query
 * of `product_variant` alone names its own columns bare, which inside the sub-select would be the product's.
 */
export const variantSalePrice = sql.raw(`coalesce("product_variant"."product_sale_price", "product"."product_sale_price")`);

/**
 * What a shopper pays for one unit of the variant today (`unitPrice`'s finalPriceWithVat): its price (or the
 * product's), the product's discount and VAT. A sub-select over the variant's product, for answers read from
 * `product_variant` alone.
 */
export function variantPriceSql(today: string | SQL = shopToday): SQL {
  const column = (name: string) => sql.raw(`"${name.replace('.', '"."')}"`);
  const operands: PriceOperands = {
    salePrice: variantSalePrice,
    vatPercentage: column('product_vat.percentage'),
    discountId: column('discount.id'),
    discountType: column('discount.type'),
    discountValue: column('discount.value'),
    startDate: column('discount.start_date'),
    endDate: column('discount.end_date'),
  };
  const price = finalPriceWithVatSql(operands, today);
  return sql`(select (${price})::float8 from ${product}
    left join ${productVat} on ${sql.raw(`"product_vat"."id" = "product"."product_vat_id"`)}
    left join ${discount} on ${sql.raw(`"discount"."id" = "product"."discount_id" and "discount"."status"`)}
    where ${sql.raw(`"product"."id" = "product_variant"."product_id"`)})`;
}
