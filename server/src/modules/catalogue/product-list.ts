import { productSortable } from '@tillbook/contract';
import { asc, count, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, idListFilter, paging, parseListQuery, whereAll, type ListQuery } from '../../platform/list-query.ts';
import { toWire } from '../../platform/wire.ts';
import { product, productSubCategory } from '../../schema/index.ts';
import { lowStockSql, productRowQuery } from './product-detail.ts';
import { imageUrls } from './product-images.ts';

export const staffFilters = {
  productCategoryId: idListFilter.optional(),
  productSubCategoryId: idListFilter.optional(),
  productBrandId: idListFilter.optional(),
  lowStock: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
};
export type StaffFilters = { productCategoryId?: number[]; productSubCategoryId?: number[]; productBrandId?: number[]; lowStock?: 'true' | 'false' };

/** An exact money sum as a number with two decimals (numeric in SQL, never float). */
const moneySum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::numeric(16,2)`.mapWith(Number);
const saleValue = sql`${product.productQuantity} * ${product.productSalePrice}`;
const purchaseValue = sql`${product.productQuantity} * ${product.productPurchasePrice}`;

/** Conditions of the staff list: the convention (status, search by name or SKU, dates) and the filters. */
export function staffWhere(q: ListQuery<StaffFilters>): SQL | undefined {
  const f = q.filters;
  return whereAll([
    ...conventionWhere(q, { status: product.status, search: [product.name, product.sku], date: product.createdAt }),
    f.productSubCategoryId ? inArray(product.productSubCategoryId, f.productSubCategoryId) : undefined,
    f.productBrandId ? inArray(product.productBrandId, f.productBrandId) : undefined,
    f.productCategoryId
      ? inArray(product.productSubCategoryId, sql`(select ${productSubCategory.id} from ${productSubCategory} where ${inArray(productSubCategory.productCategoryId, f.productCategoryId)})`)
      : undefined,
    f.lowStock === 'true' ? lowStockSql : f.lowStock === 'false' ? sql`not (${lowStockSql})` : undefined,
  ]);
}

export const sortColumns = {
  name: product.name, sku: product.sku, productQuantity: product.productQuantity, productSalePrice: product.productSalePrice, createdAt: product.createdAt,
} as const;

/** Rows of the staff list with their names, thumbnail and low-stock flag: one query. */
async function staffRows(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined, withValues = false) {
  const direction = q.order === 'asc' ? asc : desc;
  const column = sortColumns[(q.sort ?? 'createdAt') as keyof typeof sortColumns];
  const { limit, offset } = paging(q);
  let query = productRowQuery(db).where(where).orderBy(direction(column), direction(product.id)).$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query;
  return rows.map(({ product: p, vatPercentage: _vat, ...names }) => {
    const main = imageUrls(p.productThumbnailImage);
    const values = withValues
      ? {
          totalSalePrice: sumOf(p.productQuantity, p.productSalePrice),
          totalPurchasePrice: sumOf(p.productQuantity, p.productPurchasePrice),
        }
      : {};
    return toWire({
      ...p,
      ...names,
      productThumbnailImageUrl: main.thumbnailUrl,
      productImageUrl: main.url,
      lowStock: p.productQuantity <= p.reorderQuantity,
      ...values,
    });
  });
}

/** quantity × unit price, in cents, back to a two-decimal number. */
const sumOf = (quantity: number, price: number) => (quantity * Math.round(price * 100)) / 100;

/** `query=card`: counts and stock values (quantity × price), computed in SQL. */
async function card(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select({
      uniqueProduct: sql<number>`count(*) filter (where ${product.productQuantity} > 0)`.mapWith(Number),
      totalProductCount: count(),
      inventorySalesValue: moneySum(saleValue),
      inventoryPurchaseValue: moneySum(purchaseValue),
      shortProductCount: sql<number>`count(*) filter (where ${lowStockSql})`.mapWith(Number),
    })
    .from(product)
    .where(where);
  return row!;
}

/** `query=report`: every matching product with its stock values, and the sums. */
async function report(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined) {
  const [rows, [sums]] = await Promise.all([
    staffRows(db, q, where, true),
    db.select({
      productQuantity: sql<number>`coalesce(sum(${product.productQuantity}), 0)`.mapWith(Number),
      totalSalePrice: moneySum(saleValue),
      totalPurchasePrice: moneySum(purchaseValue),
    }).from(product).where(where),
  ]);
  return { getAllProduct: rows, aggregations: { _sum: sums } };
}

/** GET /product?filters, ?query=card, ?query=search&key=, ?query=report. */
export async function productListRoute(ctx: AppContext, req: FastifyRequest) {
  const q = parseListQuery(req.query, { modes: ['card'], filters: staffFilters, sortable: productSortable }) as ListQuery<StaffFilters>;
  const where = staffWhere(q);
  if (q.mode === 'card') return card(ctx.db, where);
  if (q.mode === 'report') return report(ctx.db, q, where);
  const [rows, [total]] = await Promise.all([
    staffRows(ctx.db, q, where),
    ctx.db.select({ n: count() }).from(product).where(where),
  ]);
  return { getAllProduct: rows, totalProduct: Number(total?.n ?? 0) };
}
