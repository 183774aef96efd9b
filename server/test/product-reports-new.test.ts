import { beforeAll, describe, expect, test } from 'vitest';
import { product, productVat } from '../src/schema/index.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let vat10: number;
let vat15: number;
beforeAll(async () => {
  owner = await t.ownerToken();
  const rates = await t.database.db
    .insert(productVat)
    .values([
      { title: 'Report ten', percentage: 10 },
      { title: 'Report fifteen', percentage: 15 },
    ])
    .returning();
  [vat10, vat15] = rates.map((r) => r.id) as [number, number];
});

let n = 0;
const insert = (values: Partial<typeof product.$inferInsert>) =>
  t.database.db
    .insert(product)
    .values({ name: `Report product ${n}`, sku: `RP-${n++}`, ...values })
    .returning()
    .then((rows) => rows[0]!);
const report = (query: Record<string, string>, token = owner) => t.call('GET', '/v1/product-reports', { token, query });

describe('GET product-reports?query=new-products', () => {
  test('newest active products first, with the VAT-inclusive price exact to the cent and the thumbnail URL', async () => {
    const ten = await insert({
      productSalePrice: 10,
      productPurchasePrice: 6,
      productVatId: vat10,
      productThumbnailImage: '0e0e0e0e-0000-4000-8000-000000000000.webp',
    });
    const cents = await insert({ productSalePrice: 0.99, productVatId: vat15 });
    const plain = await insert({ productSalePrice: 4.5 });
    const hidden = await insert({ productSalePrice: 1, status: false });

    const answer = await report({ query: 'new-products', count: '1000' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['getAllNewProduct', 'totalNewProduct']);
    const rows = answer.body.getAllNewProduct as Record<string, unknown>[];
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(plain.id)).toBeLessThan(ids.indexOf(cents.id));
    expect(ids.indexOf(cents.id)).toBeLessThan(ids.indexOf(ten.id));
    expect(ids).not.toContain(hidden.id);
    expect(answer.body.totalNewProduct).toBe(rows.length);

    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ten.id)).toMatchObject({
      productSalePrice: 10,
      productVat: 10,
      productSalePriceWithVat: 11,
      status: 'true',
      productThumbnailImageUrl: '/v1/uploads/0e0e0e0e-0000-4000-8000-000000000000.webp',
    });
    expect(byId.get(ten.id)).not.toHaveProperty('productPurchasePrice');
    expect(byId.get(cents.id)).toMatchObject({ productSalePrice: 0.99, productSalePriceWithVat: 1.14, productThumbnailImageUrl: null });
    expect(byId.get(plain.id)).toMatchObject({ productSalePriceWithVat: 4.5, productVat: 0 });
  });

  test('paging, search and filters', async () => {
    await insert({ name: 'Zebra notebook', productSalePrice: 2 });
    const page = await report({ query: 'new-products', page: '1', count: '2' });
    expect(page.body.getAllNewProduct).toHaveLength(2);
    expect(page.body.totalNewProduct).toBeGreaterThan(2);
    const found = await report({ query: 'new-products', key: 'zebra' });
    expect(found.body.getAllNewProduct.map((r: { name: string }) => r.name)).toEqual(['Zebra notebook']);
    expect((await report({ query: 'new-products', productBrandId: '999999' })).body.totalNewProduct).toBe(0);
    expect((await report({ query: 'new-products', productBrandId: 'x' })).status).toBe(400);
  });

  test.each([[{}], [{ query: 'all' }]])('%o is a 400 naming query', async (query) => {
    const answer = await report(query);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('query');
  });

  test('401 without a token, 403 for a customer and for staff without readAll-productReports', async () => {
    expect((await report({ query: 'new-products' }, '')).status).toBe(401);
    expect((await report({ query: 'new-products' }, (await t.customerToken()).token)).status).toBe(403);
    expect((await report({ query: 'new-products' }, (await t.staffWith(['readAll-product'])).token)).status).toBe(403);
    expect((await report({ query: 'new-products' }, (await t.staffWith(['readAll-productReports'])).token)).status).toBe(200);
  });
});
