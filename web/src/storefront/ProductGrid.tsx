import type { PublicProduct } from '@tillbook/contract';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CardAddButton } from './cart/CardAddButton.tsx';
import { Price } from './Price.tsx';
import './shop.css';

// the heart comes just after the first paint (the cards are on the home page, the first load's budget)
const WishHeart = lazy(async () => ({ default: (await import('./wishlist/WishHeart.tsx')).WishHeart }));

/** A grid of product cards: thumbnail, name, the price to pay (with the old one while a discount runs), "Add to cart" and the wishlist heart. */
export function ProductGrid({ products, testId }: { products: (PublicProduct & { isInWishlist?: 'true' | 'false' })[]; testId?: string }) {
  return (
    <div className="shop-grid" data-testid={testId}>
      {products.map((p) => (
        <div key={p.id} className="shop-card" data-testid="product-card">
          <Link to={`/product/${p.id}`} aria-label={p.name} className="shop-card-link">
            {p.productThumbnailImageUrl ? (
              <img className="shop-card-cover" src={p.productThumbnailImageUrl} alt={p.name} />
            ) : (
              <div className="shop-card-cover">No image</div>
            )}
            <div className="shop-card-body">
              <div className="shop-card-title" title={p.name}>
                {p.name}
              </div>
              <Price product={p} />
            </div>
          </Link>
          <CardAddButton product={p} />
          <Suspense fallback={null}>
            <WishHeart product={p} />
          </Suspense>
        </div>
      ))}
    </div>
  );
}
