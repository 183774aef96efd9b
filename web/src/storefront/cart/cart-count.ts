import { useShopper } from '../account/shopper.ts';
import { useLocalCart } from './local-cart-store.ts';
import { useServerCart } from './server-cart.ts';

/** How many units the cart holds (the header's count): the server's cart once logged in, else the browser's. */
export function useCartCount(): number {
  const shopper = useShopper();
  const local = useLocalCart();
  const server = useServerCart(shopper?.id ?? null);
  const lines = shopper ? (server.data?.cart?.cartProducts ?? []) : local;
  return lines.reduce((sum, l) => sum + l.productQuantity, 0);
}
