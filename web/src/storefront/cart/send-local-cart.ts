import { shopRoutes as routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { toServerLines } from './local-cart.ts';
import { readLocalCart, writeLocalCart } from './local-cart-store.ts';

/**
 * At a shopper's login (password, sign-up or Google) the cart kept in this browser goes to the
 * server's cart; it is removed here only if the server took it (core.md section 4). It is sent with the
 * login's token before the session is stored, so the pages that then show the signed-in shopper read
 * the server's cart with these lines in it. Answers whether the browser's cart is now empty.
 */
export async function sendLocalCart(login: { id: number; token?: string }): Promise<boolean> {
  const lines = readLocalCart();
  if (lines.length === 0) return true;
  const result = await api(
    routes.cart.add,
    { body: { customerId: login.id, cartProduct: toServerLines(lines) } },
    login.token ? { headers: { Authorization: `Bearer ${login.token}` } } : {},
  );
  if (result.error !== undefined) {
    notify.error(result.error);
    return false;
  }
  writeLocalCart([]);
  return true;
}
