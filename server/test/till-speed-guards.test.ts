import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, rows, tenPercentVat } from './sale-fixtures.ts';

/**
 * The till's hot requests hold to a fixed number of SQL statements (the `x-sql-statements` header),
 * whatever the size of the sale or the catalogue: a sale's statements do not grow with its lines, and
 * a search or a scan sends at most two (a scan one). Counted, not timed.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let card: number;
let vat10: number;
let vat20: number;
const prefix = `TG${Date.now().toString(36).toUpperCase()}`;

const statements = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['x-sql-statements']);
const sell = (body: unknown) => t.call('POST', '/v1/sale-invoice', { token: owner, body });
const search = (key: string, query: Record<string, string> = {}) =>
  t.call('GET', '/v1/product', { token: owner, query: { query: 'search', key, ...query } });

/**
 * A till sale sends this many statements, however many lines it has: one read (products, tenders,
 * customer, settings, the invoice's id), moveStocks, then the header with its lines and postings; the
 * invoice number is taken at the commit (a deferred trigger: the series' lock is held for the commit
 * only) and read after it; the rest of the answer is built from what was written.
 */
const saleStatements = 4;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash, card } = await paymentMethods(t, owner));
  vat10 = await tenPercentVat(t);
  const [other] = await rows(t, sql`insert into product_vat (title, percentage) values (${`VAT 20 ${prefix}`}, 20) returning id`);
  vat20 = other.id;
  // the access check is cached per role after the first request: warm it, as a till that is open is
  await search('warm');
});

async function products(count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await makeProduct(t, { productQuantity: 50, productSalePrice: 10 + i, productVatId: i % 2 ? vat20 : vat10 }));
  return made;
}

describe('a till sale', () => {
  test(`sends ${saleStatements} statements whether it has 1, 5 or 10 lines`, async () => {
    const counts: number[] = [];
    for (const size of [1, 5, 10]) {
      const lines = await products(size);
      const answer = await sell({
        saleInvoiceProduct: lines.map((p, i) => ({
          productId: p.id,
          productQuantity: 1 + (i % 3),
          productDiscount: i === 0 ? 1 : undefined,
        })),
        paidAmount: [
          { paymentType: card, amount: 5 },
          { paymentType: cash, amount: 500 },
        ],
      });
      expect(answer.status).toBe(201);
      expect(answer.body.createdInvoice.saleInvoiceProduct).toHaveLength(size);
      for (const [i, p] of lines.entries()) expect((await readProduct(t, p.id)).productQuantity).toBe(50 - (1 + (i % 3)));
      counts.push(statements(answer));
    }
    expect(counts).toEqual([saleStatements, saleStatements, saleStatements]);
  });

  test('with a chosen customer, the same number', async () => {
    const [buyer] = await rows(
      t,
      sql`insert into customer (username, role_id) select ${`buyer ${prefix}`}, id from role where name = 'customer' returning id`,
    );
    const lines = await products(3);
    const answer = await sell({
      customerId: buyer.id,
      saleInvoiceProduct: lines.map((p) => ({ productId: p.id, productQuantity: 2 })),
      paidAmount: [{ paymentType: cash, amount: 10 }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.customer.id).toBe(buyer.id);
    expect(statements(answer)).toBe(saleStatements);
  });

  test('one line short of stock refuses the whole sale, naming that product, and moves nothing', async () => {
    const [a, b, c] = await products(3);
    const short = await makeProduct(t, { name: `Short mug ${prefix}`, productQuantity: 1 });
    const movementsBefore = await rows(t, sql`select count(*)::int as n from stock_movement`);
    const answer = await sell({
      saleInvoiceProduct: [a, short, b, c].map((p) => ({ productId: p!.id, productQuantity: 2 })),
      paidAmount: [{ paymentType: cash, amount: 200 }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('insufficient_stock');
    expect(answer.body.error).toBe(`Not enough stock of Short mug ${prefix}: 1 on hand, 2 needed`);
    for (const p of [a, b, c]) expect((await readProduct(t, p!.id)).productQuantity).toBe(50);
    expect((await readProduct(t, short.id)).productQuantity).toBe(1);
    expect(await rows(t, sql`select count(*)::int as n from stock_movement`)).toEqual(movementsBefore);
  });
});

describe('the answer built from what the sale wrote', () => {
  test("equals a read of the sale: held, then completed with the till's full body, and a sale made at once", async () => {
    const [a, b] = await products(2);
    const lines = [
      { productId: a!.id, productQuantity: 2, productDiscount: 1 },
      { productId: b!.id, productQuantity: 1 },
    ];
    const customerId = await namedCustomer(t, owner);
    const held = await sell({ isHold: 'true', customerId, note: `parked ${prefix}`, saleInvoiceProduct: lines });
    expect(held.status).toBe(201);
    const id = held.body.createdInvoice.id;
    const heldRead = await t.call('GET', `/v1/sale-invoice/hold/${id}`, { token: owner });
    expect(held.body.createdInvoice).toEqual(heldRead.body);
    expect(held.body.createdInvoice.note).toBe(`parked ${prefix}`);

    const done = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, {
      token: owner,
      body: { customerId, note: `paid ${prefix}`, saleInvoiceProduct: lines, paidAmount: [{ paymentType: cash, amount: 10 }] },
    });
    expect(done.status).toBe(200);
    const read = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
    expect(done.body.createdInvoice).toEqual(read.body.singleSaleInvoice);
    expect(done.body.createdInvoice.note).toBe(`paid ${prefix}`);
    expect(done.body.createdInvoice.dueAmount).toBeGreaterThan(0);

    const sold = await sell({
      saleInvoiceProduct: [{ productId: a!.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: cash, amount: 500 }],
    });
    const soldRead = await t.call('GET', `/v1/sale-invoice/${sold.body.createdInvoice.id}`, { token: owner });
    expect(sold.body.createdInvoice).toEqual(soldRead.body.singleSaleInvoice);
    expect(sold.body.customer).toEqual(soldRead.body.singleSaleInvoice.customer);
  });
});

describe('the till finder: search and scan', () => {
  // twelve SKUs hold the first one's SKU (…-1, …-10 … …-19, …-1A), more than a page of ten
  const sku = (suffix: string) => `${prefix}-1${suffix}`;
  beforeAll(async () => {
    for (const suffix of ['', ...'0123456789'.split(''), 'A'])
      await makeProduct(t, { sku: sku(suffix), name: `Finder item ${suffix || 'first'} ${prefix}` });
  });

  test('a scan of a SKU others hold puts it first on the page, in at most 2 statements', async () => {
    const answer = await search(sku(''));
    expect(answer.status).toBe(200);
    expect(answer.body.getAllProduct[0].sku).toBe(sku(''));
    expect(answer.body.getAllProduct).toHaveLength(10);
    expect(answer.body.totalProduct).toBe(12);
    expect(statements(answer)).toBeLessThanOrEqual(2);
  });

  test('the exact SKU is not listed twice, and the next page holds the rest', async () => {
    const first = await search(sku(''));
    const second = await search(sku(''), { page: '2' });
    const skus = [...first.body.getAllProduct, ...second.body.getAllProduct].map((p: { sku: string }) => p.sku);
    expect(new Set(skus).size).toBe(12);
    expect(second.body.totalProduct).toBe(12);
    expect(statements(second)).toBeLessThanOrEqual(2);
  });

  test('a scan that only one product matches is one statement', async () => {
    const answer = await search(sku('A'));
    expect(answer.body.getAllProduct.map((p: { sku: string }) => p.sku)).toEqual([sku('A')]);
    expect(answer.body.totalProduct).toBe(1);
    expect(statements(answer)).toBe(1);
  });

  test('a search by part of the name counts every match, in at most 2 statements', async () => {
    const named = await search(`Finder item`, { count: '5' });
    expect(named.body.getAllProduct).toHaveLength(5);
    expect(named.body.totalProduct).toBe(12);
    expect(statements(named)).toBeLessThanOrEqual(2);
    const none = await search(`nothing ${prefix}`);
    expect(none.body).toMatchObject({ getAllProduct: [], totalProduct: 0 });
    expect(statements(none)).toBe(1);
  });
});
