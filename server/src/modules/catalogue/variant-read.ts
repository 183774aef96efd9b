import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { productVariant } from '../../schema/index.ts';
import { variantPriceSql } from './variant-price.ts';

/** A variant as every answer gives it (`productVariantOut`). */
export const variantColumns = (today?: string | SQL) => ({
  id: productVariant.id,
  status: productVariant.status,
  createdAt: productVariant.createdAt,
  updatedAt: productVariant.updatedAt,
  productId: productVariant.productId,
  colorId: productVariant.colorId,
  productAttributeValueId: productVariant.attributeValueIds,
  sku: productVariant.sku,
  barcode: productVariant.barcode,
  productQuantity: productVariant.productQuantity,
  reorderQuantity: productVariant.reorderQuantity,
  productSalePrice: productVariant.productSalePrice,
  productImageId: productVariant.productImageId,
  finalPriceWithVat: sql<number>`${variantPriceSql(today)}`.mapWith(Number),
});

/** The variants of these products, in the order they were made. */
export async function variantsOf(db: DbOrTx, productIds: readonly number[], today?: string, where?: SQL) {
  if (!productIds.length && !where) return [];
  return db
    .select(variantColumns(today))
    .from(productVariant)
    .where(where ?? inArray(productVariant.productId, [...productIds]))
    .orderBy(asc(productVariant.id));
}
