import { useQueryClient } from '@tanstack/react-query';
import { maxReviewImages, reviewImageField, shopRoutes as routes } from '@tillbook/contract';
import { Alert, Button, Input, Rate } from 'antd';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

/** The review form for a shopper who received the product and has not reviewed it: stars, text, up to three photos. */
export function ReviewForm({ productId }: { productId: number }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError('Choose a rating from 1 to 5 stars');
    if (photos.length > maxReviewImages) return setError(`Add at most ${maxReviewImages} photos`);
    const body = new FormData();
    body.append('productId', String(productId));
    body.append('rating', String(rating));
    body.append('review', text);
    for (const photo of photos) body.append(reviewImageField, photo);
    setSending(true);
    const answer = await api(routes.review.create, { body });
    setSending(false);
    if (answer.error !== undefined) return setError(answer.error);
    setError(null);
    notify.success('Thank you for your review');
    await Promise.all([
      client.invalidateQueries({ queryKey: ['product-reviews', productId] }),
      client.invalidateQueries({ queryKey: ['my-review', productId] }),
      client.invalidateQueries({ queryKey: ['public-product', String(productId)] }),
    ]);
  };

  return (
    <form className="review-form" onSubmit={submit} data-testid="review-form" aria-label="Write a review">
      <h4>Write a review</h4>
      <div className="review-form-row">
        <span id="review-rating-label">Your rating</span>
        <Rate
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setError(null);
          }}
          aria-labelledby="review-rating-label"
        />
      </div>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
        rows={4}
        placeholder="What did you like or not like?"
        aria-label="Review"
      />
      <label className="review-form-photos">
        Photos (up to {maxReviewImages})
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          onChange={(e) => setPhotos([...(e.target.files ?? [])])}
          data-testid="review-photos"
        />
      </label>
      {error && <Alert type="error" title={error} showIcon />}
      <Button type="primary" htmlType="submit" loading={sending}>
        Post review
      </Button>
    </form>
  );
}
