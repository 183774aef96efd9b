import { beforeAll, describe, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { askReturn, deliveredOrder, moveReturn } from './return-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, shopProduct } from './shop-fixtures.ts';

/** What a return refuses, and whose it is (reference 3.18's IDOR fixed: the shopper comes from the token). */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const one = (cartOrderId: number, cartOrderProductId: number, productQuantity: number, returnType = 'REFUND') => ({
  cartOrderId,
  returnType,
  note: 'Not as pictured',
  returnCartOrderProduct: [{ cartOrderProductId, productQuantity }],
});

describe('asking for a return', () => {
  test('an order not delivered yet is refused, naming the order', async () => {
    const p = await shopProduct(t, 5);
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 1 }], { deliver: false });
    const asked = await askReturn(t, shopper, one(order.id, order.cartOrderProduct[0]!.id, 1));
    expect(asked.status).toBe(400);
    expect(asked.body.error).toContain('delivered first');
    expect(asked.body.fields).toHaveProperty('cartOrderId');
  });

  test('more than is left to return is refused naming the line; bad input names the field', async () => {
    const p = await shopProduct(t, 5);
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 3 }]);
    const line = order.cartOrderProduct[0]!.id;
    const tooMany = await askReturn(t, shopper, one(order.id, line, 4));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toContain(`Only 3 of ${p.name}`);
    expect(tooMany.body.fields).toHaveProperty(['returnCartOrderProduct.0.productQuantity']);
    expect((await askReturn(t, shopper, one(order.id, line, 2))).status).toBe(201);
    const left = await askReturn(t, shopper, one(order.id, line, 2));
    expect(left.status).toBe(409);
    expect(left.body.error).toContain('Only 1');
    expect((await askReturn(t, shopper, one(order.id, line, 1))).status).toBe(201);
    const none = await askReturn(t, shopper, one(order.id, line, 1));
    expect(none.status).toBe(409);
    expect(none.body.error).toContain('already returned');

    const zero = await askReturn(t, shopper, one(order.id, line, 0));
    expect(zero.status).toBe(400);
    expect(zero.body.fields).toHaveProperty(['returnCartOrderProduct.0.productQuantity']);
    const type = await askReturn(t, shopper, one(order.id, line, 1, 'MONEY'));
    expect(type.status).toBe(400);
    expect(type.body.fields).toHaveProperty('returnType');
    const notALine = await askReturn(t, shopper, one(order.id, line + 100000, 1));
    expect(notALine.status).toBe(400);
    expect(notALine.body.fields).toHaveProperty(['returnCartOrderProduct.0.cartOrderProductId']);
    const twice = await askReturn(t, shopper, {
      ...one(order.id, line, 1),
      returnCartOrderProduct: [
        { cartOrderProductId: line, productQuantity: 1 },
        { cartOrderProductId: line, productQuantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
  });

  test('a repeat with the same Idempotency-Key answers the first return', async () => {
    const p = await shopProduct(t, 5);
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }]);
    const body = one(order.id, order.cartOrderProduct[0]!.id, 1);
    const first = await askReturn(t, shopper, body, 'ret-key-1');
    const again = await askReturn(t, shopper, body, 'ret-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.singleReturnCartOrder.id).toBe(first.body.singleReturnCartOrder.id);
    expect(again.body.message).toBe('Return already requested');
    const list = await t.call('GET', '/v1/return-cart-order', { token: shopper.token });
    expect(list.body.totalReturnCartOrder).toBe(1);
  });

  test("another shopper's order and another shopper's return are not found; staff cannot ask", async () => {
    const p = await shopProduct(t, 5);
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }]);
    const { shopper: other } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 1 }]);
    const theirs = await askReturn(t, other, one(order.id, order.cartOrderProduct[0]!.id, 1));
    expect(theirs.status).toBe(404);
    const mine = await askReturn(t, shopper, one(order.id, order.cartOrderProduct[0]!.id, 1));
    expect(mine.status).toBe(201);
    const id = mine.body.singleReturnCartOrder.id;
    expect((await t.call('GET', `/v1/return-cart-order/${id}`, { token: other.token })).status).toBe(404);
    const otherList = await t.call('GET', '/v1/return-cart-order', { token: other.token, query: { cartOrderId: String(order.id) } });
    expect(otherList.body.totalReturnCartOrder).toBe(0);
    // a shopper moves nothing and reads no resend list
    expect((await moveReturn(t, shopper.token, id, 'RECEIVED')).status).toBe(403);
    expect((await t.call('GET', '/v1/return-cart-order/resend', { token: shopper.token })).status).toBe(403);
    expect(
      (await t.call('POST', '/v1/cart-order/reOrder', { token: shopper.token, body: { cartOrderId: order.id, returnCartOrderId: id } }))
        .status,
    ).toBe(403);
    expect((await askReturn(t, { token: owner }, one(order.id, order.cartOrderProduct[0]!.id, 1))).status).toBe(403);
  });
});

describe('moving a return', () => {
  test('a REFUND return cannot be resent; REJECTED is final; a move twice is refused', async () => {
    const p = await shopProduct(t, 5);
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 3 }]);
    const line = order.cartOrderProduct[0]!.id;
    const refund = (await askReturn(t, shopper, one(order.id, line, 1))).body.singleReturnCartOrder.id;
    const early = await moveReturn(t, owner, refund, 'REFUNDED');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('invalid_transition');
    expect(early.body.error).toContain('PENDING');
    expect(early.body.error).toContain('REFUNDED');
    expect((await moveReturn(t, owner, refund, 'RECEIVED')).status).toBe(200);
    const again = await moveReturn(t, owner, refund, 'RECEIVED');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
    const resend = await moveReturn(t, owner, refund, 'RESEND');
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('invalid_transition');
    expect(resend.body.error).toContain('REFUND');
    expect((await moveReturn(t, owner, refund, 'REJECTED')).status).toBe(409);

    const rejected = (await askReturn(t, shopper, one(order.id, line, 2, 'PRODUCT'))).body.singleReturnCartOrder.id;
    expect((await moveReturn(t, owner, rejected, 'REJECTED')).status).toBe(200);
    const after = await moveReturn(t, owner, rejected, 'RECEIVED');
    expect(after.status).toBe(409);
    expect(after.body.error).toContain('REJECTED');
    expect(after.body.error).toContain('RECEIVED');
    // the rejected units may be asked for again; the stock took back only the received one
    expect((await readProduct(t, p.id)).productQuantity).toBe(3);
    expect((await askReturn(t, shopper, one(order.id, line, 2))).status).toBe(201);
    expect((await moveReturn(t, owner, 99999999, 'RECEIVED')).status).toBe(404);
    const bad = await moveReturn(t, owner, refund, 'LOST');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('returnCartOrderStatus');
  });
});
