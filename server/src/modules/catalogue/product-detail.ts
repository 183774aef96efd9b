import { unitPrice } from '@tillbook/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { found } from '../../platform/route.ts';
import { discount, product, productBrand, productSubCategory, productVat, stockMovement, uom, users } from '../../schema/index.ts';
import { imageUrls } from './product-images.ts';
import { soldByVariant } from './product-sales.ts';
import { variantsOf } from './variant-read.ts';

/** How many movements the product page shows, newest first. */
const movementLimit = 100;

/** The product row with its names, joined once (no query per row). */
export const productRowSelect = {
  product,
  productSubCategoryName: productSubCategory.name,
  productCategoryId: productSubCategory.productCategoryId,
  productBrandName: productBrand.name,
  vatPercentage: productVat.percentage,
};

export interface ProductRow {
  product: typeof product.$inferSelect;
  productSubCategoryName: string | null;
  productCategoryId: number | null;
  productBrandName: string | null;
  vatPercentage: number | null;
}

export function productRowQuery<E extends Record<string, SQL | PgColumn>>(db: DbOrTx, extra?: E) {
  return db
    .select({ ...productRowSelect, ...(extra as E) })
    .from(product)
    .leftJoin(productSubCategory, eq(productSubCategory.id, product.productSubCategoryId))
    .leftJoin(productBrand, eq(productBrand.id, product.productBrandId))
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .$dynamic();
}

/** At or below its reorder level; a product sold by variants when one of its variants on sale is (issue 32). */
export const lowStockSql = sql<boolean>`(case when ${product.hasVariants}
  then exists (select 1 from product_variant v where v.product_id = ${sql.raw('"product"."id"')} and v.status and v.product_quantity <= v.reorder_quantity)
  else ${product.productQuantity} <= ${product.reorderQuantity} end)`;

type Gallery = { id: number; imageName: string; position: number };
type Colour = { id: number; name: string; colorCode: string };
type AttributeValue = { id: number; name: string; productAttributeId: number; productAttributeName: string };

/**
 * A product's gallery, colours and attribute values as three JSON columns of one select, for the
 * product whose id is `productId` (a value or the outer query's id column).
 */
export const productPartsColumns = (productId: number | typeof product.id) => {
  // written out with aliases: drizzle leaves columns unqualified inside a select's fields
  const id = typeof productId === 'number' ? sql`${productId}` : sql.raw('"product"."id"');
  return {
    gallery: sql<
      Gallery[] | null
    >`(select json_agg(json_build_object('id', i.id, 'imageName', i.image_name, 'position', i.position) order by i.position, i.id)
      from product_image i where i.product_id = ${id} and i.status)`,
    colors: sql<
      Colour[] | null
    >`(select json_agg(json_build_object('id', c.id, 'name', c.name, 'colorCode', c.color_code) order by c.name, c.id)
      from product_color pc join colors c on c.id = pc.color_id where pc.product_id = ${id})`,
    attributeValues: sql<AttributeValue[] | null>`(select json_agg(json_build_object('id', v.id, 'name', v.name, 'productAttributeId', a.id,
        'productAttributeName', a.name) order by a.name, v.name)
      from product_product_attribute_value pv join product_attribute_value v on v.id = pv.product_attribute_value_id
      join product_attribute a on a.id = v.product_attribute_id where pv.product_id = ${id})`,
  };
};

/** The parts as the product answers carry them. */
export const partsView = (
  row: { gallery: Gallery[] | null; colors: Colour[] | null; attributeValues: AttributeValue[] | null } | undefined,
) => ({
  images: (row?.gallery ?? []).map((g) => ({ id: g.id, position: g.position, ...imageUrls(g.imageName) })),
  colors: row?.colors ?? [],
  productAttributeValues: row?.attributeValues ?? [],
});

/** A product's gallery, colours and attribute values, for the staff product page: one statement. */
export async function productParts(db: DbOrTx, productId: number) {
  const [row] = await db.select(productPartsColumns(productId)).from(product).where(eq(product.id, productId));
  return partsView(row);
}

/**
 * The one mapping of a product row: its columns, its names, the URLs of its main image and the
 * low-stock flag. Every product answer starts here; its answer schema (staff row, staff page,
 * public product) decides which of these fields are sent.
 */
export function productView({ product: p, ...names }: ProductRow) {
  const main = imageUrls(p.productThumbnailImage);
  return {
    ...p,
    ...names,
    productThumbnailImageUrl: main.thumbnailUrl,
    productImageUrl: main.url,
    lowStock: p.productQuantity <= p.reorderQuantity,
  };
}

/**
 * The latest movements of a product, newest first, each with the on-hand balance right after it and
 * the name of the user who made it. The balance is a window sum over every movement of the product
 * (oldest first), taken before the limit, so it is right however few rows are shown.
 */
export async function latestMovements(db: DbOrTx, productId: number, limit = movementLimit) {
  const running = db
    .select({
      id: stockMovement.id,
      productId: stockMovement.productId,
      quantity: stockMovement.quantity,
      reason: stockMovement.reason,
      documentType: stockMovement.documentType,
      documentId: stockMovement.documentId,
      unitCost: stockMovement.unitCost,
      userId: stockMovement.userId,
      createdAt: stockMovement.createdAt,
      balanceAfter: sql<number>`sum(${stockMovement.quantity}) over (order by ${stockMovement.createdAt}, ${stockMovement.id})`.as(
        'balance_after',
      ),
    })
    .from(stockMovement)
    .where(eq(stockMovement.productId, productId))
    .as('running');
  const rows = await db
    .select({
      id: running.id,
      productId: running.productId,
      quantity: running.quantity,
      reason: running.reason,
      documentType: running.documentType,
      documentId: running.documentId,
      unitCost: running.unitCost,
      userId: running.userId,
      createdAt: running.createdAt,
      balanceAfter: running.balanceAfter,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(running)
    .leftJoin(users, eq(users.id, running.userId))
    .orderBy(desc(running.createdAt), desc(running.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, username, ...movement }) => ({
    ...movement,
    balanceAfter: Number(movement.balanceAfter),
    userName: username === null ? null : [firstName, lastName].join(' ').trim() || username,
  }));
}

/** A product's variants with what each sold, net of returns, over all time (the staff product page). */
async function variantsWithSales(db: DbOrTx, productId: number) {
  const [variants, sold] = await Promise.all([variantsOf(db, [productId]), soldByVariant(db, [productId], {})]);
  return variants.map((v) => ({ ...v, soldQuantity: sold.get(v.id) ?? 0 }));
}

/**
 * GET /product/{id}: everything the staff product page shows: its VAT, discount and the price to
 * pay today (the contract's `unitPrice` on the shop's business date), and its latest movements.
 */
export async function productDetail(db: DbOrTx, id: number, clock: Clock) {
  const [row] = await productRowQuery(db).where(eq(product.id, id));
  const view = productView(found(row, 'Product'));
  const [parts, [vat], [disc], [unit], movements, today, variants] = await Promise.all([
    productParts(db, id),
    view.productVatId ? db.select().from(productVat).where(eq(productVat.id, view.productVatId)) : Promise.resolve([]),
    view.discountId ? db.select().from(discount).where(eq(discount.id, view.discountId)) : Promise.resolve([]),
    view.uomId ? db.select().from(uom).where(eq(uom.id, view.uomId)) : Promise.resolve([]),
    latestMovements(db, id),
    businessDate(db, clock),
    view.hasVariants ? variantsWithSales(db, id) : Promise.resolve(undefined),
  ]);
  const price = unitPrice({ salePrice: view.productSalePrice, vatPercentage: vat?.percentage, discount: disc, date: today });
  return {
    ...view,
    ...parts,
    productVat: vat ?? null,
    discount: disc ?? null,
    uom: unit ?? null,
    productSalePriceWithVat: price.priceWithVat,
    discountActive: price.activeDiscount !== null,
    discountAmount: price.discountAmount,
    finalPriceWithVat: price.finalPriceWithVat,
    stockMovements: movements,
    ...(variants ? { variants, unsharedQuantity: view.productQuantity - variants.reduce((n, v) => n + v.productQuantity, 0) } : {}),
  };
}
