import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, png, product, sendForm, storedName, uploads } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
});

describe('PUT / POST /product/{id}', () => {
  test('partial JSON update keeps the other fields; colour and attribute sets are replaced when sent', async () => {
    const p = await product(t, owner, {
      name: 'Lemonade',
      sku: 'LEM-1',
      productSalePrice: '3.00',
      productQuantity: '4',
      productPurchasePrice: '1.00',
      colors: String(c.redId),
      productAttributeValueId: String(c.sizeSmallId),
      productBrandId: String(c.brandId),
    });
    const answer = await t.call('PUT', `/v1/product/${p.id}`, {
      token: owner,
      body: { productSalePrice: 3.5, colors: [c.blueId], description: 'Tart' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Lemonade',
      productSalePrice: 3.5,
      description: 'Tart',
      productQuantity: 4,
      productPurchasePrice: 1,
      productBrandId: c.brandId,
    });
    expect(answer.body.colors.map((x: { id: number }) => x.id)).toEqual([c.blueId]);
    expect(answer.body.productAttributeValues.map((x: { id: number }) => x.id)).toEqual([c.sizeSmallId]);
    const cleared = await t.call('POST', `/v1/product/${p.id}`, { token: owner, body: { colors: '', productBrandId: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ colors: [], productBrandId: null });
    await expectInvariants(t);
  });

  test('quantity is refused: stock changes only through movements (the purchase price: product-admin.test.ts)', async () => {
    const p = await product(t, owner, { name: 'Cola', sku: 'COLA-1', productQuantity: '2', productPurchasePrice: '0.50' });
    const quantity = await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productQuantity: 10 } });
    expect(quantity.status).toBe(400);
    expect(quantity.body.fields.productQuantity).toMatch(/adjustment/);
    const byForm = await sendForm(t, owner, 'POST', `/v1/product/${p.id}`, { productQuantity: '3' });
    expect(byForm.status).toBe(400);
    expect(byForm.body.fields).toHaveProperty('productQuantity');
    expect((await t.call('GET', `/v1/product/${p.id}`, { token: owner })).body).toMatchObject({
      productQuantity: 2,
      productPurchasePrice: 0.5,
    });
    await expectInvariants(t);
  });

  test('a new thumbnail replaces the old file; gallery images are appended up to 8', async () => {
    const first = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Tea', sku: 'TEA-1' }, [
      { field: 'productThumbnailImage', data: await png() },
      { field: 'images', data: await png(30, 30) },
    ]);
    expect(first.status).toBe(201);
    const oldName = storedName(first.body.productImageUrl);
    const answer = await sendForm(t, owner, 'PUT', `/v1/product/${first.body.id}`, { name: 'Green tea' }, [
      { field: 'productThumbnailImage', data: await png(40, 40) },
      { field: 'images', data: await png(20, 20) },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.name).toBe('Green tea');
    expect(answer.body.images).toHaveLength(2);
    expect(answer.body.productImageUrl).not.toBe(first.body.productImageUrl);
    expect(await uploads(t)).not.toContain(oldName);
    expect((await t.call('GET', first.body.productThumbnailImageUrl)).status).toBe(404);
    expect((await t.call('GET', answer.body.productThumbnailImageUrl)).status).toBe(200);

    const before = await uploads(t);
    const seven = await Promise.all(Array.from({ length: 7 }, () => png(8, 8)));
    const tooMany = await sendForm(
      t,
      owner,
      'POST',
      `/v1/product/${first.body.id}`,
      {},
      seven.map((data) => ({ field: 'images', data })),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toHaveProperty('images');
    expect(await uploads(t)).toEqual(before);
  });

  test('galleryOrder reorders the gallery and removes the images it leaves out, with their files', async () => {
    const made = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Cups', sku: 'CUP-SET' }, [
      { field: 'images', data: await png(11, 11) },
      { field: 'images', data: await png(12, 12) },
      { field: 'images', data: await png(13, 13) },
    ]);
    expect(made.status).toBe(201);
    const [a, b, c] = made.body.images as { id: number; url: string }[];
    const answer = await t.call('PUT', `/v1/product/${made.body.id}`, { token: owner, body: { galleryOrder: [c!.id, a!.id] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.images.map((i: { id: number }) => i.id)).toEqual([c!.id, a!.id]);
    expect(await uploads(t)).not.toContain(storedName(b!.url));
    expect((await t.call('GET', b!.url)).status).toBe(404);

    const other = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Plates', sku: 'PLT-SET' }, [
      { field: 'images', data: await png(14, 14) },
    ]);
    const stranger = await t.call('PUT', `/v1/product/${made.body.id}`, {
      token: owner,
      body: { galleryOrder: [c!.id, other.body.images[0].id] },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields).toHaveProperty('galleryOrder');
    const unchanged = await t.call('GET', `/v1/product/${made.body.id}`, { token: owner });
    expect(unchanged.body.images.map((i: { id: number }) => i.id)).toEqual([c!.id, a!.id]);

    const emptied = await t.call('PUT', `/v1/product/${made.body.id}`, { token: owner, body: { galleryOrder: [] } });
    expect(emptied.body.images).toEqual([]);
    await expectInvariants(t);
  });

  test('409 when renamed onto another product; 404 for an unknown id; 400 for nothing to update', async () => {
    await product(t, owner, { name: 'Milk', sku: 'MILK-1' });
    const other = await product(t, owner, { name: 'Cream', sku: 'CREAM-1' });
    const clash = await t.call('PUT', `/v1/product/${other.id}`, { token: owner, body: { sku: 'milk-1' } });
    expect(clash.status).toBe(409);
    expect(clash.body.fields).toEqual({ sku: 'already exists' });
    expect((await t.call('PUT', `/v1/product/${other.id}`, { token: owner, body: { name: 'cream' } })).status).toBe(200);
    expect((await t.call('PUT', '/v1/product/999999', { token: owner, body: { name: 'Ghost' } })).status).toBe(404);
    expect((await t.call('PUT', `/v1/product/${other.id}`, { token: owner, body: {} })).status).toBe(400);
    const badRef = await t.call('PUT', `/v1/product/${other.id}`, { token: owner, body: { productVatId: 999999 } });
    expect(badRef.status).toBe(400);
    expect(badRef.body.fields).toHaveProperty('productVatId');
  });

  test('PATCH status hides and shows; 403 without delete-product', async () => {
    const p = await product(t, owner, { name: 'Soda', sku: 'SODA-1' });
    const hidden = await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'false' } });
    expect(hidden.status).toBe(200);
    expect(hidden.body.status).toBe('false');
    expect((await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'maybe' } })).status).toBe(400);
    const staff = await t.staffWith(['update-product']);
    expect((await t.call('PATCH', `/v1/product/${p.id}`, { token: staff.token, body: { status: 'true' } })).status).toBe(403);
    expect((await t.call('PUT', `/v1/product/${p.id}`, { token: staff.token, body: { description: 'ok' } })).status).toBe(200);
  });
});
