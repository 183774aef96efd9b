/** The online shop's entry for other modules and the route table: carts, checkout, orders, manual payments, coupons. */

export { shopRoutes } from './routes.ts';
export { checkoutPaymentMethods, courierWithOrders } from './shop-resources.ts';
export { wishlistRoutes } from './wishlist-routes.ts';
