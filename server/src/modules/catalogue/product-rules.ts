import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { duplicate, fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import {
  colors,
  discount,
  product,
  productAttributeValue,
  productBrand,
  productColor,
  productProductAttributeValue,
  productSubCategory,
  productVat,
  uom,
} from '../../schema/index.ts';

/** The product's single references: field → the table and id column it points at. */
const singleReferences: Record<string, { table: PgTable; id: PgColumn }> = {
  productSubCategoryId: { table: productSubCategory, id: productSubCategory.id },
  productBrandId: { table: productBrand, id: productBrand.id },
  uomId: { table: uom, id: uom.id },
  productVatId: { table: productVat, id: productVat.id },
  discountId: { table: discount, id: discount.id },
};

export interface ProductReferences {
  productSubCategoryId?: number | null;
  productBrandId?: number | null;
  uomId?: number | null;
  productVatId?: number | null;
  discountId?: number | null;
  colors?: number[];
  productAttributeValueId?: number[];
}

/** 400 naming the field when a referenced row does not exist. */
export async function assertProductReferences(db: DbOrTx, values: ProductReferences): Promise<void> {
  for (const [field, ref] of Object.entries(singleReferences)) {
    const value = values[field as keyof ProductReferences];
    if (typeof value !== 'number') continue;
    const [row] = await db.select({ id: ref.id }).from(ref.table).where(eq(ref.id, value)).limit(1);
    if (!row) throw fieldError(field, 'does not exist');
  }
  const sets: [keyof ProductReferences, PgTable, PgColumn][] = [
    ['colors', colors, colors.id],
    ['productAttributeValueId', productAttributeValue, productAttributeValue.id],
  ];
  for (const [field, table, id] of sets) {
    const ids = values[field] as number[] | undefined;
    if (!ids?.length) continue;
    const rows = await db.select({ id }).from(table).where(inArray(id, ids));
    if (rows.length !== ids.length) {
      const known = new Set(rows.map((r) => r.id));
      throw fieldError(field, `holds ids that do not exist: ${ids.filter((n) => !known.has(n)).join(', ')}`);
    }
  }
}

/**
 * 409 naming the field when another product has the same SKU, compared case-insensitively. Names
 * need not be unique. Writers take turns (a transaction-scoped advisory lock) so 'ABC' and 'abc'
 * cannot both pass.
 */
export async function assertProductUnique(db: DbOrTx, values: { sku?: string }, exceptId?: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('unique:product'))`);
  if (values.sku === undefined) return;
  const [clash] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(sql`lower(${product.sku})`, values.sku.toLowerCase()), exceptId === undefined ? undefined : ne(product.id, exceptId)))
    .limit(1);
  if (clash) throw duplicate('Product', 'sku');
  // a variant's SKU or barcode is scanned as a product's SKU is (issue 32): one code names one thing
  const [variant] = await rawRows<{ n: number }>(
    db,
    sql`select 1 as n from product_variant where lower(sku) = ${values.sku.toLowerCase()} or lower(barcode) = ${values.sku.toLowerCase()} limit 1`,
  );
  if (variant) throw duplicate('Product', 'sku');
}

/** Replaces the product's colour and attribute-value links with the sets sent (absent sets are kept). */
export async function replaceProductLinks(
  db: DbOrTx,
  productId: number,
  sets: { colors?: number[]; productAttributeValueId?: number[] },
  fresh = false,
) {
  if (sets.colors !== undefined) {
    if (!fresh) await db.delete(productColor).where(eq(productColor.productId, productId));
    if (sets.colors.length) await db.insert(productColor).values(sets.colors.map((colorId) => ({ productId, colorId })));
  }
  if (sets.productAttributeValueId !== undefined) {
    if (!fresh) await db.delete(productProductAttributeValue).where(eq(productProductAttributeValue.productId, productId));
    if (sets.productAttributeValueId.length) {
      await db
        .insert(productProductAttributeValue)
        .values(sets.productAttributeValueId.map((productAttributeValueId) => ({ productId, productAttributeValueId })));
    }
  }
}
