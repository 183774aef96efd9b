import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { paymentMethods, rows, tenPercentVat } from './sale-fixtures.ts';

/**
 * Variants (issue 32): a T-shirt in three sizes and two colours, made from a matrix, bought by variant, scanned
 * and sold at the till by a variant's barcode, returned; stock and cost per variant (the invariants hold per
 * variant in every step), and a line of a product with variants that names none refused naming the field.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let supplierId: number;
let shirt: { id: number };
const colour: Record<string, number> = {};
const size: Record<string, number> = {};
let variants: { id: number; sku: string; colorId: number; productAttributeValueId: number[] }[];

const made = async (path: string, body: Record<string, unknown>) => {
  const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
};
const variantOf = (c: string, s: string) => variants.find((v) => v.colorId === colour[c] && v.productAttributeValueId[0] === size[s])!;
const stockOf = async (variantId: number) =>
  Number((await rows(t, sql`select product_quantity from product_variant where id = ${variantId}`))[0].product_quantity);
const sell = (body: Record<string, unknown>) => t.call('POST', '/v1/sale-invoice', { token: owner, body });

beforeAll(async () => {
  owner = await t.ownerToken();
  cash = (await paymentMethods(t, owner)).cash;
  supplierId = await makeSupplier(t, owner);
  for (const name of ['Red', 'Blue']) colour[name] = await made('product-color', { name: `${name} ${Date.now()}`, colorCode: '#aa0000' });
  const sizeId = await made('product-attribute', { name: `Size ${Date.now()}` });
  for (const name of ['S', 'M', 'L']) size[name] = await made('product-attribute-value', { productAttributeId: sizeId, name });
  shirt = await makeProduct(t, {
    name: 'Tee',
    sku: `TEE${Date.now()}`,
    productQuantity: 0,
    productSalePrice: 10,
    productVatId: await tenPercentVat(t),
  });
});

describe('the matrix', () => {
  test('makes every colour × size once, with SKUs from the product and the values', async () => {
    const answer = await t.call('POST', '/v1/product-variant/matrix', {
      token: owner,
      body: { productId: shirt.id, colorId: [colour.Red, colour.Blue], productAttributeValueId: [[size.S, size.M, size.L]] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.totalProductVariant).toBe(6);
    variants = answer.body.getAllProductVariant;
    expect(variants.every((v) => v.sku.startsWith('TEE'))).toBe(true);
    expect(variantOf('Red', 'M').sku).toMatch(/-RED-\d+-M$/);
    // a product's price with 10 % VAT: 11.00
    expect(answer.body.getAllProductVariant[0]).toMatchObject({ productQuantity: 0, finalPriceWithVat: 11, status: 'true' });

    const again = await t.call('POST', '/v1/product-variant/matrix', {
      token: owner,
      body: { productId: shirt.id, colorId: [colour.Red], productAttributeValueId: [[size.M]] },
    });
    expect(again.body.totalProductVariant).toBe(0);
    const listed = await t.call('GET', '/v1/product-variant', { token: owner, query: { productId: String(shirt.id) } });
    expect(listed.body.totalProductVariant).toBe(6);
  });

  test('a variant gets its barcode and its own price; a SKU or barcode already used is refused naming it', async () => {
    const redM = variantOf('Red', 'M');
    const put = await t.call('PUT', `/v1/product-variant/${redM.id}`, {
      token: owner,
      body: { barcode: `400${shirt.id}0001`, productSalePrice: 12 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ barcode: `400${shirt.id}0001`, productSalePrice: 12, finalPriceWithVat: 13.2 });
    const clash = await t.call('PUT', `/v1/product-variant/${variantOf('Blue', 'L').id}`, { token: owner, body: { sku: redM.sku } });
    expect(clash.status).toBe(409);
    expect(clash.body.fields ?? clash.body.errors ?? clash.body).toMatchObject({ sku: expect.any(String) });
    const same = await t.call('POST', '/v1/product-variant', {
      token: owner,
      body: { productId: shirt.id, colorId: colour.Red, productAttributeValueId: [size.M], sku: `OTHER${Date.now()}` },
    });
    expect(same.status).toBe(409);
  });
});

describe('one code names one thing', () => {
  test("GET product?sku= finds a product by a variant's SKU or barcode; a product may not take a variant's code", async () => {
    const redM = variantOf('Red', 'M');
    for (const code of [redM.sku, `400${shirt.id}0001`]) {
      const found = await t.call('GET', '/v1/product', { token: owner, query: { sku: code } });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.getAllProduct.map((p: { id: number }) => p.id)).toEqual([shirt.id]);
    }
    const taken = await t.call('POST', '/v1/product', { token: owner, body: { name: 'Copy', sku: redM.sku, productSalePrice: 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toHaveProperty('sku');
  });
});

describe('stock and cost per variant', () => {
  test('a purchase by variant: each variant its stock and average cost, the product their sum', async () => {
    const line = (v: { id: number }, productQuantity: number, productUnitPurchasePrice: number) => ({
      productId: shirt.id,
      productVariantId: v.id,
      productQuantity,
      productUnitPurchasePrice,
      tax: 0,
    });
    const bought = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: { supplierId, purchaseInvoiceProduct: [line(variantOf('Red', 'M'), 5, 4), line(variantOf('Blue', 'L'), 3, 5)] },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(await stockOf(variantOf('Red', 'M').id)).toBe(5);
    expect(await stockOf(variantOf('Blue', 'L').id)).toBe(3);
    const detail = await t.call('GET', `/v1/product/${shirt.id}`, { token: owner });
    expect(detail.body.productQuantity).toBe(8);
    expect(detail.body.hasVariants).toBe('true');
    expect(detail.body.variants).toHaveLength(6);
    const [cost] = await rows(
      t,
      sql`select product_purchase_price::text as cost from product_variant where id = ${variantOf('Blue', 'L').id}`,
    );
    expect(cost.cost).toBe('5.00');
  });

  test('a purchase line of the product without a variant is refused naming productVariantId', async () => {
    const answer = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: { supplierId, purchaseInvoiceProduct: [{ productId: shirt.id, productQuantity: 1, productUnitPurchasePrice: 4 }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('purchaseInvoiceProduct.0.productVariantId');
  });
});

describe('the till', () => {
  test("scanning a variant's barcode finds its product, naming the variant, with every variant's stock", async () => {
    const redM = variantOf('Red', 'M');
    const scan = await t.call('GET', '/v1/product', { token: owner, query: { query: 'search', key: `400${shirt.id}0001` } });
    expect(scan.status).toBe(200);
    expect(scan.body.getAllProduct[0]).toMatchObject({ id: shirt.id, scannedVariantId: redM.id });
    const offered = scan.body.getAllProduct[0].variants as { id: number; productQuantity: number }[];
    expect(offered.find((v) => v.id === redM.id)!.productQuantity).toBe(5);
    // the scan reads its variants in its own statement: they answer as the variants' own list does, field for field
    const listed = await t.call('GET', '/v1/product-variant', { token: owner, query: { productId: String(shirt.id), count: '50' } });
    const byId = (list: { id: number }[]) => [...list].sort((a, b) => a.id - b.id);
    expect(byId(offered)).toEqual(byId(listed.body.getAllProductVariant));
    const bySku = await t.call('GET', '/v1/product', { token: owner, query: { query: 'search', key: redM.sku } });
    expect(bySku.body.getAllProduct[0]).toMatchObject({ id: shirt.id, scannedVariantId: redM.id });
  });

  test("a sale by variant takes the variant's stock at its price and cost; a line naming none is refused", async () => {
    const redM = variantOf('Red', 'M');
    const none = await sell({
      saleInvoiceProduct: [{ productId: shirt.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: cash, amount: 11 }],
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('saleInvoiceProduct.0.productVariantId');

    const sold = await sell({
      saleInvoiceProduct: [{ productId: shirt.id, productVariantId: redM.id, productQuantity: 2 }],
      paidAmount: [{ paymentType: cash, amount: 26.4 }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const line = sold.body.createdInvoice.saleInvoiceProduct[0];
    expect(line).toMatchObject({
      productVariantId: redM.id,
      productUnitSalePrice: 12,
      productQuantity: 2,
      variant: { id: redM.id, sku: redM.sku },
    });
    const read = await t.call('GET', `/v1/sale-invoice/${sold.body.createdInvoice.id}`, { token: owner });
    expect(read.body.singleSaleInvoice.saleInvoiceProduct[0].variant).toEqual({ id: redM.id, sku: redM.sku });
    expect(await stockOf(redM.id)).toBe(3);
    const [cost] = await rows(t, sql`select unit_cost::text as cost from sale_invoice_product where id = ${line.id}`);
    expect(cost.cost).toBe('4.00');

    const tooMany = await sell({
      saleInvoiceProduct: [{ productId: shirt.id, productVariantId: redM.id, productQuantity: 4 }],
      paidAmount: [{ paymentType: cash, amount: 52.8 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toContain(redM.sku);

    const back = await t.call('POST', '/v1/return-sale-invoice', {
      token: owner,
      body: {
        saleInvoiceId: sold.body.createdInvoice.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: line.id, productQuantity: 1 }],
      },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await stockOf(redM.id)).toBe(4);
  });

  test("the storefront's product page lists the variants on sale with their stock and price", async () => {
    const page = await t.call('GET', `/v1/product/public/${shirt.id}`);
    expect(page.status).toBe(200);
    const redM = (page.body.variants as { id: number; productQuantity: number; finalPriceWithVat: number }[]).find(
      (v) => v.id === variantOf('Red', 'M').id,
    );
    expect(redM).toMatchObject({ productQuantity: 4, finalPriceWithVat: 13.2 });
    expect(page.body.productQuantity).toBe(7);
  });
});

describe('reports per variant', () => {
  test('the reorder list has a row per variant at or below its level; a purchase request names the variant', async () => {
    const blueL = variantOf('Blue', 'L');
    expect((await t.call('PUT', `/v1/product-variant/${blueL.id}`, { token: owner, body: { reorderQuantity: 5 } })).status).toBe(200);
    const list = await t.call('GET', '/v1/reorder-quantity', { token: owner, query: { query: 'search', key: blueL.sku } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.getAllReOderList).toEqual([
      expect.objectContaining({ id: shirt.id, productVariantId: blueL.id, sku: blueL.sku, productQuantity: 3, reorderQuantity: 5 }),
    ]);
    const asked = await t.call('POST', '/v1/purchase-reorder-invoice', {
      token: owner,
      body: [{ productId: shirt.id, productVariantId: blueL.id, productQuantity: 10 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.productList[0]).toMatchObject({ productVariantId: blueL.id, reorderProductQuantity: 10 });
    const none = await t.call('POST', '/v1/purchase-reorder-invoice', {
      token: owner,
      body: [{ productId: shirt.id, productQuantity: 1 }],
    });
    expect(none.status).toBe(400);
  });

  test('top sellers list the product once with its variants under it; its page tells what each variant sold', async () => {
    const redM = variantOf('Red', 'M');
    const top = await t.call('GET', '/v1/product-reports', { token: owner, query: { query: 'top-selling-products' } });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const row = top.body.getAllTopSellingProduct.find((p: { id: number }) => p.id === shirt.id);
    // two sold, one brought back
    expect(row).toMatchObject({ soldQuantity: 1 });
    expect(row.variants[0]).toMatchObject({ id: redM.id, soldQuantity: 1 });
    expect(row.variants).toHaveLength(6);
    const page = await t.call('GET', `/v1/product/${shirt.id}`, { token: owner });
    expect(page.body.variants.find((v: { id: number }) => v.id === redM.id)).toMatchObject({ soldQuantity: 1, productQuantity: 4 });
  });

  test("the stock report values a product sold by variants by each variant's stock, price and cost", async () => {
    const report = await t.call('GET', '/v1/product', { token: owner, query: { query: 'report', productId: String(shirt.id) } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    // red M: 4 at 12.00, cost 4.00; blue L: 3 at 10.00, cost 5.00
    expect(report.body.getAllProduct[0]).toMatchObject({ productQuantity: 7, totalSalePrice: 78, totalPurchasePrice: 31 });
    expect(report.body.aggregations._sum).toMatchObject({ totalSalePrice: 78, totalPurchasePrice: 31 });
  });
});

describe("the storefront's list", () => {
  const listed = async (query: Record<string, string>) =>
    (
      (await t.call('GET', '/v1/product/public', { query: { count: '100', ...query } })).body.getAllProduct as {
        id: number;
        priceFrom?: number;
      }[]
    ).find((p) => p.id === shirt.id);

  test('shows the product once, "from" the lowest variant price when their prices differ', async () => {
    const row = await listed({});
    expect(row).toMatchObject({ hasVariants: 'true', priceFrom: 11 });
  });

  test('a colour or size filter finds the product only by a variant on sale and in stock holding it', async () => {
    expect(await listed({ color: String(colour.Blue) })).toBeDefined();
    expect(await listed({ productAttributeValueId: String(size.M) })).toBeDefined();
    // no small one is in stock, though the product sells small ones
    expect(await listed({ productAttributeValueId: String(size.S) })).toBeUndefined();
    const redM = variantOf('Red', 'M');
    expect((await t.call('PATCH', `/v1/product-variant/${redM.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect(await listed({ productAttributeValueId: String(size.M) })).toBeUndefined();
    expect((await t.call('PATCH', `/v1/product-variant/${redM.id}`, { token: owner, body: { status: 'true' } })).status).toBe(200);
    expect(await listed({ productAttributeValueId: String(size.M) })).toBeDefined();
  });
});

describe('a product given variants after it held stock', () => {
  test('keeps its stock until shared out to its variants in one adjustment, at its cost; undone, it is its own again', async () => {
    const mug = await makeProduct(t, { name: 'Mug', sku: `MUG${Date.now()}`, productQuantity: 10, productPurchasePrice: 2 });
    const made = await t.call('POST', '/v1/product-variant/matrix', {
      token: owner,
      body: { productId: mug.id, colorId: [colour.Red, colour.Blue] },
    });
    const [red, blue] = made.body.getAllProductVariant as { id: number }[];
    const before = await t.call('GET', `/v1/product/${mug.id}`, { token: owner });
    expect(before.body).toMatchObject({ productQuantity: 10, unsharedQuantity: 10 });

    const tooMuch = await t.call('POST', '/v1/product-variant/share-out', {
      token: owner,
      body: { productId: mug.id, share: [{ productVariantId: red!.id, quantity: 11 }] },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toHaveProperty('share');

    const shared = await t.call('POST', '/v1/product-variant/share-out', {
      token: owner,
      body: {
        productId: mug.id,
        share: [
          { productVariantId: red!.id, quantity: 6 },
          { productVariantId: blue!.id, quantity: 4 },
        ],
      },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body.adjustInvoiceProduct).toHaveLength(3);
    expect(await stockOf(red!.id)).toBe(6);
    expect(await stockOf(blue!.id)).toBe(4);
    const after = await t.call('GET', `/v1/product/${mug.id}`, { token: owner });
    expect(after.body).toMatchObject({ productQuantity: 10, unsharedQuantity: 0 });
    const [cost] = await rows(t, sql`select product_purchase_price::text as cost from product_variant where id = ${blue!.id}`);
    expect(cost.cost).toBe('2.00');

    const undone = await t.call('PATCH', `/v1/adjust-inventory/${shared.body.id}`, { token: owner, body: { status: 'false' } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await stockOf(red!.id)).toBe(0);
    expect((await t.call('GET', `/v1/product/${mug.id}`, { token: owner })).body).toMatchObject({
      productQuantity: 10,
      unsharedQuantity: 10,
    });
  });
});
