/** The cart, the checkout, the shopper's orders and wishlist: one lazy chunk (plain React and CSS), fetched when one is opened. */
export { CartPage } from './cart/CartPage.tsx';
export { CheckoutPage } from './checkout/CheckoutPage.tsx';
export { OrderPage } from './orders/OrderPage.tsx';
export { OrderPlacedPage } from './orders/OrderPlacedPage.tsx';
export { OrdersPage } from './orders/OrdersPage.tsx';
export { ReturnsPage } from './returns/ReturnsPage.tsx';
export { WishlistPage } from './wishlist/WishlistPage.tsx';
