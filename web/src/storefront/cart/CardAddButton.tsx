import { useQueryClient } from '@tanstack/react-query';
import { type PublicProduct, routes } from '@tillbook/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { setCartDrawer } from './drawer-state.ts';
import { useCart } from './use-cart.ts';

/**
 * A product card's "Add to cart": a product with colours or attributes to choose opens its page
 * (the choice is made there); any other product goes straight into the cart.
 */
export function CardAddButton({ product: p }: { product: PublicProduct }) {
  const cart = useCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inStock = p.productQuantity > 0;

  async function onAdd() {
    setBusy(true);
    // the product page's own query: opening the page next costs nothing
    const detail = await queryClient.fetchQuery({
      queryKey: ['public-product', String(p.id)],
      queryFn: () => api(routes.product.publicGet, { params: { id: String(p.id) } }),
    });
    if (detail.error !== undefined) {
      setBusy(false);
      notify.error(detail.error);
      return;
    }
    if (detail.data.colors.length > 0 || detail.data.productAttributeValues.length > 0) {
      setBusy(false);
      navigate(`/product/${p.id}`);
      return;
    }
    const added = await cart.add({
      productId: p.id,
      product: {
        name: p.name,
        productThumbnailImage: p.productThumbnailImage,
        productSalePriceWithVat: p.productSalePriceWithVat,
        finalPriceWithVat: p.finalPriceWithVat,
      },
      stock: detail.data.productQuantity,
      quantity: 1,
      colorId: null,
      colors: null,
      cartAttributeValue: [],
    });
    setBusy(false);
    if (added) setCartDrawer(true);
  }

  return (
    <button
      type="button"
      className="shop-card-add"
      aria-label={`Add ${p.name} to cart`}
      disabled={!inStock || busy}
      onClick={() => void onAdd()}
    >
      {inStock ? 'Add to cart' : 'Out of stock'}
    </button>
  );
}
