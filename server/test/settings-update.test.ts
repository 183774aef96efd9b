import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { currency } from '../src/schema/index.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = await t.ownerToken();
});

/** A real PNG (RGB, 8 bits), optionally stored uncompressed to make it big. */
function png(width: number, height: number, level = 9): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.writeUIntBE((x * 7 + y * 13) & 0xffffff, y * (width * 3 + 1) + 1 + x * 3, 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface FilePart {
  data: Buffer;
  name?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body, encoded the way a browser does it. */
async function form(fields: Record<string, string>, file?: FilePart) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append(file.field ?? 'logo', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const post = (body: unknown, token = owner) => t.call('POST', '/v1/setting', { token, body });
const postForm = async (fields: Record<string, string>, file?: FilePart, token = owner) => {
  const { body, headers } = await form(fields, file);
  return t.call('POST', '/v1/setting', { token, body, headers });
};
const current = async () => (await t.call('GET', '/v1/setting', { token: owner })).body;
const uploads = async () => (await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).sort();
const storedName = (url: string) => url.replace('/v1/uploads/', '');

describe('POST /setting: access', () => {
  test('401 without a token', async () => {
    const answer = await post({ companyName: 'X' }, '');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthenticated');
  });

  test('403 for staff without update-setting, even with readAll-setting', async () => {
    const staff = await t.staffWith(['readAll-setting']);
    const answer = await post({ companyName: 'X' }, staff.token);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
  });

  test('403 for a customer', async () => {
    const { token } = await t.customerToken();
    expect((await post({ companyName: 'X' }, token)).status).toBe(403);
  });

  test('staff with update-setting change the settings and get the full answer', async () => {
    const staff = await t.staffWith(['update-setting']);
    const answer = await post({ tagLine: 'Fresh every day' }, staff.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ tagLine: 'Fresh every day', companyName: 'My Shop', allowNegativeStock: 'false' });
    expect(answer.body).toHaveProperty('address');
  });
});

describe('POST /setting: JSON', () => {
  test('changes only the fields sent, answers the full settings', async () => {
    const before = await current();
    const [euro] = await t.database.db.select().from(currency).where(eq(currency.currencyName, 'EURO'));
    if (!euro) throw new Error('EURO is seeded');
    const answer = await post({
      companyName: '  Corner Shop  ',
      address: '1 High Street',
      vatNumber: ' GB 123 4567 89 ',
      phone: '+44 1234',
      email: 'Shop@Example.com',
      website: 'www.corner.example',
      dashboardType: 'inventory',
      currencyId: euro.id,
      allowNegativeStock: 'true',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      companyName: 'Corner Shop',
      address: '1 High Street',
      vatNumber: 'GB 123 4567 89',
      phone: '+44 1234',
      email: 'shop@example.com',
      website: 'www.corner.example',
      dashboardType: 'inventory',
      currencyId: euro.id,
      allowNegativeStock: 'true',
      currency: { id: euro.id, currencyName: 'EURO', currencySymbol: '€' },
      tagLine: before.tagLine,
      footer: before.footer,
    });
    expect(await current()).toEqual(answer.body);
    const publicView = (await t.call('GET', '/v1/setting')).body;
    expect(publicView).toEqual({
      companyName: 'Corner Shop',
      tagLine: before.tagLine,
      logo: null,
      footer: before.footer,
      address: '1 High Street',
      vatNumber: 'GB 123 4567 89',
      currency: answer.body.currency,
      cashDenominations: answer.body.cashDenominations,
    });
  });

  test('an empty text clears an optional field', async () => {
    const answer = await post({ address: '', website: '', vatNumber: ' ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ address: null, website: null, vatNumber: null });
  });

  test.each([
    [{ companyName: '' }, 'companyName'],
    [{ companyName: null }, 'companyName'],
    [{ email: 'not-an-address' }, 'email'],
    [{ website: 'not a website' }, 'website'],
    [{ website: 'ftp://files.example.com' }, 'website'],
    [{ dashboardType: 'shop' }, 'dashboardType'],
    [{ allowNegativeStock: 'yes' }, 'allowNegativeStock'],
    [{ currencyId: 999999 }, 'currencyId'],
    [{ currencyId: 'abc' }, 'currencyId'],
    [{ logo: 'https://elsewhere.example/logo.png' }, 'logo'],
    [{ tagLine: 'x'.repeat(201) }, 'tagLine'],
    [{ vatNumber: 'x'.repeat(41) }, 'vatNumber'],
    [{ vatNumber: 'GB\u0000123' }, 'vatNumber'],
  ])('400 naming the field for %j, nothing written', async (body, field) => {
    const before = await current();
    const answer = await post({ address: 'Should not be saved', ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.fields).toHaveProperty(field);
    expect(await current()).toEqual(before);
  });

  test('a hidden currency cannot be chosen', async () => {
    const [hidden] = await t.database.db
      .insert(currency)
      .values({ currencyName: 'OLDCOIN', currencySymbol: 'O', status: false })
      .returning();
    const answer = await post({ currencyId: hidden!.id });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ currencyId: 'does not exist' });
  });
});

describe('POST /setting: form data and the logo', () => {
  const small = png(4, 3);

  test('a PNG logo is stored, answered as a URL and served back as image/png', async () => {
    const answer = await postForm({ companyName: 'Logo Shop', allowNegativeStock: 'false' }, { data: small });
    expect(answer.status).toBe(200);
    expect(answer.body.companyName).toBe('Logo Shop');
    expect(answer.body.logo).toMatch(/^\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await uploads()).toEqual([storedName(answer.body.logo)]);

    const served = await t.app.inject({ method: 'GET', url: answer.body.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(small)).toBe(true);
    expect((await t.call('GET', '/v1/setting')).body.logo).toBe(answer.body.logo);
  });

  test('a new logo replaces the old one, whose file is removed', async () => {
    const old = (await current()).logo as string;
    const answer = await postForm({}, { data: png(2, 2), name: 'new.PNG' });
    expect(answer.status).toBe(200);
    expect(answer.body.logo).not.toBe(old);
    expect(await uploads()).toEqual([storedName(answer.body.logo)]);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });

  test('sending the current logo URL back leaves it as it is', async () => {
    const before = await current();
    const answer = await postForm({ logo: before.logo, tagLine: 'Round trip' });
    expect(answer.status).toBe(200);
    expect(answer.body.logo).toBe(before.logo);
    expect(await uploads()).toEqual([storedName(before.logo)]);
  });

  test('a file that is not an image: 400 naming logo, no file kept, row unchanged', async () => {
    const before = await current();
    const answer = await postForm(
      { companyName: 'Changed' },
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'logo.png' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('logo');
    expect(await uploads()).toEqual([storedName(before.logo)]);
    expect(await current()).toEqual(before);
  });

  test('a file over the size limit: 413, no file kept, row unchanged', async () => {
    const before = await current();
    const big = png(320, 320, 0);
    expect(big.length).toBeGreaterThan(t.config.uploadMaxBytes);
    const answer = await postForm({ companyName: 'Changed' }, { data: big });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect(await uploads()).toEqual([storedName(before.logo)]);
    expect(await current()).toEqual(before);
  });

  test('an invalid field with a good logo: 400, the logo is not kept', async () => {
    const before = await current();
    const answer = await postForm({ dashboardType: 'nope' }, { data: small });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('dashboardType');
    expect(await uploads()).toEqual([storedName(before.logo)]);
    expect(await current()).toEqual(before);
  });

  test('an unknown currency with a good logo: 400 naming currencyId, the logo is not kept', async () => {
    const before = await current();
    const answer = await postForm({ currencyId: '999999' }, { data: small });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ currencyId: 'does not exist' });
    expect(await uploads()).toEqual([storedName(before.logo)]);
    expect(await current()).toEqual(before);
  });

  test('a file under another field name is refused', async () => {
    const answer = await postForm({}, { data: small, field: 'companyName' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('companyName');
  });

  test('an empty logo field removes the logo and its file', async () => {
    const answer = await postForm({ logo: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.logo).toBeNull();
    expect(await uploads()).toEqual([]);
  });

  test('uploads are served only by the names the server gives', async () => {
    expect((await t.call('GET', '/v1/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.call('GET', '/v1/uploads/00000000-0000-0000-0000-000000000000.png')).status).toBe(404);
  });
});
