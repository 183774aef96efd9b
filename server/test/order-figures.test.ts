import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectOrderFiguresMatchLedger, ledgerFiguresOfOrder } from './invariants.ts';
import { askReturn, moveReturn, newCoupon } from './return-fixtures.ts';
import { type CheckoutSetup, checkout, checkoutSetup, moveOrder, rows, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/**
 * An order's kept figures (paid, due, returned, profit) equal its ledger after every move: placed, paid,
 * received with a new delivery fee, shipped, delivered, returns received, refunded, resent, the
 * replacement made, cancelled. Each step reads the order as staff see it and compares it with the ledger
 * worked out apart (invariants.ts), and with what a person would check: total − returned − paid = due.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

interface Figures {
  orderStatus: string;
  totalAmount: number;
  paidAmount: number;
  dueAmount: number;
  returnAmount: number;
  profit: number;
}

/** The order as staff read it, held to its ledger: each kept figure is the ledger's, and they add up. */
async function figures(orderId: number): Promise<Figures> {
  const detail = await t.call('GET', `/v1/cart-order/${orderId}`, { token: owner });
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  const o = detail.body.singleCartOrder as Figures;
  const ledger = await ledgerFiguresOfOrder(t, orderId);
  expect({ paid: o.paidAmount, due: o.dueAmount, returned: o.returnAmount, profit: o.profit }, `order ${orderId} kept / ledger`).toEqual(
    ledger,
  );
  expect(detail.body).toMatchObject({ totalPaidAmount: o.paidAmount, dueAmount: o.dueAmount, totalAmount: o.totalAmount });
  if (o.orderStatus !== 'CANCELLED')
    expect(Math.round((o.totalAmount - o.returnAmount - o.paidAmount) * 100)).toBe(Math.round(o.dueAmount * 100));
  await expectOrderFiguresMatchLedger(t);
  return o;
}

const move = async (invoiceId: number, orderStatus: string, more: Record<string, unknown> = {}) => {
  const moved = await moveOrder(t, owner, { invoiceId, orderStatus, courierMediumId: setup.courierId, ...more });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return figures(invoiceId);
};

const returnMove = async (orderId: number, returnId: number, status: string) => {
  const moved = await moveReturn(t, owner, returnId, status);
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return figures(orderId);
};

test('a paid order with a coupon: every move, its returns and its replacement keep the figures equal to the ledger', async () => {
  const p = await shopProduct(t, 10);
  const coupon = await newCoupon(t, owner, { type: 'percentage', value: 10 });
  const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 4 }]);
  const placed = await checkout(t, shopper, {
    deliveryFeeId: setup.feeId,
    paymentMethodId: setup.bank,
    couponCode: coupon.couponCode,
    CustomerAccount: 'ACC-1',
    CustomerTransactionId: `TX-${process.pid}`,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.createdCartOrder.id as number;
  const lineId = placed.body.createdCartOrder.cartOrderProduct[0].id as number;
  // placed: nothing paid, the whole total due; the checkout's answer (a shopper's: no profit) is the order as written
  let o = await figures(id);
  expect(o).toMatchObject({ paidAmount: 0, dueAmount: o.totalAmount, returnAmount: 0 });
  expect(placed.body.createdCartOrder).toMatchObject({ paidAmount: 0, dueAmount: o.totalAmount, returnAmount: 0 });
  expect(placed.body.createdCartOrder).not.toHaveProperty('profit');
  const total = o.totalAmount;
  const profitPlaced = o.profit;

  // the payment accepted: paid in full
  const [payment] = await rows(t, sql`select id from manual_payment where cart_order_id = ${id}`);
  const accepted = await t.call('PUT', `/v1/manual-payment/verify/${payment.id}`, { token: owner, body: { isVerified: 'Accept' } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  o = await figures(id);
  expect(o).toMatchObject({ paidAmount: total, dueAmount: 0 });

  await move(id, 'RECEIVED');
  await move(id, 'SHIPPED');
  o = await move(id, 'DELIVERED');
  expect(o).toMatchObject({ paidAmount: total, dueAmount: 0, returnAmount: 0, profit: profitPlaced });
  // RETURNED comes only with the goods: neither offered nor taken by hand
  const detail = await t.call('GET', `/v1/cart-order/${id}`, { token: owner });
  expect(detail.body.nextStatuses).toEqual([]);
  const byHand = await moveOrder(t, owner, { invoiceId: id, orderStatus: 'RETURNED' });
  expect(byHand.status).toBe(409);
  expect(byHand.body.code).toBe('invalid_transition');

  // a refund of one unit: received (the shop owes it), then refunded (paid falls, nothing due)
  const refund = await askReturn(t, shopper, {
    cartOrderId: id,
    returnType: 'REFUND',
    returnCartOrderProduct: [{ cartOrderProductId: lineId, productQuantity: 1 }],
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  const refundId = refund.body.singleReturnCartOrder.id as number;
  const refundTotal = refund.body.singleReturnCartOrder.totalAmount as number;
  o = await returnMove(id, refundId, 'RECEIVED');
  expect(o).toMatchObject({ orderStatus: 'DELIVERED', paidAmount: total, returnAmount: refundTotal, dueAmount: -refundTotal });
  expect(o.profit).toBeLessThan(profitPlaced);
  o = await returnMove(id, refundId, 'REFUNDED');
  expect(o.paidAmount).toBeCloseTo(total - refundTotal, 2);
  expect(o.dueAmount).toBe(0);

  // the other three back for a replacement: the order becomes RETURNED; the resend keeps the coupon's share on it
  const swap = await askReturn(t, shopper, {
    cartOrderId: id,
    returnType: 'PRODUCT',
    returnCartOrderProduct: [{ cartOrderProductId: lineId, productQuantity: 3 }],
  });
  expect(swap.status, JSON.stringify(swap.body)).toBe(201);
  const swapId = swap.body.singleReturnCartOrder.id as number;
  o = await returnMove(id, swapId, 'RECEIVED');
  expect(o.orderStatus).toBe('RETURNED');
  const history = await t.call('GET', `/v1/cart-order/${id}`, { token: owner });
  expect(history.body.singleCartOrder.history.map((h: { orderStatus: string }) => h.orderStatus)).toEqual([
    'PENDING',
    'RECEIVED',
    'SHIPPED',
    'DELIVERED',
    'RETURNED',
  ]);
  o = await returnMove(id, swapId, 'RESEND');
  const credit = -o.dueAmount;
  // the shopper is owed what the three units were paid: their goods with VAT less their share of the coupon
  // (the share goes with the goods to the replacement, so the coupon stays used)
  expect(credit).toBeCloseTo(swap.body.singleReturnCartOrder.totalAmount as number, 2);
  expect(credit).toBeLessThan(3 * 13.2);

  // the replacement: paid by the credit, the returned order owes nothing more
  const re = await t.call('POST', '/v1/cart-order/reOrder', { token: owner, body: { cartOrderId: id, returnCartOrderId: swapId } });
  expect(re.status, JSON.stringify(re.body)).toBe(201);
  const replacementId = re.body.createdCartOrder.id as number;
  o = await figures(id);
  expect(o.dueAmount).toBe(0);
  const replacement = await figures(replacementId);
  expect(replacement).toMatchObject({ orderStatus: 'PENDING', totalAmount: credit, paidAmount: credit, dueAmount: 0, returnAmount: 0 });
  const returnDetail = await t.call('GET', `/v1/return-cart-order/${swapId}`, { token: owner });
  expect(returnDetail.body.singleReturnCartOrder).toMatchObject({ returnCartOrderStatus: 'RESENDED', resendCartOrderId: replacementId });

  // the replacement cancelled: its stock back, its postings reversed, its figures all zero
  const cancelled = await move(replacementId, 'CANCELLED');
  expect(cancelled).toMatchObject({ paidAmount: 0, dueAmount: 0, returnAmount: 0, profit: 0 });
});

test('cash on delivery: a new delivery fee at RECEIVED, the money taken at delivery, another order cancelled', async () => {
  const p = await shopProduct(t, 10);
  const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
  const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.createdCartOrder.id as number;
  let o = await figures(id);
  expect(o).toMatchObject({ totalAmount: 2 * 13.2 + 5, dueAmount: 2 * 13.2 + 5, paidAmount: 0 });
  // delivery income is no profit: a new fee moves the total and the due, not the profit
  o = await move(id, 'RECEIVED', { deliveryFee: 8 });
  expect(o).toMatchObject({ totalAmount: 2 * 13.2 + 8, dueAmount: 2 * 13.2 + 8, paidAmount: 0 });
  await move(id, 'SHIPPED');
  o = await move(id, 'DELIVERED');
  expect(o).toMatchObject({ paidAmount: 2 * 13.2 + 8, dueAmount: 0 });

  const cart = await t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct: [{ productId: p.id, productQuantity: 1 }] } });
  expect(cart.status, JSON.stringify(cart.body)).toBe(201);
  const other = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
  expect(other.status, JSON.stringify(other.body)).toBe(201);
  const otherId = other.body.createdCartOrder.id as number;
  await move(otherId, 'RECEIVED');
  o = await move(otherId, 'CANCELLED');
  expect(o).toMatchObject({ paidAmount: 0, dueAmount: 0, returnAmount: 0, profit: 0 });
});

test("a move whose order's postings do not total the order's total fails, and changes nothing", async () => {
  const p = await shopProduct(t, 10);
  const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
  const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.createdCartOrder.id as number;
  // the order's total no longer what its postings hold: the keep after the move refuses it
  await rows(t, sql`update cart_order set total_amount = total_amount + 1 where id = ${id}`);
  const moved = await moveOrder(t, owner, { invoiceId: id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId });
  expect(moved.status).toBe(500);
  await rows(t, sql`update cart_order set total_amount = total_amount - 1 where id = ${id}`);
  const o = await figures(id);
  expect(o.orderStatus).toBe('PENDING');
  expect((await moveOrder(t, owner, { invoiceId: id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId })).status).toBe(200);
});
