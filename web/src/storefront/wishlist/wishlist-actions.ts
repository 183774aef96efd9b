import type { QueryClient } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

/** The query keys that show a product's heart or the shopper's list: asked again after a change. */
export const wishlistKey = (customerId: number) => ['wishlist', customerId];

function refresh(queryClient: QueryClient, customerId: number) {
  void queryClient.invalidateQueries({ queryKey: wishlistKey(customerId) });
  void queryClient.invalidateQueries({ queryKey: ['public-products'] });
  void queryClient.invalidateQueries({ queryKey: ['public-product'] });
}

/** Puts the product on the shopper's wishlist (already there counts as done); answers whether it is on it now. */
export async function addToWishlist(queryClient: QueryClient, customerId: number, productId: number): Promise<boolean> {
  const added = await api(routes.wishlist.add, { body: { productId } });
  if (added.error !== undefined && added.status !== 409) {
    notify.error(added.error);
    return false;
  }
  notify.success(added.error === undefined ? added.data.message : 'Already on your wishlist');
  refresh(queryClient, customerId);
  return true;
}

/** Takes the product off the shopper's wishlist ('Wishlist Removed Successfully'); answers whether it is off it now. */
export async function removeFromWishlist(queryClient: QueryClient, customerId: number, productId: number): Promise<boolean> {
  const removed = await api(routes.wishlist.remove, { params: { id: customerId }, body: { productId } });
  if (removed.error !== undefined && removed.status !== 404) {
    notify.error(removed.error);
    return false;
  }
  if (removed.error === undefined) notify.success(removed.data.message);
  refresh(queryClient, customerId);
  return true;
}
