import net, { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import { type Answer, type CallOptions, useTestApp } from './harness.ts';
import { catalogue, product } from './product-fixtures.ts';

/**
 * The HTTP server's front door (issue 30): a visitor's kept storefront read is answered before the app routes it,
 * with the very answer the app gives, and never when the app would answer otherwise.
 */
const t = useTestApp();
let owner: string;
let productId: number;
const list = '/v1/product/public?page=1&count=20';
const page = () => `/v1/product/public/${productId}`;

/** Asks over a real connection; answers the answer and whether the front door gave it. */
async function ask(url: string, options: CallOptions = {}): Promise<{ answer: Answer; atTheDoor: boolean }> {
  const before = t.app.frontDoor.answered;
  const answer = await t.call(options.overHttp === false ? 'HEAD' : 'GET', url, { ...options, overHttp: true });
  return { answer, atTheDoor: t.app.frontDoor.answered > before };
}

/** What a client sees of an answer, the connection's own headers (date, keep-alive) and the tests' statement count aside. */
const seen = ({ status, body, headers }: Answer) => {
  const { date: _date, 'keep-alive': _keepAlive, connection: _connection, 'x-sql-statements': _statements, ...rest } = headers;
  return { status, body, headers: rest };
};

beforeAll(async () => {
  owner = await t.ownerToken();
  const c = await catalogue(t, owner);
  const made = await product(t, owner, {
    name: `Front door mat ${Math.random()}`,
    sku: `MAT-${Math.random().toString(36).slice(2, 8)}`,
    productSalePrice: '20.00',
    productPurchasePrice: '8.00',
    productVatId: String(c.vat10),
    productSubCategoryId: String(c.subCategoryId),
    productBrandId: String(c.brandId),
    description: 'Coir, with a rubber back. '.repeat(20),
  });
  productId = made.id;
});

describe('a visitor', () => {
  test.each([
    ['a list page', () => list],
    ['a product page', page],
  ])('%s: the second asking is answered at the door, the same answer in every encoding', async (_what, url) => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const first = await ask(url(), { headers });
      const second = await ask(url(), { headers });
      expect(second.atTheDoor).toBe(true);
      expect(seen(second.answer)).toEqual(seen(first.answer));
      expect(second.answer.headers['x-sql-statements']).toBe('0');
      expect(second.answer.headers['cache-control']).toBeUndefined();
      expect(second.answer.headers.vary).toBe('authorization, accept-encoding');
    }
  });

  test('the category tree, asked on every storefront page: at the door until a category is written', async () => {
    const tree = '/v1/product-category/public';
    const first = await ask(tree, { headers: { 'accept-encoding': 'gzip' } });
    const second = await ask(tree, { headers: { 'accept-encoding': 'gzip' } });
    expect(second.atTheDoor).toBe(true);
    expect(seen(second.answer)).toEqual(seen(first.answer));
    const name = `Doormats ${Math.random()}`;
    const made = await t.call('POST', '/v1/product-category', { token: owner, body: { name } });
    expect(made.status).toBe(201);
    const after = await ask(tree);
    expect(after.atTheDoor).toBe(false);
    expect(after.answer.body.getAllProductCategory.map((c: { name: string }) => c.name)).toContain(name);
    expect((await ask(tree)).atTheDoor).toBe(true);
  });

  test('after a write the door does not answer until the app has read again: the next answer is new', async () => {
    await ask(page());
    expect((await ask(page())).atTheDoor).toBe(true);
    expect((await t.call('PUT', `/v1/product/${productId}`, { token: owner, body: { productSalePrice: 24 } })).status).toBe(200);
    const after = await ask(page());
    expect(after.atTheDoor).toBe(false);
    expect(after.answer.body).toMatchObject({ productSalePrice: 24 });
    const again = await ask(page());
    expect(again.atTheDoor).toBe(true);
    expect(again.answer.body).toMatchObject({ productSalePrice: 24 });
    expect((await t.call('PATCH', `/v1/product/${productId}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const hidden = await ask(page());
    expect(hidden).toMatchObject({ atTheDoor: false, answer: { status: 404 } });
    expect((await t.call('PATCH', `/v1/product/${productId}`, { token: owner, body: { status: 'true' } })).status).toBe(200);
  });
});

describe('what the door leaves to the app', () => {
  beforeAll(async () => {
    await ask(list);
    expect((await ask(list)).atTheDoor).toBe(true);
  });

  test('a signed-in caller (a token or a session cookie): their own answer, not to be stored', async () => {
    const { token } = await t.customerToken();
    const callers: CallOptions[] = [
      { token },
      { token: owner },
      { cookies: { customerRefreshToken: 'x' } },
      { cookies: { refreshToken: 'x' } },
    ];
    for (const options of callers) {
      const { answer, atTheDoor } = await ask(list, options);
      expect(atTheDoor).toBe(false);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // a cookie that is not a session's is still a visitor
    expect((await ask(list, { cookies: { theme: 'dark' } })).atTheDoor).toBe(true);
  });

  test('a GET sent with a body goes to the app, and the connection answers the next request at the door', async () => {
    await ask(list);
    const { port } = t.app.server.address() as AddressInfo;
    const before = t.app.frontDoor.answered;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const asked = (extra: string) => `GET ${list} HTTP/1.1\r\nhost: shop\r\naccept-encoding: identity\r\n${extra}\r\n`;
    socket.write(`${asked('content-length: 5\r\n')}hello${asked('')}`);
    await expect.poll(() => received.match(/HTTP\/1\.1 200 OK\r\n/g)?.length ?? 0).toBe(2);
    socket.destroy();
    expect(t.app.frontDoor.answered - before).toBe(1);
  });

  test('another method, another address, and a closing app', async () => {
    expect(await ask(list, { overHttp: false })).toMatchObject({ atTheDoor: false, answer: { status: 200 } });
    expect((await ask('/v1/product/public?page=1&count=19')).atTheDoor).toBe(false);
    t.app.frontDoor.close();
    expect(await ask(list)).toMatchObject({ atTheDoor: false, answer: { status: 200 } });
  });
});
