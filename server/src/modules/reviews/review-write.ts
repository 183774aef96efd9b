import { type FieldLabels, reviewLabels } from '@tillbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { found } from '../../platform/route.ts';
import { rowKey, rowsMark } from '../../platform/sql-watch.ts';
import { type Warnings, withStoredFiles } from '../../platform/stored-files.ts';
import { cartOrder, cartOrderProduct, product, reviewImage, reviewRating, reviewReply } from '../../schema/index.ts';
import { thumbnailNameOf } from '../catalogue/index.ts';
import type { ReviewForm } from './review-form.ts';

const labels: FieldLabels = reviewLabels;

/** Orders whose goods reached the shopper: delivered, and those returned after delivery (they were received). */
const receivedStatuses = ['DELIVERED', 'RETURNED'] as const;

/** Did the shopper receive the product: a line of it on a web order of theirs that was delivered? */
export async function receivedProduct(db: DbOrTx, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartOrderProduct.id })
    .from(cartOrderProduct)
    .innerJoin(cartOrder, eq(cartOrder.id, cartOrderProduct.invoiceId))
    .where(
      and(
        eq(cartOrder.customerId, customerId),
        eq(cartOrderProduct.productId, productId),
        inArray(cartOrder.orderStatus, [...receivedStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The public catalogue's cached answers showing the product carry its average and count: the mark
 * drops them at once (now, and again when the transaction ends), and no other product's.
 */
const markProduct = (tx: Tx, productId: number) => tx.execute(sql.raw(rowsMark([rowKey('product', productId)])));

/**
 * A shopper's review, in one transaction with its photos' files (removed again if it fails): one per
 * shopper and product (409), of a product on sale, marked a verified purchase when they received it.
 */
export async function createReview(
  ctx: AppContext,
  req: { db: Db; log: Warnings },
  customerId: number,
  { input, photos }: ReviewForm,
): Promise<number> {
  return withStoredFiles(ctx, req, async (tx, files) => {
    const [onSale] = await tx
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.id, input.productId), eq(product.status, true)));
    if (!onSale) throw fieldError('productId', 'does not exist', labels);
    const verifiedPurchase = await receivedProduct(tx, customerId, input.productId);
    const [created] = await tx
      .insert(reviewRating)
      .values({ productId: input.productId, customerId, rating: input.rating, review: input.review ?? null, verifiedPurchase })
      .onConflictDoNothing()
      .returning({ id: reviewRating.id });
    if (!created) throw conflict('You have already reviewed this product', { productId: 'already reviewed' });
    const names: string[] = [];
    for (const photo of photos) {
      const name = await files.add(photo.ext, photo.data.display);
      await files.addAs(thumbnailNameOf(name), photo.data.thumbnail);
      names.push(name);
    }
    if (names.length)
      await tx.insert(reviewImage).values(names.map((imageName, position) => ({ reviewId: created.id, imageName, position })));
    await markProduct(tx, input.productId);
    return created.id;
  });
}

/** Hides ('false') or shows ('true') a review; the product's average follows at once. */
export async function setReviewStatus(tx: Tx, id: number, status: boolean): Promise<void> {
  const [row] = await tx
    .update(reviewRating)
    .set({ status })
    .where(eq(reviewRating.id, id))
    .returning({ productId: reviewRating.productId });
  await markProduct(tx, found(row, `Review ${id}`).productId);
}

/** A staff reply under a review; the author is the caller. */
export async function addReply(tx: Tx, userId: number, body: { reviewId: number; comment: string }): Promise<number> {
  const [review] = await tx.select({ id: reviewRating.id }).from(reviewRating).where(eq(reviewRating.id, body.reviewId));
  if (!review) throw fieldError('reviewId', 'does not exist', labels);
  const [reply] = await tx
    .insert(reviewReply)
    .values({ reviewId: body.reviewId, userId, comment: body.comment })
    .returning({ id: reviewReply.id });
  return reply!.id;
}
