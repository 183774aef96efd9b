import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type PublicReview, type RatingSummary, ratingNames, shopRoutes as routes } from '@tillbook/contract';
import { Button, Empty, Image, Progress, Rate, Spin, Tag, Typography } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useShopper } from '../account/shopper.ts';
import { ReviewForm } from './ReviewForm.tsx';
import './reviews.css';

/** How many reviews a page of the block shows; "More reviews" adds the next. */
const pageSize = 5;

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The average with its stars and the share of each star as bars, five first. */
function Summary({ summary }: { summary: RatingSummary }) {
  return (
    <div className="reviews-summary" data-testid="rating-summary">
      <div className="reviews-average">
        <span className="reviews-average-number" data-testid="average-rating">
          {summary.averageRating.toFixed(1)}
        </span>
        <Rate disabled allowHalf value={Math.round(summary.averageRating * 2) / 2} />
        <Typography.Text type="secondary">
          {summary.totalReview} {summary.totalReview === 1 ? 'review' : 'reviews'}
        </Typography.Text>
      </div>
      <ul className="reviews-bars" aria-label="Reviews per star">
        {[...ratingNames].reverse().map((name, index) => {
          const stars = 5 - index;
          const n = summary.Rating[name];
          return (
            <li key={name} data-testid={`rating-bar-${stars}`}>
              <span className="reviews-bar-label">{stars} ★</span>
              <Progress
                percent={summary.totalReview ? Math.round((n / summary.totalReview) * 100) : 0}
                showInfo={false}
                status="normal"
                size="small"
              />
              <span className="reviews-bar-count">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One review: stars, who and when, verified mark, text, photos and the shop's replies under it. */
export function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="review" data-testid="review">
      <div className="review-head">
        <Rate disabled value={review.rating} className="review-stars" />
        <strong>{review.customerName}</strong>
        {review.verifiedPurchase === 'true' && <Tag color="green">Verified purchase</Tag>}
        <Typography.Text type="secondary">{when(review.createdAt)}</Typography.Text>
      </div>
      {review.review && <p className="review-text">{review.review}</p>}
      {review.images.length > 0 && (
        <Image.PreviewGroup>
          <div className="review-photos">
            {review.images.map((image) => (
              <Image key={image.id} src={image.thumbnailUrl} preview={{ src: image.url }} width={72} height={72} alt="Review photo" />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {review.reviewReply.map((reply) => (
        <div key={reply.id} className="review-reply" data-testid="review-reply">
          <strong>Reply from the shop</strong> <Typography.Text type="secondary">{when(reply.createdAt)}</Typography.Text>
          <p>{reply.comment}</p>
        </div>
      ))}
    </li>
  );
}

/** The product page's reviews: the average and the bar chart, the newest reviews first ("More reviews"), and the form for a shopper who received it. */
export function ProductReviews({ productId }: { productId: number }) {
  const shopper = useShopper();
  const reviews = useInfiniteQuery({
    queryKey: ['product-reviews', productId],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      must(api(routes.review.ofProduct, { params: { id: productId }, query: { page: pageParam, count: pageSize } })),
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.totalReviewRating.totalReview ? pages.length + 1 : undefined),
  });
  const mine = useQuery({
    queryKey: ['my-review', productId, shopper?.id],
    queryFn: () => must(api(routes.review.mine, { params: { id: productId } })),
    enabled: shopper !== null,
  });
  const pages = reviews.data?.pages ?? [];
  const summary = pages[0]?.totalReviewRating;
  const shown = pages.flatMap((page) => page.getAllReviewRating);
  return (
    <section className="reviews" data-testid="product-reviews" aria-labelledby="reviews-title">
      <Typography.Title level={3} id="reviews-title">
        Reviews
      </Typography.Title>
      {reviews.isLoading && <Spin />}
      {reviews.isError && <Typography.Text type="danger">The reviews could not be loaded.</Typography.Text>}
      {summary && <Summary summary={summary} />}
      {mine.data?.canReview === 'true' && <ReviewForm productId={productId} />}
      {summary && shown.length === 0 && <Empty description="No reviews yet" />}
      <ul className="review-list">
        {shown.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {reviews.hasNextPage && (
        <Button onClick={() => reviews.fetchNextPage()} loading={reviews.isFetchingNextPage}>
          More reviews
        </Button>
      )}
    </section>
  );
}
