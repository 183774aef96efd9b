import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { catalogue, product } from './product-fixtures.ts';

/**
 * Answers over a real connection, asked with and without Accept-Encoding (issue 30): the storefront's
 * kept answers in br or gzip as the client accepts, every other JSON answer over 1 KB compressed as it
 * goes, each decoding to the same answer as the plain one and saying Vary: Accept-Encoding.
 */
const t = useTestApp();
let port: number;
let owner: string;
let productId: number;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire (the body as sent). */
  wire: Buffer;
  /** The body decoded by its Content-Encoding, parsed. */
  json: unknown;
}

/** A GET over HTTP with nothing decoded for us: what a client that sends `acceptEncoding` receives. */
function get(path: string, acceptEncoding?: string, token?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    if (token) headers.authorization = `Bearer ${token}`;
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          resolve({ status: res.statusCode!, headers: res.headers, wire, json: JSON.parse(plain.toString('utf8')) });
        });
      })
      .on('error', reject);
  });
}

/** What each Accept-Encoding gets: br when accepted at least as much as gzip, else gzip, else the plain bytes. */
const asked: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['identity', undefined],
  ['gzip', 'gzip'],
  ['br', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['*', 'br'],
  ['deflate', undefined],
];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await t.ownerToken();
  const c = await catalogue(t, owner);
  for (let i = 0; i < 8; i++) {
    const made = await product(t, owner, {
      name: `Pressed apple juice, cloudy, ${i}`,
      sku: `APPLE-${i}-${Math.random().toString(36).slice(2, 8)}`,
      productSalePrice: '10.00',
      productPurchasePrice: '4.00',
      productVatId: String(c.vat10),
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.brandId),
      colors: [String(c.redId), String(c.blueId)],
      description: 'Pressed from whole apples, unfiltered and never from concentrate. '.repeat(3),
    });
    productId = made.id;
  }
});

describe('the storefront answers kept in memory', () => {
  for (const [what, path] of [
    ['a list page', () => '/v1/product/public?page=1&count=20'],
    ['a product page', () => `/v1/product/public/${productId}`],
  ] as const) {
    test(`${what}: the same answer in every encoding the client accepts, from memory, with Vary: Accept-Encoding`, async () => {
      const plain = await get(path());
      expect(plain.status).toBe(200);
      // a product page is under 1 KB: kept answers are compressed from 256 bytes on
      expect(plain.wire.length).toBeGreaterThan(256);
      for (const [acceptEncoding, expected] of asked) {
        // twice: the first may read the database, the second comes from memory
        for (const _ of [1, 2]) {
          const answer = await get(path(), acceptEncoding);
          expect(answer.status).toBe(200);
          expect(answer.headers['content-encoding']).toBe(expected);
          expect(answer.headers.vary).toMatch(/accept-encoding/i);
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(answer.json).toEqual(plain.json);
          if (expected) expect(answer.wire.length).toBeLessThan(plain.wire.length * 0.7);
          expect(Number(answer.headers['content-length'])).toBe(answer.wire.length);
        }
      }
    });
  }

  test('asked by a signed-in caller, the answer is theirs (no-store) and still compressed', async () => {
    const answer = await get('/v1/product/public?page=1&count=20', 'gzip', owner);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toMatch(/authorization/i);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.json).toEqual((await get('/v1/product/public?page=1&count=20', undefined, owner)).json);
  });
});

describe('other JSON answers', () => {
  test('over 1 KB: compressed as they go, decoding to the same answer', async () => {
    const path = '/v1/product?query=all';
    const plain = await get(path, undefined, owner);
    expect(plain.status).toBe(200);
    expect(plain.wire.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['gzip', 'br']) {
      const answer = await get(path, encoding, owner);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.json).toEqual(plain.json);
      expect(answer.wire.length).toBeLessThan(plain.wire.length / 2);
    }
  });

  test('under 1 KB: sent as they are', async () => {
    const answer = await get('/v1/nowhere', 'gzip, br');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json).toMatchObject({ code: 'not_found' });
  });
});
