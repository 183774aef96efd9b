import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery, multipart } from '../endpoint.ts';
import { id, numberField, optionalLines, requiredLines } from '../fields.ts';
import { idListFilter } from '../list-query.ts';
import { statusBody, statusText } from '../status.ts';

/** A review holds at most this many photos (form field `images`). */
export const maxReviewImages = 3;
/** The form field of a review's photos (`images[]` is read the same). */
export const reviewImageField = 'images';

export const ratingValues = [1, 2, 3, 4, 5] as const;
/** The star counts of a product's visible reviews, by the names the spec gives them. */
export const ratingNames = ['one', 'two', 'three', 'four', 'five'] as const;
export type RatingName = (typeof ratingNames)[number];

const rating = numberField(
  (n) =>
    n.int('must be a whole number from 1 to 5').min(1, 'must be a whole number from 1 to 5').max(5, 'must be a whole number from 1 to 5'),
  'must be a whole number from 1 to 5',
);

/**
 * POST review-rating (form data): the product, a whole rating 1–5, the text, and up to three photos as
 * `images`; or the same fields as JSON, without photos. The shopper is the token's: a `customerId` sent
 * along is not read.
 */
export const reviewInput = z.object({
  productId: id,
  rating,
  review: optionalLines(2000),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const reviewLabels = { rating: 'Rating', review: 'Review', images: 'Photos', reviewId: 'Review', comment: 'Reply' } as const;

/** POST review-rating/reply: a staff reply under a review; the author is the token's user. */
export const reviewReplyInput = z.object({ reviewId: id, comment: requiredLines(2000) });

/** What a product's page and cards say of its visible reviews. */
export const productRatingOut = {
  /** The mean rating of the visible reviews, to two decimals; 0 without any. */
  averageRating: z.number(),
  /** How many visible reviews the product has. */
  totalReview: out.int,
};

export const reviewImageOut = z.object({ id: out.id, position: out.int, url: out.text, thumbnailUrl: out.text });

/** A reply as the storefront shows it: the shop's words, without the staff member's account. */
export const publicReplyOut = z.object({ ...recordOut, reviewId: out.id, comment: out.text });
/** A reply as staff see it: who wrote it. */
export const reviewReplyOut = publicReplyOut.extend({ userId: out.id, userName: out.text });

const reviewFields = {
  ...recordOut,
  productId: out.id,
  rating: out.int,
  review: out.optionalText,
  /** 'true' when the shopper had received the product (a delivered web order) when writing it. */
  verifiedPurchase: statusText,
  /** The shopper's display name: first and last name, else the username; never the e-mail. */
  customerName: out.text,
  images: z.array(reviewImageOut),
};

/** A visible review on the product page, newest first, with the shop's replies under it. */
export const publicReviewOut = z.object({ ...reviewFields, reviewReply: z.array(publicReplyOut) });
export type PublicReview = z.infer<typeof publicReviewOut>;

/** A review as staff see it: the shopper and the product named, every reply. */
export const reviewOut = z.object({
  ...reviewFields,
  customerId: out.id,
  productName: out.text,
  reviewReply: z.array(reviewReplyOut),
});
export type Review = z.infer<typeof reviewOut>;

export const ratingSummaryOut = z.object({
  totalReview: out.int,
  averageRating: z.number(),
  Rating: z.object({ one: out.int, two: out.int, three: out.int, four: out.int, five: out.int }),
});
export type RatingSummary = z.infer<typeof ratingSummaryOut>;

export const publicReviewListOut = z.object({ getAllReviewRating: z.array(publicReviewOut), totalReviewRating: ratingSummaryOut });
export type PublicReviewList = z.infer<typeof publicReviewListOut>;

export const reviewListOut = z.object({ getAllReviewRating: z.array(reviewOut), totalReviewRating: out.int });

/** Whether the caller may write a review of the product: a shopper who received it and has not reviewed it yet. */
export const myReviewOut = z.object({
  /** 'true' when the shopper received the product (a delivered web order, returned or not). */
  received: statusText,
  /** 'true' when the review form is for them: received and not reviewed yet. */
  canReview: statusText,
  /** Their own review of it, shown or hidden, if any. */
  review: publicReviewOut.nullable(),
});

const reviewFilters = {
  productId: idListFilter.optional(),
  customerId: idListFilter.optional(),
  rating: z
    .string()
    .regex(/^[1-5](,[1-5])*$/, 'must be whole numbers from 1 to 5, separated by commas')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
  verifiedPurchase: statusText.optional(),
};

/** Reviews and ratings (reference 3.19): shoppers write them, staff reply and hide them, everyone reads the visible ones. */
export const reviewEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'review-rating',
    access: 'customer',
    body: multipart,
    labels: reviewLabels,
    answer: publicReviewOut,
    status: 201,
  }),
  /** A product's visible reviews, newest first, paged, with the star counts of them all. */
  ofProduct: endpoint({
    method: 'GET',
    path: 'review-rating/product/:id',
    access: 'public',
    query: listQuery(),
    answer: publicReviewListOut,
  }),
  mine: endpoint({ method: 'GET', path: 'review-rating/product/:id/mine', access: 'customer', answer: myReviewOut }),
  list: endpoint({
    method: 'GET',
    path: 'review-rating',
    access: 'readAll-reviewRating',
    query: listQuery({ sortable: ['createdAt', 'rating', 'id'], filters: reviewFilters }),
    answer: reviewListOut,
  }),
  get: endpoint({ method: 'GET', path: 'review-rating/:id', access: 'readSingle-reviewRating', answer: reviewOut }),
  reply: endpoint({
    method: 'POST',
    path: 'review-rating/reply',
    access: 'create-reviewReply',
    body: reviewReplyInput,
    labels: reviewLabels,
    answer: reviewReplyOut,
    status: 201,
  }),
  /** Hide ('false': it leaves the product's average at once) or show again ('true'). */
  setStatus: endpoint({
    method: 'PATCH',
    path: 'review-rating/:id',
    access: 'update-reviewRating',
    body: statusBody,
    answer: reviewOut.extend({ message: out.text }),
  }),
};
