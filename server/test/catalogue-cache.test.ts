import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { type Answer, useTestApp } from './harness.ts';
import { type Catalogue, catalogue, make, product } from './product-fixtures.ts';
import { paymentMethods } from './sale-fixtures.ts';

/**
 * The storefront's catalogue (list, product page, category tree) is answered from memory. A shopper
 * must never see it stale: after any write to a price, a discount, VAT, stock, a name or the day, the
 * very next request shows it, also when the HTTP server's front door answers it. Hot requests are held to a number
 * of SQL statements.
 */
const t = useTestApp();
let owner: string;
let c: Catalogue;
let id: number;
let name: string;
const statements = (answer: Answer) => Number(answer.headers['x-sql-statements']);
// over a real connection, as a shopper's browser asks: a kept answer may then come from the front door (front-door.ts)
const listed = () => t.call('GET', '/v1/product/public', { query: { count: '50' }, overHttp: true });
const page = () => t.call('GET', `/v1/product/public/${id}`, { overHttp: true });
const tree = () => t.call('GET', '/v1/product-category/public');
const mine = (answer: Answer) => (answer.body.getAllProduct as { id: number }[]).find((p) => p.id === id);

beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  expect((await t.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } })).status).toBe(200);
});

beforeEach(async () => {
  t.config.clock = fixedClock('2026-05-10T12:00:00Z');
  name = `Orange juice ${Math.random()}`;
  const made = await product(t, owner, {
    name,
    sku: `OJ-${Math.random().toString(36).slice(2, 8)}`,
    productSalePrice: '10.00',
    productPurchasePrice: '4.00',
    productVatId: String(c.vat10),
    productSubCategoryId: String(c.subCategoryId),
    productBrandId: String(c.brandId),
    colors: [String(c.redId)],
  });
  id = made.id;
  // warm: the second asking comes from memory (a shopper's list and product page, from the front door)
  for (const ask of [listed, page, tree]) {
    await ask();
    const atTheDoor = t.app.frontDoor.answered;
    expect(statements(await ask())).toBe(0);
    if (ask !== tree) expect(t.app.frontDoor.answered).toBe(atTheDoor + 1);
  }
});

/** Each write, and what the next list and page must show. */
const writes: [string, () => Promise<unknown>, (p: Record<string, unknown>) => void][] = [
  [
    'a new sale price',
    () => t.call('PUT', `/v1/product/${id}`, { token: owner, body: { productSalePrice: 12 } }),
    (p) => expect(p).toMatchObject({ productSalePrice: 12, finalPriceWithVat: 13.2 }),
  ],
  [
    'a discount given to the product',
    async () => {
      const off = await make(t, owner, 'discount', { type: 'percentage', value: 50, startDate: '2026-05-01', endDate: '2026-05-31' });
      return t.call('PUT', `/v1/product/${id}`, { token: owner, body: { discountId: off } });
    },
    (p) => expect(p).toMatchObject({ discount: { type: 'percentage', value: 50 }, finalPriceWithVat: 5.5 }),
  ],
  [
    "a change to the VAT type's rate",
    async () => {
      const vat = await make(t, owner, 'product-vat', { title: `Rate ${Math.random()}`, percentage: 10 });
      await t.call('PUT', `/v1/product/${id}`, { token: owner, body: { productVatId: vat } });
      await listed();
      return t.call('PUT', `/v1/product-vat/${vat}`, { token: owner, body: { percentage: 20 } });
    },
    (p) => expect(p).toMatchObject({ vatPercentage: 20, finalPriceWithVat: 12 }),
  ],
  [
    'stock counted in',
    () =>
      t.call('POST', '/v1/adjust-inventory', {
        token: owner,
        body: { date: '2026-05-10', adjustInvoiceProduct: [{ productId: id, adjustQuantity: 7, adjustType: 'increment' }] },
      }),
    (p) => expect(p).toMatchObject({ productQuantity: 7 }),
  ],
  [
    "the sub-category's new name",
    () => t.call('PUT', `/v1/product-sub-category/${c.subCategoryId}`, { token: owner, body: { name: `Juice ${Math.random()}` } }),
    (p) => expect(p.productSubCategoryName).toMatch(/^Juice 0\./),
  ],
];

describe('the public catalogue is answered from memory and never stale', () => {
  test.each(writes)('%s shows on the very next list and page request', async (_what, write, shows) => {
    expect(((await write()) as Answer).status).toBeLessThan(300);
    const list = await listed();
    expect(statements(list)).toBeGreaterThan(0);
    shows(mine(list)!);
    shows((await page()).body);
  });

  test("a sale of another product keeps this product's answers in memory; a sale of this one shows at once", async () => {
    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { date: '2026-05-10', adjustInvoiceProduct: [{ productId: id, adjustQuantity: 5, adjustType: 'increment' }] },
    });
    const other = await product(t, owner, {
      name: `Other ${Math.random()}`,
      sku: `OT-${Math.random().toString(36).slice(2, 8)}`,
      productSalePrice: '3.00',
      productPurchasePrice: '1.00',
    });
    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { date: '2026-05-10', adjustInvoiceProduct: [{ productId: other.id, adjustQuantity: 5, adjustType: 'increment' }] },
    });
    const other20 = () => t.call('GET', '/v1/product/public', { query: { count: '50', key: other.name } });
    for (const ask of [page, other20]) await ask();
    expect(statements(await page())).toBe(0);
    const { cash } = await paymentMethods(t, owner);
    const sell = (productId: number) =>
      t.call('POST', '/v1/sale-invoice', {
        token: owner,
        body: { saleInvoiceProduct: [{ productId, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 100 }] },
      });
    expect((await sell(other.id)).status).toBe(201);
    // this product's page was not about the product sold: still from memory, still right
    const kept = await page();
    expect(statements(kept)).toBe(0);
    expect(kept.body.productQuantity).toBe(5);
    // the sold product's answers show its new stock on the very next request
    const sold = await other20();
    expect(statements(sold)).toBeGreaterThan(0);
    expect(sold.body.getAllProduct[0]).toMatchObject({ id: other.id, productQuantity: 3 });
    expect((await sell(id)).status).toBe(201);
    const mineNow = await page();
    expect(statements(mineNow)).toBeGreaterThan(0);
    expect(mineNow.body.productQuantity).toBe(3);
    expect(mine(await listed())).toMatchObject({ productQuantity: 3 });
  });

  test("a new price of another product keeps this product's answers in memory; the lists by price show it at once", async () => {
    const other = await product(t, owner, {
      name: `Cheap ${Math.random()}`,
      sku: `CH-${Math.random().toString(36).slice(2, 8)}`,
      productSalePrice: '30.00',
      productPurchasePrice: '1.00',
    });
    const only = (key: string) => () => t.call('GET', '/v1/product/public', { query: { count: '50', key } });
    const [mineAlone, otherAlone] = [only(name), only(other.name)];
    const byPrice = () => t.call('GET', '/v1/product/public', { query: { count: '50', price: 'LowToHigh' } });
    const inRange = () => t.call('GET', '/v1/product/public', { query: { count: '50', priceRange: '0-1' } });
    for (const ask of [page, mineAlone, otherAlone, byPrice, inRange]) {
      await ask();
      expect(statements(await ask())).toBe(0);
    }
    expect((await t.call('PUT', `/v1/product/${other.id}`, { token: owner, body: { productSalePrice: 0.5 } })).status).toBe(200);
    // this product's page and a list without the other one: still from memory, and still right
    for (const ask of [page, mineAlone]) expect(statements(await ask())).toBe(0);
    expect((await page()).body).toMatchObject({ productSalePrice: 10 });
    // the other product's answers, and every list ordered or filtered by price, are read again
    const seen = await otherAlone();
    expect(statements(seen)).toBeGreaterThan(0);
    expect(seen.body.getAllProduct[0]).toMatchObject({ id: other.id, finalPriceWithVat: 0.5 });
    const cheapest = await byPrice();
    expect(statements(cheapest)).toBeGreaterThan(0);
    expect(cheapest.body.getAllProduct[0]).toMatchObject({ id: other.id, finalPriceWithVat: 0.5 });
    expect((await inRange()).body.getAllProduct.map((p: { id: number }) => p.id)).toContain(other.id);
    // and this product's own new price shows on its page at once
    expect((await t.call('PUT', `/v1/product/${id}`, { token: owner, body: { productSalePrice: 11 } })).status).toBe(200);
    const mineNow = await page();
    expect(statements(mineNow)).toBeGreaterThan(0);
    expect(mineNow.body).toMatchObject({ productSalePrice: 11, finalPriceWithVat: 12.1 });
  });

  test('a hidden product leaves the list and its page at once; shown again, it is back', async () => {
    expect((await t.call('PATCH', `/v1/product/${id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect(mine(await listed())).toBeUndefined();
    expect((await page()).status).toBe(404);
    expect((await t.call('PATCH', `/v1/product/${id}`, { token: owner, body: { status: 'true' } })).status).toBe(200);
    expect(mine(await listed())).toBeDefined();
    expect((await page()).status).toBe(200);
  });

  test('a discount that starts tomorrow applies from the first request of tomorrow', async () => {
    const off = await make(t, owner, 'discount', { type: 'flat', value: 1, startDate: '2026-05-11', endDate: '2026-05-31' });
    await t.call('PUT', `/v1/product/${id}`, { token: owner, body: { discountId: off } });
    expect(mine(await listed())).toMatchObject({ discount: null, finalPriceWithVat: 11 });
    expect(statements(await listed())).toBe(0);
    t.config.clock = fixedClock('2026-05-11T00:00:01Z');
    expect(mine(await listed())).toMatchObject({ discount: { type: 'flat', value: 1 }, finalPriceWithVat: 9.9 });
    expect((await page()).body).toMatchObject({ finalPriceWithVat: 9.9 });
  });

  test('a renamed category shows in the tree at once', async () => {
    const name = `Drinks ${Math.random()}`;
    expect((await t.call('PUT', `/v1/product-category/${c.categoryId}`, { token: owner, body: { name } })).status).toBe(200);
    const answer = await tree();
    expect(answer.body.getAllProductCategory.map((k: { name: string }) => k.name)).toContain(name);
  });
});

describe('statements per hot request (the first after a write; then none)', () => {
  test('public list: at most 2 (the order of what it finds, then the page by id), also with filters and search', async () => {
    await t.call('PUT', `/v1/product/${id}`, { token: owner, body: { productSalePrice: 11 } });
    expect(statements(await listed())).toBeLessThanOrEqual(2);
    const filtered = await t.call('GET', '/v1/product/public', {
      query: { productCategoryId: String(c.categoryId), color: String(c.redId), priceRange: '1-100', key: 'juice' },
    });
    expect(filtered.status).toBe(200);
    expect(mine(filtered)).toBeDefined();
    expect(statements(filtered)).toBeLessThanOrEqual(2);
  });

  test('product page: at most 3 (row, then gallery, colours and attributes together)', async () => {
    await t.call('PUT', `/v1/product/${id}`, { token: owner, body: { productSalePrice: 11 } });
    const answer = await page();
    expect(answer.body.colors).toEqual([expect.objectContaining({ id: c.redId })]);
    expect(statements(answer)).toBeLessThanOrEqual(3);
  });

  test('a staff list pays no statement for its access check once the role is known', async () => {
    const clerk = await t.staffWith(['readAll-product']);
    const staffList = () => t.call('GET', '/v1/product', { token: clerk.token, query: { page: '1', count: '5' } });
    const first = await staffList();
    expect(first.status).toBe(200);
    const again = await staffList();
    expect(statements(again)).toBe(statements(first) - 2);
  });
});
