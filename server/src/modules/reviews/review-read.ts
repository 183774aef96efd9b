import { customerName, type RatingSummary } from '@tillbook/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { customer, product, reviewRating } from '../../schema/index.ts';
import { imageUrls } from '../catalogue/index.ts';

const r = reviewRating;

type StoredImage = {
  id: number;
  position: number;
  imageName: string;
};
type StoredReply = {
  id: number;
  status: boolean;
  createdAt: string;
  updatedAt: string;
  reviewId: number;
  comment: string;
  userId: number;
  userName: string;
};

/** The review's photos in order, as JSON in the row's own statement. */
const imagesJson = sql<StoredImage[]>`coalesce((select json_agg(json_build_object('id', i.id, 'position', i.position,
  'imageName', i.image_name) order by i.position, i.id) from review_image i where i.review_id = ${r.id}), '[]'::json)`;

/** The review's replies, oldest first (only the shown ones for the storefront), as JSON in the row's own statement. */
const repliesJson = (shownOnly: boolean) => sql<StoredReply[]>`coalesce((select json_agg(json_build_object('id', rr.id,
  'status', rr.status, 'createdAt', rr.created_at, 'updatedAt', rr.updated_at, 'reviewId', rr.review_id, 'comment', rr.comment,
  'userId', rr.user_id, 'userName', trim(u.first_name || ' ' || u.last_name)) order by rr.id)
  from review_reply rr join users u on u.id = rr.user_id where rr.review_id = ${r.id}${shownOnly ? sql` and rr.status` : sql``}), '[]'::json)`;

function reviewSelect(db: DbOrTx, shownRepliesOnly: boolean) {
  return db
    .select({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      productId: r.productId,
      customerId: r.customerId,
      rating: r.rating,
      review: r.review,
      verifiedPurchase: r.verifiedPurchase,
      firstName: customer.firstName,
      lastName: customer.lastName,
      username: customer.username,
      productName: product.name,
      images: imagesJson,
      replies: repliesJson(shownRepliesOnly),
    })
    .from(r)
    .innerJoin(customer, eq(customer.id, r.customerId))
    .innerJoin(product, eq(product.id, r.productId))
    .$dynamic();
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['execute']>>[number];

/** A review with its photos' URLs and the shopper's display name (never the e-mail); the presenter keeps what its schema lists. */
function view({ images, replies, firstName, lastName, username, ...row }: ReviewRow) {
  return {
    ...row,
    customerName: customerName({ firstName, lastName, username }) || 'Shopper',
    images: images.map((image) => {
      const urls = imageUrls(image.imageName);
      return { id: image.id, position: image.position, url: urls.url!, thumbnailUrl: urls.thumbnailUrl! };
    }),
    reviewReply: replies,
  };
}

/**
 * The product's visible reviews, newest first, paged, and the star counts of them all: a 404 when the
 * product is not on sale (hidden or unknown).
 */
export async function productReviews(db: DbOrTx, productId: number, q: ListQuery) {
  const shown = and(eq(r.productId, productId), eq(r.status, true));
  const [summary, rows] = await Promise.all([
    ratingSummary(db, productId),
    paged(reviewSelect(db, true).where(shown).orderBy(desc(r.createdAt), desc(r.id)), { ...q, unpaged: false }),
  ]);
  return summary ? { getAllReviewRating: rows.map(view), totalReviewRating: summary } : undefined;
}

/** The spec's `totalReviewRating`: the count, the mean (two decimals) and the count per star of the visible reviews. */
async function ratingSummary(db: DbOrTx, productId: number): Promise<RatingSummary | undefined> {
  const stars = (n: number) => sql<number>`(count(${r.id}) filter (where ${r.rating} = ${n}))::int`.mapWith(Number);
  const [row] = await db
    .select({
      totalReview: sql<number>`count(${r.id})::int`.mapWith(Number),
      averageRating: sql<number>`coalesce(round(avg(${r.rating}), 2), 0)::float8`.mapWith(Number),
      one: stars(1),
      two: stars(2),
      three: stars(3),
      four: stars(4),
      five: stars(5),
    })
    .from(product)
    .leftJoin(r, and(eq(r.productId, product.id), eq(r.status, true)))
    .where(and(eq(product.id, productId), eq(product.status, true)))
    .groupBy(product.id);
  if (!row) return undefined;
  const { totalReview, averageRating, ...Rating } = row;
  return { totalReview, averageRating, Rating };
}

/** One review as staff see it (every reply), or a shopper's own (the shown replies). */
export async function readReview(db: DbOrTx, id: number, shownRepliesOnly = false) {
  const [row] = await reviewSelect(db, shownRepliesOnly).where(eq(r.id, id));
  return row ? view(row) : undefined;
}

/** The shopper's own review of a product, shown or hidden, if any. */
export async function reviewOf(db: DbOrTx, customerId: number, productId: number) {
  const [row] = await reviewSelect(db, true).where(and(eq(r.customerId, customerId), eq(r.productId, productId)));
  return row ? view(row) : undefined;
}

export type ReviewFilters = { productId?: number[]; customerId?: number[]; rating?: number[]; verifiedPurchase?: 'true' | 'false' };

/** The staff list: search (the text, the shopper, the product), product, shopper, stars, verified, status, dates; newest first. */
export async function listReviews(db: DbOrTx, q: ListQuery<ReviewFilters>) {
  const f = q.filters;
  const where: SQL | undefined = whereAll([
    ...conventionWhere(q, {
      status: r.status,
      date: r.createdAt,
      search: [r.review, customer.firstName, customer.lastName, customer.username, product.name],
    }),
    f.productId ? inArray(r.productId, f.productId) : undefined,
    f.customerId ? inArray(r.customerId, f.customerId) : undefined,
    f.rating ? inArray(r.rating, f.rating) : undefined,
    f.verifiedPurchase ? eq(r.verifiedPurchase, f.verifiedPurchase === 'true') : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    paged(
      reviewSelect(db, false)
        .where(where)
        .orderBy(...orderBy(q, r, r.createdAt)),
      q,
    ),
    db
      .select({ n: count() })
      .from(r)
      .innerJoin(customer, eq(customer.id, r.customerId))
      .innerJoin(product, eq(product.id, r.productId))
      .where(where),
  ]);
  return { getAllReviewRating: rows.map(view), totalReviewRating: Number(total?.n ?? 0) };
}
