import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Shopper } from './customer-fixtures.ts';
import { makeProduct } from './factories.ts';
import type { TestApp } from './harness.ts';
import { tenPercentVat } from './sale-fixtures.ts';
import { type CheckoutSetup, checkout, moveOrder, rows, shopperWithCart } from './shop-fixtures.ts';

let counter = 0;

/** A coupon through the API, valid for years. */
export async function newCoupon(t: TestApp, owner: string, body: Record<string, unknown>) {
  const answer = await t.call('POST', '/v1/coupon', {
    token: owner,
    body: { couponCode: `RET${process.pid}X${counter++}`, startDate: '2020-01-01', endDate: '2099-12-31', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: number; couponCode: string };
}

/** A product sold at 12.00 + 10 % VAT with a flat catalogue discount of 1.00 a unit (12.10 a unit), 10 on hand at cost 5.00. */
export async function flatDiscountProduct(t: TestApp, owner: string) {
  const discount = await t.call('POST', '/v1/discount', {
    token: owner,
    body: { name: `Flat one ${process.pid}-${counter++}`, type: 'flat', value: 1, startDate: '2020-01-01', endDate: '2099-12-31' },
  });
  expect(discount.status, JSON.stringify(discount.body)).toBe(201);
  return makeProduct(t, {
    productQuantity: 10,
    productPurchasePrice: 5,
    productSalePrice: 12,
    productVatId: await tenPercentVat(t),
    discountId: discount.body.id,
  });
}

/** A shopper's order of these lines (cash on delivery, optionally with a coupon) taken to DELIVERED by staff. */
export async function deliveredOrder(
  t: TestApp,
  owner: string,
  setup: CheckoutSetup,
  lines: { productId: number; productQuantity: number }[],
  options: { couponCode?: string; shopper?: Shopper; deliver?: boolean } = {},
) {
  const shopper = options.shopper ?? (await shopperWithCart(t, lines));
  if (options.shopper) {
    const cart = await t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct: lines } });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
  }
  const placed = await checkout(t, shopper, {
    deliveryFeeId: setup.feeId,
    paymentMethodId: setup.cod,
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.createdCartOrder;
  if (options.deliver !== false) {
    for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED']) {
      const moved = await moveOrder(t, owner, { invoiceId: order.id, orderStatus, courierMediumId: setup.courierId });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  }
  return { shopper, order: order as { id: number; cartOrderProduct: { id: number; productId: number }[]; date: string } };
}

export const askReturn = (t: TestApp, shopper: Pick<Shopper, 'token'>, body: unknown, key?: string) =>
  t.call('POST', '/v1/return-cart-order', { token: shopper.token, body, headers: key ? { 'idempotency-key': key } : {} });

export const moveReturn = (t: TestApp, token: string, id: number, returnCartOrderStatus: string) =>
  t.call('PATCH', `/v1/return-cart-order/${id}`, { token, body: { returnCartOrderStatus } });

/** The ledger entries of an order's returns: [debit account, credit account, amount], in the order posted. */
export async function returnPostingsOf(t: TestApp, orderId: number) {
  const entries = await rows(
    t,
    sql`select d.name as debit, c.name as credit, t.amount from "transaction" t join sub_account d on d.id = t.debit_id
      join sub_account c on c.id = t.credit_id where t.type = 'orderReturn' and t.related_id = ${String(orderId)} order by t.id`,
  );
  return entries.map((e) => [e.debit, e.credit, Number(e.amount)]);
}

/** The order as staff read it. */
export async function orderOf(t: TestApp, owner: string, orderId: number) {
  const answer = await t.call('GET', `/v1/cart-order/${orderId}`, { token: owner });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
