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

type Variant = Awaited<ReturnType<typeof variantsOf>>[number];

/**
 * The variants of the outer query's product (`"product"."id"`) as one JSON column, in the order they were
 * made: a scan reads its product and their variants in one statement (`variantsFromJson` turns them back
 * into `variantsOf`'s rows).
 */
export const variantsJsonColumn = sql<Record<string, unknown>[] | null>`(select json_agg(json_build_object(
    'id', "product_variant"."id", 'status', "product_variant"."status", 'createdAt', "product_variant"."created_at",
    'updatedAt', "product_variant"."updated_at", 'productId', "product_variant"."product_id", 'colorId', "product_variant"."color_id",
    'productAttributeValueId', "product_variant"."attribute_value_ids", 'sku', "product_variant"."sku",
    'barcode', "product_variant"."barcode", 'productQuantity', "product_variant"."product_quantity",
    'reorderQuantity', "product_variant"."reorder_quantity", 'productSalePrice', "product_variant"."product_sale_price",
    'productImageId', "product_variant"."product_image_id", 'finalPriceWithVat', ${variantPriceSql()}
  ) order by "product_variant"."id") from ${productVariant} where "product_variant"."product_id" = "product"."id")`;

/** `variantsJsonColumn`'s rows as `variantsOf` answers them (instants as dates, money as numbers). */
export const variantsFromJson = (rows: Record<string, unknown>[] | null): Variant[] =>
  (rows ?? []).map((v) => ({
    ...(v as unknown as Variant),
    createdAt: new Date(String(v.createdAt)),
    updatedAt: new Date(String(v.updatedAt)),
    productSalePrice: v.productSalePrice === null ? null : Number(v.productSalePrice),
    finalPriceWithVat: Number(v.finalPriceWithVat),
  }));
