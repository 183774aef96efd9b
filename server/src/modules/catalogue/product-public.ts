import { dropEmpty, fromCents, priceRange, publicPriceSort, toCents, type PublicProduct, type RawQuery } from '@tillbook/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { conventionWhere, idListFilter, paging, parseListQuery, whereAll, type ListQuery } from '../../platform/list-query.ts';
import { found, idParam } from '../../platform/route.ts';
import { product, productColor, productSubCategory } from '../../schema/index.ts';
import { productParts, productRowQuery, type ProductRow } from './product-detail.ts';
import { imageUrls } from './product-images.ts';

const publicFilters = {
  productCategoryId: idListFilter.optional(),
  productSubCategoryId: idListFilter.optional(),
  productBrandId: idListFilter.optional(),
  color: idListFilter.optional(),
  priceRange: priceRange.optional(),
  price: publicPriceSort.optional(),
};
interface PublicFilters {
  productCategoryId?: number[];
  productSubCategoryId?: number[];
  productBrandId?: number[];
  color?: number[];
  priceRange?: [number, number];
  price?: 'LowToHigh' | 'HighToLow';
}

/** Price × (1 + VAT% / 100), computed in cents and rounded half up to the cent. */
export function priceWithVat(price: number, vatPercentage: number | null): number {
  const basisPoints = Math.round((vatPercentage ?? 0) * 100);
  return fromCents(Math.round((toCents(price) * (10_000 + basisPoints)) / 10_000));
}

/** What a shopper may see: no cost, reorder level, pack size or other internal fields. */
function publicView({ product: p, productSubCategoryName, productCategoryId, productBrandName, vatPercentage }: ProductRow): PublicProduct {
  const main = imageUrls(p.productThumbnailImage);
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description,
    productThumbnailImageUrl: main.thumbnailUrl,
    productImageUrl: main.url,
    productSubCategoryId: p.productSubCategoryId,
    productSubCategoryName,
    productCategoryId,
    productBrandId: p.productBrandId,
    productBrandName,
    productQuantity: p.productQuantity,
    productSalePrice: p.productSalePrice,
    productVatId: p.productVatId,
    vatPercentage: vatPercentage ?? 0,
    productSalePriceWithVat: priceWithVat(p.productSalePrice, vatPercentage),
    discountId: p.discountId,
    createdAt: p.createdAt.toISOString(),
  };
}

function publicWhere(q: ListQuery<PublicFilters>): SQL | undefined {
  const f = q.filters;
  return whereAll([
    ...conventionWhere(q, { status: product.status, search: [product.name] }),
    f.productSubCategoryId ? inArray(product.productSubCategoryId, f.productSubCategoryId) : undefined,
    f.productBrandId ? inArray(product.productBrandId, f.productBrandId) : undefined,
    f.productCategoryId
      ? inArray(product.productSubCategoryId, sql`(select ${productSubCategory.id} from ${productSubCategory} where ${inArray(productSubCategory.productCategoryId, f.productCategoryId)})`)
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
export async function publicProductListRoute(ctx: AppContext, req: FastifyRequest) {
  const raw = dropEmpty(req.query as RawQuery);
  const q = parseListQuery({ ...raw, status: 'true', query: raw.key !== undefined ? 'search' : undefined }, {
    filters: publicFilters, sortable: ['name', 'createdAt', 'productSalePrice'],
  }) as ListQuery<PublicFilters>;
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
    productRowQuery(ctx.db).where(where).orderBy(...order).limit(limit ?? 1000).offset(offset),
    ctx.db.select({ n: count() }).from(product).where(where),
  ]);
  return { getAllProduct: rows.map(publicView), totalProduct: Number(total?.n ?? 0) };
}

/** GET /product/public/{id}: an active product with gallery, colours and attribute values; 404 when hidden. */
export async function publicProductRoute(ctx: AppContext, req: FastifyRequest) {
  const id = idParam(req);
  const [row] = await productRowQuery(ctx.db).where(and(eq(product.id, id), eq(product.status, true)));
  const view = publicView(found(row, 'Product'));
  const parts = await productParts(ctx.db, id);
  return { ...view, ...parts };
}
