import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { askReturn, moveReturn } from './return-fixtures.ts';
import { paymentMethods, rows, tenPercentVat } from './sale-fixtures.ts';
import { type CheckoutSetup, checkout, checkoutSetup, moveOrder } from './shop-fixtures.ts';

/**
 * Variants on the web (issue 32): a T-shirt of 3 sizes × 4 colours (12 variants); a cart line's colour and size
 * name the variant, "out of stock" is per variant, the order takes the variant's stock at its cost and its return
 * brings it back; and 100 checkouts race the till for the last 5 medium reds: exactly 5 leave.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;
let cash: number;
let supplierId: number;
const colour: Record<string, number> = {};
const size: Record<string, number> = {};

const made = async (path: string, body: Record<string, unknown>) => {
  const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
};
const stockOf = async (variantId: number) =>
  Number((await rows(t, sql`select product_quantity from product_variant where id = ${variantId}`))[0].product_quantity);

/** A T-shirt in every colour and size, and its variants by colour and size. */
async function tShirt() {
  const shirt = await makeProduct(t, { productQuantity: 0, productSalePrice: 10, productVatId: await tenPercentVat(t) });
  const answer = await t.call('POST', '/v1/product-variant/matrix', {
    token: owner,
    body: { productId: shirt.id, colorId: Object.values(colour), productAttributeValueId: [[size.S, size.M, size.L]] },
  });
  expect(answer.body.totalProductVariant).toBe(12);
  const variants = answer.body.getAllProductVariant as { id: number; colorId: number; productAttributeValueId: number[] }[];
  const of = (c: string, s: string) => variants.find((v) => v.colorId === colour[c] && v.productAttributeValueId[0] === size[s])!.id;
  return { shirt, of };
}

const buy = (productId: number, productVariantId: number, productQuantity: number, cost: number) =>
  t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      purchaseInvoiceProduct: [{ productId, productVariantId, productQuantity, productUnitPurchasePrice: cost, tax: 0 }],
    },
  });

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
  cash = (await paymentMethods(t, owner)).cash;
  supplierId = await makeSupplier(t, owner);
  for (const name of ['Red', 'Blue', 'Green', 'Black'])
    colour[name] = await made('product-color', { name: `${name} ${Date.now()}`, colorCode: '#123456' });
  const sizeId = await made('product-attribute', { name: `Shirt size ${Date.now()}` });
  for (const name of ['S', 'M', 'L', 'XL']) size[name] = await made('product-attribute-value', { productAttributeId: sizeId, name });
});

describe('a web order of a variant', () => {
  test('the colour and size name the variant; sold-out and unsold combinations are refused naming them', async () => {
    const { shirt, of } = await tShirt();
    expect((await buy(shirt.id, of('Red', 'M'), 4, 3)).status).toBe(201);
    const shopper = await t.customerToken();
    const add = (colorId: number, valueId: number, productQuantity = 1) =>
      t.call('POST', '/v1/cart', {
        token: shopper.token,
        body: { cartProduct: [{ productId: shirt.id, productQuantity, colorId, productAttributeValueId: [valueId] }] },
      });
    const soldOut = await add(colour.Blue!, size.M!);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error).toMatch(/out of stock/);
    const unsold = await add(colour.Red!, size.XL!);
    expect(unsold.status).toBe(400);
    expect(JSON.stringify(unsold.body.fields)).toContain('cartProduct.0.productVariantId');
    const tooMany = await add(colour.Red!, size.M!, 5);
    expect(tooMany.status).toBe(409);

    const added = await add(colour.Red!, size.M!, 3);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.cart.cartProducts[0]).toMatchObject({ productVariantId: of('Red', 'M'), productQuantity: 3, unitPrice: 11 });

    const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.createdCartOrder;
    expect(await stockOf(of('Red', 'M'))).toBe(1);
    const [line] = await rows(t, sql`select product_variant_id, unit_cost::text from cart_order_product where invoice_id = ${order.id}`);
    expect(line).toMatchObject({ product_variant_id: of('Red', 'M'), unit_cost: '3.00' });

    for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED'])
      expect((await moveOrder(t, owner, { invoiceId: order.id, orderStatus, courierMediumId: setup.courierId })).status).toBe(200);
    const asked = await askReturn(t, shopper, {
      cartOrderId: order.id,
      returnType: 'REFUND',
      note: 'Too small',
      returnCartOrderProduct: [{ cartOrderProductId: order.cartOrderProduct[0].id, productQuantity: 2 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.singleReturnCartOrder.id;
    expect((await moveReturn(t, owner, id, 'RECEIVED')).status).toBe(200);
    expect(await stockOf(of('Red', 'M'))).toBe(3);
  });
});

describe('a cart of variants', () => {
  test('two variants of one product in one add are two lines, each at its own stock; the add answers the cart as read', async () => {
    const { shirt, of } = await tShirt();
    expect((await buy(shirt.id, of('Red', 'M'), 4, 3)).status).toBe(201);
    expect((await buy(shirt.id, of('Blue', 'S'), 2, 3)).status).toBe(201);
    const shopper = await t.customerToken();
    const line = (c: string, s: string, productQuantity: number) => ({
      productId: shirt.id,
      productQuantity,
      colorId: colour[c],
      productAttributeValueId: [size[s]],
    });
    const add = (...cartProduct: ReturnType<typeof line>[]) => t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct } });
    const first = await add(line('Red', 'M', 1), line('Blue', 'S', 2));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const read = async () => (await t.call('GET', `/v1/cart/${first.body.cart.id}`, { token: shopper.token })).body.cart;
    expect(first.body.cart).toEqual(await read());
    expect(first.body.cart.cartProducts).toMatchObject([
      { productVariantId: of('Red', 'M'), productQuantity: 1, product: { productQuantity: 4 }, colors: { id: colour.Red } },
      { productVariantId: of('Blue', 'S'), productQuantity: 2, product: { productQuantity: 2 }, colors: { id: colour.Blue } },
    ]);
    const again = await add(line('Red', 'M', 2));
    expect(again.body.cart).toEqual(await read());
    expect(again.body.cart.cartProducts.map((l: { productQuantity: number }) => l.productQuantity)).toEqual([3, 2]);
  });
});

describe('the last five medium reds', () => {
  test('100 checkouts race the till for them: exactly 5 leave, and the stock ends at zero', async () => {
    const { shirt, of } = await tShirt();
    const redM = of('Red', 'M');
    expect((await buy(shirt.id, redM, 5, 3)).status).toBe(201);
    const line = { productId: shirt.id, productQuantity: 1, colorId: colour.Red, productAttributeValueId: [size.M] };
    const shoppers = [];
    for (let i = 0; i < 100; i++) {
      const shopper = await t.customerToken();
      const cart = await t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct: [line] } });
      expect(cart.status, JSON.stringify(cart.body)).toBe(201);
      shoppers.push(shopper);
    }
    const sale = () =>
      t.call('POST', '/v1/sale-invoice', {
        token: owner,
        body: {
          saleInvoiceProduct: [{ productId: shirt.id, productVariantId: redM, productQuantity: 1 }],
          paidAmount: [{ paymentType: cash, amount: 11 }],
        },
      });
    const answers = await Promise.all([
      ...shoppers.map((s) => checkout(t, s, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod })),
      ...Array.from({ length: 10 }, sale),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await stockOf(redM)).toBe(0);
    const [left] = await rows(
      t,
      sql`select -coalesce(sum(quantity), 0)::int as units from stock_movement where product_variant_id = ${redM} and quantity < 0`,
    );
    expect(left.units).toBe(5);
  }, 60_000);
});
