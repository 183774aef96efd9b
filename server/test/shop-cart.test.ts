import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { register } from './customer-fixtures.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { rows, shopProduct } from './shop-fixtures.ts';

/** The shopper's server cart (reference 3.15): one per shopper, merged lines, stock-checked, priced today. */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

async function attributeValues() {
  const attribute = await t.call('POST', '/v1/product-attribute', { token: owner, body: { name: `Size ${Date.now()}` } });
  const value = async (name: string) =>
    (await t.call('POST', '/v1/product-attribute-value', { token: owner, body: { productAttributeId: attribute.body.id, name } })).body
      .id as number;
  return { small: await value('S'), red: await value('Red-ish') };
}

const colour = async (name: string) =>
  (await t.call('POST', '/v1/product-color', { token: owner, body: { name: `${name} ${Date.now()}`, colorCode: '#aa0000' } })).body
    .id as number;

describe('adding', () => {
  test('lines merge on product, colour and the set of attribute values in any order; stock bounds the units', async () => {
    const p = await shopProduct(t, 5);
    const shopper = await register(t, 'cart');
    const { small, red } = await attributeValues();
    const blue = await colour('Blue');
    const add = (body: unknown) => t.call('POST', '/v1/cart', { token: shopper.token, body });
    const first = await add({ productId: p.id, productQuantity: 1, colorId: blue, productAttributeValueId: [small, red] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('success');
    const again = await add({
      cartProduct: [{ productId: p.id, productQuantity: 2, colorId: blue, productAttributeValueId: [red, small] }],
    });
    expect(again.body.cart.cartProducts).toHaveLength(1);
    expect(again.body.cart.cartProducts[0]).toMatchObject({
      productQuantity: 3,
      colorId: blue,
      unitPrice: 13.2,
      lineTotal: 39.6,
      priceChanged: 'false',
      stockShort: 'false',
      colors: { id: blue },
    });
    expect(
      again.body.cart.cartProducts[0].cartAttributeValue.map((v: { productAttributeValueId: number }) => v.productAttributeValueId),
    ).toEqual([small, red].sort((a, b) => a - b));
    // no colour is another line
    const plain = await add({ productId: p.id, productQuantity: 1 });
    expect(plain.body.cart.cartProducts).toHaveLength(2);
    // each add's answer is the cart as a read of it answers (the merged line's and the new one's names, prices, dates)
    const read = async () => (await t.call('GET', `/v1/cart/${plain.body.cart.id}`, { token: shopper.token })).body.cart;
    expect(plain.body.cart).toEqual(await read());
    const merged = await add({ productId: p.id, productQuantity: 1, colorId: blue, productAttributeValueId: [small, red] });
    expect(merged.body.cart).toEqual(await read());
    expect(merged.body.cart.totalAmount).toBe(66);
    // 5 in the cart, 5 in stock: 1 more is one too many, and nothing is added
    const tooMany = await add({ productId: p.id, productQuantity: 1 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('insufficient_stock');
    expect(tooMany.body.error).toContain(p.name);
    const cart = await t.call('GET', `/v1/cart/customer/${shopper.id}`, { token: shopper.token });
    expect(cart.body.cart.cartProducts.map((l: { productQuantity: number }) => l.productQuantity)).toEqual([4, 1]);
  });

  test('refusals name the field: a product not for sale, an unknown colour or attribute value, a bad quantity', async () => {
    const p = await shopProduct(t, 5);
    const hidden = await makeProduct(t, { productQuantity: 5, status: false });
    const shopper = await register(t, 'cartbad');
    const add = (body: unknown) => t.call('POST', '/v1/cart', { token: shopper.token, body });
    expect((await add({ productId: hidden.id, productQuantity: 1 })).body.fields).toHaveProperty(['cartProduct.0.productId']);
    expect((await add({ productId: p.id, productQuantity: 1, colorId: 999999 })).body.fields).toHaveProperty(['cartProduct.0.colorId']);
    expect((await add({ productId: p.id, productQuantity: 1, productAttributeValueId: [999999] })).body.fields).toHaveProperty([
      'cartProduct.0.productAttributeValueId',
    ]);
    const zero = await add({ productId: p.id, productQuantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatch(/quantity/i);
    // a cart is only ever the caller's own
    const other = await register(t, 'cartother');
    expect((await add({ customerId: other.id, cartProduct: [{ productId: p.id, productQuantity: 1 }] })).status).toBe(403);
    // staff have no cart
    expect((await t.call('POST', '/v1/cart', { token: owner, body: { productId: p.id, productQuantity: 1 } })).status).toBe(403);
  });
});

describe('changing', () => {
  test('up by one against stock, down by one, a line at 0 goes and an empty cart goes', async () => {
    const p = await shopProduct(t, 2);
    const shopper = await register(t, 'cartchange');
    const added = await t.call('POST', '/v1/cart', { token: shopper.token, body: { productId: p.id, productQuantity: 1 } });
    const cart = added.body.cart;
    const line = cart.cartProducts[0].id;
    const change = (type: string) =>
      t.call('PUT', `/v1/cart/cart-product/${cart.id}`, { token: shopper.token, body: { cartProductId: line, type } });
    const up = await change('increment');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ message: 'Cart Updated Successfully', cart: { cartProducts: [{ productQuantity: 2 }] } });
    // the change's answer is the cart as a read of it answers
    expect(up.body.cart).toEqual((await t.call('GET', `/v1/cart/${cart.id}`, { token: shopper.token })).body.cart);
    expect((await change('increment')).status).toBe(409);
    expect((await change('decrement')).body.cart.cartProducts[0].productQuantity).toBe(1);
    const gone = await change('decrement');
    expect(gone.body).toEqual({ message: 'Item removed from cart', cart: null });
    expect(await rows(t, sql`select id from cart where id = ${cart.id}`)).toEqual([]);
  });

  test('the cart tells a price or stock change since the line was added; PATCH status false empties it', async () => {
    const p = await shopProduct(t, 3);
    const shopper = await register(t, 'cartprice');
    const added = await t.call('POST', '/v1/cart', { token: shopper.token, body: { productId: p.id, productQuantity: 3 } });
    await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productSalePrice: 20 } });
    await t.database.db.execute(sql`update product set product_quantity = 2 where id = ${p.id}`);
    await t.database.db.execute(
      sql`insert into stock_movement (product_id, quantity, reason, unit_cost) values (${p.id}, -1, 'adjustment', 5)`,
    );
    await t.database.db.execute(
      sql`insert into "transaction" (date, debit_id, credit_id, amount, particulars, type) select current_date,
        (select id from sub_account where system_key = 'stockAdjustment'), (select id from sub_account where system_key = 'inventory'), 5, 'test', 'adjustment'`,
    );
    const cart = await t.call('GET', `/v1/cart/${added.body.cart.id}`, { token: shopper.token });
    expect(cart.body.cart.cartProducts[0]).toMatchObject({ addedPrice: 13.2, unitPrice: 22, priceChanged: 'true', stockShort: 'true' });
    const emptied = await t.call('PATCH', `/v1/cart/${added.body.cart.id}`, { token: shopper.token, body: { status: 'false' } });
    expect(emptied.body).toEqual({ message: 'Cart delete Successfully', cart: null });
  });
});

describe('ownership', () => {
  test("another shopper's cart is not found, whatever the path", async () => {
    const p = await shopProduct(t, 3);
    const alice = await register(t, 'alice');
    const bob = await register(t, 'bob');
    const cart = (await t.call('POST', '/v1/cart', { token: alice.token, body: { productId: p.id, productQuantity: 1 } })).body.cart;
    expect((await t.call('GET', `/v1/cart/${cart.id}`, { token: bob.token })).status).toBe(404);
    expect((await t.call('GET', `/v1/cart/customer/${alice.id}`, { token: bob.token })).status).toBe(404);
    const put = await t.call('PUT', `/v1/cart/cart-product/${cart.id}`, {
      token: bob.token,
      body: { cartProductId: cart.cartProducts[0].id, type: 'increment' },
    });
    expect(put.status).toBe(404);
    expect((await t.call('PATCH', `/v1/cart/${cart.id}`, { token: bob.token, body: { status: 'false' } })).status).toBe(404);
    const still = await t.call('GET', `/v1/cart/${cart.id}`, { token: alice.token });
    expect(still.body.cart.cartProducts[0].productQuantity).toBe(1);
  });
});
