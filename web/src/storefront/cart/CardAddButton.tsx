import { useQueryClient } from '@tanstack/react-query';
import type { PublicProduct } from '@tillbook/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useShopper } from '../account/shopper.ts';

/**
 * A product card's "Add to cart" (cart-actions.ts `addFromCard`). The cart's code is fetched at the
 * first click: the cards are on the home page, the storefront's first load.
 */
export function CardAddButton({ product }: { product: PublicProduct }) {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inStock = product.productQuantity > 0;
  async function onAdd() {
    setBusy(true);
    const { addFromCard } = await import('./cart-actions.ts');
    await addFromCard({ queryClient, customerId: shopper?.id ?? null }, product, navigate);
    setBusy(false);
  }
  return (
    <button
      type="button"
      className="shop-card-add"
      aria-label={`Add ${product.name} to cart`}
      disabled={!inStock || busy}
      onClick={() => void onAdd()}
    >
      {inStock ? 'Add to cart' : 'Out of stock'}
    </button>
  );
}
