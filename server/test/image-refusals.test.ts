import zlib from 'node:zlib';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxImagePixels } from '../src/platform/images.ts';
import { appSetting, product, productImage, sliderImages, stockMovement } from '../src/schema/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { noisyPng, png, sendForm, storedName, uploads } from './product-fixtures.ts';

let t: TestApp;
let owner: string;
let slideId: number;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.ownerToken();
  // something for each refusal to leave untouched: a slide and a logo, with their files
  const slide = await sendForm(t, owner, 'POST', '/v1/slider-images', { index: '1' }, [{ field: 'image', data: await png() }]);
  expect(slide.status, JSON.stringify(slide.body)).toBe(201);
  slideId = slide.body.id;
  const logo = await sendForm(t, owner, 'POST', '/v1/setting', {}, [{ field: 'logo', data: await png(8, 8) }]);
  expect(logo.status, JSON.stringify(logo.body)).toBe(200);
});
afterAll(() => t?.close());

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid 16000 × 16000 PNG (256 megapixels) of one bit per pixel: its 32 MB of zero rows deflate
 * to a few dozen KB, well under the upload limit.
 */
function pixelBomb(side = 16_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side);
  return Buffer.concat([
    pngSignature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Bad {
  name: string;
  data: Buffer;
  says: RegExp;
}
let bad: Bad[];
beforeAll(async () => {
  const real = await noisyPng(64);
  const ihdrEnd = 8 + 25;
  bad = [
    { name: 'garbage bytes', data: Buffer.from('\x00\x01 definitely not a picture \xff\xfe'), says: /PNG, JPEG, GIF or WebP/ },
    // the header describes a real image, so only decoding the pixels finds the missing ones
    { name: 'a truncated PNG', data: real.subarray(0, Math.floor(real.length * 0.6)), says: /PNG, JPEG, GIF or WebP/ },
    {
      name: 'a PNG header followed by HTML',
      data: Buffer.concat([real.subarray(0, ihdrEnd), Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
      says: /PNG, JPEG, GIF or WebP/,
    },
    { name: 'a pixel bomb', data: pixelBomb(), says: /megapixels/ },
  ];
});

test('the pixel bomb is a valid image over the limit and under the upload limit', async () => {
  const bomb = bad.find((b) => b.name === 'a pixel bomb')!.data;
  expect(bomb.length).toBeLessThan(t.config.uploadMaxBytes);
  const { width, height } = await sharp(bomb, { limitInputPixels: false }).metadata();
  expect(width! * height!).toBeGreaterThan(maxImagePixels);
});

/** Every row the three uses could touch, and the uploads folder. */
const snapshot = async () => {
  const db = t.database.db;
  return {
    products: await db.select().from(product).orderBy(asc(product.id)),
    gallery: await db.select().from(productImage).orderBy(asc(productImage.id)),
    movements: await db.select().from(stockMovement).orderBy(asc(stockMovement.id)),
    slides: await db.select().from(sliderImages).orderBy(asc(sliderImages.id)),
    settings: await db.select().from(appSetting).orderBy(asc(appSetting.id)),
    files: await uploads(t),
  };
};

const uses: { use: string; field: string; send: (data: Buffer) => ReturnType<typeof sendForm> }[] = [
  {
    use: 'product create, thumbnail',
    field: 'productThumbnailImage',
    send: (data) =>
      sendForm(t, owner, 'POST', '/v1/product', { name: 'Refused', sku: 'REF-1', productQuantity: '3', productPurchasePrice: '1.00' }, [
        { field: 'productThumbnailImage', data },
      ]),
  },
  {
    use: 'product create, gallery after a good image',
    field: 'images',
    send: async (data) =>
      sendForm(t, owner, 'POST', '/v1/product', { name: 'Refused', sku: 'REF-2' }, [
        { field: 'images', data: await png() },
        { field: 'images', data },
      ]),
  },
  {
    use: 'slider create',
    field: 'image',
    send: (data) => sendForm(t, owner, 'POST', '/v1/slider-images', { index: '2' }, [{ field: 'image', data }]),
  },
  {
    use: 'slider update',
    field: 'image',
    send: (data) => sendForm(t, owner, 'POST', `/v1/slider-images/${slideId}`, { index: '9' }, [{ field: 'image', data }]),
  },
  {
    use: 'logo',
    field: 'logo',
    send: (data) => sendForm(t, owner, 'POST', '/v1/setting', { companyName: 'Refused' }, [{ field: 'logo', data }]),
  },
];

describe.each(uses)('$use', ({ field, send }) => {
  test.each(['garbage bytes', 'a truncated PNG', 'a PNG header followed by HTML', 'a pixel bomb'])(
    `%s is a 400 naming ${field}; no row changes, no file is left`,
    async (name) => {
      const { data, says } = bad.find((b) => b.name === name)!;
      const before = await snapshot();
      const answer = await send(data);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.fields?.[field]).toMatch(says);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('what is stored is what the server encoded', () => {
  const withHtml = async () => Buffer.concat([await png(30, 20), Buffer.from('<html><script>alert(1)</script></html>')]);

  test('a product image with HTML after its end is stored re-encoded as WebP, without the HTML', async () => {
    const answer = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Clean', sku: 'CLEAN-1' }, [
      { field: 'productThumbnailImage', data: await withHtml() },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const urls = [answer.body.productImageUrl, answer.body.productThumbnailImageUrl];
    expect(urls.map(storedName).every((name) => name.endsWith('.webp'))).toBe(true);
    for (const url of urls) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.includes('<script')).toBe(false);
    }
  });

  test('a slider image with HTML after its end is stored re-encoded as WebP, without the HTML', async () => {
    const answer = await sendForm(t, owner, 'POST', '/v1/slider-images', {}, [{ field: 'image', data: await withHtml() }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: answer.body.imageUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes('<script')).toBe(false);
  });
});
