import { productVariantEndpoints, productVariantResource } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, duplicate, fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { defineResource, type ResourceDefinition } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { rowKey, rowsMark } from '../../platform/sql-watch.ts';
import { productVariant } from '../../schema/index.ts';
import { makeMatrix } from './product-variant-matrix.ts';
import { variantPriceSql } from './variant-price.ts';

type Row = Record<string, unknown>;
const labels = productVariantResource.labels;
const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** The product's row, locked: its variants are made and changed one writer at a time. 400 when there is none. */
export async function lockProduct(tx: DbOrTx, productId: number): Promise<{ id: number; name: string; sku: string }> {
  const [row] = await rawRows<{ id: number; name: string; sku: string }>(
    tx,
    sql`select id, name, sku from product where id = ${productId} for update`,
  );
  if (!row) throw fieldError('productId', 'does not exist', labels);
  return row;
}

/**
 * Attribute values, existing; a variant's (`oneEach`) at most one of each attribute, a matrix's list all of
 * one attribute. Answered sorted by id, with their names and attributes.
 */
export async function attributeValuesOf(tx: DbOrTx, ids: readonly number[], field = 'productAttributeValueId', oneEach = true) {
  if (!ids.length) return [];
  const rows = await rawRows<{ id: number; name: string; attribute_id: number }>(
    tx,
    sql`select id, name, product_attribute_id as attribute_id from product_attribute_value where id = any(${intArray(ids)}::int[]) order by id`,
  );
  if (rows.length < new Set(ids).size) throw fieldError(field, 'holds a value that does not exist', labels);
  const attributes = new Set(rows.map((r) => r.attribute_id)).size;
  if (oneEach && attributes < rows.length) throw fieldError(field, 'must hold at most one value of each attribute', labels);
  if (!oneEach && attributes > 1) throw fieldError(field, 'must hold values of one attribute (e.g. the sizes)', labels);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, attributeId: Number(r.attribute_id) }));
}

/** A SKU or barcode another product or variant already answers to (the till scans both) refuses the write with 409. */
export async function assertCodesFree(tx: DbOrTx, codes: { sku?: unknown; barcode?: unknown }, exceptVariantId?: number): Promise<void> {
  for (const field of ['sku', 'barcode'] as const) {
    const code = codes[field];
    if (typeof code !== 'string' || !code) continue;
    const [clash] = await rawRows<{ n: number }>(
      tx,
      sql`select 1 as n from product where lower(sku) = lower(${code})
        union all select 1 from product_variant where (lower(sku) = lower(${code}) or lower(barcode) = lower(${code}))
          and id <> ${exceptVariantId ?? 0}
        limit 1`,
    );
    if (clash) throw duplicate('Product or variant', field, labels);
  }
}

/** 400 naming the picture unless it is one of the product's gallery pictures on show. */
async function assertPictureOf(tx: DbOrTx, productId: number, imageId: number): Promise<void> {
  const [picture] = await rawRows<{ n: number }>(
    tx,
    sql`select 1 as n from product_image where id = ${imageId} and product_id = ${productId} and status`,
  );
  if (!picture) throw fieldError('productImageId', "must be one of the product's pictures", labels);
}

/** 409 naming the values when the product already sells this colour and these values. */
export async function assertCombinationFree(tx: DbOrTx, productId: number, colorId: number | null, key: string, exceptId?: number) {
  const [taken] = await rawRows<{ sku: string }>(
    tx,
    sql`select sku from product_variant where product_id = ${productId} and coalesce(color_id, 0) = ${colorId ?? 0}
      and attribute_key = ${key} and id <> ${exceptId ?? 0} limit 1`,
  );
  if (taken)
    throw conflict(`This combination is already the variant ${taken.sku}`, {
      productAttributeValueId: `is already the variant ${taken.sku}`,
    });
}

/**
 * The product whose variants changed: its change time moves (a till's copy of the catalogue loads it again) and
 * the watch mark names it, so its kept answers (its page, lists holding it) go.
 */
export async function productTouched(tx: DbOrTx, productId: number): Promise<void> {
  await tx.execute(sql`update product set updated_at = now() where id = ${productId}`);
  await tx.execute(sql.raw(rowsMark([rowKey('product', productId)])));
}

/**
 * A discount or VAT rate changed (issue 33): the products priced by it count as changed, so a till's copy of the
 * catalogue (read by product change time) reloads them with the new price. Locked in id order, as a document does.
 */
export async function productsTouchedBy(tx: DbOrTx, column: 'discount_id' | 'product_vat_id', id: number): Promise<void> {
  await tx.execute(sql`update product set updated_at = now() where id in (
    select id from product where ${sql.identifier(column)} = ${id} order by id for no key update)`);
}

/** The product now sells by its variants (its first one made). */
export async function markHasVariants(tx: DbOrTx, productId: number): Promise<void> {
  await tx.execute(sql`update product set has_variants = true where id = ${productId} and not has_variants`);
  await productTouched(tx, productId);
}

/** The values a create or update writes: the attribute values as their sorted ids and key, checked against the product. */
async function prepare(tx: DbOrTx, values: Row, current?: Row): Promise<Row> {
  const { productAttributeValueId, ...rest } = values;
  const productId = Number(current?.productId ?? values.productId);
  if (current && values.productId !== undefined && Number(values.productId) !== productId)
    throw fieldError('productId', 'cannot change: make a variant of the other product', labels);
  await lockProduct(tx, productId);
  await assertCodesFree(tx, values, current ? Number(current.id) : undefined);
  if (values.productImageId !== undefined && values.productImageId !== null)
    await assertPictureOf(tx, productId, Number(values.productImageId));
  const out: Row = { ...rest };
  if (productAttributeValueId !== undefined || values.colorId !== undefined || !current) {
    const ids = (productAttributeValueId ?? current?.productAttributeValueId ?? []) as number[];
    const sorted = (await attributeValuesOf(tx, ids)).map((v) => v.id);
    const colorId = (values.colorId !== undefined ? values.colorId : (current?.colorId ?? null)) as number | null;
    await assertCombinationFree(tx, productId, colorId, sorted.join(','), current ? Number(current.id) : undefined);
    Object.assign(out, { attributeValueIds: sorted, attributeKey: sorted.join(',') });
  }
  await productTouched(tx, productId);
  return out;
}

/** What a variant answers beside its columns: its attribute values, stock and today's price. */
const computed: Record<string, SQL> = {
  productAttributeValueId: sql`${productVariant.attributeValueIds}`,
  productQuantity: sql`${productVariant.productQuantity}`,
  finalPriceWithVat: variantPriceSql(),
};

const extras: Partial<ResourceDefinition> = {
  computed,
  prepare,
  afterCreate: async (tx, row) => {
    await markHasVariants(tx, Number(row.productId));
    return undefined;
  },
  beforeChange: async (tx, current) => {
    await productTouched(tx, Number(current.productId));
  },
};

/** product-variant: the plain resource's routes (list by productId, get, create, PUT, PATCH status) and the matrix. */
export function productVariantRoutes(ctx: AppContext): RouteDef[] {
  const resource = defineResource(ctx, { contract: productVariantResource, table: productVariant, ...extras });
  return [...resource.routes, makeMatrix(ctx, productVariantEndpoints.matrix, resource)];
}
