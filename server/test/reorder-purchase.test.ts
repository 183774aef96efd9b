import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, type ProductRow } from './factories.ts';
import { useTestApp } from './harness.ts';

/** purchase-reorder-invoice: purchase requests numbered from a sequence; no stock or ledger effect. */
const t = useTestApp({ invariants: true });
let owner: string;
let a: ProductRow;
let b: ProductRow;

beforeAll(async () => {
  owner = await t.ownerToken();
  a = await makeProduct(t, { productQuantity: 1, reorderQuantity: 4 });
  b = await makeProduct(t, { productQuantity: 0, reorderQuantity: 2 });
});

const create = (body: unknown, token = owner) => t.call('POST', '/v1/purchase-reorder-invoice', { token, body });
const list = (query: Record<string, string> = {}, token = owner) => t.call('GET', '/v1/purchase-reorder-invoice', { token, query });

describe('purchase requests', () => {
  test('an array of lines makes one request with a PR code; read it back', async () => {
    const answer = await create([
      { productId: a.id, productQuantity: 10 },
      { productId: b.id, productQuantity: 3 },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.reorderInvoiceId).toMatch(/^PR-\d{6}$/);
    const read = await t.call('GET', `/v1/purchase-reorder-invoice/${answer.body.reorderInvoiceId}`, { token: owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      reorderInvoiceId: answer.body.reorderInvoiceId,
      status: 'true',
      state: 'requested',
      purchaseInvoiceId: null,
    });
    expect(read.body.productList).toEqual([
      {
        productId: a.id,
        reorderProductQuantity: 10,
        product: {
          id: a.id,
          name: a.name,
          sku: a.sku,
          productQuantity: 1,
          reorderQuantity: 4,
          productPurchasePrice: a.productPurchasePrice,
          productVatId: a.productVatId,
        },
      },
      {
        productId: b.id,
        reorderProductQuantity: 3,
        product: {
          id: b.id,
          name: b.name,
          sku: b.sku,
          productQuantity: 0,
          reorderQuantity: 2,
          productPurchasePrice: b.productPurchasePrice,
          productVatId: b.productVatId,
        },
      },
    ]);
  });

  test('{products: [...]} is accepted too; the list groups lines by code, newest first', async () => {
    const before = (await list()).body.totalReorderInvoice;
    const answer = await create({ products: [{ productId: b.id, productQuantity: 5 }] });
    expect(answer.status).toBe(201);
    const all = await list({ count: '100' });
    expect(all.body.totalReorderInvoice).toBe(before + 1);
    expect(all.body.getAllPurchaseReorderInvoice[0]).toMatchObject({
      reorderInvoiceId: answer.body.reorderInvoiceId,
      status: 'true',
      lineCount: 1,
    });
    expect(all.body.getAllPurchaseReorderInvoice[0].createdAt).toBeTruthy();
    expect(all.body.getAllPurchaseReorderInvoice[0].updatedAt).toBeTruthy();
  });

  test('codes stay distinct under concurrent creation', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => create([{ productId: a.id, productQuantity: 1 }])));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(201));
    const codes = answers.map((x) => x.body.reorderInvoiceId);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect((await t.call('GET', `/v1/purchase-reorder-invoice/${code}`, { token: owner })).body.productList).toHaveLength(1);
  });

  test('delete removes the request for good; a second delete is 404', async () => {
    const code = (await create([{ productId: a.id, productQuantity: 2 }])).body.reorderInvoiceId;
    const gone = await t.call('DELETE', `/v1/purchase-reorder-invoice/${code}`, { token: owner });
    expect(gone.status).toBe(200);
    expect(gone.body.count).toBe(1);
    expect((await t.call('GET', `/v1/purchase-reorder-invoice/${code}`, { token: owner })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/purchase-reorder-invoice/${code}`, { token: owner })).status).toBe(404);
  });

  test('no stock or ledger effect', async () => {
    await create([{ productId: b.id, productQuantity: 100 }]);
    const read = await t.call('GET', '/v1/reorder-quantity', { token: owner, query: { key: b.sku } });
    expect(read.body.getAllReOderList[0].productQuantity).toBe(0);
  });
});

describe('purchase requests: refused', () => {
  test('400 for no lines, a bad quantity, a missing product, a duplicate line', async () => {
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{ products: [] }, 'products'],
      [[{ productId: a.id, productQuantity: 0 }], '0.productQuantity'],
      [
        [
          { productId: a.id, productQuantity: 1 },
          { productId: 999999, productQuantity: 1 },
        ],
        '1.productId',
      ],
      [{ products: [{ productId: 999999, productQuantity: 1 }] }, 'products.0.productId'],
      [
        [
          { productId: a.id, productQuantity: 1 },
          { productId: a.id, productQuantity: 2 },
        ],
        '1.productId',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  test('404 for unknown or malformed codes; 401; 403 per permission', async () => {
    expect((await t.call('GET', '/v1/purchase-reorder-invoice/PR-999999', { token: owner })).status).toBe(404);
    expect((await t.call('GET', '/v1/purchase-reorder-invoice/nonsense', { token: owner })).status).toBe(404);
    expect((await t.call('DELETE', '/v1/purchase-reorder-invoice/PR-999999', { token: owner })).status).toBe(404);
    expect((await list({ page: '0' })).status).toBe(400);
    expect((await t.call('GET', '/v1/purchase-reorder-invoice')).status).toBe(401);
    expect((await create([{ productId: a.id, productQuantity: 1 }], '')).status).toBe(401);
    const reader = (await t.staffWith(['readAll-purchaseReorderInvoice'])).token;
    expect((await list({}, reader)).status).toBe(200);
    expect((await create([{ productId: a.id, productQuantity: 1 }], reader)).status).toBe(403);
    expect((await t.call('DELETE', '/v1/purchase-reorder-invoice/PR-000001', { token: reader })).status).toBe(403);
    expect((await t.call('GET', '/v1/purchase-reorder-invoice/PR-000001', { token: reader })).status).toBe(403);
  });
});
