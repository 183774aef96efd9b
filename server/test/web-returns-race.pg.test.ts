import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { askReturn, deliveredOrder, moveReturn, returnPostingsOf } from './return-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, rows, shopProduct } from './shop-fixtures.ts';

/**
 * Returns racing: the quantity left to return is counted and taken under the order's lock, and a
 * return's move under the return's lock. Row-lock races need a real server: PostgreSQL only.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const one = (cartOrderId: number, cartOrderProductId: number) => ({
  cartOrderId,
  returnType: 'REFUND',
  note: 'Race',
  returnCartOrderProduct: [{ cartOrderProductId, productQuantity: 1 }],
});

test('six returns racing for the last returnable unit of a line: one gets it, the others are refused naming it', async () => {
  const p = await shopProduct(t, 10);
  const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }]);
  const line = order.cartOrderProduct[0]!.id;
  expect((await askReturn(t, shopper, one(order.id, line))).status).toBe(201);
  const answers = await Promise.all(Array.from({ length: 6 }, () => askReturn(t, shopper, one(order.id, line))));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toContain(p.name);
  const [taken] = await rows(
    t,
    sql`select coalesce(sum(l.product_quantity), 0)::int as units from return_cart_order_product l where l.cart_order_product_id = ${line}`,
  );
  expect(taken.units).toBe(2);
});

test('a return moved to RECEIVED five times at once brings the stock back once and posts once', async () => {
  const p = await shopProduct(t, 10);
  const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 3 }]);
  const asked = await askReturn(t, shopper, {
    ...one(order.id, order.cartOrderProduct[0]!.id),
    returnCartOrderProduct: [{ cartOrderProductId: order.cartOrderProduct[0]!.id, productQuantity: 2 }],
  });
  const id = asked.body.singleReturnCartOrder.id;
  expect((await readProduct(t, p.id)).productQuantity).toBe(7);
  const answers = await Promise.all(Array.from({ length: 5 }, () => moveReturn(t, owner, id, 'RECEIVED')));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('invalid_transition');
  expect((await readProduct(t, p.id)).productQuantity).toBe(9);
  expect(await returnPostingsOf(t, order.id)).toEqual([
    ['Inventory', 'Cost of Sales', 10],
    ['Sales', 'Accounts Receivable', 24],
    ['Tax', 'Accounts Receivable', 2.4],
  ]);
});

test('the last two returns of an order received at once: the order becomes RETURNED once', async () => {
  const p = await shopProduct(t, 10);
  const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }]);
  const line = order.cartOrderProduct[0]!.id;
  const first = (await askReturn(t, shopper, one(order.id, line))).body.singleReturnCartOrder.id;
  const second = (await askReturn(t, shopper, one(order.id, line))).body.singleReturnCartOrder.id;
  const answers = await Promise.all([moveReturn(t, owner, first, 'RECEIVED'), moveReturn(t, owner, second, 'RECEIVED')]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  const history = await rows(t, sql`select order_status from order_status_history where cart_order_id = ${order.id} order by id`);
  expect(history.map((h) => h.order_status)).toEqual(['PENDING', 'RECEIVED', 'SHIPPED', 'DELIVERED', 'RETURNED']);
  expect((await readProduct(t, p.id)).productQuantity).toBe(10);
});
