import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let smallPng: Buffer;
let widePng: Buffer;
beforeAll(async () => {
  owner = await t.ownerToken();
  smallPng = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  widePng = await sharp({ create: { width: 2400, height: 600, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .png()
    .toBuffer();
});

interface FilePart {
  data: Buffer;
  name?: string;
  type?: string;
  field?: string;
}

async function form(fields: Record<string, string>, file?: FilePart) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append(file.field ?? 'image', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'slide.png');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
const send = async (method: string, url: string, fields: Record<string, string>, file?: FilePart, token = owner) =>
  t.call(method, url, { token, ...(await form(fields, file)) });
const create = (fields: Record<string, string>, file: FilePart | undefined = { data: smallPng }, token = owner) =>
  send('POST', '/v1/slider-images', fields, file, token);
const uploads = async () => (await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).sort();
const stored = (url: string) => url.replace('/v1/uploads/', '');

describe('slider images', () => {
  test('upload a PNG: 201, stored as WebP, served back; a wide one is scaled to the display width', async () => {
    const answer = await create({ linkUrl: '/catalogue?brand=2', index: '3' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      linkUrl: '/catalogue?brand=2',
      index: 3,
      status: 'true',
      imageUrl: expect.stringMatching(/^\/v1\/uploads\/.+\.webp$/),
    });
    const served = await t.app.inject({ method: 'GET', url: answer.body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);

    const wide = await create({ linkUrl: 'https://example.com/sale' }, { data: widePng });
    expect(wide.status).toBe(201);
    const file = await fs.readFile(path.join(t.dataDir, 'uploads', stored(wide.body.imageUrl)));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 400 });
    expect((await t.call('GET', `/v1/slider-images/${wide.body.id}`, { token: owner })).body).toEqual(wide.body);
  });

  test('a file that is not an image is a 400 naming image and leaves no file behind', async () => {
    const before = await uploads();
    const answer = await create(
      {},
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: 'x.png', type: 'image/png' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('image');
    expect(await uploads()).toEqual(before);
  });

  test('an oversized file is a 413 and leaves no file behind', async () => {
    const before = await uploads();
    const big = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(t.config.uploadMaxBytes);
    const answer = await create({}, { data: big });
    expect(answer.status).toBe(413);
    expect(await uploads()).toEqual(before);
  });

  test.each([
    [{ linkUrl: 'javascript:alert(1)' }, 'linkUrl'],
    [{ linkUrl: '//evil.example' }, 'linkUrl'],
    [{ index: '-1' }, 'index'],
    [{ index: '1.5' }, 'index'],
    [{ status: 'maybe' }, 'status'],
  ])('%o is a 400 naming %s and leaves no file', async (fields, field) => {
    const before = await uploads();
    const answer = await create(fields);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty(field);
    expect(await uploads()).toEqual(before);
  });

  test('the image is required on create; JSON is refused; another file field is refused', async () => {
    const missing = await send('POST', '/v1/slider-images', { index: '1' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('image');
    expect((await t.call('POST', '/v1/slider-images', { token: owner, body: { index: 1 } })).status).toBe(400);
    const stray = await create({}, { data: smallPng, field: 'photo' });
    expect(stray.status).toBe(400);
    expect(stray.body.fields).toHaveProperty('photo');
  });

  test('update: fields alone keep the image; a new image replaces the old file after commit', async () => {
    const created = (await create({ index: '5' })).body;
    const moved = await send('POST', `/v1/slider-images/${created.id}`, { index: '7' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ index: 7, imageUrl: created.imageUrl, linkUrl: null });

    const replaced = await send('POST', `/v1/slider-images/${created.id}`, { linkUrl: 'https://example.com' }, { data: widePng });
    expect(replaced.status).toBe(200);
    expect(replaced.body.imageUrl).not.toBe(created.imageUrl);
    expect(replaced.body).toMatchObject({ index: 7, linkUrl: 'https://example.com' });
    const files = await uploads();
    expect(files).toContain(stored(replaced.body.imageUrl));
    expect(files).not.toContain(stored(created.imageUrl));

    const before = await uploads();
    expect((await send('POST', '/v1/slider-images/999999', {}, { data: smallPng })).status).toBe(404);
    expect((await send('PUT', `/v1/slider-images/${created.id}`, { index: 'x' }, { data: smallPng })).status).toBe(400);
    expect(await uploads()).toEqual(before);
    expect((await send('POST', `/v1/slider-images/${created.id}`, {})).status).toBe(400);
    expect((await send('POST', '/v1/slider-images/abc', { index: '1' })).status).toBe(400);
  });

  test('delete removes the row and its file; then 404', async () => {
    const created = (await create({})).body;
    expect(await uploads()).toContain(stored(created.imageUrl));
    const gone = await t.call('DELETE', `/v1/slider-images/${created.id}`, { token: owner });
    expect(gone.status).toBe(200);
    expect(await uploads()).not.toContain(stored(created.imageUrl));
    expect((await t.call('GET', `/v1/slider-images/${created.id}`, { token: owner })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/slider-images/${created.id}`, { token: owner })).status).toBe(404);
    expect((await t.call('DELETE', '/v1/slider-images/0', { token: owner })).status).toBe(400);
  });

  test('the public list, without a token, shows only active ones in index order; staff see all', async () => {
    const ids: number[] = [];
    for (const [index, status] of [
      ['30', 'true'],
      ['10', 'true'],
      ['20', 'false'],
    ] as const)
      ids.push((await create({ index, status })).body.id);
    const pub = await t.call('GET', '/v1/slider-images/public', { query: { query: 'all', status: 'false' } });
    expect(pub.status).toBe(200);
    const seen = pub.body.getAllSliderImages as { id: number; index: number; status: string }[];
    expect(seen.every((s) => s.status === 'true')).toBe(true);
    expect(seen.map((s) => s.index)).toEqual([...seen.map((s) => s.index)].sort((a, b) => a - b));
    const mine = seen.filter((s) => ids.includes(s.id)).map((s) => s.id);
    expect(mine).toEqual([ids[1], ids[0]]);
    expect(pub.body.totalSliderImages).toBe(seen.length);

    const staff = await t.call('GET', '/v1/slider-images', { token: owner, query: { query: 'all', status: 'true,false' } });
    expect(staff.status).toBe(200);
    expect(staff.body.getAllSliderImages.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining(ids));
    expect((await t.call('GET', '/v1/slider-images', { token: owner, query: { query: 'nope' } })).status).toBe(400);
  });

  test('401 without a token, 403 for a customer and for staff without the permission', async () => {
    const customer = (await t.customerToken()).token;
    const reader = (await t.staffWith(['readAll-sliderImages'])).token;
    expect((await t.call('GET', '/v1/slider-images', { query: { query: 'all' } })).status).toBe(401);
    expect((await t.call('GET', '/v1/slider-images', { token: customer, query: { query: 'all' } })).status).toBe(403);
    expect((await t.call('GET', '/v1/slider-images', { token: reader, query: { query: 'all' } })).status).toBe(200);
    const before = await uploads();
    expect((await create({}, { data: smallPng }, '')).status).toBe(401);
    expect((await create({}, { data: smallPng }, customer)).status).toBe(403);
    expect((await create({}, { data: smallPng }, reader)).status).toBe(403);
    expect((await t.call('DELETE', '/v1/slider-images/1', { token: reader })).status).toBe(403);
    expect(await uploads()).toEqual(before);
  });
});
