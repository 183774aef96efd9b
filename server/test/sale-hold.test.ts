import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows, salePostingsOf } from './sale-fixtures.ts';

/** Held sales (3.6): no stock or books until completed; completed once and only with the stock there; cancelled. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

const hold = (productId: number, quantity: number) =>
  t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      isHold: 'true',
      saleInvoiceProduct: [{ productId, productQuantity: quantity, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 5 }],
    },
  });

describe('held sales', () => {
  test('a hold moves no stock and posts nothing; it is listed apart and never among sales', async () => {
    const p = await referenceProduct(t);
    const held = await hold(p.id, 3);
    expect(held.status).toBe(201);
    const id = held.body.createdInvoice.id;
    expect(held.body.createdInvoice).toMatchObject({ state: 'held', totalAmount: 35, totalTaxAmount: 3.5, paidAmount: 0, dueAmount: 0 });
    expect((await readProduct(t, p.id)).productQuantity).toBe(10);
    expect(await salePostingsOf(t, id)).toEqual([]);

    const list = await t.call('GET', '/v1/sale-invoice/hold', { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.allHoldInvoice.map((s: any) => s.id)).toContain(id);
    expect(list.body._count.id).toBeGreaterThanOrEqual(1);
    const one = await t.call('GET', `/v1/sale-invoice/hold/${id}`, { token: owner });
    expect(one.status).toBe(200);
    expect(one.body.saleInvoiceProduct).toEqual([expect.objectContaining({ productId: p.id, productQuantity: 3, productDiscount: 1 })]);

    const sales = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'all', status: 'true,false' } });
    expect(sales.body.getAllSaleInvoice.map((s: any) => s.id)).not.toContain(id);
    expect((await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner })).status).toBe(404);
  });

  test('PUT hold/{id} completes it as a full sale, once; not enough stock leaves it held', async () => {
    const p = await referenceProduct(t, 2);
    const held = await hold(p.id, 3);
    const id = held.body.createdInvoice.id;
    const body = {
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 40 }],
    };
    const short = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, { token: owner, body });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('insufficient_stock');
    expect((await t.call('GET', `/v1/sale-invoice/hold/${id}`, { token: owner })).status).toBe(200);

    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 8, adjustType: 'increment' }] },
    });
    const done = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, { token: owner, body });
    expect(done.status).toBe(200);
    expect(done.body.createdInvoice).toMatchObject({ id, state: 'completed', totalAmount: 35, paidAmount: 38.5, dueAmount: 0, profit: 20 });
    expect(done.body.change).toBe(1.5);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
    expect(await salePostingsOf(t, id)).toEqual([
      ['Cost of Sales', 'Inventory', 15],
      ['Accounts Receivable', 'Sales', 35],
      ['Accounts Receivable', 'Tax', 3.5],
      ['Cash', 'Accounts Receivable', 38.5],
    ]);
    const again = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, { token: owner, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
    expect((await t.call('GET', `/v1/sale-invoice/hold/${id}`, { token: owner })).status).toBe(404);
  });

  test("PATCH sale-invoice/order with status 'false' cancels a held sale; a completed sale cannot be cancelled so", async () => {
    const p = await referenceProduct(t);
    const held = await hold(p.id, 1);
    const id = held.body.createdInvoice.id;
    const cancel = await t.call('PATCH', '/v1/sale-invoice/order', { token: owner, body: { invoiceId: id, status: 'false' } });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ id, state: 'cancelled', status: 'false' });
    const list = await t.call('GET', '/v1/sale-invoice/hold', { token: owner, query: { query: 'all' } });
    expect(list.body.allHoldInvoice.map((s: any) => s.id)).not.toContain(id);
    expect((await t.call('PATCH', '/v1/sale-invoice/order', { token: owner, body: { invoiceId: id, status: 'false' } })).status).toBe(409);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 100 }] },
    });
    const refused = await t.call('PATCH', '/v1/sale-invoice/order', {
      token: owner,
      body: { invoiceId: sold.body.createdInvoice.id, status: 'false' },
    });
    expect(refused.status).toBe(409);
    expect((await t.call('PATCH', '/v1/sale-invoice/order', { token: owner, body: { invoiceId: 999999, status: 'false' } })).status).toBe(
      404,
    );
    expect((await readProduct(t, p.id)).productQuantity).toBe(9);
  });

  test("every sale answers the reference's isHold flag: 'true' while held, 'false' once completed", async () => {
    const p = await referenceProduct(t);
    const held = await hold(p.id, 1);
    const id = held.body.createdInvoice.id;
    expect(held.body.createdInvoice).toMatchObject({ state: 'held', isHold: 'true' });
    const listed = (await t.call('GET', '/v1/sale-invoice/hold', { token: owner })).body.allHoldInvoice.find((s: any) => s.id === id);
    expect(listed).toMatchObject({ isHold: 'true' });
    expect((await t.call('GET', `/v1/sale-invoice/hold/${id}`, { token: owner })).body).toMatchObject({ isHold: 'true' });

    const done = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 20 }] },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.createdInvoice).toMatchObject({ state: 'completed', isHold: 'false' });
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 20 }] },
    });
    expect(sold.body.createdInvoice).toMatchObject({ state: 'completed', isHold: 'false' });
    const rows = (await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'all' } })).body.getAllSaleInvoice;
    const flags = new Map(rows.map((s: any) => [s.id, s.isHold]));
    expect([flags.get(id), flags.get(sold.body.createdInvoice.id)]).toEqual(['false', 'false']);
    expect(rows.every((s: any) => s.isHold === 'false')).toBe(true);
    expect((await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner })).body.singleSaleInvoice).toMatchObject({ isHold: 'false' });
  });

  test('a held sale completed twice at once completes once', async () => {
    const p = await makeProduct(t, { productQuantity: 10, productSalePrice: 4, productPurchasePrice: 1 });
    const held = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { isHold: 'true', saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }] },
    });
    const id = held.body.createdInvoice.id;
    const body = { saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 100 }] };
    const answers = await Promise.all([1, 2].map(() => t.call('PUT', `/v1/sale-invoice/hold/${id}`, { token: owner, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(8);
    const [moves] = await rows(
      t,
      sql`select count(*)::int as n from stock_movement where document_type = 'saleInvoice' and document_id = ${String(id)}`,
    );
    expect(moves.n).toBe(1);
  });

  test('access: 401 and 403 on every hold route', async () => {
    const nobody = await t.staffWith([]);
    const shopper = await t.customerToken();
    const routes: [string, string, unknown?][] = [
      ['GET', '/v1/sale-invoice/hold'],
      ['GET', '/v1/sale-invoice/hold/1'],
      ['PUT', '/v1/sale-invoice/hold/1', { saleInvoiceProduct: [{ productId: 1, productQuantity: 1 }] }],
      ['PATCH', '/v1/sale-invoice/order', { invoiceId: 1, status: 'false' }],
      ['POST', '/v1/payment-sale-invoice', { saleInvoiceNo: 1, paidAmount: [{ paymentType: 1, amount: 1 }] }],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await t.call(method, url, { body, token: nobody.token })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body, token: shopper.token })).status, `${method} ${url}`).toBe(403);
    }
  });
});
