/**
 * The web shop's bench data (issue 20), made in SQL at start: shoppers (customers with the customer
 * role, no e-mail, so a checkout queues no mail), their carts, and an access token each, signed here
 * with the app's secret. Three disjoint sets: `checkout` (a 3-line cart each, taken once: the app's
 * run and the limit's walk one counter, so they never share a shopper), `cart` (a 1-line cart each,
 * added to and changed over and over) and `browse` (no cart: the background web orders of
 * browse-while-selling fill one line and check it out).
 */
import { TokenService } from './app-code.ts';
import { plainProductSql, plainProducts } from './data.ts';
import type { RawSql } from './raw-sql.ts';

export interface CartShopper {
  token: string;
  cartId: number;
  lineId: number;
  productId: number;
}

export interface ShopFixtures {
  deliveryFeeId: number;
  /** Cash on delivery, into the cash account. */
  codMethodId: number;
  /** One token per checkout shopper; shoppers 0 and 1 hold the same cart (the check's pair). */
  checkout: string[];
  cart: CartShopper[];
  browse: string[];
}

/** `n` shoppers named `prefix`-k, in k order: their ids. */
async function shoppers(sql: RawSql, prefix: string, n: number, roleId: number): Promise<number[]> {
  await sql(
    `insert into customer (username, first_name, phone, address, role_id)
     select $1 || '-' || k, 'Shopper ' || k, '+1555' || lpad(k::text, 7, '0'), k || ' Bench Street', $2 from generate_series(0, $3 - 1) k`,
    [prefix, roleId, n],
  );
  const rows = await sql(`select id from customer where username like $1 || '-%' order by split_part(username, '-', 3)::int`, [prefix]);
  return rows.map((r) => Number(r.id));
}

/**
 * The shop's shoppers and carts over the catalogue's first `products` products (from `firstProductId`).
 * A checkout shopper k holds products 3k'..3k'+2 (k' = k, shoppers 0 and 1 alike) at 1, 2 and 3 units:
 * shoppers checked out side by side touch different products, as different shoppers mostly do.
 */
export async function shopData(
  sql: RawSql,
  options: { secret: string; firstProductId: number; products: number; checkout: number; cart: number; browse: number },
): Promise<Omit<ShopFixtures, 'deliveryFeeId' | 'codMethodId'>> {
  const [role] = await sql(`select id from role where name = 'customer'`);
  const roleId = Number(role!.id);
  const checkoutIds = await shoppers(sql, 'bench-checkout', options.checkout, roleId);
  const cartIds = await shoppers(sql, 'bench-cart', options.cart, roleId);
  const browseIds = await shoppers(sql, 'bench-browse', options.browse, roleId);
  for (const [prefix, lines] of [
    ['bench-checkout', 3],
    ['bench-cart', 1],
  ] as const) {
    await sql(`insert into cart (customer_id) select id from customer where username like $1 || '-%'`, [prefix]);
    await sql(
      `insert into cart_product (cart_id, product_id, product_quantity, added_price)
       select c.id, p.id, j + 1, p.product_sale_price
       from cart c join customer u on u.id = c.customer_id
         -- shoppers 0 and 1 of a set hold the same products (the check compares what the app and the limit do with one cart)
         cross join lateral (select greatest(0, split_part(u.username, '-', 3)::int - 1) as k) s
         cross join generate_series(0, $2 - 1) j
         join product p on p.id = ${plainProductSql('$3::int', '(s.k * $2 + j) % $4')}
       where u.username like $1 || '-%'`,
      [prefix, lines, options.firstProductId, plainProducts(options.products)],
    );
  }
  const lines = await sql(
    `select u.id as customer, c.id as cart, cp.id as line, cp.product_id from customer u join cart c on c.customer_id = u.id
       join cart_product cp on cp.cart_id = c.id where u.username like 'bench-cart-%'`,
  );
  const lineOf = new Map(lines.map((l) => [Number(l.customer), l]));
  await sql('analyze');
  const tokens = new TokenService(options.secret, 6 * 3600);
  const sign = (ids: number[]) => Promise.all(ids.map((id) => tokens.sign({ id, kind: 'customer', roleId, role: 'customer' })));
  const cartTokens = await sign(cartIds);
  return {
    checkout: await sign(checkoutIds),
    cart: cartIds.map((id, k) => {
      const l = lineOf.get(id)!;
      return { token: cartTokens[k]!, cartId: Number(l.cart), lineId: Number(l.line), productId: Number(l.product_id) };
    }),
    browse: await sign(browseIds),
  };
}

/** The fixtures' web shop, or a clear stop when the app under test has none (an A/B baseline from before issue 20). */
export function shopOf(f: { shop: ShopFixtures | undefined }): ShopFixtures {
  if (!f.shop) throw new Error('this app has no web shop (no cart table): its shop scenarios cannot run against it');
  return f.shop;
}
