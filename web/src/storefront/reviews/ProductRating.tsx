import type { PublicProduct } from '@tillbook/contract';
import { Rate } from 'antd';

/** Under the product's name: its average stars and how many reviews, linking down to them (nothing before the first review). */
export function ProductRating({ product }: { product: Pick<PublicProduct, 'averageRating' | 'totalReview'> }) {
  if (product.totalReview === 0) return null;
  return (
    <a href="#reviews-title" data-testid="product-rating" style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
      <Rate disabled allowHalf value={Math.round(product.averageRating * 2) / 2} style={{ fontSize: 16 }} />
      <span>
        {product.averageRating.toFixed(1)} ({product.totalReview} {product.totalReview === 1 ? 'review' : 'reviews'})
      </span>
    </a>
  );
}
