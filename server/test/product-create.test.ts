import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, noisyPng, png, product, sendForm, storedName, uploads } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
});

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const productCount = async () => Number((await rows(sql`select count(*)::int as n from product`))[0]!.n);

describe('POST /product', () => {
  test('creates a product with thumbnail, gallery, links and opening stock in one go', async () => {
    const before = await uploads(t);
    const answer = await sendForm(
      t,
      owner,
      'POST',
      '/v1/product',
      {
        name: 'Orange juice',
        sku: 'OJ-1',
        description: 'Fresh',
        productSubCategoryId: String(c.subCategoryId),
        productBrandId: String(c.brandId),
        productQuantity: '12',
        reorderQuantity: '3',
        productSalePrice: '2.50',
        productPurchasePrice: '1.25',
        uomId: String(c.uomId),
        uomValue: '1',
        productVatId: String(c.vat10),
        colors: `${c.redId},${c.blueId}`,
        productAttributeValueId: [String(c.sizeSmallId), String(c.sizeLargeId)],
      },
      [
        { field: 'productThumbnailImage', data: await png(1200, 900) },
        { field: 'images', data: await png(300, 300, { r: 0, g: 200, b: 0 }) },
        { field: 'images', data: await png(50, 50, { r: 0, g: 0, b: 200 }), type: 'application/octet-stream', name: 'x.bin' },
      ],
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const p = answer.body;
    expect(p).toMatchObject({
      name: 'Orange juice',
      sku: 'OJ-1',
      productQuantity: 12,
      productPurchasePrice: 1.25,
      productSalePrice: 2.5,
      status: 'true',
      lowStock: 'false',
    });
    expect(p.colors.map((x: { id: number }) => x.id).sort()).toEqual([c.redId, c.blueId].sort());
    expect(p.productAttributeValues.map((x: { productAttributeName: string }) => x.productAttributeName)).toEqual(['Size', 'Size']);
    expect(p.images).toHaveLength(2);
    expect(p.stockMovements).toHaveLength(1);
    expect(p.stockMovements[0]).toMatchObject({ quantity: 12, reason: 'opening', unitCost: 1.25 });
    // two sizes of each of the three images, WebP
    expect((await uploads(t)).length - before.length).toBe(6);
    const thumb = await t.call('GET', p.productThumbnailImageUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const raw = await t.app.inject({ method: 'GET', url: p.productImageUrl });
    const display = await sharp(raw.rawPayload).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const small = await sharp((await t.app.inject({ method: 'GET', url: p.productThumbnailImageUrl })).rawPayload).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 200, height: 150 });
    for (const image of p.images) {
      storedName(image.url);
      expect((await t.call('GET', image.url)).status).toBe(200);
    }
    const ledger = await rows(sql`select amount::text, particulars, type from transaction where related_id = ${String(p.id)}`);
    expect(ledger).toEqual([{ amount: '15.00', particulars: 'Opening stock OJ-1', type: 'adjustment' }]);
    await expectInvariants(t);
  });

  test('JSON without images works too; no opening stock means no movement and no posting', async () => {
    const answer = await t.call('POST', '/v1/product', { token: owner, body: { name: 'Plain water', sku: 'W-1', productSalePrice: 1 } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ productQuantity: 0, productThumbnailImageUrl: null, stockMovements: [], images: [] });
    await expectInvariants(t);
  });

  test('400 naming the field for invalid input and unknown references', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ sku: 'X-1' }, 'name'],
      [{ name: 'No sku' }, 'sku'],
      [{ name: 'Neg', sku: 'N-1', productQuantity: '-1' }, 'productQuantity'],
      [{ name: 'Frac', sku: 'F-1', productQuantity: '1.5' }, 'productQuantity'],
      [{ name: 'Price', sku: 'P-1', productSalePrice: '1.234' }, 'productSalePrice'],
      [{ name: 'Brand', sku: 'B-1', productBrandId: '999999' }, 'productBrandId'],
      [{ name: 'Colour', sku: 'C-1', colors: `${c.redId},999999` }, 'colors'],
      [{ name: 'Attr', sku: 'A-1', productAttributeValueId: 'abc' }, 'productAttributeValueId'],
    ];
    for (const [fields, field] of cases) {
      const answer = await sendForm(t, owner, 'POST', '/v1/product', fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(answer.body)).toContain(field);
    }
  });

  test('409 on a duplicate SKU, case-insensitively; a second SKU may share the name', async () => {
    await product(t, owner, { name: 'Ceramic Mug Teal', sku: 'MUG-T1' });
    const sku = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Other', sku: 'mug-t1' });
    expect(sku.status).toBe(409);
    expect(sku.body.fields).toEqual({ sku: 'already exists' });
    const second = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Ceramic Mug Teal', sku: 'MUG-T2' });
    expect(second.status).toBe(201);
    const list = await t.call('GET', '/v1/product?query=search&key=Ceramic Mug Teal', { token: owner });
    expect(list.body.getAllProduct.map((p: { sku: string }) => p.sku).sort()).toEqual(['MUG-T1', 'MUG-T2']);
  });

  test('simultaneous creates with the same SKU in different case: exactly one wins', async () => {
    const answers = await Promise.all(
      ['RACE-1', 'race-1', 'Race-1', 'RACE-1', 'rAce-1'].map((sku, i) =>
        t.call('POST', '/v1/product', { token: owner, body: { name: `Race ${i}`, sku } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  test('a wrong file type is a 400 and stores nothing', async () => {
    const before = [await uploads(t), await productCount()];
    const answer = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Bad image', sku: 'BI-1' }, [
      { field: 'images', data: await png() },
      { field: 'images', data: Buffer.from('%PDF-1.4 not an image'), type: 'image/png', name: 'fake.png' },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('images');
    expect([await uploads(t), await productCount()]).toEqual(before);
  });

  test('an oversized image is a 413 and stores nothing', async () => {
    const before = [await uploads(t), await productCount()];
    const big = await noisyPng(400);
    expect(big.length).toBeGreaterThan(256 * 1024);
    const answer = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Big image', sku: 'BIG-1' }, [
      { field: 'productThumbnailImage', data: big },
    ]);
    expect(answer.status).toBe(413);
    expect([await uploads(t), await productCount()]).toEqual(before);
  });

  test('more than 8 gallery images or a stray file field is a 400', async () => {
    const image = await png(10, 10);
    const nine = Array.from({ length: 9 }, () => ({ field: 'images', data: image }));
    expect((await sendForm(t, owner, 'POST', '/v1/product', { name: 'Nine', sku: 'NINE' }, nine)).status).toBe(400);
    const stray = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Stray', sku: 'STRAY' }, [{ field: 'logo', data: image }]);
    expect(stray.status).toBe(400);
    expect(stray.body.fields).toHaveProperty('logo');
  });

  test('a failure half-way (duplicate SKU, unknown brand) leaves no product and no file', async () => {
    const before = [await uploads(t), await productCount()];
    const images = [
      { field: 'productThumbnailImage', data: await png() },
      { field: 'images', data: await png(20, 20) },
    ];
    const dup = await sendForm(
      t,
      owner,
      'POST',
      '/v1/product',
      { name: 'Dup sku', sku: 'OJ-1', productQuantity: '5', productPurchasePrice: '1' },
      images,
    );
    expect(dup.status).toBe(409);
    const brand = await sendForm(
      t,
      owner,
      'POST',
      '/v1/product',
      { name: 'No brand', sku: 'NB-1', productBrandId: '999999', productQuantity: '5' },
      images,
    );
    expect(brand.status).toBe(400);
    expect(brand.body.fields).toHaveProperty('productBrandId');
    expect([await uploads(t), await productCount()]).toEqual(before);
    await expectInvariants(t);
  });

  test('401 without a token, 403 without create-product', async () => {
    expect((await sendForm(t, '', 'POST', '/v1/product', { name: 'x', sku: 'x' })).status).toBe(401);
    const staff = await t.staffWith(['readAll-product']);
    expect((await sendForm(t, staff.token, 'POST', '/v1/product', { name: 'x', sku: 'x' })).status).toBe(403);
  });
});
