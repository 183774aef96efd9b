import { productFileFields } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { png, sendForm, uploads } from './product-fixtures.ts';

/** Older clients send their image files as `images` (or `images[]`); the current names keep working. */
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = await t.ownerToken();
});

describe('slider images take the file as image or images', () => {
  test.each(['image', 'images', 'images[]'])('create, update (POST) and replace (PUT) with the file field %s', async (field) => {
    const created = await sendForm(t, owner, 'POST', '/v1/slider-images', { linkUrl: '/catalogue' }, [{ field, data: await png(40, 20) }]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.imageUrl).toMatch(/^\/v1\/uploads\/.+\.webp$/);
    expect((await t.call('GET', created.body.imageUrl)).status).toBe(200);

    const updated = await sendForm(t, owner, 'POST', `/v1/slider-images/${created.body.id}`, {}, [{ field, data: await png(30, 20) }]);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.imageUrl).not.toBe(created.body.imageUrl);
    const replaced = await sendForm(t, owner, 'PUT', `/v1/slider-images/${created.body.id}`, { index: '2' }, [
      { field, data: await png(20, 20) },
    ]);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.index).toBe(2);
    expect(replaced.body.imageUrl).not.toBe(updated.body.imageUrl);
  });

  test('two files, whatever their names, and other file fields are still refused', async () => {
    const before = await uploads(t);
    const two = await sendForm(t, owner, 'POST', '/v1/slider-images', {}, [
      { field: 'image', data: await png() },
      { field: 'images', data: await png() },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.fields).toHaveProperty('image');
    const other = await sendForm(t, owner, 'POST', '/v1/slider-images', {}, [{ field: 'picture', data: await png() }]);
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('picture');
    expect(await uploads(t)).toEqual(before);
  });
});

describe('products take gallery images as images or images[] next to productThumbnailImage', () => {
  test.each(['images', 'images[]'])('create and update with gallery files named %s', async (field) => {
    const sku = `FLD-${field.length}`;
    const created = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Field tea', sku }, [
      { field: productFileFields.thumbnail, data: await png() },
      { field, data: await png(30, 30) },
      { field, data: await png(31, 31) },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.productThumbnailImageUrl).toMatch(/^\/v1\/uploads\//);
    expect(created.body.images).toHaveLength(2);
    for (const method of ['POST', 'PUT']) {
      const updated = await sendForm(t, owner, method, `/v1/product/${created.body.id}`, {}, [{ field, data: await png(32, 32) }]);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    }
    const read = await t.call('GET', `/v1/product/${created.body.id}`, { token: owner });
    expect(read.body.images).toHaveLength(4);
  });
});
