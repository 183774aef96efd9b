import { beforeAll, describe, expect, test } from 'vitest';
import { register } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';
import { type CheckoutSetup, checkout, checkoutSetup, moveOrder, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/** Orders and payments: a shopper reaches only their own; staff need the permission; the lists filter, search and sum. */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 3);
});

async function orderBy(tag: string, method: 'cod' | 'bank' = 'cod') {
  const p = await shopProduct(t, 5);
  const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
  const body =
    method === 'cod'
      ? { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod }
      : { deliveryFeeId: setup.feeId, paymentMethodId: setup.bank, CustomerAccount: `acct-${tag}`, CustomerTransactionId: `tx-${tag}` };
  const placed = await checkout(t, shopper, body);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { shopper, order: placed.body.createdCartOrder };
}

describe("another shopper's records", () => {
  test('orders and payments of another shopper are not found; their own are', async () => {
    const alice = await orderBy('alice', 'bank');
    const bob = await orderBy('bob', 'bank');
    const mine = await t.call('GET', '/v1/cart-order', { token: alice.shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.getAllCartOrder.map((o: { id: number }) => o.id)).toEqual([alice.order.id]);
    expect(mine.body.aggregations._sum).not.toHaveProperty('profit');
    // a filter cannot widen it
    const widened = await t.call('GET', '/v1/cart-order', { token: alice.shopper.token, query: { customerId: String(bob.shopper.id) } });
    expect(widened.body.totalCartOrder).toBe(0);
    expect((await t.call('GET', `/v1/cart-order/${bob.order.id}`, { token: alice.shopper.token })).status).toBe(404);
    const payments = await t.call('GET', '/v1/manual-payment', { token: owner, query: { key: 'tx-bob' } });
    const bobPayment = payments.body.getAllManualPayment[0].id;
    const ofOrder = await t.call('GET', '/v1/manual-payment', { token: owner, query: { cartOrderId: String(bob.order.id) } });
    expect(ofOrder.body.getAllManualPayment.map((p: { id: number }) => p.id)).toEqual([bobPayment]);
    expect((await t.call('GET', `/v1/manual-payment/${bobPayment}`, { token: alice.shopper.token })).status).toBe(404);
    expect((await t.call('GET', `/v1/manual-payment/${bobPayment}`, { token: bob.shopper.token })).status).toBe(200);
    // a shopper neither lists all payments, nor verifies, nor moves an order
    expect((await t.call('GET', '/v1/manual-payment', { token: alice.shopper.token })).status).toBe(403);
    expect(
      (await t.call('PUT', `/v1/manual-payment/verify/${bobPayment}`, { token: alice.shopper.token, body: { isVerified: 'Accept' } }))
        .status,
    ).toBe(403);
    expect((await moveOrder(t, alice.shopper.token, { invoiceId: alice.order.id, orderStatus: 'CANCELLED' })).status).toBe(403);
    // a new payment record only for an own order, and only after a rejection
    const paidFor = { cartOrderId: bob.order.id, paymentMethodId: setup.bank, CustomerAccount: 'x', CustomerTransactionId: 'y' };
    expect((await t.call('POST', '/v1/manual-payment', { token: alice.shopper.token, body: paidFor })).status).toBe(404);
    const waiting = await t.call('POST', '/v1/manual-payment', { token: bob.shopper.token, body: paidFor });
    expect(waiting.status).toBe(400);
    expect(waiting.body.error).toBe('Order has a payment that is waiting to be verified');
    await t.call('PUT', `/v1/manual-payment/verify/${bobPayment}`, { token: owner, body: { isVerified: 'Reject' } });
    const retry = await t.call('POST', '/v1/manual-payment', { token: bob.shopper.token, body: paidFor });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ cartOrderId: bob.order.id, isVerified: 'Pending', amount: bob.order.totalAmount });
  });

  test('staff need the permission: reading orders does not move them', async () => {
    const { order } = await orderBy('staff');
    const reader = await t.staffWith(['readAll-cartOrder', 'readSingle-cartOrder']);
    expect((await t.call('GET', '/v1/cart-order', { token: reader.token })).status).toBe(200);
    const detail = await t.call('GET', `/v1/cart-order/${order.id}`, { token: reader.token });
    expect(detail.status).toBe(200);
    expect(detail.body.singleCartOrder).not.toHaveProperty('profit');
    expect((await moveOrder(t, reader.token, { invoiceId: order.id, orderStatus: 'CANCELLED' })).status).toBe(403);
    const none = await t.staffWith(['readAll-product']);
    expect((await t.call('GET', '/v1/cart-order', { token: none.token })).status).toBe(403);
  });
});

describe('the order list', () => {
  test('filters by status, searches by order id or shopper, counts per status, sums; the courier lists its orders', async () => {
    const a = await orderBy('lista');
    const b = await orderBy('listb');
    await moveOrder(t, owner, { invoiceId: b.order.id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId });
    const pending = await t.call('GET', '/v1/cart-order', { token: owner, query: { orderStatus: 'PENDING', count: '100' } });
    const ids = pending.body.getAllCartOrder.map((o: { id: number }) => o.id);
    expect(ids).toContain(a.order.id);
    expect(ids).not.toContain(b.order.id);
    expect(pending.body.aggregations.byStatus.RECEIVED).toBeGreaterThanOrEqual(1);
    expect(pending.body.aggregations.byStatus.PENDING).toBe(pending.body.totalCartOrder);
    expect(pending.body.aggregations._sum.totalAmount).toBeCloseTo(
      pending.body.getAllCartOrder.reduce((s: number, o: { totalAmount: number }) => s + o.totalAmount, 0),
      2,
    );
    const byId = await t.call('GET', '/v1/cart-order', { token: owner, query: { query: 'search', key: String(a.order.id) } });
    expect(byId.body.getAllCartOrder.map((o: { id: number }) => o.id)).toContain(a.order.id);
    const byName = await t.call('GET', '/v1/cart-order', { token: owner, query: { query: 'search', key: a.shopper.username } });
    expect(byName.body.getAllCartOrder.map((o: { id: number }) => o.id)).toEqual([a.order.id]);
    const bad = await t.call('GET', '/v1/cart-order', { token: owner, query: { orderStatus: 'LOST' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('orderStatus');
    const courier = await t.call('GET', `/v1/courier-medium/${setup.courierId}`, { token: owner });
    expect(courier.body.cartOrder.map((o: { id: number }) => o.id)).toContain(b.order.id);
  });

  test('a new shopper has no orders', async () => {
    const fresh = await register(t, 'fresh');
    const mine = await t.call('GET', '/v1/cart-order', { token: fresh.token });
    expect(mine.body).toMatchObject({ getAllCartOrder: [], totalCartOrder: 0 });
  });
});
