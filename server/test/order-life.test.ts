import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import {
  type CheckoutSetup,
  checkout,
  checkoutSetup,
  moveOrder,
  orderPostingsOf,
  rows,
  shopProduct,
  shopperWithCart,
} from './shop-fixtures.ts';
import { ledgerVatByRate } from './vat-ledger.ts';

/** A web order's life, figure by figure (reference 3.16–3.17 with its defects fixed). */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const coupon = async (body: Record<string, unknown>) => {
  const answer = await t.call('POST', '/v1/coupon', {
    token: owner,
    body: { startDate: '2020-01-01', endDate: '2099-12-31', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};

describe('cash on delivery with a coupon and a delivery fee', () => {
  test('placed, received with a courier, shipped, delivered: stock, every posting, paid and due', async () => {
    const p = await shopProduct(t, 10);
    const code = `TEN${process.pid}`;
    await coupon({ couponCode: code, type: 'percentage', value: 10 });
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 3 }]);
    const placed = await checkout(t, shopper, {
      deliveryFeeId: setup.feeId,
      paymentMethodId: setup.cod,
      couponCode: code.toLowerCase(),
      deliveryAddress: '1 High Street',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.createdCartOrder;
    // 3 × 13.20 = 39.60 goods; coupon 10 % = 3.96; fee 5.00 → 40.64. VAT on what is paid: 3.60 − the 0.36 of VAT in the coupon
    expect(order).toMatchObject({
      orderStatus: 'PENDING',
      productAmount: 39.6,
      totalVatAmount: 3.24,
      couponAmount: 3.96,
      deliveryFee: 5,
      totalAmount: 40.64,
      paidAmount: 0,
      dueAmount: 40.64,
      isCod: 'true',
      isVerified: 'Pending',
      deliveryAddress: '1 High Street',
    });
    expect(order).not.toHaveProperty('profit');
    expect(order.cartOrderProduct).toEqual([
      expect.objectContaining({
        productId: p.id,
        productQuantity: 3,
        unitPrice: 13.2,
        lineTotal: 39.6,
        productVat: 10,
        vatAmount: 3.24,
        couponShare: 3.96,
      }),
    ]);
    // the answer (built from what was written) is the order as it reads back
    const readBack = await t.call('GET', `/v1/cart-order/${order.id}`, { token: shopper.token });
    const { history, returnCartOrder, cartOrderProduct, ...asRead } = readBack.body.singleCartOrder;
    expect(order).toEqual({ ...asRead, cartOrderProduct: order.cartOrderProduct });
    expect(cartOrderProduct).toEqual(
      order.cartOrderProduct.map((line: object) => ({ ...line, returnedQuantity: 0, returnableQuantity: 0 })),
    );
    expect(returnCartOrder).toEqual([]);
    expect(history).toEqual([{ orderStatus: 'PENDING', createdAt: order.createdAt }]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
    // Sales net of the coupon (39.60 − 3.96 − 3.24); the coupon is no expense
    expect(await orderPostingsOf(t, order.id)).toEqual([
      ['Cost of Sales', 'Inventory', 15],
      ['Accounts Receivable', 'Sales', 32.4],
      ['Accounts Receivable', 'Tax', 3.24],
      ['Accounts Receivable', 'Delivery Income', 5],
    ]);
    // the order's, the line's and the ledger's VAT are one figure
    expect(await ledgerVatByRate(t, ['order'], order.id)).toEqual({ '10': 3.24 });
    // the cart is empty
    const cart = await t.call('GET', `/v1/cart/customer/${shopper.id}`, { token: shopper.token });
    expect(cart.body.cart).toBeNull();

    // staff: received needs a courier
    const noCourier = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'RECEIVED' });
    expect(noCourier.status).toBe(400);
    expect(noCourier.body.fields).toHaveProperty('courierMediumId');
    const received = await moveOrder(t, owner, {
      invoiceId: order.id,
      orderStatus: 'RECEIVED',
      courierMediumId: setup.courierId,
      deliveryFee: 6,
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.orderStatus).toBe('RECEIVED');
    // delivered straight from received is not in the table
    const skip = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'DELIVERED' });
    expect(skip.status).toBe(409);
    expect(skip.body.code).toBe('invalid_transition');
    expect(skip.body.error).toContain('RECEIVED');
    expect(skip.body.error).toContain('DELIVERED');
    expect((await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'SHIPPED' })).status).toBe(200);
    expect((await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'DELIVERED' })).status).toBe(200);

    const detail = await t.call('GET', `/v1/cart-order/${order.id}`, { token: owner });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'PAID', totalAmount: 41.64, totalPaidAmount: 41.64, dueAmount: 0, deliveryFee: 6 });
    expect(detail.body.singleCartOrder).toMatchObject({ orderStatus: 'DELIVERED', isVerified: 'Accept', courierMediumId: setup.courierId });
    // goods net after the coupon 32.40 − cost 15: no VAT, no delivery fee
    expect(detail.body.singleCartOrder.profit).toBe(17.4);
    expect(detail.body.singleCartOrder.history.map((h: { orderStatus: string }) => h.orderStatus)).toEqual([
      'PENDING',
      'RECEIVED',
      'SHIPPED',
      'DELIVERED',
    ]);
    expect(detail.body.nextStatuses).toEqual([]);
    expect(await orderPostingsOf(t, order.id)).toEqual([
      ['Cost of Sales', 'Inventory', 15],
      ['Accounts Receivable', 'Sales', 32.4],
      ['Accounts Receivable', 'Tax', 3.24],
      ['Accounts Receivable', 'Delivery Income', 5],
      ['Accounts Receivable', 'Delivery Income', 1],
      ['Cash', 'Accounts Receivable', 41.64],
    ]);
    // the dashboard shows the online shop beside the till
    const dash = await t.call('GET', '/v1/dashboard', { token: owner, query: { startDate: order.date, endDate: order.date } });
    expect(dash.body.online).toMatchObject({ totalOrder: 1, totalOrderAmount: 41.64, totalOrderDue: 0, totalOrderProfit: 17.4 });
    expect(dash.body.online.byStatus).toMatchObject({ DELIVERED: 1, PENDING: 0 });
    // the shopper was mailed at every step, through the outbox
    const mails = await rows(t, sql`select subject, text from outbox where kind = 'order' and ${shopper.email} = any("to") order by id`);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining(`Order placed: #${order.id}`),
      expect.stringContaining(`Order #${order.id} is now received`),
      expect.stringContaining(`Order #${order.id} is now shipped`),
      expect.stringContaining(`Order #${order.id} is now delivered`),
    ]);
    expect(mails[0].text).toContain('Total: 40.64');
    // the shopper sees the same order, without the books
    const mine = await t.call('GET', `/v1/cart-order/${order.id}`, { token: shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.transactions).toEqual([]);
    expect(mine.body.singleCartOrder).not.toHaveProperty('profit');
  });
});

describe('a manual payment', () => {
  test('received only once the payment is accepted; accepting it takes the money', async () => {
    const p = await shopProduct(t, 5);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
    const missing = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.bank });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('CustomerAccount');
    const placed = await checkout(t, shopper, {
      deliveryFeeId: setup.feeId,
      paymentMethodId: setup.bank,
      CustomerAccount: 'DE00 1234',
      CustomerTransactionId: 'TX-991',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.createdCartOrder;
    expect(order.totalAmount).toBe(31.4);
    const early = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId });
    expect(early.status).toBe(400);
    expect(early.body.error).toContain('has not been accepted');

    const list = await t.call('GET', '/v1/manual-payment', { token: owner, query: { key: 'TX-991' } });
    expect(list.status).toBe(200);
    expect(list.body.totalManualPayment).toBe(1);
    const payment = list.body.getAllManualPayment[0];
    expect(payment).toMatchObject({ cartOrderId: order.id, amount: 31.4, isVerified: 'Pending', CustomerAccount: 'DE00 1234' });
    const accepted = await t.call('PUT', `/v1/manual-payment/verify/${payment.id}`, { token: owner, body: { isVerified: 'Accept' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.isVerified).toBe('Accept');
    const again = await t.call('PUT', `/v1/manual-payment/verify/${payment.id}`, { token: owner, body: { isVerified: 'Reject' } });
    expect(again.status).toBe(409);
    expect(await orderPostingsOf(t, order.id)).toContainEqual(['Bank', 'Accounts Receivable', 31.4]);
    // a paid order's delivery fee is not re-based
    const refee = await moveOrder(t, owner, {
      invoiceId: order.id,
      orderStatus: 'RECEIVED',
      courierMediumId: setup.courierId,
      deliveryFee: 9,
    });
    expect(refee.status).toBe(400);
    expect(refee.body.fields).toHaveProperty('deliveryFee');
    expect((await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId })).status).toBe(
      200,
    );
  });

  test('cancelled after payment: the stock comes back and every posting is reversed', async () => {
    const p = await shopProduct(t, 4);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 4 }]);
    const placed = await checkout(t, shopper, {
      deliveryFeeId: setup.feeId,
      paymentMethodId: setup.bank,
      CustomerAccount: 'ACC',
      CustomerTransactionId: 'TX-CANCEL',
    });
    expect(placed.status).toBe(201);
    const order = placed.body.createdCartOrder;
    expect((await readProduct(t, p.id)).productQuantity).toBe(0);
    const list = await t.call('GET', '/v1/manual-payment', { token: owner, query: { key: 'TX-CANCEL' } });
    await t.call('PUT', `/v1/manual-payment/verify/${list.body.getAllManualPayment[0].id}`, {
      token: owner,
      body: { isVerified: 'Accept' },
    });
    const cancelled = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'CANCELLED' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await readProduct(t, p.id)).productQuantity).toBe(4);
    const postings = await orderPostingsOf(t, order.id);
    const balance = new Map<string, number>();
    for (const [debit, credit, amount] of postings as [string, string, number][]) {
      balance.set(debit, Math.round(((balance.get(debit) ?? 0) + amount) * 100) / 100);
      balance.set(credit, Math.round(((balance.get(credit) ?? 0) - amount) * 100) / 100);
    }
    expect([...balance.values()].every((v) => v === 0)).toBe(true);
    const detail = await t.call('GET', `/v1/cart-order/${order.id}`, { token: owner });
    expect(detail.body.singleCartOrder).toMatchObject({ orderStatus: 'CANCELLED', paidAmount: 0, dueAmount: 0 });
    const twice = await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'CANCELLED' });
    expect(twice.status).toBe(409);
  });
});
