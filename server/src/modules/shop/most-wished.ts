import { fromCents } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import { startOfBusinessDaySql } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { containsPattern, type ListQuery, paging, unpagedWithin } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';
import { imageUrls } from '../catalogue/index.ts';
import { asShopProduct, type ShopProduct, shopProductJoins, shopProductJson, unitCents } from './shop-products.ts';

interface WishedRow {
  sku: string;
  wishlist_count: number;
  /** Text or a Date, as the driver gives it. */
  last_wished_at: string | Date;
  product: ShopProduct;
}

const sorts: Record<string, SQL> = {
  wishlistCount: sql`w.wishlist_count`,
  name: sql`p.name`,
  lastWishedAt: sql`w.last_wished_at`,
};

/**
 * GET product-wishlist (staff): what shoppers want most. Each product on an active line, with its count of
 * wishers and when it was last added, most wished first (then the latest); `key` searches name and SKU,
 * startDate/endDate count the lines added on those days, `status` is the product's (active ones by default).
 */
export async function mostWished(db: DbOrTx, q: ListQuery, today: string) {
  const added = [
    sql`status`,
    ...(q.startDate ? [sql`created_at >= ${startOfBusinessDaySql(q.startDate)}`] : []),
    ...(q.endDate ? [sql`created_at < ${startOfBusinessDaySql(q.endDate, 1)}`] : []),
  ];
  const wished = sql`(select product_id, count(*)::int as wishlist_count, max(created_at) as last_wished_at
    from product_wishlist where ${sql.join(added, sql` and `)} group by product_id) w join product p on p.id = w.product_id`;
  const where = sql.join(
    [
      sql`true`,
      ...(q.statuses && q.statuses.length === 1 ? [sql`p.status = ${q.statuses[0]}`] : []),
      ...(q.key ? [sql`p.search like lower(${containsPattern(q.key)})`] : []),
    ],
    sql` and `,
  );
  const direction = sql.raw(q.sort && q.order === 'asc' ? 'asc' : 'desc');
  const first = sorts[q.sort ?? 'wishlistCount'] ?? sorts.wishlistCount!;
  const { limit, offset } = paging(q);
  const [rows, [total]] = await Promise.all([
    rawRows<WishedRow>(
      db,
      sql`select p.sku, w.wishlist_count, w.last_wished_at, ${shopProductJson} as product from ${wished} ${shopProductJoins}
        where ${where} order by ${first} ${direction}, w.last_wished_at desc, p.id desc limit ${limit} offset ${offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${wished} where ${where}`),
  ]);
  return {
    getAllWishList: unpagedWithin(q, rows).map((r) => {
      const p = asShopProduct(r.product);
      return {
        productId: p.id,
        name: p.name,
        sku: r.sku,
        productThumbnailImage: imageUrls(p.productThumbnailImage).thumbnailUrl,
        finalPriceWithVat: fromCents(unitCents(p, today).final),
        productQuantity: p.stock,
        status: p.active,
        wishlistCount: Number(r.wishlist_count),
        lastWishedAt: new Date(r.last_wished_at),
      };
    }),
    totalWishList: Number(total?.n ?? 0),
  };
}
