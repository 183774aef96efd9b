import { type ProductListFilters, productCardOut, productListOut, productReportOut } from '@tillbook/contract';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { conventionWhere, type ListQuery, whereAll } from '../../platform/list-query.ts';
import { presenter } from '../../platform/presenter.ts';
import { paged } from '../../platform/queries.ts';
import { product, productSubCategory } from '../../schema/index.ts';
import { lowStockSql, productRowQuery, productView } from './product-detail.ts';
import { type SalesPeriod, salesByProduct, salesOfRow, salesSums } from './product-sales.ts';

export type StaffFilters = ProductListFilters;

/** An exact money sum as a number with two decimals (numeric in SQL, never float). */
const moneySum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::numeric(16,2)`.mapWith(Number);
const saleValue = sql`${product.productQuantity} * ${product.productSalePrice}`;
const purchaseValue = sql`${product.productQuantity} * ${product.productPurchasePrice}`;

/** Conditions of the staff list: the convention (status, search by name or SKU, dates) and the filters. */
export function staffWhere(q: ListQuery<StaffFilters>): SQL | undefined {
  const f = q.filters;
  return whereAll([
    ...conventionWhere(q, { status: product.status, search: [product.name, product.sku], date: product.createdAt }),
    f.productId ? inArray(product.id, f.productId) : undefined,
    f.productSubCategoryId ? inArray(product.productSubCategoryId, f.productSubCategoryId) : undefined,
    f.productBrandId ? inArray(product.productBrandId, f.productBrandId) : undefined,
    f.productCategoryId
      ? inArray(
          product.productSubCategoryId,
          sql`(select ${productSubCategory.id} from ${productSubCategory} where ${inArray(productSubCategory.productCategoryId, f.productCategoryId)})`,
        )
      : undefined,
    f.lowStock === 'true' ? lowStockSql : f.lowStock === 'false' ? sql`not (${lowStockSql})` : undefined,
  ]);
}

export const sortColumns = {
  name: product.name,
  sku: product.sku,
  productQuantity: product.productQuantity,
  productSalePrice: product.productSalePrice,
  createdAt: product.createdAt,
} as const;

/** Rows of the staff list with their names, thumbnail and low-stock flag: one query. */
async function staffRows(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined) {
  const direction = q.order === 'asc' ? asc : desc;
  const column = sortColumns[(q.sort ?? 'createdAt') as keyof typeof sortColumns];
  const rows = await paged(productRowQuery(db).where(where).orderBy(direction(column), direction(product.id)).$dynamic(), q);
  return rows.map(productView);
}

/** The sales period of the card and the report; the end may not come before the start. */
function salesPeriod(q: ListQuery<StaffFilters>): SalesPeriod {
  const { salesStartDate: from, salesEndDate: to } = q.filters;
  if (from && to && from > to) throw fieldError('salesEndDate', 'must not be before the sales start date');
  return { from, to };
}

/** quantity × unit price, in cents, back to a two-decimal number. */
const sumOf = (quantity: number, price: number) => (quantity * Math.round(price * 100)) / 100;

/** `query=card`: counts and stock values (quantity × price), and the products' sales over the period, computed in SQL. */
async function card(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined) {
  const sales = salesByProduct(db, salesPeriod(q));
  const [row] = await db
    .select({
      uniqueProduct: sql<number>`count(*) filter (where ${product.productQuantity} > 0)`.mapWith(Number),
      totalProductCount: count(),
      inventorySalesValue: moneySum(saleValue),
      inventoryPurchaseValue: moneySum(purchaseValue),
      shortProductCount: sql<number>`count(*) filter (where ${lowStockSql})`.mapWith(Number),
      ...salesSums(sales),
    })
    .from(product)
    .leftJoin(sales, eq(sales.productId, product.id))
    .where(where);
  return row!;
}

/** `query=report`: every matching product with its stock values and its sales over the period, and the sums. */
async function report(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined) {
  const sales = salesByProduct(db, salesPeriod(q));
  const [rows, [sums]] = await Promise.all([
    staffRows(db, q, where),
    db
      .select({
        productQuantity: sql<number>`coalesce(sum(${product.productQuantity}), 0)`.mapWith(Number),
        totalSalePrice: moneySum(saleValue),
        totalPurchasePrice: moneySum(purchaseValue),
        ...salesSums(sales),
      })
      .from(product)
      .leftJoin(sales, eq(sales.productId, product.id))
      .where(where),
  ]);
  const sold = rows.length
    ? await db
        .select({ productId: product.id, ...salesOfRow(sales) })
        .from(product)
        .leftJoin(sales, eq(sales.productId, product.id))
        .where(
          inArray(
            product.id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const byId = new Map(sold.map(({ productId, ...figures }) => [productId, figures]));
  return {
    getAllProduct: rows.map((view) => ({
      ...view,
      totalSalePrice: sumOf(view.productQuantity, view.productSalePrice),
      totalPurchasePrice: sumOf(view.productQuantity, view.productPurchasePrice),
      ...byId.get(view.id)!,
    })),
    aggregations: { _sum: sums },
  };
}

const presentCard = presenter(productCardOut) as (value: unknown) => typeof productCardOut._output;
const presentReport = presenter(productReportOut) as (value: unknown) => typeof productReportOut._output;
const presentPage = presenter(productListOut) as (value: unknown) => typeof productListOut._output;

/**
 * GET /product?filters, ?query=card, ?query=search&key=, ?query=report. The endpoint's answer is
 * one of three shapes, so each mode is presented by its own schema here.
 */
export async function productList(db: DbOrTx, q: ListQuery<StaffFilters>) {
  const where = staffWhere(q);
  if (q.mode === 'card') return presentCard(await card(db, q, where));
  if (q.mode === 'report') return presentReport(await report(db, q, where));
  const [rows, [total]] = await Promise.all([staffRows(db, q, where), db.select({ n: count() }).from(product).where(where)]);
  return presentPage({ getAllProduct: rows, totalProduct: Number(total?.n ?? 0) });
}
