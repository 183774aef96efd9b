import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { type CheckoutSetup, checkout, checkoutSetup, rows, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/** Checkout's refusals, coupons and the idempotency key: nothing is half-written, nothing is sold twice. */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 4);
});

const today = () => new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const orders = async () => Number((await rows(t, sql`select count(*)::int as n from cart_order`))[0].n);
const newCoupon = async (body: Record<string, unknown>) => {
  const code = `C${process.pid}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
  const answer = await t.call('POST', '/v1/coupon', {
    token: owner,
    body: { couponCode: code, startDate: day(-1), endDate: day(5), ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return code;
};

describe('refusals', () => {
  test('short stock is a 409 naming the product, and nothing is written, whatever the till may do', async () => {
    await t.call('POST', '/v1/setting', { token: owner, body: { allowNegativeStock: 'true' } });
    const p = await shopProduct(t, 2);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
    // the stock goes meanwhile (a till sale)
    await t.database.db.execute(sql`update product set product_quantity = 1 where id = ${p.id}`);
    await t.database.db.execute(
      sql`insert into stock_movement (product_id, quantity, reason, unit_cost) values (${p.id}, -1, 'adjustment', 5)`,
    );
    await t.database.db.execute(sql`insert into "transaction" (date, debit_id, credit_id, amount, particulars, type) select current_date,
      (select id from sub_account where system_key = 'stockAdjustment'), (select id from sub_account where system_key = 'inventory'), 5, 'test', 'adjustment'`);
    const before = await orders();
    const answer = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('insufficient_stock');
    expect(answer.body.error).toContain(p.name);
    expect(await orders()).toBe(before);
    expect((await readProduct(t, p.id)).productQuantity).toBe(1);
    const cart = await t.call('GET', `/v1/cart/customer/${shopper.id}`, { token: shopper.token });
    expect(cart.body.cart.cartProducts[0].productQuantity).toBe(2);
    await t.call('POST', '/v1/setting', { token: owner, body: { allowNegativeStock: 'false' } });
  });

  test('an empty cart, a delivery area or method not offered, and a method the till only takes', async () => {
    const p = await shopProduct(t, 5);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    const hiddenFee = (
      await t.call('POST', '/v1/delivery-fee', { token: owner, body: { deliveryArea: `Gone ${Date.now()}`, deliveryFee: 1 } })
    ).body.id;
    await t.call('PATCH', `/v1/delivery-fee/${hiddenFee}`, { token: owner, body: { status: 'false' } });
    const fee = await checkout(t, shopper, { deliveryFeeId: hiddenFee, paymentMethodId: setup.cod });
    expect(fee.status).toBe(400);
    expect(fee.body.error).toBe('Delivery area is not a delivery area we deliver to');
    const offline = (
      await t.call('POST', '/v1/payment-method', {
        token: owner,
        body: { methodName: `Till only ${Date.now()}`, subAccountId: 1, isActive: 'false' },
      })
    ).body.id;
    const method = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: offline });
    expect(method.body.fields).toEqual({ paymentMethodId: 'is not offered at checkout' });
    const missing = await checkout(t, shopper, { paymentMethodId: setup.cod });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('deliveryFeeId');
    const other = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    expect((await checkout(t, other, { customerId: shopper.id, deliveryFeeId: setup.feeId, paymentMethodId: setup.cod })).status).toBe(403);
    expect((await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod })).status).toBe(201);
    const empty = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Your cart is empty');
  });

  test("the spec's other path, e-commerce/orders/create-order, places the same order", async () => {
    const p = await shopProduct(t, 5);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
    const placed = await t.call('POST', '/v1/e-commerce/orders/create-order', {
      token: shopper.token,
      body: { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.createdCartOrder).toMatchObject({ productAmount: 26.4, deliveryFee: 4, totalAmount: 30.4, orderStatus: 'PENDING' });
    expect((await readProduct(t, p.id)).productQuantity).toBe(3);
  });

  test('the checkout lists: active delivery areas and the methods offered at checkout, without their ledger account', async () => {
    const fees = await t.call('GET', '/v1/delivery-fee/public');
    expect(fees.status).toBe(200);
    expect(fees.body.getAllDeliveryFee.map((f: { id: number }) => f.id)).toContain(setup.feeId);
    const methods = await t.call('GET', '/v1/payment-method/public');
    const cod = methods.body.getAllPaymentMethod.find((m: { id: number }) => m.id === setup.cod);
    expect(cod).toMatchObject({ isCod: 'true' });
    expect(cod).not.toHaveProperty('subAccountId');
    expect(methods.body.getAllPaymentMethod.every((m: { isActive?: string }) => m.isActive === undefined)).toBe(true);
  });
});

describe('the quote', () => {
  test('answers what the checkout then charges, worked out by the same code; refusals name the field', async () => {
    const p = await shopProduct(t, 20);
    const code = await newCoupon({ type: 'percentage', value: 10 });
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 3 }]);
    const quote = (body: object) => t.call('POST', '/v1/cart-order/quote', { token: shopper.token, body });
    // the goods alone before a delivery area is chosen
    const bare = await quote({});
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body).toEqual({
      productAmount: 39.6,
      couponCode: null,
      couponAmount: 0,
      deliveryFee: 0,
      totalVatAmount: 3.6,
      totalAmount: 39.6,
    });
    // 3 × 13.20 − 10 % (3.96) + 4.00; the VAT is what is in the 35.64 paid for the goods
    const full = await quote({ deliveryFeeId: setup.feeId, couponCode: code.toLowerCase() });
    expect(full.body).toEqual({
      productAmount: 39.6,
      couponCode: code,
      couponAmount: 3.96,
      deliveryFee: 4,
      totalVatAmount: 3.24,
      totalAmount: 39.64,
    });
    expect((await quote({ couponCode: 'NO-SUCH-CODE' })).body.fields).toEqual({ couponCode: 'does not exist' });
    const area = await quote({ deliveryFeeId: 999999 });
    expect(area.status).toBe(400);
    expect(area.body.fields).toHaveProperty('deliveryFeeId');
    const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, couponCode: code });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { productAmount, couponAmount, deliveryFee, totalVatAmount, totalAmount } = placed.body.createdCartOrder;
    expect({ productAmount, couponCode: code, couponAmount, deliveryFee, totalVatAmount, totalAmount }).toEqual(full.body);
    // the cart is gone with the order: nothing to pay
    expect((await quote({})).body).toMatchObject({ productAmount: 0, totalAmount: 0 });
    expect((await t.call('POST', '/v1/cart-order/quote', { body: {} })).status).toBe(401);
  });
});

describe('coupons', () => {
  test('each refusal says why: not started, expired, below the minimum, used up, used by this shopper', async () => {
    const p = await shopProduct(t, 20);
    const place = async (couponCode: string) => {
      const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
      return checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, couponCode });
    };
    const later = await newCoupon({ type: 'flat', value: 1, startDate: day(2) });
    expect((await place(later)).body.error).toBe(`Coupon ${later} starts on ${day(2)}`);
    const old = await newCoupon({ type: 'flat', value: 1, startDate: day(-10), endDate: day(-1) });
    expect((await place(old)).body.error).toBe(`Coupon ${old} expired on ${day(-1)}`);
    const big = await newCoupon({ type: 'flat', value: 1, minimumOrder: 100 });
    expect((await place(big)).body.error).toBe(`Coupon ${big} needs an order of at least 100.00`);
    const once = await newCoupon({ type: 'flat', value: 2, maxUses: 1 });
    const first = await place(once);
    expect(first.status).toBe(201);
    expect(first.body.createdCartOrder).toMatchObject({ couponAmount: 2, totalAmount: 13.2 - 2 + 4 });
    expect((await place(once)).body.error).toBe(`Coupon ${once} has been used up`);
    const perShopper = await newCoupon({ type: 'percentage', value: 50, maxUsesPerCustomer: 1 });
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    expect((await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, couponCode: perShopper })).status).toBe(
      201,
    );
    await t.call('POST', '/v1/cart', { token: shopper.token, body: { productId: p.id, productQuantity: 1 } });
    const again = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, couponCode: perShopper });
    expect(again.body.error).toBe(`You have already used coupon ${perShopper} once`);
    expect((await place('NO-SUCH-CODE')).body.fields).toEqual({ couponCode: 'does not exist' });
  });

  test('the public check tells the amount off, or why not; a percentage over 100 is refused', async () => {
    const code = await newCoupon({ type: 'percentage', value: 10, minimumOrder: 20 });
    const ok = await t.call('GET', `/v1/coupon/valid/${code.toLowerCase()}`, { query: { amount: '50' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ couponCode: code, type: 'percentage', value: 10, couponAmount: 5 });
    const small = await t.call('GET', `/v1/coupon/valid/${code}`, { query: { amount: '10' } });
    expect(small.status).toBe(400);
    expect(small.body.error).toBe(`Coupon ${code} needs an order of at least 20.00`);
    expect((await t.call('GET', '/v1/coupon/valid/NOPE')).status).toBe(404);
    const tooMuch = await t.call('POST', '/v1/coupon', {
      token: owner,
      body: { couponCode: `X${Date.now()}`, type: 'percentage', value: 150, startDate: today(), endDate: today() },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({ value: 'must be at most 100 for a percentage' });
  });
});

describe('the idempotency key', () => {
  test('the same checkout sent twice, and five times at once, with one key makes one order', async () => {
    const p = await shopProduct(t, 10);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
    const body = { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod };
    const first = await checkout(t, shopper, body, 'key-1');
    const second = await checkout(t, shopper, body, 'key-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.createdCartOrder.id).toBe(first.body.createdCartOrder.id);
    expect(second.body.message).toBe('Order already placed');
    expect((await readProduct(t, p.id)).productQuantity).toBe(8);

    await t.call('POST', '/v1/cart', { token: shopper.token, body: { productId: p.id, productQuantity: 1 } });
    const burst = await Promise.all(Array.from({ length: 5 }, () => checkout(t, shopper, body, 'key-2')));
    expect(burst.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((a) => a.body.createdCartOrder.id)).size).toBe(1);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
    const mine = await t.call('GET', '/v1/cart-order', { token: shopper.token });
    expect(mine.body.totalCartOrder).toBe(2);
  });
});
