import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { png, sendForm } from './product-fixtures.ts';

/**
 * A variant's picture (issue 32): one of its product's gallery pictures, which the storefront shows when the
 * shopper picks the variant. Another product's picture is refused naming the field; a picture taken out of the
 * gallery leaves the variant showing the product's own.
 */
const t = useTestApp();
let owner: string;
let mug: { id: number; images: { id: number }[] };
let otherPicture: number;
let red: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  const made = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Mug', sku: 'MUG-PIC' }, [
    { field: 'images', data: await png(11, 11) },
    { field: 'images', data: await png(12, 12, { r: 10, g: 10, b: 200 }) },
  ]);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  mug = made.body;
  const other = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Plate', sku: 'PLATE-PIC' }, [
    { field: 'images', data: await png(13, 13) },
  ]);
  otherPicture = other.body.images[0].id;
  red = (await t.call('POST', '/v1/product-color', { token: owner, body: { name: 'Red', colorCode: '#aa0000' } })).body.id;
  const variant = await t.call('POST', '/v1/product-variant', {
    token: owner,
    body: { productId: mug.id, colorId: red, sku: 'MUG-PIC-RED' },
  });
  expect(variant.status, JSON.stringify(variant.body)).toBe(201);
});

const variantOnShop = async () =>
  ((await t.call('GET', `/v1/product/public/${mug.id}`)).body.variants as { sku: string; productImageId: number | null }[]).find(
    (v) => v.sku === 'MUG-PIC-RED',
  );

test("a variant shows one of its product's pictures on the storefront", async () => {
  const [variant] = (await t.call('GET', '/v1/product-variant', { token: owner, query: { productId: String(mug.id) } })).body
    .getAllProductVariant as { id: number; productImageId: number | null }[];
  expect(variant!.productImageId).toBeNull();
  const blue = mug.images[1]!.id;
  const set = await t.call('PUT', `/v1/product-variant/${variant!.id}`, { token: owner, body: { productImageId: blue } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.productImageId).toBe(blue);
  expect((await variantOnShop())?.productImageId).toBe(blue);

  const stranger = await t.call('PUT', `/v1/product-variant/${variant!.id}`, { token: owner, body: { productImageId: otherPicture } });
  expect(stranger.status).toBe(400);
  expect(stranger.body.fields.productImageId).toMatch(/product's pictures/);
  expect((await variantOnShop())?.productImageId).toBe(blue);

  // the picture taken out of the gallery: the variant shows the product's own again
  const kept = await t.call('PUT', `/v1/product/${mug.id}`, { token: owner, body: { galleryOrder: [mug.images[0]!.id] } });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  expect((await variantOnShop())?.productImageId).toBeNull();
});
