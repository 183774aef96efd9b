import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

// A small built app as the web build leaves it: each text file with its .br and .gz copies beside it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-web-'));
const script = `console.log(${JSON.stringify('the shop '.repeat(200))});\n`;
const page = '<!doctype html><html><head><script type="module" src="/assets/index-a1B2c3D4.js"></script></head><body></body></html>';
function writeBuilt(name: string, text: string) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
writeBuilt('index.html', page);
writeBuilt('assets/index-a1B2c3D4.js', script);

const t = useTestApp({ env: { WEB_DIST: dist } });

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app is sent compressed by accept-encoding', () => {
  it('brotli when the browser accepts it, with vary, the script type and the compressed length', async () => {
    const answer = await get('/assets/index-a1B2c3D4.js', 'br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.rawPayload.length).toBeLessThan(script.length);
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('brotli before gzip when both are accepted', async () => {
    const answer = await get('/assets/index-a1B2c3D4.js', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('gzip when only gzip is accepted', async () => {
    const answer = await get('/assets/index-a1B2c3D4.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(zlib.gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('the plain file when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await get('/assets/index-a1B2c3D4.js', acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length'])).toBe(script.length);
      expect(answer.body).toBe(script);
    }
  });
});

describe('caching of the built app', () => {
  it('hashed assets are cached for a year as immutable', async () => {
    const answer = await get('/assets/index-a1B2c3D4.js', 'br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, and the app on a client route, are revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/products', '/admin/dashboard']) {
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        const answer = await get(url, acceptEncoding);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe('no-cache');
        expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
        expect(answer.headers['content-encoding'], url).toBe(acceptEncoding);
        const body =
          acceptEncoding === 'br'
            ? zlib.brotliDecompressSync(answer.rawPayload)
            : acceptEncoding === 'gzip'
              ? zlib.gunzipSync(answer.rawPayload)
              : answer.rawPayload;
        expect(body.toString(), url).toBe(page);
      }
    }
  });

  it('the compressed copies are not addresses of their own, and unknown API paths stay JSON 404s', async () => {
    expect((await get('/v1/nothing-here', 'br')).json()).toMatchObject({ code: 'not_found' });
    const copy = await get('/assets/index-a1B2c3D4.js.br');
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
  });
});
