import { useQueryClient } from '@tanstack/react-query';
import type { Cart, CartLineInput } from '@tillbook/contract';
import { useShopper } from '../account/shopper.ts';
import { addLines, addPick, type CartContext, changeLine, emptyCart, removeCartLine } from './cart-actions.ts';
import type { CartPick, LocalCartLine } from './local-cart.ts';
import { linePrice } from './local-cart.ts';
import { useLocalCart } from './local-cart-store.ts';
import { serverCartKey, useServerCart } from './server-cart.ts';

/** A cart line as the pages show it, from the local cart or the server's. */
export interface ShownLine {
  id: number;
  productId: number;
  name: string;
  thumbnail: string | null;
  colour: string | null;
  attributes: string[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The server's: today's price differs from the price when added. */
  priceChanged: boolean;
  /** The server's: fewer in stock than the line asks (then `stock` says how many). */
  stockShort: boolean;
  stock: number | null;
}

export { serverCartKey };

const fromLocal = (l: LocalCartLine): ShownLine => ({
  id: l.id,
  productId: l.productId,
  name: l.product.name,
  thumbnail: l.product.productThumbnailImage,
  colour: l.colors?.name ?? null,
  attributes: l.cartAttributeValue.map((v) => v.name),
  quantity: l.productQuantity,
  unitPrice: linePrice(l),
  lineTotal: Math.round(linePrice(l) * l.productQuantity * 100) / 100,
  priceChanged: false,
  stockShort: false,
  stock: null,
});

const fromServer = (l: Cart['cartProducts'][number]): ShownLine => ({
  id: l.id,
  productId: l.productId,
  name: l.product.name,
  thumbnail: l.product.productThumbnailImage,
  colour: l.colors?.name ?? null,
  attributes: l.cartAttributeValue.map((v) => v.name),
  quantity: l.productQuantity,
  unitPrice: l.unitPrice,
  lineTotal: l.lineTotal,
  priceChanged: l.priceChanged === 'true',
  stockShort: l.stockShort === 'true',
  stock: l.product.productQuantity,
});

/**
 * The shopper's cart for the pages that show it: its lines and total from the server's cart once logged
 * in, else from the browser's (core.md section 4), and its changes (cart-actions.ts).
 */
export function useCart() {
  const shopper = useShopper();
  const local = useLocalCart();
  const queryClient = useQueryClient();
  const customerId = shopper?.id ?? null;
  const server = useServerCart(customerId);
  const cart = shopper ? (server.data?.cart ?? null) : null;
  const lines = shopper ? (cart?.cartProducts ?? []).map(fromServer) : local.map(fromLocal);
  const total = shopper ? (cart?.totalAmount ?? 0) : Math.round(lines.reduce((sum, l) => sum + l.lineTotal * 100, 0)) / 100;
  const ctx: CartContext = { queryClient, customerId };
  return {
    shopper,
    cart,
    lines,
    total,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    loading: !!shopper && server.isLoading,
    loadError: shopper && server.error ? server.error.message : null,
    /** Lines still in this browser while logged in: the login could not send them. */
    leftBehind: shopper ? local : ([] as LocalCartLine[]),
    add: (pick: CartPick) => addPick(ctx, pick),
    addLines: (cartProduct: CartLineInput[]) => addLines(ctx, cartProduct),
    change: (line: ShownLine, type: 'increment' | 'decrement') => changeLine(ctx, line, type),
    remove: (line: ShownLine) => removeCartLine(ctx, line),
    empty: () => emptyCart(ctx),
    reload: () => queryClient.invalidateQueries({ queryKey: serverCartKey(customerId ?? 0) }),
  };
}
