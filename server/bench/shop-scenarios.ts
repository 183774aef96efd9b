/**
 * Issue 20: the web shop under load. `checkout`: each request checks out a different shopper's 3-line
 * cart (filled at start, shop-data.ts; the app's run and the limit's take shoppers from one counter,
 * so never the same one). `cart`: cart add (POST, one unit) and cart change (PUT, an increment), in
 * turn, over 2,000 shoppers. `browse-while-selling`: the public list walked by 50 connections while
 * tills sell and web orders arrive in the background (browse-writer.ts); its "limit" is the same walk
 * on the app with nothing written, and every answer asked right after a write must be fresh.
 */
import { type Staleness, startBackground } from './browse-writer.ts';
import { plainIndexOf, plainProductId } from './data.ts';
import { browserAsks, type Request } from './load.ts';
import type { Result, Scenario } from './scenarios.ts';
import type { Fixtures } from './serve.ts';
import { shopOf } from './shop-data.ts';

const onPostgres = (r: Result, test: () => boolean) => (r.database === 'postgres' ? test() : null);
const pages = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Checkout shopper k's request (k 0 and 1: the check's pair, the same cart). */
const checkoutOf = (f: Fixtures, k: number): Request => ({
  method: 'POST',
  path: '/v1/cart-order',
  headers: { ...bearer(shopOf(f).checkout[k % shopOf(f).checkout.length]!), 'idempotency-key': `bench-checkout-${k}` },
  body: JSON.stringify({ deliveryFeeId: shopOf(f).deliveryFeeId, paymentMethodId: shopOf(f).codMethodId }),
});

/** One unit more of a product into cart shopper k's cart. */
const cartAdd = (f: Fixtures, k: number, productId: number): Request => ({
  method: 'POST',
  path: '/v1/cart',
  headers: bearer(shopOf(f).cart[k]!.token),
  body: JSON.stringify({ productId, productQuantity: 1 }),
});

export interface ShopScenarioParts {
  /** Started before the app's measurement, stopped after it: the writes and the stale answers it saw. */
  background?: (f: Fixtures) => { stop(): Promise<Staleness> };
  /** The limit column is the app itself measured without the background (first, after `warm`). */
  quietLimit?: boolean;
  /** How many of the plan's first requests to ask once before measuring. */
  warm?: (f: Fixtures) => number;
}

export const shopScenarios: (Scenario & ShopScenarioParts)[] = [
  {
    id: 'checkout',
    name: 'web checkout, a 3-line cart, cash on delivery (each request another shopper)',
    phase: 'shop',
    connections: 8,
    check: 'checkout',
    plan: (f) => {
      // one walk across the check, the app's run and the limit's: no shopper checks out twice
      let n = 2;
      return (i) => checkoutOf(f, i < 0 ? -1 - i : n++);
    },
    budget: '≥50% of the limit req/s',
    met: (r) => onPostgres(r, () => r.app.rps >= r.limit.rps / 2 && r.app.non2xx === 0 && r.limit.non2xx === 0),
  },
  {
    id: 'cart',
    name: 'cart add (POST, 1 unit) and change (PUT, +1) in turn, 2,000 shoppers',
    phase: 'shop',
    connections: 4,
    check: 'cart',
    plan: (f) => {
      const shoppers = shopOf(f).cart.length;
      let n = 0;
      return (i) => {
        if (i < 0) return cartAdd(f, -1 - i, shopOf(f).cart[0]!.productId);
        const k = n++;
        const turn = k >> 1;
        // the adds and the changes side by side are on different shoppers (no wait on one cart's lock)
        if (k % 2 === 0) {
          const s = turn % shoppers;
          return cartAdd(f, s, plainProductId(f, plainIndexOf(f, shopOf(f).cart[s]!.productId) + (Math.floor(turn / shoppers) % 4)));
        }
        const s = shopOf(f).cart[(turn + (shoppers >> 1)) % shoppers]!;
        return {
          method: 'PUT',
          path: `/v1/cart/cart-product/${s.cartId}`,
          headers: bearer(s.token),
          body: JSON.stringify({ cartProductId: s.lineId, type: 'increment' }),
        };
      };
    },
    budget: 'p95 ≤20 ms',
    met: (r) => onPostgres(r, () => r.app.p95 <= 20 && r.app.non2xx === 0),
  },
  {
    id: 'browse-while-selling',
    name: 'public list, every page, while 4 writes a second (till sales, web orders, a price change every 3 s)',
    phase: 'catalogue',
    connections: 50,
    long: true,
    check: 'publicList',
    plan: (f) => (i) => ({
      method: 'GET',
      path: `/v1/product/public?page=${1 + (i % pages(f.products, 20))}&count=20`,
      headers: browserAsks,
    }),
    background: (f) => startBackground(f, { perSecond: 4, priceEverySeconds: Number(process.env.BENCH_PRICE_EVERY ?? 3) }),
    quietLimit: true,
    warm: (f) => pages(f.products, 20),
    budget: '≥50% of the same walk with no writes ("limit" column); 0 stale',
    met: (r) => {
      const fresh = r.stale !== undefined && r.stale.stale === 0 && r.stale.refused === 0 && r.stale.writes > 0;
      return r.database === 'postgres' ? fresh && r.app.rps * 2 >= r.limit.rps : fresh;
    },
  },
];
