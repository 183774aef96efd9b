import { integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { recordColumns } from './columns.ts';

export const productCategory = pgTable('product_category', { ...recordColumns, name: text().notNull().unique() });

export const productSubCategory = pgTable('product_sub_category', {
  ...recordColumns,
  name: text().notNull().unique(),
  productCategoryId: integer()
    .notNull()
    .references(() => productCategory.id),
});

export const productBrand = pgTable('product_brand', { ...recordColumns, name: text().notNull().unique() });

export const uom = pgTable('uom', { ...recordColumns, name: text().notNull().unique() });

export const productVat = pgTable('product_vat', {
  ...recordColumns,
  title: text().notNull().unique(),
  percentage: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
});

export const colors = pgTable('colors', {
  ...recordColumns,
  name: text().notNull().unique(),
  colorCode: text().notNull(),
});

export const productAttribute = pgTable('product_attribute', { ...recordColumns, name: text().notNull().unique() });

export const productAttributeValue = pgTable(
  'product_attribute_value',
  {
    ...recordColumns,
    productAttributeId: integer()
      .notNull()
      .references(() => productAttribute.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [unique().on(t.productAttributeId, t.name)],
);
