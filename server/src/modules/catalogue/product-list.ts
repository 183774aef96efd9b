import { type ProductListFilters, productCardOut, productListOut, productReportOut } from '@tillbook/contract';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { conventionWhere, type ListQuery, paging, whereAll } from '../../platform/list-query.ts';
import { presenter } from '../../platform/presenter.ts';
import { paged } from '../../platform/queries.ts';
import { product, productSubCategory } from '../../schema/index.ts';
import { lowStockSql, productRowQuery, productView } from './product-detail.ts';
import { type SalesPeriod, salesByProduct, salesOfRow, salesSums } from './product-sales.ts';
import { searchRows } from './till-search.ts';
import { barcodeScan, withVariants } from './variant-scan.ts';

export type StaffFilters = ProductListFilters;

/** An exact money sum as a number with two decimals (numeric in SQL, never float). */
const moneySum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::numeric(16,2)`.mapWith(Number);
/**
 * A product's stock at its sale price and at its cost. A product sold by variants (issue 32): each variant's
 * stock at its own price (or the product's) and its own average cost, and what is not yet shared out at the
 * product's. The product is named in full: a one-table select names its own columns bare.
 */
const inVariants = (expression: string) =>
  `(select coalesce(sum(${expression}), 0) from product_variant v where v.product_id = "product"."id")`;
const byVariants = (own: string, variant: string) =>
  sql.raw(`(case when "product"."has_variants"
    then ${inVariants(variant)} + ("product"."product_quantity" - ${inVariants('v.product_quantity')}) * ${own}
    else "product"."product_quantity" * ${own} end)`);
const saleValue = byVariants(
  '"product"."product_sale_price"',
  'v.product_quantity * coalesce(v.product_sale_price, "product"."product_sale_price")',
);
const purchaseValue = byVariants('"product"."product_purchase_price"', 'v.product_quantity * v.product_purchase_price');

/** Conditions of the staff list: the convention (status, search by name or SKU, dates) and the filters. */
export function staffWhere(q: ListQuery<StaffFilters>): SQL | undefined {
  return whereAll([
    ...conventionWhere(q, {
      status: product.status,
      search: [product.name, product.sku],
      lowered: product.search,
      date: product.createdAt,
    }),
    ...filterConditions(q),
  ]);
}

/** The staff list's own filters (not the convention's status, key and dates). */
function filterConditions(q: ListQuery<StaffFilters>): (SQL | undefined)[] {
  const f = q.filters;
  return [
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
    // a code as a scanner reads it: the product's SKU, or a variant's SKU or barcode (issue 32)
    f.sku
      ? sql`(${product.sku} = ${f.sku} or ${product.id} in (select v.product_id from product_variant v where v.sku = ${f.sku} or v.barcode = ${f.sku}))`
      : undefined,
  ];
}

/** A search that asks nothing of a product but its status and the key (the till's). */
const keyOnly = (q: ListQuery<StaffFilters>, key: string) =>
  !q.startDate && !q.endDate && !key.includes('\n') && !filterConditions(q).some(Boolean);

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
        .select({
          productId: product.id,
          ...salesOfRow(sales),
          saleValue: sql<number>`${saleValue}`.mapWith(Number),
          purchaseValue: sql<number>`${purchaseValue}`.mapWith(Number),
        })
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
    getAllProduct: rows.map((view) => {
      const { saleValue: sales, purchaseValue: cost, ...figures } = byId.get(view.id)!;
      // a product sold by variants is valued by them (see saleValue); any other as its own quantity × price
      const own = !view.hasVariants;
      return {
        ...view,
        totalSalePrice: own ? sumOf(view.productQuantity, view.productSalePrice) : Math.round(sales * 100) / 100,
        totalPurchasePrice: own ? sumOf(view.productQuantity, view.productPurchasePrice) : Math.round(cost * 100) / 100,
        ...figures,
      };
    }),
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
  if (q.key !== undefined && !q.unpaged) return presentPage(await searchPage(db, q, where, q.key));
  const [rows, total] = await Promise.all([staffRows(db, q, where), countOf(db, where)]);
  return presentPage({ getAllProduct: rows, totalProduct: total });
}

const countOf = async (db: DbOrTx, where: SQL | undefined) => {
  const [total] = await db.select({ n: count() }).from(product).where(where);
  return Number(total?.n ?? 0);
};

/**
 * `query=search&key=` (the till's finder and scanner, the product list's search box): one statement
 * (above) when no sort is asked for; a page past the last match has no row to carry the total, so it
 * is counted apart (page 1 has none to count). Sorted, the page's rows, then the count only when the
 * page does not tell it.
 */
async function searchPage(db: DbOrTx, q: ListQuery<StaffFilters>, where: SQL | undefined, key: string) {
  if (q.sort === undefined) {
    const onSaleOnly = q.statuses?.length === 1 && q.statuses[0] === true;
    const barcode = q.page === 1 && keyOnly(q, key) ? await barcodeScan(db, key, onSaleOnly) : undefined;
    if (barcode) return { getAllProduct: [barcode], totalProduct: 1 };
    const found = await searchRows(db, q, where, key, keyOnly(q, key));
    const { rows, scanned } = await withVariants(db, key, found, q.page === 1);
    const total = found.total ?? (q.page === 1 ? 0 : await countOf(db, where));
    return { getAllProduct: rows, totalProduct: scanned && !found.rows.some((r) => r.id === rows[0]!.id) ? total + 1 : total };
  }
  const rows = await staffRows(db, q, where);
  const { offset } = paging(q);
  const whole = rows.length > 0 && rows.length < q.count;
  const total = whole || (q.page === 1 && rows.length === 0) ? offset + rows.length : await countOf(db, where);
  return { getAllProduct: rows, totalProduct: total };
}
