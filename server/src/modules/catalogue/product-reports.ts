import {
  dropEmpty,
  idListFilter,
  newProductListKeys,
  newProductReportOut,
  oversoldReportOut,
  type ProductReportQuery,
  productReportEndpoints,
  productReportQueries,
  type RawQuery,
  topSellingListKeys,
  topSellingReportOut,
  unitPrice,
} from '@tillbook/contract';
import { asc, count, desc, eq, getTableColumns, gt, inArray as inIds } from 'drizzle-orm';
import { businessDate } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { fieldError } from '../../platform/errors.ts';
import { FileStore } from '../../platform/files.ts';
import { conventionWhere, inArray, type ListQuery, paging, parseListQuery, unpagedWithin, whereAll } from '../../platform/list-query.ts';
import { presenter } from '../../platform/presenter.ts';
import type { RouteDef } from '../../platform/route.ts';
import { product, productVat } from '../../schema/index.ts';
import { oversoldLines } from './oversold-report.ts';
import { publicRowQuery, publicView } from './product-public.ts';
import { salesByProduct, soldByVariant } from './product-sales.ts';
import { variantsOf } from './variant-read.ts';

const filters = { productSubCategoryId: idListFilter.optional(), productBrandId: idListFilter.optional() };
type ReportFilters = { productSubCategoryId?: number[]; productBrandId?: number[] };

/** What a report row shows: the product without its cost, with its VAT-inclusive price and thumbnail URL. */
const { productPurchasePrice: _cost, ...shown } = getTableColumns(product);

/** The report's products: active, searched by name or SKU, by sub-category and brand; `byCreation` adds the date range on creation. */
function reportWhere(q: ListQuery<ReportFilters>, byCreation: boolean) {
  return whereAll([
    ...conventionWhere(q, {
      status: product.status,
      search: [product.name, product.sku],
      date: byCreation ? product.createdAt : undefined,
    }),
    q.filters.productSubCategoryId && inArray(product.productSubCategoryId, q.filters.productSubCategoryId),
    q.filters.productBrandId && inArray(product.productBrandId, q.filters.productBrandId),
  ]);
}

/** new-products: the newest active products first (startDate..endDate on when they were created). */
async function newProducts(db: DbOrTx, q: ListQuery<ReportFilters>) {
  const where = reportWhere(q, true);
  const { limit, offset } = paging(q);
  const rows = db
    .select({ ...shown, vatPercentage: productVat.percentage })
    .from(product)
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .where(where)
    .orderBy(desc(product.createdAt), desc(product.id))
    .limit(limit)
    .offset(offset);
  const [found, [total]] = await Promise.all([rows, db.select({ n: count() }).from(product).where(where)]);
  return {
    [newProductListKeys.rows]: unpagedWithin(q, found).map(({ vatPercentage, ...row }) => ({
      ...row,
      productVat: vatPercentage ?? 0,
      // before any discount, as the older system's report shows it (the date does not matter without one)
      productSalePriceWithVat: unitPrice({ salePrice: row.productSalePrice, vatPercentage, date: '' }).priceWithVat,
      productThumbnailImageUrl: FileStore.url(row.productThumbnailImage),
    })),
    [newProductListKeys.total]: Number(total?.n ?? 0),
  };
}

/**
 * top-selling-products (reference 3.2): active products that sold in the period (startDate..endDate
 * on sale dates), by units sold net of returns, most first (ties by id); each as the storefront shows
 * it, priced on today's business date. Web orders (not cancelled) count beside the till's sales, net of
 * their returns whose goods came back.
 */
async function topSelling(ctx: AppContext, q: ListQuery<ReportFilters>) {
  const { db } = ctx;
  const sales = salesByProduct(db, { from: q.startDate, to: q.endDate });
  const where = whereAll([reportWhere(q, false), gt(sales.soldQuantity, 0)]);
  const { limit, offset } = paging(q);
  const ranked = db
    .select({ id: product.id, soldQuantity: sales.soldQuantity })
    .from(product)
    .innerJoin(sales, eq(sales.productId, product.id))
    .where(where)
    .orderBy(desc(sales.soldQuantity), asc(product.id))
    .limit(limit)
    .offset(offset)
    .then((found) => unpagedWithin(q, found));
  const [top, [total], today] = await Promise.all([
    ranked,
    db.select({ n: count() }).from(product).innerJoin(sales, eq(sales.productId, product.id)).where(where),
    businessDate(db, ctx.config.clock),
  ]);
  const rows = top.length
    ? await publicRowQuery(db).where(
        inIds(
          product.id,
          top.map((t) => t.id),
        ),
      )
    : [];
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  const owners = rows.filter((r) => r.product.hasVariants).map((r) => r.product.id);
  const [variants, sold] = await Promise.all([variantsOf(db, owners), soldByVariant(db, owners, { from: q.startDate, to: q.endDate })]);
  const under = (productId: number) =>
    variants
      .filter((v) => v.productId === productId)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        colorId: v.colorId,
        productAttributeValueId: v.productAttributeValueId,
        soldQuantity: sold.get(v.id) ?? 0,
      }))
      .sort((a, b) => b.soldQuantity - a.soldQuantity || a.id - b.id);
  return {
    [topSellingListKeys.rows]: top.map(({ id, soldQuantity }) => {
      const row = byId.get(id)!;
      const view = { ...publicView(row, today), productVat: row.vatPercentage ?? 0, soldQuantity: Number(soldQuantity) };
      return row.product.hasVariants ? { ...view, variants: under(id) } : view;
    }),
    [topSellingListKeys.total]: Number(total?.n ?? 0),
  };
}

// the endpoint answers one of two shapes, so each report is presented by its own schema here
const presentNew = presenter(newProductReportOut) as (value: unknown) => typeof newProductReportOut._output;
const presentTop = presenter(topSellingReportOut) as (value: unknown) => typeof topSellingReportOut._output;
const presentOversold = presenter(oversoldReportOut) as (value: unknown) => typeof oversoldReportOut._output;

/** Product reports, for staff with readAll-productReports (the route's guard). */
export function productReportRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, productReportEndpoints.list, async ({ req }) => {
      const { query, ...rest } = dropEmpty(req.query as RawQuery);
      if (!productReportQueries.includes(query as never)) {
        throw fieldError(
          'query',
          query === undefined
            ? `is required: one of ${productReportQueries.join(', ')}`
            : `must be one of ${productReportQueries.join(', ')}`,
        );
      }
      const q = parseListQuery({ ...rest, status: 'true' }, { filters }) as ListQuery<ReportFilters>;
      const report = query as ProductReportQuery;
      if (report === 'oversold') return presentOversold(await oversoldLines(ctx.db, q));
      return report === 'top-selling-products' ? presentTop(await topSelling(ctx, q)) : presentNew(await newProducts(ctx.db, q));
    }),
  ];
}
