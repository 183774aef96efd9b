import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods } from './sale-fixtures.ts';
import { type CheckoutSetup, checkout, checkoutSetup, rows } from './shop-fixtures.ts';

/**
 * A flash sale: 100 shoppers checking out and 4 tills selling at once, racing for the last 20 units of
 * one product. Exactly 20 units leave, every other attempt is refused with insufficient_stock, on-hand
 * equals the movements, and no order or sale is half-written. Row-lock races need a real server:
 * PostgreSQL only (`.pg.test.ts`).
 */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 2);
  ({ cash } = await paymentMethods(t, owner));
});

test('100 checkouts and 4 tills race for the last 20 units: 20 leave, the rest are refused, nothing half-written', async () => {
  const p = await makeProduct(t, { productQuantity: 200, productPurchasePrice: 4, productSalePrice: 10 });
  // every shopper fills a cart while there is plenty, then the stock falls to the last 20
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 100; i++) {
    const shopper = await register(t, 'flash');
    const added = await t.call('POST', '/v1/cart', { token: shopper.token, body: { productId: p.id, productQuantity: 1 } });
    expect(added.status).toBe(201);
    shoppers.push(shopper);
  }
  const adjusted = await t.call('POST', '/v1/adjust-inventory', {
    token: owner,
    body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 180, adjustType: 'decrement' }] },
  });
  expect(adjusted.status).toBe(201);
  expect((await readProduct(t, p.id)).productQuantity).toBe(20);

  const till = () =>
    t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 10 }] },
    });
  // each of the 4 tills rings up 5 sales one after another while the shoppers check out
  const tillRun = async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await till());
    return answers;
  };
  const [web, ...tills] = await Promise.all([
    Promise.all(shoppers.map((s, i) => checkout(t, s, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod }, `flash-${i}`))),
    tillRun(),
    tillRun(),
    tillRun(),
    tillRun(),
  ]);
  const attempts = [...web, ...tills.flat()];
  const statuses = attempts.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(20);
  const refused = attempts.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(100);
  expect(new Set(refused.map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 insufficient_stock']));

  expect((await readProduct(t, p.id)).productQuantity).toBe(0);
  const [counts] = await rows(
    t,
    sql`select
      (select coalesce(sum(l.product_quantity), 0)::int from cart_order_product l where l.product_id = ${p.id}) as ordered,
      (select coalesce(sum(l.product_quantity), 0)::int from sale_invoice_product l where l.product_id = ${p.id}) as sold,
      (select count(*)::int from cart_order o where not exists (select 1 from cart_order_product l where l.invoice_id = o.id)) as empty_orders,
      (select count(*)::int from cart_order o where not exists (select 1 from "transaction" x where x.type = 'order' and x.related_id = o.id::text)) as unposted,
      (select -coalesce(sum(quantity), 0)::int from stock_movement where product_id = ${p.id} and reason in ('order', 'sale')) as moved_out`,
  );
  expect(counts.ordered + counts.sold).toBe(20);
  expect(counts.moved_out).toBe(20);
  expect(counts.empty_orders).toBe(0);
  expect(counts.unposted).toBe(0);
  // the refused shoppers still have their carts
  const placed = new Set(attempts.slice(0, 100).flatMap((a, i) => (a.status === 201 ? [i] : [])));
  const loser = shoppers.find((_, i) => !placed.has(i))!;
  const cart = await t.call('GET', `/v1/cart/customer/${loser.id}`, { token: loser.token });
  expect(cart.body.cart.cartProducts[0]).toMatchObject({ productQuantity: 1, stockShort: 'true' });
});
