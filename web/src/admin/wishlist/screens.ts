import type { AdminScreen } from '../screens.ts';

/** What shoppers want most: the products on their wishlists, with the count of each. */
export const wishlistScreens: AdminScreen[] = [
  {
    path: 'wishlist',
    label: 'Wishlists',
    group: 'Online shop',
    permission: 'readAll-productWishlist',
    load: () => import('./WishListPage.tsx'),
  },
];
