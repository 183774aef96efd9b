import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { type CheckoutSetup, checkout, checkoutSetup, moveOrder, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/** "Mark shipped" with the courier's tracking number: kept on the order, read by staff and by the shopper. */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

/** A cash-on-delivery order, received with a courier: ready to ship. */
async function receivedOrder() {
  const p = await shopProduct(t, 10);
  const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
  const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, deliveryAddress: '1 High Street' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.createdCartOrder;
  expect(order.trackingNumber).toBeNull();
  const received = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return { order, shopper };
}

const read = (id: number, token: string) => t.call('GET', `/v1/cart-order/${id}`, { token });

describe('the tracking number of a shipped order', () => {
  test('given on "Mark shipped", the shopper and staff read it; later moves keep it', async () => {
    const { order, shopper } = await receivedOrder();
    // a tracking number belongs to the shipping move only: a move that is not SHIPPED refuses one, and changes nothing
    const early = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'CANCELLED', trackingNumber: 'ZX-1' });
    expect(early.status).toBe(400);
    expect(early.body.fields).toHaveProperty('trackingNumber');
    expect(early.body.error).toMatch(/^Tracking number /);
    expect((await read(order.id, owner)).body.singleCartOrder).toMatchObject({ orderStatus: 'RECEIVED', trackingNumber: null });

    const shipped = await moveOrder(t, owner, {
      invoiceId: order.id,
      orderStatus: 'SHIPPED',
      trackingNumber: '  1Z 999 AA1 0123 4567 84 ',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.orderStatus).toBe('SHIPPED');
    const mine = await read(order.id, shopper.token);
    expect(mine.body.singleCartOrder).toMatchObject({ orderStatus: 'SHIPPED', trackingNumber: '1Z 999 AA1 0123 4567 84' });
    const list = await t.call('GET', '/v1/cart-order', { token: owner, query: { customerId: String(shopper.id) } });
    expect(list.body.getAllCartOrder).toEqual([expect.objectContaining({ id: order.id, trackingNumber: '1Z 999 AA1 0123 4567 84' })]);

    // delivered: the order keeps its tracking number
    expect((await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'DELIVERED' })).status).toBe(200);
    expect((await read(order.id, shopper.token)).body.singleCartOrder).toMatchObject({
      orderStatus: 'DELIVERED',
      trackingNumber: '1Z 999 AA1 0123 4567 84',
    });
  });

  test('without one the order ships as before; a blank one is none; the move keeps its other rules', async () => {
    const { order } = await receivedOrder();
    // the transition table still rules: not shipped twice, not from PENDING
    const shipped = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'SHIPPED', trackingNumber: '   ' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await read(order.id, owner)).body.singleCartOrder).toMatchObject({ orderStatus: 'SHIPPED', trackingNumber: null });
    const again = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'SHIPPED', trackingNumber: 'LATE-1' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
    expect((await read(order.id, owner)).body.singleCartOrder.trackingNumber).toBeNull();

    const { order: other } = await receivedOrder();
    const tooLong = await moveOrder(t, owner, { invoiceId: other.id, orderStatus: 'SHIPPED', trackingNumber: 'X'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('trackingNumber');
    const control = await moveOrder(t, owner, { invoiceId: other.id, orderStatus: 'SHIPPED', trackingNumber: 'AB\u0000C' });
    expect(control.status).toBe(400);
    expect((await read(other.id, owner)).body.singleCartOrder.orderStatus).toBe('RECEIVED');
  });
});
