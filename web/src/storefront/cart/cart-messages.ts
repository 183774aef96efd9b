/**
 * The cart's notices, word for word from the specification (core.md section 8). The stock refusal is
 * the contract's `messages.stockOut`.
 */
export const cartMessages = {
  /** A product added to the signed-in shopper's cart on the server. */
  productAdded: 'Product added to cart successfully',
  /** A product added to the cart kept in this browser. */
  itemAdded: 'Item added to cart',
  updated: 'Cart Updated Successfully',
  itemRemoved: 'Item removed from cart',
  emptied: 'Cart delete Successfully',
} as const;
