import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, png, product, sendForm } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let c: Catalogue;
const ids: Record<string, number> = {};
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  const made: Record<string, string>[] = [
    {
      name: 'Mango juice',
      sku: 'MJ',
      productSalePrice: '10.00',
      productPurchasePrice: '6.00',
      productVatId: String(c.vat10),
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.brandId),
      colors: String(c.redId),
      reorderQuantity: '4',
      uomValue: '2',
    },
    {
      name: 'Gum',
      sku: 'GUM',
      productSalePrice: '0.99',
      productVatId: String(c.vat15),
      productSubCategoryId: String(c.otherSubCategoryId),
      productBrandId: String(c.otherBrandId),
      colors: `${c.redId},${c.blueId}`,
    },
    {
      name: 'Peach juice',
      sku: 'PJ',
      productSalePrice: '4.00',
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.otherBrandId),
    },
    { name: 'Secret juice', sku: 'SJ', productSalePrice: '1.00' },
  ];
  for (const fields of made) ids[fields.sku!] = (await product(t, owner, fields)).id;
  await t.call('PATCH', `/v1/product/${ids.SJ}`, { token: owner, body: { status: 'false' } });
  const pic = await sendForm(t, owner, 'PUT', `/v1/product/${ids.MJ}`, { productAttributeValueId: String(c.sizeLargeId) }, [
    { field: 'productThumbnailImage', data: await png() },
    { field: 'images', data: await png(30, 30) },
  ]);
  expect(pic.status).toBe(200);
});

const list = (query: Record<string, string> = {}) => t.call('GET', '/v1/product/public', { query });
const skus = (body: { getAllProduct: { sku: string }[] }) => body.getAllProduct.map((p) => p.sku);
// the shop's own figures; a public product still carries its record fields (id, status, createdAt, updatedAt)
const internal = ['productPurchasePrice', 'reorderQuantity', 'uomValue', 'uomId'];

describe('GET /product/public', () => {
  test('active products without internal fields, with the VAT-inclusive price, no token needed', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.totalProduct).toBe(3);
    expect(skus(answer.body)).not.toContain('SJ');
    for (const p of answer.body.getAllProduct) for (const key of internal) expect(p, key).not.toHaveProperty(key);
    const mango = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'MJ');
    expect(mango).toMatchObject({
      productSalePrice: 10,
      vatPercentage: 10,
      productSalePriceWithVat: 11,
      discount: null,
      finalPriceWithVat: 11,
      productSubCategoryName: 'Juice',
      productBrandName: 'Sunny',
    });
    expect(mango.productThumbnailImageUrl).toMatch(/^\/v1\/uploads\//);
    // the name older clients read (the spec's local cart line) carries the same thumbnail URL
    expect(mango.productThumbnailImage).toBe(mango.productThumbnailImageUrl);
    const gum = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'GUM');
    expect(gum.productSalePriceWithVat).toBe(1.14);
    const peach = answer.body.getAllProduct.find((p: { sku: string }) => p.sku === 'PJ');
    expect(peach.productSalePriceWithVat).toBe(4);
  });

  test('filters: text, category, sub-category, brand, colour, price range (with VAT); sorts by price or newest', async () => {
    expect(skus((await list({ key: 'juice', price: 'LowToHigh' })).body)).toEqual(['PJ', 'MJ']);
    expect(skus((await list({ productCategoryId: String(c.otherCategoryId) })).body)).toEqual(['GUM']);
    expect(skus((await list({ productSubCategoryId: String(c.subCategoryId), price: 'HighToLow' })).body)).toEqual(['MJ', 'PJ']);
    expect(skus((await list({ productBrandId: String(c.otherBrandId), price: 'LowToHigh' })).body)).toEqual(['GUM', 'PJ']);
    expect(skus((await list({ color: String(c.blueId) })).body)).toEqual(['GUM']);
    expect(skus((await list({ color: `${c.redId},${c.blueId}`, price: 'LowToHigh' })).body)).toEqual(['GUM', 'MJ']);
    // the range is on the price the shopper pays, VAT included (gum: 0.99 + 15 % = 1.14, mango: 11.00)
    expect(skus((await list({ priceRange: '1-5' })).body)).toEqual(['PJ', 'GUM']);
    expect(skus((await list({ priceRange: '0.99-1.13' })).body)).toEqual([]);
    expect(skus((await list({ priceRange: '1.14-11', price: 'HighToLow' })).body)).toEqual(['MJ', 'PJ', 'GUM']);
    expect(skus((await list()).body)).toEqual(['PJ', 'GUM', 'MJ']);
    expect(skus((await list({ status: 'false' })).body)).not.toContain('SJ');
    expect((await list({ count: '1', page: '2', price: 'LowToHigh' })).body).toMatchObject({
      totalProduct: 3,
      getAllProduct: [{ sku: 'PJ' }],
    });
    for (const bad of <Record<string, string>[]>[{ priceRange: '5-1' }, { priceRange: 'cheap' }, { price: 'Up' }, { color: 'red' }]) {
      expect((await list(bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  test('GET /product/public/{id}: gallery, colours and attribute values; 404 when hidden or unknown', async () => {
    const answer = await t.call('GET', `/v1/product/public/${ids.MJ}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      sku: 'MJ',
      productSalePriceWithVat: 11,
      colors: [{ id: c.redId }],
      productAttributeValues: [{ id: c.sizeLargeId, productAttributeName: 'Size' }],
    });
    expect(answer.body.images).toHaveLength(1);
    expect((await t.call('GET', answer.body.images[0].url)).status).toBe(200);
    for (const key of internal) expect(answer.body).not.toHaveProperty(key);
    expect((await t.call('GET', `/v1/product/public/${ids.SJ}`)).status).toBe(404);
    expect((await t.call('GET', '/v1/product/public/999999')).status).toBe(404);
  });
});
