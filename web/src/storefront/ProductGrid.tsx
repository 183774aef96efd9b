import type { PublicProduct } from '@tillbook/contract';
import { Link } from 'react-router';
import { CardAddButton } from './cart/CardAddButton.tsx';
import { Price } from './Price.tsx';
import './shop.css';

/** A grid of product cards: thumbnail, name, the price to pay (with the old one while a discount runs) and "Add to cart". */
export function ProductGrid({ products, testId }: { products: PublicProduct[]; testId?: string }) {
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
        </div>
      ))}
    </div>
  );
}
