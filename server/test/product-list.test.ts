import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, png, product, sendForm } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let c: Catalogue;
const ids: Record<string, number> = {};
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  const made: Record<string, string>[] = [
    {
      name: 'Apple crisps',
      sku: 'AC-1',
      productQuantity: '3',
      reorderQuantity: '5',
      productSalePrice: '2.10',
      productPurchasePrice: '1.30',
      productSubCategoryId: String(c.otherSubCategoryId),
      productBrandId: String(c.otherBrandId),
    },
    {
      name: 'Berry juice',
      sku: 'BJ-1',
      productQuantity: '2',
      reorderQuantity: '1',
      productSalePrice: '0.10',
      productPurchasePrice: '0.05',
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.brandId),
    },
    {
      name: 'Cherry juice',
      sku: 'CJ-1',
      productQuantity: '0',
      reorderQuantity: '0',
      productSalePrice: '5.00',
      productPurchasePrice: '4.00',
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.otherBrandId),
    },
  ];
  for (const fields of made) ids[fields.sku!] = (await product(t, owner, fields)).id;
  const withImage = await sendForm(
    t,
    owner,
    'POST',
    '/v1/product',
    { name: 'Date syrup', sku: 'DS-1', productQuantity: '1', productPurchasePrice: '0.01' },
    [{ field: 'productThumbnailImage', data: await png() }],
  );
  ids['DS-1'] = withImage.body.id;
  ids.hidden = (await product(t, owner, { name: 'Hidden thing', sku: 'HID-1', productQuantity: '7', productSalePrice: '100' })).id;
  await t.call('PATCH', `/v1/product/${ids.hidden}`, { token: owner, body: { status: 'false' } });
});

const list = (query: Record<string, string>, token = owner) => t.call('GET', '/v1/product', { token, query });
const skus = (body: { getAllProduct: { sku: string }[] }) => body.getAllProduct.map((p) => p.sku);

describe('GET /product', () => {
  test('lists active products with names, thumbnail and low-stock flag', async () => {
    const answer = await list({});
    expect(answer.status).toBe(200);
    expect(answer.body.totalProduct).toBe(4);
    const apple = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'AC-1');
    expect(apple).toMatchObject({
      productSubCategoryName: 'Crisps',
      productBrandName: 'Crunch',
      productCategoryId: c.otherCategoryId,
      lowStock: 'true',
      productThumbnailImageUrl: null,
    });
    const date = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'DS-1');
    expect(date.productThumbnailImageUrl).toMatch(/^\/v1\/uploads\/.+\.webp$/);
    expect(date.lowStock).toBe('false');
  });

  test('paging, status, search by name or SKU, filters and sort', async () => {
    const paged = await list({ page: '2', count: '3', sort: 'name' });
    expect(paged.body).toMatchObject({ totalProduct: 4 });
    expect(skus(paged.body)).toEqual(['DS-1']);
    expect(skus((await list({ status: 'false' })).body)).toEqual(['HID-1']);
    expect(skus((await list({ query: 'search', key: 'juice', sort: 'name' })).body)).toEqual(['BJ-1', 'CJ-1']);
    expect(skus((await list({ query: 'search', key: 'ac-' })).body)).toEqual(['AC-1']);
    expect(skus((await list({ productCategoryId: String(c.categoryId), sort: 'sku' })).body)).toEqual(['BJ-1', 'CJ-1']);
    expect(skus((await list({ productSubCategoryId: String(c.otherSubCategoryId) })).body)).toEqual(['AC-1']);
    expect(skus((await list({ productBrandId: String(c.otherBrandId), sort: 'sku', order: 'desc' })).body)).toEqual(['CJ-1', 'AC-1']);
    expect(skus((await list({ lowStock: 'true', sort: 'sku' })).body)).toEqual(['AC-1', 'CJ-1']);
    expect(skus((await list({ sort: 'productSalePrice', order: 'desc' })).body)).toEqual(['CJ-1', 'AC-1', 'BJ-1', 'DS-1']);
    expect(skus((await list({ sort: 'productQuantity' })).body)).toEqual(['CJ-1', 'DS-1', 'BJ-1', 'AC-1']);
    for (const bad of <Record<string, string>[]>[
      { sort: 'productPurchasePrice' },
      { lowStock: 'yes' },
      { productBrandId: 'x' },
      { query: 'nope' },
    ]) {
      const answer = await list(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
  });

  test('query=card: counts and stock values exactly', async () => {
    const answer = await list({ query: 'card' });
    expect(answer.status).toBe(200);
    // 3 × 2.10 + 2 × 0.10 + 0 × 5 + 1 × 0 = 6.50; purchase: 3 × 1.30 + 2 × 0.05 + 1 × 0.01 = 4.01
    expect(answer.body).toEqual({
      uniqueProduct: 3,
      totalProductCount: 4,
      inventorySalesValue: 6.5,
      inventoryPurchaseValue: 4.01,
      shortProductCount: 2,
      // nothing sold yet
      soldQuantity: 0,
      salesValue: 0,
      profit: 0,
    });
  });

  test('query=report: every product (any status) with its values and the sums', async () => {
    const answer = await list({ query: 'report' });
    expect(answer.status).toBe(200);
    expect(answer.body.getAllProduct).toHaveLength(5);
    const apple = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'AC-1');
    expect(apple).toMatchObject({ totalSalePrice: 6.3, totalPurchasePrice: 3.9 });
    expect(answer.body.aggregations._sum).toEqual({
      productQuantity: 13,
      totalSalePrice: 706.5,
      totalPurchasePrice: 4.01,
      soldQuantity: 0,
      salesValue: 0,
      profit: 0,
    });
    const active = await list({ query: 'report', status: 'true' });
    expect(active.body.aggregations._sum).toMatchObject({ productQuantity: 6, totalSalePrice: 6.5, totalPurchasePrice: 4.01 });
  });

  test('GET /product/{id}: the product with its movements, newest first; 404 and 400', async () => {
    const answer = await t.call('GET', `/v1/product/${ids['AC-1']}`, { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      sku: 'AC-1',
      productSubCategoryName: 'Crisps',
      discount: null,
      productVat: null,
      images: [],
      colors: [],
    });
    expect(answer.body.stockMovements).toHaveLength(1);
    expect((await t.call('GET', '/v1/product/999999', { token: owner })).status).toBe(404);
    expect((await t.call('GET', '/v1/product/abc', { token: owner })).status).toBe(400);
    await expectInvariants(t);
  });

  test('401 without a token, 403 without readAll-product', async () => {
    expect((await list({}, '')).status).toBe(401);
    const staff = await t.staffWith(['readSingle-product']);
    expect((await list({}, staff.token)).status).toBe(403);
    expect((await t.call('GET', `/v1/product/${ids['AC-1']}`, { token: staff.token })).status).toBe(200);
  });
});
