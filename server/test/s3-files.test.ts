import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileStore } from '../src/platform/files.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { type Catalogue, catalogue, png, sendForm, storedName, uploads } from './product-fixtures.ts';
import { startS3, type TestS3 } from './s3-server.ts';

// uploads in an S3-compatible bucket (S3_BUCKET ...): a local s3rver on a free port, the real API in front
let s3: TestS3;
let t: TestApp;
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env);
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The names an answer's image URLs point at. */
const namesOf = (...urls: string[]) => urls.map(storedName).sort();

describe('uploads in an S3 bucket', () => {
  test('a product image goes to the bucket, not the uploads folder, and its URL serves the object', async () => {
    const before = await s3.objects();
    const answer = await sendForm(
      t,
      owner,
      'POST',
      '/v1/product',
      { name: 'Apple juice', sku: 'AJ-S3', productSubCategoryId: String(c.subCategoryId) },
      [{ field: 'productThumbnailImage', data: await png(1200, 900) }],
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const p = answer.body;
    // the display size and the thumbnail, both WebP
    expect(await s3.objects()).toEqual([...before, ...namesOf(p.productImageUrl, p.productThumbnailImageUrl)].sort());
    expect(await uploads(t)).toEqual([]);

    for (const [url, width] of [
      [p.productImageUrl, 800],
      [p.productThumbnailImageUrl, 200],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const object = await s3.object(storedName(url));
      expect(served.rawPayload.equals(object.data)).toBe(true);
      expect(object.contentType).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
    }
    // the public product page names the same URLs
    const page = await t.call('GET', `/v1/product/public/${p.id}`);
    expect(page.status).toBe(200);
    expect(page.body.productThumbnailImageUrl).toBe(p.productThumbnailImageUrl);
  });

  test('the logo is kept byte for byte and served back as it was sent', async () => {
    const logo = await png(64, 64, { r: 10, g: 120, b: 10 });
    const answer = await sendForm(t, owner, 'POST', '/v1/setting', {}, [{ field: 'logo', data: logo }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: answer.body.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(logo)).toBe(true);
  });

  test('a new image replaces the old one: the old objects are gone and their URLs answer 404', async () => {
    const first = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Mint tea', sku: 'MT-S3' }, [
      { field: 'productThumbnailImage', data: await png(60, 60) },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const old = namesOf(first.body.productImageUrl, first.body.productThumbnailImageUrl);
    const second = await sendForm(t, owner, 'PUT', `/v1/product/${first.body.id}`, { name: 'Mint tea' }, [
      { field: 'productThumbnailImage', data: await png(40, 40, { r: 0, g: 0, b: 200 }) },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const objects = await s3.objects();
    for (const name of old) expect(objects).not.toContain(name);
    for (const name of namesOf(second.body.productImageUrl, second.body.productThumbnailImageUrl)) expect(objects).toContain(name);
    expect((await t.call('GET', first.body.productThumbnailImageUrl)).status).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: second.body.productThumbnailImageUrl });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40 });
  });

  test('a request that fails after storing its images leaves no object behind', async () => {
    const taken = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Lemonade', sku: 'LM-S3' });
    expect(taken.status).toBe(201);
    const before = await s3.objects();
    // the images are stored in the transaction; the duplicate SKU fails it afterwards
    const dup = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Other lemonade', sku: 'LM-S3' }, [
      { field: 'productThumbnailImage', data: await png() },
      { field: 'images', data: await png(20, 20) },
    ]);
    expect(dup.status).toBe(409);
    expect(await s3.objects()).toEqual(before);
  });

  test("the demo shop's pictures go to the bucket and are served from it", async () => {
    const before = await s3.objects();
    const files = await FileStore.open(t.config);
    await seedDemo(t.database.db, { files, clock: t.config.clock, log: t.app.log }).finally(() => files.close());
    const stored = (await s3.objects()).filter((name) => !before.includes(name));
    const list = await t.call('GET', '/v1/product/public', { query: { count: '100' } });
    const urls = (list.body.getAllProduct as { productThumbnailImageUrl: string | null }[]).map((p) => p.productThumbnailImageUrl);
    const demo = urls.filter((url) => url && stored.includes(storedName(url)));
    expect(demo.length).toBeGreaterThanOrEqual(20);
    const served = await t.app.inject({ method: 'GET', url: demo[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await uploads(t)).toEqual([]);
  });

  test('a name the server never gave, or an object that is not there, is a 404', async () => {
    expect((await t.call('GET', '/v1/uploads/00000000-0000-0000-0000-000000000000.webp')).status).toBe(404);
    expect((await t.call('GET', '/v1/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
