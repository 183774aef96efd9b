import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { type Answer, type TestApp, useTestApp } from './harness.ts';
import { type Catalogue, catalogue, product } from './product-fixtures.ts';
import { paymentMethods } from './sale-fixtures.ts';
import { neverShown, plainClient, shownAfter, statements } from './two-servers.ts';

/**
 * Two servers on one database, as behind a proxy: what one of them (or a psql session) writes, the
 * other serves fresh (how soon is measured by the bench's scale-out run), although both answer the public catalogue, the access rules, the
 * statements and the shop's day from memory.
 */
const a = useTestApp();
let b: TestApp;
let owner: string;
let c: Catalogue;

beforeAll(async () => {
  b = await a.twin();
  owner = await a.ownerToken();
  c = await catalogue(a, owner);
  expect((await a.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } })).status).toBe(200);
});
afterAll(async () => {
  await b?.close();
});

const names = new Map<number, string>();
const newProduct = async (price = '12.00') => {
  const name = `Lemonade ${Math.random()}`;
  const made = await product(a, owner, {
    name,
    sku: `LM-${Math.random().toString(36).slice(2, 8)}`,
    productSalePrice: price,
    productPurchasePrice: '4.00',
    productSubCategoryId: String(c.subCategoryId),
  });
  names.set(made.id, name);
  return made.id as number;
};
// over a real connection: a kept page may come from the server's front door (front-door.ts)
const pageOn = (app: TestApp, id: number) => () => app.call('GET', `/v1/product/public/${id}`, { overHttp: true });
/** The public list searched for one product's name. */
const listOn = (app: TestApp, id: number) => () => app.call('GET', '/v1/product/public', { query: { count: '50', key: names.get(id)! } });
const listed = (answer: Answer, id: number) => (answer.body.getAllProduct as { id: number }[]).find((p) => p.id === id) as any;

/** Asks twice on B: the second answer comes from memory (B does cache it). */
async function warm(ask: () => Promise<Answer>): Promise<Answer> {
  await ask();
  const kept = await ask();
  expect(statements(kept)).toBe(0);
  return kept;
}

describe('the public catalogue', () => {
  test('a price changed on A is served by B once A has answered, on the page and in the list', async () => {
    const id = await newProduct();
    expect((await warm(pageOn(b, id))).body.productSalePrice).toBe(12);
    const list = () => b.call('GET', '/v1/product/public', { query: { count: '50' } });
    expect(listed(await warm(list), id).productSalePrice).toBe(12);

    const changed = await a.call('PUT', `/v1/product/${id}`, { token: owner, body: { productSalePrice: 50 } });
    const answeredAt = performance.now();
    expect(changed.status).toBe(200);
    expect(await shownAfter(answeredAt, pageOn(b, id), (p) => p.body.productSalePrice === 50)).toBeLessThan(neverShown);
    expect(await shownAfter(answeredAt, list, (l) => listed(l, id)?.productSalePrice === 50)).toBeLessThan(neverShown);
  });

  test('a price written by a plain client (as psql would) is served by both servers', async () => {
    const id = await newProduct();
    await warm(pageOn(a, id));
    await warm(pageOn(b, id));
    const psql = await plainClient(a);
    try {
      await psql.query('update product set product_sale_price = 70 where id = $1', [id]);
    } finally {
      await psql.end();
    }
    const committedAt = performance.now();
    expect(await shownAfter(committedAt, pageOn(b, id), (p) => p.body.productSalePrice === 70)).toBeLessThan(neverShown);
    expect(await shownAfter(committedAt, pageOn(a, id), (p) => p.body.productSalePrice === 70)).toBeLessThan(neverShown);
  });

  test("a sale on A keeps B's answers about other products in memory, and B shows the sold product's stock", async () => {
    const kept = await newProduct();
    const sold = await newProduct('3.00');
    const stock = {
      date: '2026-05-10',
      adjustInvoiceProduct: [kept, sold].map((productId) => ({ productId, adjustQuantity: 5, adjustType: 'increment' })),
    };
    expect((await a.call('POST', '/v1/adjust-inventory', { token: owner, body: stock })).status).toBe(201);
    const keptList = listOn(b, kept);
    await shownAfter(performance.now(), pageOn(b, kept), (p) => p.body.productQuantity === 5);
    await shownAfter(performance.now(), pageOn(b, sold), (p) => p.body.productQuantity === 5);
    await warm(pageOn(b, kept));
    await warm(keptList);
    await warm(pageOn(b, sold));

    const { cash } = await paymentMethods(a, owner);
    const sale = await a.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: sold, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 100 }] },
    });
    expect(sale.status).toBe(201);
    const answeredAt = performance.now();
    expect(await shownAfter(answeredAt, pageOn(b, sold), (p) => p.body.productQuantity === 3)).toBeLessThan(neverShown);
    // the other product's page and list were not about the product sold: still from memory, still right
    const page = await pageOn(b, kept)();
    expect(statements(page)).toBe(0);
    expect(page.body.productQuantity).toBe(5);
    expect(statements(await keptList())).toBe(0);
  });
});

describe('the public catalogue while prices change', () => {
  test("a price changed on A keeps B's answers about other products in memory; B's lists by price show it", async () => {
    const kept = await newProduct('20.00');
    const priced = await newProduct('40.00');
    const inRange = () => b.call('GET', '/v1/product/public', { query: { count: '50', priceRange: '0-2' } });
    for (const ask of [pageOn(b, kept), listOn(b, kept), pageOn(b, priced), inRange]) await warm(ask);

    expect((await a.call('PUT', `/v1/product/${priced}`, { token: owner, body: { productSalePrice: 1 } })).status).toBe(200);
    const answeredAt = performance.now();
    expect(await shownAfter(answeredAt, pageOn(b, priced), (p) => p.body.productSalePrice === 1)).toBeLessThan(neverShown);
    expect(await shownAfter(answeredAt, inRange, (l) => listed(l, priced) !== undefined)).toBeLessThan(neverShown);
    // the other product's page and list were not about the new price: still from memory, still right
    const page = await pageOn(b, kept)();
    expect(statements(page)).toBe(0);
    expect(page.body.productSalePrice).toBe(20);
    expect(statements(await listOn(b, kept)())).toBe(0);
  });
});

describe('the access rules', () => {
  test('a permission revoked on A is refused by B', async () => {
    const clerk = await a.staffWith(['readAll-product', 'readAll-customer']);
    const products = () => b.call('GET', '/v1/product', { token: clerk.token });
    expect((await products()).status).toBe(200);
    expect(statements(await products())).toBeGreaterThan(0); // the list itself; the access check is kept
    const all = await a.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } });
    const customers = (all.body.getAllPermission as { id: number; name: string }[]).find((p) => p.name === 'readAll-customer')!;
    const revoked = await a.call('POST', '/v1/role-permission', {
      token: owner,
      body: { roleId: clerk.roleId, permissionId: [customers.id] },
    });
    expect(revoked.status).toBeLessThan(300);
    const answeredAt = performance.now();
    expect(await shownAfter(answeredAt, products, (r) => r.status === 403)).toBeLessThan(neverShown);
  });

  test('a user deactivated on A is refused by B', async () => {
    const clerk = await a.staffWith(['readAll-product']);
    const products = () => b.call('GET', '/v1/product', { token: clerk.token });
    expect((await products()).status).toBe(200);
    const hidden = await a.call('PATCH', `/v1/user/${clerk.userId}`, { token: owner, body: { status: 'false' } });
    expect(hidden.status).toBe(200);
    const answeredAt = performance.now();
    expect(await shownAfter(answeredAt, products, (r) => r.status === 401)).toBeLessThan(neverShown);
  });
});

describe("the statements and the shop's day", () => {
  test("a time zone set on A moves B's business day (the trial balance ends on B's today)", async () => {
    b.config.clock = fixedClock('2026-05-31T20:00:00Z');
    const tb = () => b.call('GET', '/v1/account', { token: owner, query: { query: 'tb' } });
    expect((await warm(tb)).body.endDate).toBe('2026-05-31');
    expect((await a.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'Asia/Tokyo' } })).status).toBe(200);
    const answeredAt = performance.now();
    expect(await shownAfter(answeredAt, tb, (r) => r.body.endDate === '2026-06-01')).toBeLessThan(neverShown);
    expect((await a.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } })).status).toBe(200);
  });
});
