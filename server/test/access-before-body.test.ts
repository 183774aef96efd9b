import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

/** The upload limit of a real install: /v1/product then takes bodies of 19 MB (thumbnail + 8 images + fields). */
const t = useTestApp({ env: { UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) } });
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const declared = 18 * 1024 * 1024;

interface Early {
  status: number;
  body: { error: string; code: string };
  /** Bytes of the body the client had sent when the answer came. */
  sent: number;
}

/**
 * Announces an 18 MB JSON body, sends only its first 64 KB and waits for the answer without ever
 * sending the rest. A server that read the body before checking access could not answer at all.
 */
function postWithoutFinishing(path: string, token?: string): Promise<Early> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        'content-length': String(declared),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const finished = req.writableEnded;
        req.destroy();
        if (finished) reject(new Error('the client finished the body; the check would prove nothing'));
        else resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()), sent });
      });
    });
    req.on('error', reject);
    const first = Buffer.from(`{"name":"${'x'.repeat(64 * 1024 - 10)}`);
    sent += first.length;
    req.write(first);
    req.flushHeaders();
  });
}

describe('access is checked before the body is read', () => {
  test('an anonymous 18 MB JSON post to /v1/product gets its 401 while the body is still unsent', async () => {
    const answer = await postWithoutFinishing('/v1/product');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthenticated');
    expect(answer.sent).toBeLessThan(declared / 100);
  });

  test('a signed-in user without the permission gets the 403 the same way', async () => {
    const clerk = await t.staffWith(['readAll-product']);
    const answer = await postWithoutFinishing('/v1/product', clerk.token);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
    expect(answer.body.error).toMatch(/create-product/);
  });

  test('the same holds for the other upload routes', async () => {
    const clerk = await t.staffWith(['readAll-product']);
    for (const path of ['/v1/product/1', '/v1/product/import', '/v1/slider-images', '/v1/setting']) {
      expect((await postWithoutFinishing(path)).status, path).toBe(401);
      expect((await postWithoutFinishing(path, clerk.token)).status, path).toBe(403);
    }
  });

  test('an allowed caller is still served (the body is read once access is granted)', async () => {
    const owner = await t.ownerToken();
    const answer = await t.call('POST', '/v1/product', { token: owner, body: { name: 'Early bird tea', sku: 'EARLY-1' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});
