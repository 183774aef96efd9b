import { dropEmpty, fromCents, publicProductQuery, type RawQuery, toCents, unitPrice } from '@tillbook/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, paging, parseListQuery, unpagedWithin, whereAll } from '../../platform/list-query.ts';
import { found } from '../../platform/route.ts';
import { discount, product, productBrand, productSubCategory, productVariant, productVat } from '../../schema/index.ts';
import { finalPriceWithVatSql, productPriceOperands, visibleDiscountJoin } from './price-sql.ts';
import { type ProductRow, partsView, productPartsColumns, productRowSelect, productView } from './product-detail.ts';
import { ratingColumns } from './product-ratings.ts';
import { variantPriceSql } from './variant-price.ts';
import { variantsOf } from './variant-read.ts';

type PublicFilters = {
  [K in keyof typeof publicProductQuery.filters]?: NonNullable<(typeof publicProductQuery.filters)[K]['_output']>;
};

const publicColumns = {
  ...productRowSelect,
  discount: { id: discount.id, type: discount.type, value: discount.value, startDate: discount.startDate, endDate: discount.endDate },
  ...ratingColumns,
};

/**
 * The product row with its names, VAT rate and visible discount, joined once (no query per row), and
 * any `more` columns (the product page's parts).
 */
export function publicRowQuery<More extends Record<string, SQL>>(db: DbOrTx, more: More = {} as More) {
  return db
    .select({ ...publicColumns, ...more })
    .from(product)
    .leftJoin(productSubCategory, eq(productSubCategory.id, product.productSubCategoryId))
    .leftJoin(productBrand, eq(productBrand.id, product.productBrandId))
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .leftJoin(discount, visibleDiscountJoin)
    .$dynamic();
}
type PublicRow = Awaited<ReturnType<ReturnType<typeof publicRowQuery>['execute']>>[number];

/**
 * The product as a shopper sees it: the shared product view with its prices from `unitPrice` on
 * today's business date. The public answer schema sends no cost, reorder level, pack size or other
 * internal field.
 */
export function publicView({ discount: attached, ...row }: PublicRow, today: string) {
  const view = productView(row as ProductRow);
  const price = unitPrice({ salePrice: row.product.productSalePrice, vatPercentage: row.vatPercentage, discount: attached, date: today });
  const active = price.activeDiscount;
  return {
    ...view,
    productThumbnailImage: view.productThumbnailImageUrl,
    vatPercentage: row.vatPercentage ?? 0,
    productSalePriceWithVat: price.priceWithVat,
    discount: active
      ? {
          type: active.type,
          value: active.value,
          startDate: active.startDate,
          endDate: active.endDate,
          amountOff: fromCents(toCents(price.priceWithVat) - toCents(price.finalPriceWithVat)),
        }
      : null,
    finalPriceWithVat: price.finalPriceWithVat,
    averageRating: row.averageRating,
    totalReview: row.totalReview,
    // the kept answer is everyone's: a shopper's own flag is laid over it on the way out (wishlist-flag.ts)
    isInWishlist: false,
  };
}

function publicWhere(q: ListQuery<PublicFilters>, finalPrice: SQL): SQL | undefined {
  const f = q.filters;
  return whereAll([
    ...conventionWhere(q, { status: product.status, search: [product.name, product.sku] }),
    f.productSubCategoryId ? inArray(product.productSubCategoryId, f.productSubCategoryId) : undefined,
    f.productBrandId ? inArray(product.productBrandId, f.productBrandId) : undefined,
    f.productCategoryId
      ? inArray(
          product.productSubCategoryId,
          sql`(select ${productSubCategory.id} from ${productSubCategory} where ${inArray(productSubCategory.productCategoryId, f.productCategoryId)})`,
        )
      : undefined,
    f.color
      ? holding(
          sql`v.color_id = any(${ids(f.color)})`,
          sql`(select pc.product_id from product_color pc where pc.color_id = any(${ids(f.color)}))`,
        )
      : undefined,
    f.productAttributeValueId
      ? holding(
          sql`v.attribute_value_ids && ${ids(f.productAttributeValueId)}`,
          sql`(select pa.product_id from product_product_attribute_value pa where pa.product_attribute_value_id = any(${ids(f.productAttributeValueId)}))`,
        )
      : undefined,
    f.priceRange ? and(gte(finalPrice, f.priceRange[0]), lte(finalPrice, f.priceRange[1])) : undefined,
  ]);
}

const ids = (list: readonly number[]) => sql`${`{${list.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/**
 * A colour or attribute filter (issue 32): a product without variants holds the value itself (`own`, its
 * colours or values); a product sold by variants matches only with a variant on sale and in stock holding it.
 */
function holding(inVariant: SQL, own: SQL): SQL {
  return sql`(case when ${product.hasVariants}
    then ${product.id} in (select v.product_id from product_variant v where v.status and v.product_quantity > 0 and ${inVariant})
    else ${product.id} in ${own} end)`;
}

/** The public list's query: active products only; `key` searches. */
function publicQuery(query: unknown): ListQuery<PublicFilters> {
  const raw = dropEmpty((query ?? {}) as RawQuery);
  return parseListQuery(
    { ...raw, status: 'true', query: raw.key !== undefined ? 'search' : undefined },
    publicProductQuery,
  ) as ListQuery<PublicFilters>;
}

/**
 * The ids of every product the query finds, in its order, in one statement: the price filter and
 * sort use the price the shopper pays today (price=LowToHigh|HighToLow or sort=productSalePrice),
 * else newest first (or sort=name|createdAt). A page is a slice of it and the total its length, so
 * no deep `offset` and no second count.
 */
export async function publicOrder(db: DbOrTx, today: string, q: ListQuery<PublicFilters>): Promise<number[]> {
  const finalPrice = finalPriceWithVatSql(productPriceOperands, today);
  const where = publicWhere(q, finalPrice);
  const byPrice = priceOrder(q);
  const order =
    byPrice !== undefined
      ? [byPrice ? desc(finalPrice) : asc(finalPrice), asc(product.id)]
      : q.sort === 'name'
        ? [q.order === 'desc' ? desc(product.name) : asc(product.name), asc(product.id)]
        : [q.sort && q.order === 'asc' ? asc(product.createdAt) : desc(product.createdAt), desc(product.id)];
  const ids = db.select({ id: product.id }).from(product).$dynamic();
  // only the price filter and sort need the VAT and discount; without them the product index is enough
  const withPrice = ordersByPrice(q)
    ? ids.leftJoin(productVat, eq(productVat.id, product.productVatId)).leftJoin(discount, visibleDiscountJoin)
    : ids;
  const rows = await withPrice.where(where).orderBy(...order);
  return rows.map((r) => r.id);
}

/** Descending (true) or ascending by the price paid, or undefined when the query is not ordered by price. */
const priceOrder = (q: ListQuery<PublicFilters>) =>
  q.filters.price ? q.filters.price === 'HighToLow' : q.sort === 'productSalePrice' ? q.order === 'desc' : undefined;

/** Does the query's order (its filter or its sort) depend on the products' prices? */
export const ordersByPrice = (q: ListQuery<PublicFilters>): boolean => priceOrder(q) !== undefined || q.filters.priceRange !== undefined;

/**
 * What a kept order or page of a query depends on beyond its tables, as watch keys: a query ordered or
 * filtered by price, on every price change (`product_price`, write-notices.ts), as any product's may move it.
 */
export const priceKeys = (q: ListQuery<PublicFilters>): string[] => [
  ...(ordersByPrice(q) ? ['product_price'] : []),
  // filtered by colour or size: a variant selling out, or made or stopped, may move a product in or out
  ...(q.filters.color || q.filters.productAttributeValueId ? ['product_stock', 'product_variant'] : []),
];

/** A page of the public list: every id the query finds, in its order, the page's ids, and the watch keys its order depends on. */
export interface PublicPage {
  ids: number[];
  pageIds: number[];
  priceKeys: string[];
}

/**
 * The page a public list request asks for: the query's whole order (`orderOf` may answer it from
 * memory: the route keeps it per query and day), sliced to the page (a 400 naming `query` beyond the
 * unpaged bound).
 */
export async function publicPage(
  db: DbOrTx,
  today: string,
  query: unknown,
  orderOf: (q: ListQuery<PublicFilters>, key: string) => Promise<number[]> = (q) => publicOrder(db, today, q),
): Promise<PublicPage> {
  const q = publicQuery(query);
  const { page: _page, count: _count, ...rest } = q;
  const ids = await orderOf(q, JSON.stringify(rest));
  const { limit, offset } = paging(q);
  return { ids, pageIds: unpagedWithin(q, ids.slice(offset, offset + limit)), priceKeys: priceKeys(q) };
}

/** GET /product/public?filters: the page's products read by id (one statement); the total is the order's length. */
export async function publicProductList(db: DbOrTx, today: string, { ids, pageIds }: PublicPage) {
  const rows = pageIds.length ? await publicRowQuery(db).where(and(inArray(product.id, pageIds), eq(product.status, true))) : [];
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  const from = await pricesFrom(
    db,
    rows.filter((r) => r.product.hasVariants).map((r) => r.product.id),
    today,
  );
  const found = pageIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const low = from.get(id);
    return [low === undefined ? publicView(row, today) : { ...publicView(row, today), priceFrom: low }];
  });
  return { getAllProduct: found, totalProduct: ids.length };
}

/**
 * "From $x" (issue 32): of the products sold by variants, those whose variants on sale are priced apart, and
 * the lowest price a shopper pays today for one of them. One statement, only for a page holding such products.
 */
async function pricesFrom(db: DbOrTx, productIds: readonly number[], today: string): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const prices = await db
    .select({ productId: productVariant.productId, price: sql<number>`${variantPriceSql(today)}`.mapWith(Number) })
    .from(productVariant)
    .where(and(inArray(productVariant.productId, [...productIds]), eq(productVariant.status, true)));
  const range = new Map<number, { low: number; high: number }>();
  for (const p of prices) {
    const seen = range.get(p.productId);
    range.set(
      p.productId,
      seen ? { low: Math.min(seen.low, p.price), high: Math.max(seen.high, p.price) } : { low: p.price, high: p.price },
    );
  }
  return new Map([...range].filter(([, r]) => r.low !== r.high).map(([id, r]) => [id, r.low]));
}

/** GET /product/public/{id}: an active product with gallery, colours and attribute values (one statement); 404 when hidden. */
export async function publicProduct(db: DbOrTx, today: string, id: number) {
  const [row] = await publicRowQuery(db, productPartsColumns(product.id)).where(and(eq(product.id, id), eq(product.status, true)));
  const { gallery, colors, attributeValues, ...rest } = found(row, 'Product');
  const variants = rest.product.hasVariants
    ? await variantsOf(db, [id], today, and(eq(productVariant.productId, id), eq(productVariant.status, true)))
    : undefined;
  return { ...publicView(rest, today), ...partsView({ gallery, colors, attributeValues }), ...(variants ? { variants } : {}) };
}

/**
 * Every table a shopper's view of the catalogue is read from: a write to any of them (a discount, a
 * name, a picture, the time zone) drops the cached public answers. Stock and prices are apart: the
 * stock room's moves are counted as `product_stock`, a product's price change as `product_price`, and
 * both name the products they changed, so a sale or a new price drops only the answers about those
 * products (the route gives each answer its rows), and a price change the lists ordered or filtered by
 * price (`priceKeys`).
 */
export const publicCatalogueTables = [
  'product',
  'discount',
  'product_vat',
  'product_category',
  'product_sub_category',
  'product_brand',
  'product_color',
  'colors',
  'product_image',
  'product_product_attribute_value',
  'product_attribute_value',
  'product_attribute',
  'uom',
  'app_setting',
] as const;
