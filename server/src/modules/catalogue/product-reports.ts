import {
  dropEmpty,
  idListFilter,
  newProductListKeys,
  productReportEndpoints,
  productReportQueries,
  type RawQuery,
  unitPrice,
} from '@tillbook/contract';
import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { fieldError } from '../../platform/errors.ts';
import { FileStore } from '../../platform/files.ts';
import { conventionWhere, inArray, paging, parseListQuery, whereAll } from '../../platform/list-query.ts';
import type { RouteDef } from '../../platform/route.ts';
import { product, productVat } from '../../schema/index.ts';

const filters = { productSubCategoryId: idListFilter.optional(), productBrandId: idListFilter.optional() };

/** What a report row shows: the product without its cost, with its VAT-inclusive price and thumbnail URL. */
const { productPurchasePrice: _cost, ...shown } = getTableColumns(product);

/** Product reports for staff. New products now; top-selling products come with sales. */
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
      const q = parseListQuery({ ...rest, status: 'true' }, { filters });
      const where = whereAll([
        ...conventionWhere(q, { status: product.status, search: [product.name, product.sku], date: product.createdAt }),
        q.filters.productSubCategoryId && inArray(product.productSubCategoryId, q.filters.productSubCategoryId),
        q.filters.productBrandId && inArray(product.productBrandId, q.filters.productBrandId),
      ]);
      const { limit, offset } = paging(q);
      let rows = ctx.db
        .select({ ...shown, vatPercentage: productVat.percentage })
        .from(product)
        .leftJoin(productVat, eq(productVat.id, product.productVatId))
        .where(where)
        .orderBy(desc(product.createdAt), desc(product.id))
        .$dynamic();
      if (limit !== undefined) rows = rows.limit(limit).offset(offset);
      const [found, [total]] = await Promise.all([rows, ctx.db.select({ n: count() }).from(product).where(where)]);
      return {
        [newProductListKeys.rows]: found.map(({ vatPercentage, ...row }) => ({
          ...row,
          productVat: vatPercentage ?? 0,
          // before any discount, as the older system's report shows it (the date does not matter without one)
          productSalePriceWithVat: unitPrice({ salePrice: row.productSalePrice, vatPercentage, date: '' }).priceWithVat,
          productThumbnailImageUrl: FileStore.url(row.productThumbnailImage),
        })),
        [newProductListKeys.total]: Number(total?.n ?? 0),
      };
    }),
  ];
}
