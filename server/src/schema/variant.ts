import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { colors } from './catalogue.ts';
import { moneyColumn, recordColumns } from './columns.ts';
import { product, productImage } from './product.ts';

/**
 * A variant of a product: one combination of its colour and attribute values that it sells (a T-shirt in
 * M and red), with its own SKU, barcode, stock, reorder level, average cost and, when set, price. A product
 * with variants (`product.has_variants`) keeps its stock in them: its `product_quantity` is their sum plus
 * what has not yet been shared out to them (stock it had before it was given variants). `attributeKey` is the
 * sorted attribute value ids joined, so one combination is made once whatever order its values are named in.
 */
export const productVariant = pgTable(
  'product_variant',
  {
    ...recordColumns,
    productId: integer()
      .notNull()
      .references(() => product.id),
    colorId: integer().references(() => colors.id),
    attributeValueIds: integer().array().notNull().default(sql`'{}'`),
    attributeKey: text().notNull().default(''),
    sku: text().notNull().unique(),
    barcode: text().unique(),
    /** On-hand stock, changed only by moveStocks together with a stock_movement row naming the variant. */
    productQuantity: integer().notNull().default(0),
    reorderQuantity: integer().notNull().default(0),
    /** Replaces the product's sale price when set. */
    productSalePrice: moneyColumn(),
    /** The variant's own average unit cost. */
    productPurchasePrice: moneyColumn().notNull().default(0),
    /** The picture of its product's gallery the storefront shows when the shopper picks it (none: the product's). */
    productImageId: integer().references(() => productImage.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('product_variant_prices_not_negative', sql`coalesce(${t.productSalePrice}, 0) >= 0 and ${t.productPurchasePrice} >= 0`),
    uniqueIndex('product_variant_combination').on(t.productId, sql`coalesce(${t.colorId}, 0)`, t.attributeKey),
    index().on(t.productId),
  ],
);
