import { beforeAll, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/**
 * A till's copy of the catalogue (issue 33): the first load pages through every product, later loads only what
 * changed after the cursor (a price, a variant), with what the till prices and scans by; only who may sell reads it.
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

test('only who may sell reads it; a cursor it did not give is refused naming it', async () => {
  const clerk = (await t.staffWith(['readAll-product'], 'clerk-copy')).token;
  expect((await load(clerk, {})).status).toBe(403);
  const bad = await load(cashier, { after: 'yesterday' });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toHaveProperty('after');
});
