import { discountTypes } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { colors, productAttributeValue, productBrand, productSubCategory, productVat, uom } from './catalogue.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';

/** Catalogue discounts, attached to products: a percentage or a flat amount, within a date window. */
export const discount = pgTable(
  'discount',
  {
    ...recordColumns,
    name: text().notNull().unique(),
    type: closedText(discountTypes).notNull(),
    value: moneyColumn().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
  },
  (t) => [
    check('discount_window', sql`${t.endDate} >= ${t.startDate}`),
    check('discount_value', sql`${t.value} >= 0`),
    inSet('discount_type', t.type, discountTypes),
  ],
);

export const product = pgTable(
  'product',
  {
    ...recordColumns,
    /** Names need not be unique (a second SKU of "Ceramic Mug Teal"); the SKU is. */
    name: text().notNull(),
    sku: text().notNull().unique(),
    description: text(),
    productThumbnailImage: text(),
    productSubCategoryId: integer().references(() => productSubCategory.id),
    productBrandId: integer().references(() => productBrand.id),
    /**
     * On-hand stock: changed only together with a stock_movement row (see inventory). moveStock keeps it
     * at zero or above, except a till sale when the shop's allowNegativeStock setting is on (so no CHECK).
     */
    productQuantity: integer().notNull().default(0),
    /**
     * Its stock is kept in its variants (product_variant): a movement must name one, and the product's
     * quantity is theirs summed (with what is not yet shared out to them). Set when its first variant is made.
     */
    hasVariants: boolean().notNull().default(false),
    /** Reorder level: at or below it the product is on the reorder list. */
    reorderQuantity: integer().notNull().default(0),
    productSalePrice: moneyColumn().notNull().default(0),
    /** Current average unit cost. */
    productPurchasePrice: moneyColumn().notNull().default(0),
    uomId: integer().references(() => uom.id),
    uomValue: numeric({ precision: 12, scale: 3, mode: 'number' }),
    productVatId: integer().references(() => productVat.id),
    discountId: integer().references(() => discount.id),
    /**
     * What the till and the staff list search (`like '%key%'` on the lowered key): the name and the SKU,
     * lower-cased as `ilike` lowers them, joined by a line feed so that a key without one matches within
     * one of them. Kept by the database; never written.
     */
    search: text().notNull().generatedAlwaysAs(sql`lower("name" || chr(10) || "sku")`),
  },
  (t) => [
    check('product_prices_not_negative', sql`${t.productSalePrice} >= 0 and ${t.productPurchasePrice} >= 0`),
    index().on(t.productSubCategoryId),
    index().on(t.productBrandId),
    index().on(t.name),
    /** The public catalogue's default order (newest first) over the products on sale. */
    // a till's copy of the catalogue loads the products changed since its cursor (issue 33)
    index('product_changed').on(t.updatedAt, t.id),
    index('product_public_newest').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status}`),
    /** Search by any part of the name or SKU (`ilike '%key%'`), at the till and in the catalogue. */
    index('product_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_sku_trgm').using('gin', sql`${t.sku} gin_trgm_ops`),
    /**
     * The till's and the staff list's search (see `search`), one index for name and SKU. Written at
     * once (no pending list): a search never has to read through entries the index has not sorted yet.
     */
    index('product_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * A narrow copy of what a search reads of each product (its status, when it was made and its `search`
 * text), kept by a trigger on `product` (migration 0014: every insert, and every update of the name,
 * SKU, status or creation time, in the same statement), never written by the app. Counting a common
 * key's matches here reads a third of the pages the product table would (`searchRows`). A write to it
 * is a write to `product` (what the SQL watch sees).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer()
      .primaryKey()
      .references(() => product.id, { onDelete: 'cascade' }),
    status: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    search: text().notNull(),
  },
  (t) => [index('product_search_text_trgm').using('gin', sql`${t.search} gin_trgm_ops`).with({ fastupdate: false })],
);

/** Gallery images of a product, in display order. */
export const productImage = pgTable(
  'product_image',
  {
    ...recordColumns,
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    imageName: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

export const productColor = pgTable(
  'product_color',
  {
    ...recordColumns,
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    colorId: integer()
      .notNull()
      .references(() => colors.id),
  },
  (t) => [unique().on(t.productId, t.colorId), index().on(t.colorId)],
);

export const productProductAttributeValue = pgTable(
  'product_product_attribute_value',
  {
    ...recordColumns,
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    productAttributeValueId: integer()
      .notNull()
      .references(() => productAttributeValue.id),
  },
  (t) => [unique().on(t.productId, t.productAttributeValueId)],
);

/** Storefront slider images, in display order. */
export const sliderImages = pgTable('slider_images', {
  ...recordColumns,
  image: text().notNull(),
  linkUrl: text(),
  index: integer().notNull().default(0),
});
