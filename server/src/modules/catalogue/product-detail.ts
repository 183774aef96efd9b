import { unitPrice } from '@tillbook/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { found } from '../../platform/route.ts';
import {
  colors,
  discount,
  product,
  productAttribute,
  productAttributeValue,
  productBrand,
  productColor,
  productImage,
  productProductAttributeValue,
  productSubCategory,
  productVat,
  stockMovement,
  uom,
  users,
} from '../../schema/index.ts';
import { imageUrls } from './product-images.ts';

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

export function productRowQuery(db: DbOrTx) {
  return db
    .select(productRowSelect)
    .from(product)
    .leftJoin(productSubCategory, eq(productSubCategory.id, product.productSubCategoryId))
    .leftJoin(productBrand, eq(productBrand.id, product.productBrandId))
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .$dynamic();
}

export const lowStockSql = sql<boolean>`${product.productQuantity} <= ${product.reorderQuantity}`;

/** A product's gallery, colours and attribute values, for the product page and the storefront: one statement. */
export async function productParts(db: DbOrTx, productId: number) {
  const [row] = await rawRows<{
    gallery: { id: number; imageName: string; position: number }[] | null;
    colors: { id: number; name: string; colorCode: string }[] | null;
    attributeValues: { id: number; name: string; productAttributeId: number; productAttributeName: string }[] | null;
  }>(
    db,
    sql`select
    (select json_agg(json_build_object('id', ${productImage.id}, 'imageName', ${productImage.imageName}, 'position', ${productImage.position})
       order by ${productImage.position}, ${productImage.id})
     from ${productImage} where ${productImage.productId} = ${productId} and ${productImage.status}) as "gallery",
    (select json_agg(json_build_object('id', ${colors.id}, 'name', ${colors.name}, 'colorCode', ${colors.colorCode}) order by ${colors.name}, ${colors.id})
     from ${productColor} join ${colors} on ${colors.id} = ${productColor.colorId} where ${productColor.productId} = ${productId}) as "colors",
    (select json_agg(json_build_object('id', ${productAttributeValue.id}, 'name', ${productAttributeValue.name},
       'productAttributeId', ${productAttribute.id}, 'productAttributeName', ${productAttribute.name})
       order by ${productAttribute.name}, ${productAttributeValue.name})
     from ${productProductAttributeValue}
     join ${productAttributeValue} on ${productAttributeValue.id} = ${productProductAttributeValue.productAttributeValueId}
     join ${productAttribute} on ${productAttribute.id} = ${productAttributeValue.productAttributeId}
     where ${productProductAttributeValue.productId} = ${productId}) as "attributeValues"`,
  );
  return {
    images: (row?.gallery ?? []).map((g) => ({ id: g.id, position: g.position, ...imageUrls(g.imageName) })),
    colors: row?.colors ?? [],
    productAttributeValues: row?.attributeValues ?? [],
  };
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

/**
 * GET /product/{id}: everything the staff product page shows: its VAT, discount and the price to
 * pay today (the contract's `unitPrice` on the shop's business date), and its latest movements.
 */
export async function productDetail(db: DbOrTx, id: number, clock: Clock) {
  const [row] = await productRowQuery(db).where(eq(product.id, id));
  const view = productView(found(row, 'Product'));
  const [parts, [vat], [disc], [unit], movements, today] = await Promise.all([
    productParts(db, id),
    view.productVatId ? db.select().from(productVat).where(eq(productVat.id, view.productVatId)) : Promise.resolve([]),
    view.discountId ? db.select().from(discount).where(eq(discount.id, view.discountId)) : Promise.resolve([]),
    view.uomId ? db.select().from(uom).where(eq(uom.id, view.uomId)) : Promise.resolve([]),
    latestMovements(db, id),
    businessDate(db, clock),
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
  };
}
