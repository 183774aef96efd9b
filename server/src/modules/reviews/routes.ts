import { maxReviewImages, reviewEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { readReviewForm } from './review-form.ts';
import { listReviews, productReviews, type ReviewFilters, readReview, reviewOf } from './review-read.ts';
import { addReply, createReview, receivedProduct, setReviewStatus } from './review-write.ts';

/** Reviews and ratings: shoppers write them (with photos), staff reply and hide them, the storefront shows the visible ones. */
export function reviewRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  // three photos within the upload limit each, and the text fields
  const bodyLimit = ctx.files.maxBytes * (maxReviewImages + 1) + 1024 * 1024;
  const me = (req: Parameters<typeof caller>[0]) => caller(req).id;
  const staffReview = async (id: number) => found(await readReview(db, id), `Review ${id}`);
  return [
    implement(
      ctx,
      reviewEndpoints.create,
      async ({ req }) => {
        const form = await readReviewForm(req, ctx);
        const id = await createReview(ctx, req, me(req), form);
        return found(await readReview(db, id, true), `Review ${id}`);
      },
      { bodyLimit },
    ),
    implement(ctx, reviewEndpoints.ofProduct, async ({ params, query }) =>
      found(await productReviews(db, params.id, query), `Product ${params.id}`),
    ),
    implement(ctx, reviewEndpoints.mine, async ({ req, params }) => {
      const [received, review] = await Promise.all([receivedProduct(db, me(req), params.id), reviewOf(db, me(req), params.id)]);
      return { received, canReview: received && !review, review: review ?? null };
    }),
    implement(ctx, reviewEndpoints.list, ({ query }) => listReviews(db, query as ListQuery<ReviewFilters>)),
    implement(ctx, reviewEndpoints.get, ({ params }) => staffReview(params.id)),
    implement(ctx, reviewEndpoints.reply, async ({ req, body }) => {
      const id = await req.db.transaction((tx) => addReply(tx, me(req), body));
      const review = await staffReview(body.reviewId);
      return found(
        review.reviewReply.find((reply) => reply.id === id),
        `Reply ${id}`,
      );
    }),
    implement(ctx, reviewEndpoints.setStatus, async ({ params, body, req }) => {
      const shown = body.status === 'true';
      await req.db.transaction((tx) => setReviewStatus(tx, params.id, shown));
      const review = await staffReview(params.id);
      return { ...review, message: shown ? 'Review rating is activate successfully' : 'Review rating hided successfully' };
    }),
  ];
}
