import { walkInCustomerName } from '@tillbook/contract';
import { beforeAll, expect, test } from 'vitest';
import { moveStock } from '../src/modules/inventory/move-stock.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods } from './sale-fixtures.ts';

/**
 * A till's copy of the catalogue (issue 33): the first load pages through every product, later loads only what
 * changed after the cursor (a price, a variant, a discount, a VAT rate), with what the till prices and scans by; the
 * stock moved since the stock cursor comes by `till/stock`; only who may sell reads them.
 */
const t = useTestApp();
let owner: string;
let cashier: string;
const load = (token: string, query: Record<string, string>) => t.call('GET', '/v1/till/catalogue', { token, query });

async function loadAll(token: string, after?: string) {
  const seen: { id: number; productSalePrice: number; variants: { sku: string; label: string }[] }[] = [];
  let cursor = after;
  for (;;) {
    const page = await load(token, { count: '2', ...(cursor ? { after: cursor } : {}) });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    seen.push(...page.body.products);
    cursor = page.body.cursor;
    if (!page.body.more) return { seen, cursor: cursor! };
  }
}

beforeAll(async () => {
  owner = await t.ownerToken();
  cashier = (await t.staffWith(['create-saleInvoice'], 'cashier-copy')).token;
  for (const n of [1, 2, 3, 4, 5]) await makeProduct(t, { name: `Copy ${n}`, sku: `COPY-${n}`, productSalePrice: 10 + n });
});

test('the first load pages through every product; the next loads only what changed', async () => {
  const first = await loadAll(cashier);
  const ids = first.seen.map((p) => p.id);
  expect(new Set(ids).size).toBe(ids.length);
  const total = (await t.call('GET', '/v1/product', { token: owner, query: { count: '1' } })).body.totalProduct as number;
  expect(ids.length).toBe(total);
  expect((await loadAll(cashier, first.cursor)).seen).toEqual([]);

  const copy3 = first.seen.find((p) => (p as { sku?: string }).sku === 'COPY-3')!;
  const changed = await t.call('PUT', `/v1/product/${copy3.id}`, { token: owner, body: { productSalePrice: 99 } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const red = (await t.call('POST', '/v1/product-color', { token: owner, body: { name: 'Copy red', colorCode: '#aa0000' } })).body.id;
  const copy5 = first.seen.find((p) => (p as { sku?: string }).sku === 'COPY-5')!;
  const variant = await t.call('POST', '/v1/product-variant', {
    token: owner,
    body: { productId: copy5.id, colorId: red, sku: 'COPY-5-RED', barcode: '2000000000055' },
  });
  expect(variant.status, JSON.stringify(variant.body)).toBe(201);

  const next = await loadAll(cashier, first.cursor);
  expect(next.seen.map((p) => p.id).sort()).toEqual([copy3.id, copy5.id].sort());
  expect(next.seen.find((p) => p.id === copy3.id)!.productSalePrice).toBe(99);
  expect(next.seen.find((p) => p.id === copy5.id)!.variants).toEqual([
    expect.objectContaining({ sku: 'COPY-5-RED', barcode: '2000000000055', label: 'Copy red', onSale: true }),
  ]);
});

test("a discount's new value and a VAT rate's new percentage bring their products again", async () => {
  const discount = await t.call('POST', '/v1/discount', {
    token: owner,
    body: { name: 'Copy sale', type: 'percentage', value: 10, startDate: '2026-01-01', endDate: '2099-12-31' },
  });
  const vat = await t.call('POST', '/v1/product-vat', { token: owner, body: { title: 'Copy VAT', percentage: 5 } });
  expect([discount.status, vat.status], JSON.stringify([discount.body, vat.body])).toEqual([201, 201]);
  const discounted = await makeProduct(t, { name: 'Copy discounted', discountId: discount.body.id });
  const taxed = await makeProduct(t, { name: 'Copy taxed', productVatId: vat.body.id });
  const { cursor } = await loadAll(cashier);

  const changed = await t.call('PUT', `/v1/discount/${discount.body.id}`, { token: owner, body: { value: 25 } });
  const rated = await t.call('PUT', `/v1/product-vat/${vat.body.id}`, { token: owner, body: { percentage: 7 } });
  expect([changed.status, rated.status], JSON.stringify([changed.body, rated.body])).toEqual([200, 200]);
  const next = (await loadAll(cashier, cursor)).seen as unknown as { id: number; discount: { value: number }; vatPercentage: number }[];
  expect(next.map((p) => p.id).sort()).toEqual([discounted.id, taxed.id].sort());
  expect(next.find((p) => p.id === discounted.id)!.discount.value).toBe(25);
  expect(next.find((p) => p.id === taxed.id)!.vatPercentage).toBe(7);
});

test('the stock sold on another till comes by the stock cursor, with its variants', async () => {
  const methods = await paymentMethods(t, owner);
  const stock = (after?: string) => t.call('GET', '/v1/till/stock', { token: cashier, query: after ? { after } : {} });
  const plain = await makeProduct(t, { name: 'Copy stock', productQuantity: 9, productSalePrice: 4 });
  const start = await stock();
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.stock).toEqual([]);

  const sold = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { saleInvoiceProduct: [{ productId: plain.id, productQuantity: 2 }], paidAmount: [{ paymentType: methods.cash, amount: 8 }] },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const moved = await stock(start.body.cursor);
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  expect(moved.body.stock).toContainEqual({ id: plain.id, productQuantity: 7, variants: [] });

  // a variant's stock comes with its product's (the product's total, and each variant's own)
  const tee = await makeProduct(t, { name: 'Copy tee' });
  const blue = (await t.call('POST', '/v1/product-color', { token: owner, body: { name: 'Copy blue', colorCode: '#0000aa' } })).body.id;
  const variant = await t.call('POST', '/v1/product-variant', {
    token: owner,
    body: { productId: tee.id, colorId: blue, sku: 'COPY-TEE-BLUE' },
  });
  expect(variant.status, JSON.stringify(variant.body)).toBe(201);
  await t.database.db.transaction((tx) =>
    moveStock(tx, {
      productId: tee.id,
      productVariantId: variant.body.id,
      quantity: 3,
      reason: 'opening',
      documentType: 'product',
      documentId: tee.id,
    }),
  );
  expect((await stock(start.body.cursor)).body.stock).toContainEqual({
    id: tee.id,
    productQuantity: 3,
    variants: [{ id: variant.body.id, productQuantity: 3 }],
  });

  // by pages of movements: one at a time, every product moved still comes, each page's cursor further on
  const seen = new Map<number, number>();
  let cursor = start.body.cursor as string;
  for (let pages = 0; ; pages++) {
    const page = await t.call('GET', '/v1/till/stock', { token: cashier, query: { after: cursor, count: '1' } });
    for (const p of page.body.stock) seen.set(p.id, p.productQuantity);
    if (!page.body.more) break;
    expect(Number(page.body.cursor)).toBeGreaterThan(Number(cursor));
    cursor = page.body.cursor;
    expect(pages).toBeLessThan(1000);
  }
  expect(seen.get(plain.id)).toBe(7);
});

test('the customers come with what they owe, then only those changed; the walk-in customer is not among them', async () => {
  const methods = await paymentMethods(t, owner);
  const customers = async (after?: string) => {
    const seen: { id: number; name: string; phone: string | null; due: number; active: boolean }[] = [];
    let cursor = after;
    for (;;) {
      const page = await t.call('GET', '/v1/till/customers', {
        token: cashier,
        query: { count: '50', ...(cursor ? { after: cursor } : {}) },
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.customers);
      cursor = page.body.cursor;
      if (!page.body.more) return { seen, cursor: cursor! };
    }
  };
  const made = await t.call('POST', '/v1/customer', {
    token: owner,
    body: { username: 'copy-buyer', firstName: 'Copy', lastName: 'Buyer', phone: '0100' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const goods = await makeProduct(t, { name: 'Copy credit', productQuantity: 5, productSalePrice: 10 });
  const sold = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: made.body.id,
      saleInvoiceProduct: [{ productId: goods.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: methods.cash, amount: 4 }],
    },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);

  const first = await customers();
  expect(first.seen.find((c) => c.id === made.body.id)).toEqual({
    id: made.body.id,
    name: 'Copy Buyer',
    phone: '0100',
    email: null,
    due: 6,
    active: true,
  });
  expect(first.seen.filter((c) => c.active).map((c) => c.name)).not.toContain(walkInCustomerName);
  expect((await customers(first.cursor)).seen).toEqual([]);
  const renamed = await t.call('PUT', `/v1/customer/${made.body.id}`, { token: owner, body: { phone: '0199' } });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  expect((await customers(first.cursor)).seen.map((c) => [c.id, c.phone])).toEqual([[made.body.id, '0199']]);
});

test('only who may sell reads them; a cursor they did not give is refused naming it', async () => {
  const clerk = (await t.staffWith(['readAll-product'], 'clerk-copy')).token;
  expect((await load(clerk, {})).status).toBe(403);
  expect((await t.call('GET', '/v1/till/stock', { token: clerk })).status).toBe(403);
  expect((await t.call('GET', '/v1/till/customers', { token: clerk })).status).toBe(403);
  const bad = await load(cashier, { after: 'yesterday' });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toHaveProperty('after');
  const badStock = await t.call('GET', '/v1/till/stock', { token: cashier, query: { after: 'x1' } });
  expect(badStock.status).toBe(400);
  expect(badStock.body.fields).toHaveProperty('after');
});
