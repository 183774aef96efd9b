import { beforeAll, describe, expect, test } from 'vitest';
import { parseCsv, writeCsv } from '../src/modules/catalogue/product-csv.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, product } from './product-fixtures.ts';

const t = useTestApp({ invariants: true });
let owner: string;
let c: Catalogue;
const ids = { one: 0, two: 0 };
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  const common = { productSubCategoryId: String(c.subCategoryId), productVatId: String(c.vat10) };
  ids.one = (
    await product(t, owner, {
      ...common,
      name: 'Upsert mango',
      sku: 'UP-1',
      description: 'Sweet',
      productBrandId: String(c.brandId),
      productQuantity: '10',
      reorderQuantity: '2',
      productSalePrice: '2',
      productPurchasePrice: '1',
    })
  ).id;
  ids.two = (
    await product(t, owner, {
      ...common,
      name: 'Upsert lime',
      sku: 'UP-2',
      productBrandId: String(c.otherBrandId),
      productQuantity: '5',
      productSalePrice: '3',
      productPurchasePrice: '1.50',
    })
  ).id;
});

const importCsv = (csv: string, query: Record<string, string> = {}) =>
  t.call('POST', '/v1/product/import', { token: owner, query, body: { csv } });
const detail = async (id: number) => (await t.call('GET', `/v1/product/${id}`, { token: owner })).body;
const exportRows = async (key: string) => {
  const answer = await t.call('GET', '/v1/product/export', { token: owner, query: { key } });
  const [header, ...rows] = parseCsv(answer.body);
  return { header: header!.fields, rows: rows.map((r) => r.fields) };
};

describe('POST /product/import?mode=upsert', () => {
  test('export, change the prices, re-import: the new prices, and no movement for unchanged quantities', async () => {
    const before = [await detail(ids.one), await detail(ids.two)];
    const { header, rows } = await exportRows('UP-');
    expect(rows).toHaveLength(2);
    const price = header.indexOf('productSalePrice');
    const sku = header.indexOf('sku');
    const edited = rows.map((r) => (r[sku] === 'UP-1' ? r.map((v, i) => (i === price ? '2.45' : v)) : r));
    const csv = writeCsv([header, ...edited]);

    const preview = await importCsv(csv, { query: 'preview', mode: 'upsert' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ good: 2, bad: 0 });
    const bySku = Object.fromEntries(preview.body.rows.map((r: { values: { sku: string } }) => [r.values.sku, r]));
    expect(bySku['UP-1']).toMatchObject({ ok: true, action: 'update', changes: ['productSalePrice'] });
    expect(bySku['UP-2']).toMatchObject({ ok: true, action: 'unchanged', changes: [] });
    expect((await detail(ids.one)).productSalePrice).toBe(2);

    const answer = await importCsv(csv, { mode: 'upsert' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ imported: 2, created: 0, updated: 1, unchanged: 1, failed: [] });
    const [one, two] = [await detail(ids.one), await detail(ids.two)];
    expect(one).toMatchObject({
      ...before[0],
      productSalePrice: 2.45,
      productSalePriceWithVat: 2.7, // 2.45 + 10 % VAT, rounded half up
      finalPriceWithVat: 2.7,
      updatedAt: one.updatedAt,
    });
    expect(two).toEqual(before[1]);
    expect(one.stockMovements).toEqual(before[0].stockMovements);
    expect(two.stockMovements).toEqual(before[1].stockMovements);

    // the default mode still refuses every existing SKU and changes nothing
    const createOnly = await importCsv(csv);
    expect(createOnly.body).toMatchObject({ imported: 0, created: 0, updated: 0 });
    expect(createOnly.body.failed.map((f: { errors: { sku: string } }) => f.errors.sku)).toEqual(['already exists', 'already exists']);
    expect(await detail(ids.one)).toEqual(one);
  });

  test('only the columns in the file are written; SKUs match in any case; headers may be the screen labels', async () => {
    const before = await detail(ids.two);
    const answer = await importCsv('SKU,Sale price\nup-2,4.75\n', { mode: 'upsert' });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ updated: 1, failed: [] });
    const after = await detail(ids.two);
    expect(after).toEqual({
      ...before,
      productSalePrice: 4.75,
      productSalePriceWithVat: 5.23, // 4.75 + 10 % VAT = 5.225, rounded half up
      finalPriceWithVat: 5.23,
      updatedAt: after.updatedAt,
    });
    expect(after.sku).toBe('UP-2');

    // an empty cell keeps a required value (name) and clears an optional one (brand, description)
    const cleared = await importCsv('name,sku,brand,description\n,UP-1,,\n', { mode: 'upsert', query: 'preview' });
    expect(cleared.body.rows[0]).toMatchObject({ ok: true, action: 'update', changes: ['description', 'brand'] });
    await importCsv('name,sku,brand,description\n,UP-1,,\n', { mode: 'upsert' });
    expect(await detail(ids.one)).toMatchObject({ name: 'Upsert mango', productBrandId: null, description: null });
    await importCsv('sku,brand,description\nUP-1,Sunny,Sweet\n', { mode: 'upsert' });
    expect(await detail(ids.one)).toMatchObject({ productBrandId: c.brandId, description: 'Sweet' });
  });

  test('a changed quantity is a stock movement with reason import; on hand stays the sum of the movements', async () => {
    const answer = await importCsv('sku,productQuantity\nUP-1,14\nUP-2,2\n', { mode: 'upsert' });
    expect(answer.body).toEqual({ imported: 2, created: 0, updated: 2, unchanged: 0, failed: [] });
    for (const [id, onHand, moved] of [
      [ids.one, 14, 4],
      [ids.two, 2, -3],
    ] as const) {
      const p = await detail(id);
      expect(p.productQuantity).toBe(onHand);
      expect(p.stockMovements.map((m: { quantity: number; reason: string }) => [m.reason, m.quantity])).toEqual(
        expect.arrayContaining([
          ['opening', p.stockMovements.find((m: { reason: string }) => m.reason === 'opening').quantity],
          ['import', moved],
        ]),
      );
      expect(p.stockMovements.reduce((sum: number, m: { quantity: number }) => sum + m.quantity, 0)).toBe(onHand);
    }
    // the same file again: nothing to change, no movement
    const again = await importCsv('sku,productQuantity\nUP-1,14\nUP-2,2\n', { mode: 'upsert' });
    expect(again.body).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await detail(ids.one)).stockMovements).toHaveLength(2);
  });

  test('one file creates new SKUs and updates existing ones; a bad row writes nothing of itself', async () => {
    const before = await detail(ids.two);
    const csv = [
      'name,sku,brand,productSalePrice,productQuantity',
      'Upsert kiwi,UP-3,Sunny,1.20,6',
      'Upsert lime renamed,UP-2,Nobody,9,100',
      'Upsert mango,UP-1,Sunny,abc,1',
    ].join('\n');
    const preview = await importCsv(csv, { mode: 'upsert', query: 'preview' });
    expect(preview.body.rows.map((r: { action: string; ok: boolean }) => [r.action, r.ok])).toEqual([
      ['create', true],
      ['update', false],
      ['update', false],
    ]);
    const answer = await importCsv(csv, { mode: 'upsert' });
    expect(answer.body).toEqual({
      imported: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: [
        { line: 3, errors: { brand: "no brand named 'Nobody'" } },
        { line: 4, errors: { productSalePrice: 'must be an amount' } },
      ],
    });
    expect(await detail(ids.two)).toEqual(before);
    expect((await detail(ids.one)).productQuantity).toBe(14);
    const kiwi = (await t.call('GET', '/v1/product', { token: owner, query: { key: 'UP-3' } })).body.getAllProduct[0];
    expect(kiwi).toMatchObject({ name: 'Upsert kiwi', productQuantity: 6, productBrandId: c.brandId });
    expect((await detail(kiwi.id)).stockMovements.map((m: { reason: string }) => m.reason)).toEqual(['opening']);
  });

  test('a changed purchase price revalues the stock on hand, as the product form does', async () => {
    const before = await detail(ids.one);
    expect(before.productQuantity).toBeGreaterThan(0);
    const answer = await importCsv('sku,productPurchasePrice\nUP-1,1.80\n', { mode: 'upsert' });
    expect(answer.body).toMatchObject({ updated: 1, failed: [] });
    const after = await detail(ids.one);
    expect(after).toMatchObject({ productPurchasePrice: 1.8, productQuantity: before.productQuantity });
    const revalued = after.stockMovements.filter((m: { documentType: string }) => m.documentType === 'costChange');
    expect(revalued.map((m: { quantity: number; unitCost: number }) => [m.quantity, m.unitCost]).sort()).toEqual(
      [
        [-before.productQuantity, before.productPurchasePrice],
        [before.productQuantity, 1.8],
      ].sort(),
    );
  });

  test('a SKU twice in one file is refused on its second line; an unknown mode is a 400 naming it', async () => {
    const answer = await importCsv('sku,productSalePrice\nUP-1,5\nup-1,6\n', { mode: 'upsert', query: 'preview' });
    expect(answer.body.rows[1]).toMatchObject({ ok: false, errors: { sku: 'repeats line 2 of this file' } });
    const bogus = await importCsv('sku,productSalePrice\nUP-1,5\n', { mode: 'replace' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.fields).toHaveProperty('mode');
  });
});
