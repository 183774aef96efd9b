import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Cart, type CartLineInput, messages, routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { must, type Result } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { useShopper } from '../account/shopper.ts';
import { cartMessages } from './cart-messages.ts';
import { addToCart, type CartPick, changeQuantity, type LocalCartLine, linePrice, quantityOf, removeLine } from './local-cart.ts';
import { readLocalCart, useLocalCart, writeLocalCart } from './local-cart-store.ts';

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

export const serverCartKey = (customerId: number) => ['cart', customerId];

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
 * The shopper's cart, wherever it is: in this browser while logged out (local storage, core.md
 * section 4), on the server once logged in (`routes.cart.*`). Every change shows the spec's notice.
 */
export function useCart() {
  const shopper = useShopper();
  const local = useLocalCart();
  const queryClient = useQueryClient();
  const customerId = shopper?.id ?? 0;
  const server = useQuery({
    queryKey: serverCartKey(customerId),
    queryFn: () => must(api(routes.cart.ofCustomer, { params: { id: customerId } })),
    enabled: !!shopper,
  });
  const cart = shopper ? (server.data?.cart ?? null) : null;
  const lines = shopper ? (cart?.cartProducts ?? []).map(fromServer) : local.map(fromLocal);
  const total = shopper ? (cart?.totalAmount ?? 0) : Math.round(lines.reduce((sum, l) => sum + l.lineTotal * 100, 0)) / 100;
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);

  /** Keeps the server's answer (the cart after the change); answers whether it worked. */
  async function keep(result: Promise<Result<{ message: string; cart: Cart | null }>>, done: string): Promise<boolean> {
    const r = await result;
    if (r.error !== undefined) {
      notify.error(r.error);
      // the refusal may come from a cart changed elsewhere: show the server's
      void queryClient.invalidateQueries({ queryKey: serverCartKey(customerId) });
      return false;
    }
    queryClient.setQueryData(serverCartKey(customerId), r.data);
    notify.success(done);
    return true;
  }

  /** Adds what the shopper picked; answers whether it was added. */
  async function add(pick: CartPick): Promise<boolean> {
    if (!shopper) {
      const outcome = addToCart(readLocalCart(), pick);
      if (!outcome.added) {
        notify.error(messages.stockOut);
        return false;
      }
      writeLocalCart(outcome.lines);
      notify.success(cartMessages.itemAdded);
      return true;
    }
    const held = (cart?.cartProducts ?? []).filter((l) => l.productId === pick.productId).reduce((s, l) => s + l.productQuantity, 0);
    if (held >= pick.stock) {
      notify.error(messages.stockOut);
      return false;
    }
    const line: CartLineInput = {
      productId: pick.productId,
      productQuantity: pick.quantity,
      colorId: pick.colorId,
      productAttributeValueId: pick.cartAttributeValue.map((v) => v.productAttributeValueId),
    };
    return keep(api(routes.cart.add, { body: line }), cartMessages.productAdded);
  }

  /** Puts lines (an old order's) into the signed-in shopper's cart at once. */
  async function addLines(cartProduct: CartLineInput[]): Promise<boolean> {
    return keep(api(routes.cart.add, { body: { customerId, cartProduct } }), cartMessages.productAdded);
  }

  /** One more or one less; one less of a single unit removes the line. */
  async function change(line: ShownLine, type: 'increment' | 'decrement'): Promise<boolean> {
    const removes = type === 'decrement' && line.quantity <= 1;
    const done = removes ? cartMessages.itemRemoved : cartMessages.updated;
    if (!shopper) {
      writeLocalCart(changeQuantity(readLocalCart(), line.id, type));
      notify.success(done);
      return true;
    }
    if (!cart) return false;
    return keep(api(routes.cart.change, { params: { id: cart.id }, body: { cartProductId: line.id, type } }), done);
  }

  async function remove(line: ShownLine): Promise<boolean> {
    if (!shopper) {
      writeLocalCart(removeLine(readLocalCart(), line.id));
      notify.success(cartMessages.itemRemoved);
      return true;
    }
    if (!cart) return false;
    return keep(
      api(routes.cart.change, {
        params: { id: cart.id },
        body: { cartProductId: line.id, type: 'decrement', productQuantity: line.quantity },
      }),
      cartMessages.itemRemoved,
    );
  }

  async function empty(): Promise<boolean> {
    if (!shopper) {
      writeLocalCart([]);
      notify.success(cartMessages.emptied);
      return true;
    }
    if (!cart) return false;
    return keep(api(routes.cart.empty, { params: { id: cart.id }, body: { status: 'false' } }), cartMessages.emptied);
  }

  return {
    shopper,
    cart,
    lines,
    total,
    count,
    loading: !!shopper && server.isLoading,
    loadError: shopper && server.error ? (server.error as Error).message : null,
    /** Lines still in this browser while logged in: the login could not send them. */
    leftBehind: shopper ? local : [],
    add,
    addLines,
    reload: () => queryClient.invalidateQueries({ queryKey: serverCartKey(customerId) }),
    change,
    remove,
    empty,
    /** How many of a product the cart holds now. */
    held: (productId: number) =>
      shopper ? lines.filter((l) => l.productId === productId).reduce((s, l) => s + l.quantity, 0) : quantityOf(local, productId),
  };
}
