import { sql } from 'drizzle-orm';
import { product } from '../../schema/index.ts';

/**
 * A public product's rating, read beside its row (no statement more): the mean and the count of its
 * visible reviews, each a subquery on review_rating's (product_id, status, id) index, so a list page
 * aggregates its own products only. The review routes mark the product's row when they write
 * (`rowKey('product', id)`), which drops the cached answers showing it at once.
 */
export const ratingColumns = {
  averageRating: sql<number>`(select coalesce(round(avg(r.rating), 2), 0)::float8 from review_rating r
    where r.product_id = ${product.id} and r.status)`.mapWith(Number),
  totalReview: sql<number>`(select count(*)::int from review_rating r where r.product_id = ${product.id} and r.status)`.mapWith(Number),
};
