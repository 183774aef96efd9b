import { toCents } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { customer } from '../src/schema/index.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { tenPercentVat } from './sale-fixtures.ts';
import { type CheckoutSetup, checkout, checkoutSetup, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/**
 * A web order's invoice from the server: its bill (goods at full price with VAT, discount, coupon,
 * delivery, total, VAT included) adds up, and it names the shopper, by the name asked at the first
 * checkout; the next checkout is offered the last order's address and phone.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 4);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const cod = () => ({ deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
const adds = (b: { goods: number; discount: number; coupon: number; deliveryFee: number; total: number }) =>
  toCents(b.goods) - toCents(b.discount) - toCents(b.coupon) + toCents(b.deliveryFee);

describe("a web order's invoice", () => {
  test('goods at full price with VAT − catalogue discount − coupon + delivery = the total, to the cent, on staff and shopper answers', async () => {
    const flat = await t.call('POST', '/v1/discount', {
      token: owner,
      body: { name: `Flat ${Date.now()}`, type: 'flat', value: 2, startDate: day(-1), endDate: day(1) },
    });
    expect(flat.status, JSON.stringify(flat.body)).toBe(201);
    // 2 × 12.00 + 10 % = 26.40; and 1 × 20.00 + 10 % = 22.00, 2.00 off before VAT: 18.00 + 1.80 = 19.80
    const plain = await shopProduct(t);
    const reduced = await makeProduct(t, {
      productQuantity: 5,
      productPurchasePrice: 8,
      productSalePrice: 20,
      productVatId: await tenPercentVat(t),
      discountId: flat.body.id,
    });
    const code = `INV${process.pid}${Date.now().toString(36)}`.toUpperCase();
    const coupon = await t.call('POST', '/v1/coupon', {
      token: owner,
      body: { couponCode: code, type: 'flat', value: 5, startDate: day(-1), endDate: day(5) },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const shopper = await shopperWithCart(t, [
      { productId: plain.id, productQuantity: 2 },
      { productId: reduced.id, productQuantity: 1 },
    ]);
    const placed = await checkout(t, shopper, { ...cod(), couponCode: code, deliveryAddress: '9 Mill Lane\nYork', customerPhone: '+44 1' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.createdCartOrder.id as number;

    const staff = await t.call('GET', `/v1/cart-order/${id}`, { token: owner });
    expect(staff.status).toBe(200);
    const order = staff.body.singleCartOrder;
    // 26.40 + 22.00 = 48.40 at full price; 2.20 off (2.00 + its VAT); coupon 5.00; delivery 4.00; 45.20 to pay
    expect(staff.body.bill).toMatchObject({ goods: 48.4, discount: 2.2, coupon: 5, deliveryFee: 4, total: 45.2 });
    expect(adds(staff.body.bill)).toBe(toCents(staff.body.bill.total));
    expect(staff.body.bill.total).toBe(order.totalAmount);
    expect(staff.body.bill.vatIncluded).toBe(order.totalVatAmount);
    // the username is not a name: the shopper gave none, so the invoice falls back to it
    expect(staff.body.billTo).toEqual({ name: shopper.username, address: '9 Mill Lane\nYork' });

    const own = await t.call('GET', `/v1/cart-order/${id}`, { token: shopper.token });
    expect(own.status).toBe(200);
    expect(own.body.bill).toEqual(staff.body.bill);
    expect(own.body.billTo).toEqual(staff.body.billTo);
  });
});

describe("the shopper's name and last delivery at checkout", () => {
  test('a first checkout gives the name, kept on the account, and the invoice names the person', async () => {
    const p = await shopProduct(t);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    const bad = await checkout(t, shopper, { ...cod(), firstName: 'Ann\u0000', lastName: 'Lee' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('firstName');
    const placed = await checkout(t, shopper, { ...cod(), firstName: '  Ann ', lastName: 'Lee' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [row] = await t.database.db
      .select({ firstName: customer.firstName, lastName: customer.lastName })
      .from(customer)
      .where(eq(customer.id, shopper.id));
    expect(row).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    const detail = await t.call('GET', `/v1/cart-order/${placed.body.createdCartOrder.id}`, { token: owner });
    expect(detail.body.billTo.name).toBe('Ann Lee');
    const profile = await t.call('GET', '/v1/customer/profile', { token: shopper.token });
    expect(profile.body).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  test("the profile answers the last order's delivery address and phone (null before the first order); only the shopper's own", async () => {
    const p = await shopProduct(t);
    const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    const before = await t.call('GET', '/v1/customer/profile', { token: shopper.token });
    expect(before.status).toBe(200);
    expect(before.body.lastDelivery).toBeNull();
    const first = await checkout(t, shopper, { ...cod(), deliveryAddress: '1 Old Road', customerPhone: '+44 100' });
    expect(first.status).toBe(201);
    await t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct: [{ productId: p.id, productQuantity: 1 }] } });
    const second = await checkout(t, shopper, { ...cod(), deliveryAddress: '2 New Street\nBath', customerPhone: '+44 200' });
    expect(second.status).toBe(201);
    // another shopper's newer order is not this shopper's last address
    const other = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
    expect((await checkout(t, other, { ...cod(), deliveryAddress: 'Elsewhere', customerPhone: '+1 999' })).status).toBe(201);
    const after = await t.call('GET', '/v1/customer/profile', { token: shopper.token });
    expect(after.body.lastDelivery).toEqual({ deliveryAddress: '2 New Street\nBath', customerPhone: '+44 200' });
  });
});
