import { dropEmpty, publicProductQuery, type RawQuery } from '@tillbook/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, paging, parseListQuery, whereAll } from '../../platform/list-query.ts';
import { found } from '../../platform/route.ts';
import { product, productColor, productSubCategory } from '../../schema/index.ts';
import { type ProductRow, productParts, productRowQuery, productView } from './product-detail.ts';
import { priceWithVat } from './product-reports.ts';

type PublicFilters = {
  [K in keyof typeof publicProductQuery.filters]?: NonNullable<(typeof publicProductQuery.filters)[K]['_output']>;
};

/**
 * The product as a shopper sees it: the shared product view with the VAT-inclusive price. The
 * public answer schema sends no cost, reorder level, pack size or other internal field.
 */
function publicView(row: ProductRow) {
  return {
    ...productView(row),
    vatPercentage: row.vatPercentage ?? 0,
    productSalePriceWithVat: priceWithVat(row.product.productSalePrice, row.vatPercentage),
  };
}

function publicWhere(q: ListQuery<PublicFilters>): SQL | undefined {
  const f = q.filters;
  return whereAll([
    ...conventionWhere(q, { status: product.status, search: [product.name] }),
    f.productSubCategoryId ? inArray(product.productSubCategoryId, f.productSubCategoryId) : undefined,
    f.productBrandId ? inArray(product.productBrandId, f.productBrandId) : undefined,
    f.productCategoryId
      ? inArray(
          product.productSubCategoryId,
          sql`(select ${productSubCategory.id} from ${productSubCategory} where ${inArray(productSubCategory.productCategoryId, f.productCategoryId)})`,
        )
      : undefined,
    f.color
      ? inArray(product.id, sql`(select ${productColor.productId} from ${productColor} where ${inArray(productColor.colorId, f.color)})`)
      : undefined,
    f.priceRange ? and(gte(product.productSalePrice, f.priceRange[0]), lte(product.productSalePrice, f.priceRange[1])) : undefined,
  ]);
}

/**
 * GET /product/public?filters: active products only, paged; `key` searches the name; sorted by
 * price (price=LowToHigh|HighToLow), else newest first (or sort=name|createdAt).
 */
export async function publicProductList(db: DbOrTx, query: unknown) {
  const raw = dropEmpty((query ?? {}) as RawQuery);
  const q = parseListQuery(
    { ...raw, status: 'true', query: raw.key !== undefined ? 'search' : undefined },
    publicProductQuery,
  ) as ListQuery<PublicFilters>;
  const where = publicWhere(q);
  const byPrice = q.filters.price;
  const order = byPrice
    ? [byPrice === 'LowToHigh' ? asc(product.productSalePrice) : desc(product.productSalePrice), asc(product.id)]
    : q.sort === 'name'
      ? [q.order === 'desc' ? desc(product.name) : asc(product.name), asc(product.id)]
      : q.sort === 'productSalePrice'
        ? [q.order === 'desc' ? desc(product.productSalePrice) : asc(product.productSalePrice), asc(product.id)]
        : [q.sort && q.order === 'asc' ? asc(product.createdAt) : desc(product.createdAt), desc(product.id)];
  const { limit, offset } = paging(q);
  const [rows, [total]] = await Promise.all([
    productRowQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(limit ?? 1000)
      .offset(offset),
    db.select({ n: count() }).from(product).where(where),
  ]);
  return { getAllProduct: rows.map(publicView), totalProduct: Number(total?.n ?? 0) };
}

/** GET /product/public/{id}: an active product with gallery, colours and attribute values; 404 when hidden. */
export async function publicProduct(db: DbOrTx, id: number) {
  const [row] = await productRowQuery(db).where(and(eq(product.id, id), eq(product.status, true)));
  const view = publicView(found(row, 'Product'));
  const parts = await productParts(db, id);
  return { ...view, ...parts };
}
