import { fromCents, unitPrice, type WishlistLine, wishlistMessages } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { containsPattern, conventionWhere, type ListQuery, paging, unpagedWithin } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';
import { productWishlist } from '../../schema/index.ts';
import { imageUrls } from '../catalogue/index.ts';
import { asShopProduct, type ShopProduct, shopProductJoins, shopProductJson, unitCents } from './shop-products.ts';

interface LineRow {
  id: number;
  customer_id: number;
  product_id: number;
  status: boolean;
  /** Text or a Date, as the driver gives it. */
  created_at: string | Date;
  updated_at: string | Date;
  product: ShopProduct;
  /** The product's keys the pricing leaves out. */
  extra: { sku: string; productVatId: number | null; discountId: number | null };
}

/**
 * A wished product under the public product's keys (the storefront's and a reference client's), with
 * today's prices through the one pricing function and whether it can be bought.
 */
function productView(raw: ShopProduct, extra: LineRow['extra'], today: string) {
  const p = asShopProduct(raw);
  const image = imageUrls(p.productThumbnailImage);
  return {
    id: p.id,
    name: p.name,
    sku: extra.sku,
    status: p.active,
    productThumbnailImage: image.thumbnailUrl,
    productThumbnailImageUrl: image.thumbnailUrl,
    productImageUrl: image.url,
    productSalePrice: p.salePrice,
    productVatId: extra.productVatId,
    vatPercentage: p.vat ?? 0,
    discountId: extra.discountId,
    productSalePriceWithVat: unitPrice({ salePrice: p.salePrice, vatPercentage: p.vat, date: today }).priceWithVat,
    finalPriceWithVat: fromCents(unitCents(p, today).final),
    productQuantity: p.stock,
    inStock: p.stock > 0,
    forSale: p.active,
  };
}

const lineView = (r: LineRow, today: string) => ({
  id: r.id,
  customerId: r.customer_id,
  productId: r.product_id,
  status: r.status,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  product: productView(r.product, r.extra, today),
});

// product_wishlist keeps its own name (no alias): `conventionWhere` names its columns so
const lineFrom = sql`from product_wishlist join product p on p.id = product_wishlist.product_id`;
const lineSelect = sql`select product_wishlist.id, product_wishlist.customer_id, product_wishlist.product_id, product_wishlist.status,
  product_wishlist.created_at, product_wishlist.updated_at, ${shopProductJson} as product,
  json_build_object('sku', p.sku, 'productVatId', p.product_vat_id, 'discountId', p.discount_id) as extra ${lineFrom} ${shopProductJoins}`;

/** One line by id, or undefined; a shopper's (`owner`) only when it is theirs. */
export async function readLine(db: DbOrTx, id: number, today: string, owner?: number): Promise<WishlistLine | undefined> {
  const [row] = await rawRows<LineRow>(
    db,
    sql`${lineSelect} where product_wishlist.id = ${id} ${owner === undefined ? sql`` : sql`and product_wishlist.customer_id = ${owner}`}`,
  );
  return row ? (lineView(row, today) as unknown as WishlistLine) : undefined;
}

/**
 * POST product-wishlist: the product onto the caller's list. A product not for sale (hidden or unknown) is
 * refused naming `productId`; one already on the list is a 409; one set aside (PUT status 'false') comes back.
 * The unique line (customer, product) decides between two requests at once: one adds, the other is told.
 */
export async function addToWishlist(tx: DbOrTx, customerId: number, productId: number, today: string) {
  const [product] = await rawRows<{ status: boolean }>(tx, sql`select status from product where id = ${productId}`);
  if (!product?.status) throw fieldError('productId', product ? 'is not for sale' : 'does not exist');
  const [line] = await rawRows<{ id: number }>(
    tx,
    sql`insert into product_wishlist (customer_id, product_id) values (${customerId}, ${productId})
      on conflict (customer_id, product_id) do update set status = true, updated_at = now() where product_wishlist.status = false
      returning id`,
  );
  if (!line) throw conflict('This product is already on your wishlist', { productId: 'is already on your wishlist' });
  return { ...(await readLine(tx, line.id, today))!, message: wishlistMessages.added };
}

/** GET product-wishlist/customer/{id}: a shopper's lines (active ones unless `status` says), newest first, paged; `key` searches name and SKU. */
export async function customerWishlist(db: DbOrTx, customerId: number, q: ListQuery, today: string) {
  const condition = sql.join(
    [
      sql`product_wishlist.customer_id = ${customerId}`,
      ...conventionWhere(q, { status: productWishlist.status, date: productWishlist.createdAt }),
      ...(q.key ? [sql`p.search like lower(${containsPattern(q.key)})`] : []),
    ],
    sql` and `,
  );
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const column = sql.raw(q.sort === 'id' ? 'product_wishlist.id' : 'product_wishlist.created_at');
  const { limit, offset } = paging(q);
  const [rows, [total]] = await Promise.all([
    rawRows<LineRow>(
      db,
      sql`${lineSelect} where ${condition}
        order by ${column} ${direction}, product_wishlist.id ${direction} limit ${limit} offset ${offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n ${lineFrom} where ${condition}`),
  ]);
  return {
    getAllProductWishlist: unpagedWithin(q, rows).map((r) => lineView(r, today)),
    totalProductWishlist: Number(total?.n ?? 0),
  };
}

/** PUT product-wishlist/{id}: 'false' sets the line aside, 'true' brings it back; a shopper's (`owner`) own line only. */
export async function setLineStatus(tx: DbOrTx, id: number, status: 'true' | 'false', today: string, owner?: number) {
  const [row] = await rawRows<{ id: number }>(
    tx,
    sql`update product_wishlist set status = ${status === 'true'}, updated_at = now()
      where id = ${id} ${owner === undefined ? sql`` : sql`and customer_id = ${owner}`} returning id`,
  );
  if (!row) throw notFound(`Wishlist line ${id}`);
  return { ...(await readLine(tx, id, today))!, message: wishlistMessages.updated };
}

/** DELETE product-wishlist/customer/{id} {productId}: the product off the customer's list (set aside or not). */
export async function removeFromWishlist(tx: DbOrTx, customerId: number, productId: number) {
  const [row] = await rawRows<{ id: number }>(
    tx,
    sql`delete from product_wishlist where customer_id = ${customerId} and product_id = ${productId} returning id`,
  );
  if (!row) throw notFound(`Product ${productId} on the wishlist`);
  return { message: wishlistMessages.removed, productId };
}
