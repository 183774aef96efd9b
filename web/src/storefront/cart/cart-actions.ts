import type { QueryClient } from '@tanstack/react-query';
import { type Cart, type CartLineInput, messages, type PublicProduct, shopRoutes as routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import type { Result } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { currentUser, customerRole, isLogged, storageKeys } from '../../lib/session.ts';
import { cartMessages } from './cart-messages.ts';
import { setCartDrawer } from './drawer-state.ts';
import { addToCart, type CartPick, changeQuantity, removeLine } from './local-cart.ts';
import { readLocalCart, writeLocalCart } from './local-cart-store.ts';
import { serverCartKey } from './server-cart.ts';

/**
 * The cart's changes, wherever the cart is: in this browser while logged out (local storage, core.md
 * section 4), on the server once logged in (`routes.cart.*`). Each shows the spec's notice and answers
 * whether it worked. Loaded with the pages that change the cart, not with the home page.
 */
export interface CartContext {
  queryClient: QueryClient;
  /** The signed-in shopper, or null while logged out. */
  customerId: number | null;
}

/** A line of either cart, as far as a change needs it. */
export interface LineRef {
  id: number;
  quantity: number;
}

/** The signed-in shopper's id, read from the session when a change starts (null while logged out). */
function signedInShopperId(): number | null {
  if (!isLogged() || localStorage.getItem(storageKeys.role) !== customerRole) return null;
  return currentUser()?.id ?? null;
}

const serverCart = (ctx: CartContext) =>
  ctx.customerId === null ? null : (ctx.queryClient.getQueryData<{ cart: Cart | null }>(serverCartKey(ctx.customerId))?.cart ?? null);

/** Keeps the server's answer (the cart after the change). */
async function keep(ctx: CartContext, result: Promise<Result<{ message: string; cart: Cart | null }>>, done: string): Promise<boolean> {
  const r = await result;
  const key = serverCartKey(ctx.customerId ?? 0);
  if (r.error !== undefined) {
    notify.error(r.error);
    // the refusal may come from a cart changed elsewhere: show the server's
    void ctx.queryClient.invalidateQueries({ queryKey: key });
    return false;
  }
  ctx.queryClient.setQueryData(key, r.data);
  notify.success(done);
  return true;
}

/** Adds what the shopper picked; refused with 'Product stock out' when the cart already holds the stock. */
export async function addPick(ctx: CartContext, pick: CartPick): Promise<boolean> {
  if (ctx.customerId === null) {
    const outcome = addToCart(readLocalCart(), pick);
    if (!outcome.added) {
      notify.error(messages.stockOut);
      return false;
    }
    writeLocalCart(outcome.lines);
    notify.success(cartMessages.itemAdded);
    return true;
  }
  const held = (serverCart(ctx)?.cartProducts ?? [])
    .filter((l) => l.productId === pick.productId && (!pick.productVariantId || l.productVariantId === pick.productVariantId))
    .reduce((s, l) => s + l.productQuantity, 0);
  if (held >= pick.stock) {
    notify.error(messages.stockOut);
    return false;
  }
  const line: CartLineInput = {
    productId: pick.productId,
    productQuantity: pick.quantity,
    colorId: pick.colorId,
    productAttributeValueId: pick.cartAttributeValue.map((v) => v.productAttributeValueId),
    ...(pick.productVariantId ? { productVariantId: pick.productVariantId } : {}),
  };
  return keep(ctx, api(routes.cart.add, { body: line }), cartMessages.productAdded);
}

/** Puts lines (an old order's) into the signed-in shopper's cart at once. */
export function addLines(ctx: CartContext, cartProduct: CartLineInput[]): Promise<boolean> {
  return keep(ctx, api(routes.cart.add, { body: { customerId: ctx.customerId, cartProduct } }), cartMessages.productAdded);
}

/** One more or one less; one less of a single unit removes the line. */
export async function changeLine(ctx: CartContext, line: LineRef, type: 'increment' | 'decrement'): Promise<boolean> {
  const done = type === 'decrement' && line.quantity <= 1 ? cartMessages.itemRemoved : cartMessages.updated;
  if (ctx.customerId === null) {
    writeLocalCart(changeQuantity(readLocalCart(), line.id, type));
    notify.success(done);
    return true;
  }
  const cart = serverCart(ctx);
  if (!cart) return false;
  return keep(ctx, api(routes.cart.change, { params: { id: cart.id }, body: { cartProductId: line.id, type } }), done);
}

export async function removeCartLine(ctx: CartContext, line: LineRef): Promise<boolean> {
  if (ctx.customerId === null) {
    writeLocalCart(removeLine(readLocalCart(), line.id));
    notify.success(cartMessages.itemRemoved);
    return true;
  }
  const cart = serverCart(ctx);
  if (!cart) return false;
  return keep(
    ctx,
    api(routes.cart.change, {
      params: { id: cart.id },
      body: { cartProductId: line.id, type: 'decrement', productQuantity: line.quantity },
    }),
    cartMessages.itemRemoved,
  );
}

export async function emptyCart(ctx: CartContext): Promise<boolean> {
  if (ctx.customerId === null) {
    writeLocalCart([]);
    notify.success(cartMessages.emptied);
    return true;
  }
  const cart = serverCart(ctx);
  if (!cart) return false;
  return keep(ctx, api(routes.cart.empty, { params: { id: cart.id }, body: { status: 'false' } }), cartMessages.emptied);
}

/**
 * A product card's "Add to cart": a product with colours or attributes to choose, or sold by variants,
 * opens its page (the choice is made there); any other product goes straight into the cart, and the cart's drawer opens.
 */
/** What "Add to cart" needs of a product (a card's, a wishlist line's). */
export type CardProduct = Pick<PublicProduct, 'id' | 'name' | 'productThumbnailImage' | 'productSalePriceWithVat' | 'finalPriceWithVat'>;

export async function addFromCard(queryClient: QueryClient, p: CardProduct, openPage: (path: string) => void): Promise<boolean> {
  const ctx: CartContext = { queryClient, customerId: signedInShopperId() };
  // the product page's own query: opening the page next costs nothing
  const detail = await ctx.queryClient.fetchQuery({
    queryKey: ['public-product', String(p.id)],
    queryFn: () => api(routes.product.publicGet, { params: { id: String(p.id) } }),
  });
  if (detail.error !== undefined) {
    notify.error(detail.error);
    return false;
  }
  if (detail.data.colors.length > 0 || detail.data.productAttributeValues.length > 0 || detail.data.variants) {
    openPage(`/product/${p.id}`);
    return false;
  }
  const added = await addPick(ctx, {
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
  if (added) setCartDrawer(true);
  return added;
}
