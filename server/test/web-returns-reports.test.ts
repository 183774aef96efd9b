import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { askReturn, deliveredOrder, moveReturn } from './return-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, shopProduct } from './shop-fixtures.ts';

/** Web returns in the lists and reports: the return-order report's sums, the tabs' counts, the shopper's own list, top sellers, the dashboard. */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const ask = (shopper: { token: string }, cartOrderId: number, cartOrderProductId: number, productQuantity: number, returnType = 'REFUND') =>
  askReturn(t, shopper, {
    cartOrderId,
    returnType,
    note: 'Changed my mind',
    returnCartOrderProduct: [{ cartOrderProductId, productQuantity }],
  });

describe('lists and reports', () => {
  test('the list: aggregations and tabs over the filters, a shopper sees only their own without cost; top sellers and the dashboard net of returns', async () => {
    const p = await shopProduct(t, 20);
    const a = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 4 }]);
    const b = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }]);
    const today = a.order.date;
    const dashBefore = (await t.call('GET', '/v1/dashboard', { token: owner, query: { startDate: today, endDate: today } })).body.online;
    const top = async () => {
      const answer = await t.call('GET', '/v1/product-reports', { token: owner, query: { query: 'top-selling-products', key: p.sku } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.getAllTopSellingProduct.find((row: { id: number }) => row.id === p.id)?.soldQuantity;
    };
    // web orders count beside the till's sales
    expect(await top()).toBe(6);

    const lineA = a.order.cartOrderProduct[0]!.id;
    const r1 = (await ask(a.shopper, a.order.id, lineA, 1)).body.singleReturnCartOrder.id;
    const r2 = (await ask(a.shopper, a.order.id, lineA, 2, 'PRODUCT')).body.singleReturnCartOrder.id;
    const r3 = (await ask(b.shopper, b.order.id, b.order.cartOrderProduct[0]!.id, 1)).body.singleReturnCartOrder.id;
    expect((await moveReturn(t, owner, r1, 'RECEIVED')).status).toBe(200);
    expect((await moveReturn(t, owner, r1, 'REFUNDED')).status).toBe(200);
    expect((await moveReturn(t, owner, r3, 'REJECTED')).status).toBe(200);
    // a pending or rejected return does not count against sales; the received one does
    expect(await top()).toBe(5);
    expect((await moveReturn(t, owner, r2, 'RECEIVED')).status).toBe(200);
    expect(await top()).toBe(3);

    const all = await t.call('GET', '/v1/return-cart-order', { token: owner, query: { customerId: `${a.shopper.id},${b.shopper.id}` } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.totalReturnCartOrder).toBe(3);
    expect(all.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toEqual([r3, r2, r1]);
    // 13.20 a unit, no coupon: 1 + 2 + 1 units
    expect(all.body.aggregations).toEqual({
      _count: { id: 3 },
      _sum: { totalAmount: 52.8, totalVatAmount: 4.8, totalDiscountAmount: 0, couponAmount: 0, totalQuantity: 4, cost: 20 },
      byStatus: { PENDING: 0, RECEIVED: 1, REFUNDED: 1, RESEND: 0, RESENDED: 0, REJECTED: 1 },
    });
    const received = await t.call('GET', '/v1/return-cart-order', {
      token: owner,
      query: { customerId: String(a.shopper.id), returnCartOrderStatus: 'RECEIVED', sort: 'totalAmount', order: 'asc' },
    });
    expect(received.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toEqual([r2]);
    // the tabs count every status whatever the status filter
    expect(received.body.aggregations.byStatus).toMatchObject({ RECEIVED: 1, REFUNDED: 1, REJECTED: 0 });
    const products = await t.call('GET', '/v1/return-cart-order', {
      token: owner,
      query: { returnType: 'PRODUCT', cartOrderId: String(a.order.id) },
    });
    expect(products.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toEqual([r2]);
    const byOrder = await t.call('GET', '/v1/return-cart-order', { token: owner, query: { key: String(b.order.id) } });
    expect(byOrder.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toContain(r3);
    const paged = await t.call('GET', '/v1/return-cart-order', {
      token: owner,
      query: { customerId: String(a.shopper.id), count: '1', page: '2' },
    });
    expect(paged.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toEqual([r1]);
    expect(paged.body.totalReturnCartOrder).toBe(2);
    const dated = await t.call('GET', '/v1/return-cart-order', { token: owner, query: { startDate: '2001-01-01', endDate: '2001-01-02' } });
    expect(dated.body.totalReturnCartOrder).toBe(0);
    const badStatus = await t.call('GET', '/v1/return-cart-order', { token: owner, query: { returnCartOrderStatus: 'LOST' } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.fields).toHaveProperty('returnCartOrderStatus');

    // the shopper: own returns only, whatever the filter asks, and no cost
    const mine = await t.call('GET', '/v1/return-cart-order', { token: b.shopper.token, query: { customerId: String(a.shopper.id) } });
    expect(mine.status).toBe(200);
    expect(mine.body.totalReturnCartOrder).toBe(0);
    const own = await t.call('GET', '/v1/return-cart-order', { token: a.shopper.token });
    expect(own.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toEqual([r2, r1]);
    expect(own.body.getAllReturnCartOrder[0]).not.toHaveProperty('cost');
    expect(own.body.aggregations._sum).not.toHaveProperty('cost');
    // a staff role without the cost permission sees no cost either
    const desk = await t.staffWith(['readAll-returnCartOrder', 'readSingle-returnCartOrder']);
    const deskList = await t.call('GET', '/v1/return-cart-order', { token: desk.token });
    expect(deskList.status).toBe(200);
    expect(deskList.body.getAllReturnCartOrder[0]).not.toHaveProperty('cost');
    const deskOne = await t.call('GET', `/v1/return-cart-order/${r1}`, { token: desk.token });
    expect(deskOne.body.singleReturnCartOrder).not.toHaveProperty('cost');
    expect(deskOne.body.singleReturnCartOrder.cartOrder).not.toHaveProperty('profit');

    // the dashboard's online figures: the returns of the range, rejected ones left out
    const dash = (await t.call('GET', '/v1/dashboard', { token: owner, query: { startDate: today, endDate: today } })).body.online;
    expect(dash.totalReturn - dashBefore.totalReturn).toBe(2);
    expect(Math.round((dash.totalReturnAmount - dashBefore.totalReturnAmount) * 100)).toBe(3960);
    expect(dash.pendingReturn - dashBefore.pendingReturn).toBe(0);
    expect(Math.round((dash.totalOrderDue - dashBefore.totalOrderDue) * 100)).toBe(-2640);
  });
});
