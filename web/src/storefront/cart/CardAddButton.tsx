import { useQueryClient } from '@tanstack/react-query';
import type { PublicProduct } from '@tillbook/contract';
import { useNavigate } from 'react-router';

/**
 * A product card's "Add to cart" (cart-actions.ts `addFromCard`). The cart's code is fetched at the
 * first click: the cards are on the home page, the storefront's first load, so this stays small.
 */
export function CardAddButton({ product }: { product: PublicProduct }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inStock = product.productQuantity > 0;
  return (
    <button
      type="button"
      className="shop-card-add"
      aria-label={`Add ${product.name} to cart`}
      disabled={!inStock}
      onClick={async (event) => {
        // busy while it runs: a second click adds nothing more
        const button = event.currentTarget;
        button.disabled = true;
        const { addFromCard } = await import('./cart-actions.ts');
        await addFromCard(queryClient, product, navigate);
        button.disabled = false;
      }}
    >
      {inStock ? 'Add to cart' : 'Out of stock'}
    </button>
  );
}
