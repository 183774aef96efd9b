import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/**
 * Issue 19, point 20: a sale keeps the reference's invoiceMemoNo, dueDate, termsAndConditions,
 * address and orderStatus (3.3-3.6); PATCH sale-invoice/order {invoiceId, orderStatus} sets PENDING or
 * RECEIVED, and the same path with status 'false' still cancels a held sale (spec).
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

const reference = {
  invoiceMemoNo: 'MEMO-19',
  dueDate: '2026-12-31',
  termsAndConditions: 'Payable within 30 days.\nGoods remain ours until paid.',
  address: '12 High Street, Leeds',
};

async function sell(paid: number, extra: Record<string, unknown> = {}) {
  const p = await referenceProduct(t);
  const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Order ${Date.now()} ${Math.random()}` } });
  return t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: buyer.body.id,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: paid ? [{ paymentType: cash, amount: paid }] : [],
      ...extra,
    },
  });
}

const setOrder = (body: Record<string, unknown>, token = owner) => t.call('PATCH', '/v1/sale-invoice/order', { token, body });

describe('the reference sale fields and the order status', () => {
  test('a sale keeps memo no, due date, terms and address; answered by create, list and page', async () => {
    const made = await sell(10, reference);
    expect(made.status).toBe(201);
    const id = made.body.createdInvoice.id;
    expect(made.body.createdInvoice).toMatchObject({ ...reference, orderStatus: 'PENDING' });
    const page = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
    expect(page.body.singleSaleInvoice).toMatchObject({ ...reference, orderStatus: 'PENDING' });
    const list = await t.call('GET', '/v1/sale-invoice', {
      token: owner,
      query: { customerId: String(made.body.createdInvoice.customerId) },
    });
    expect(list.body.getAllSaleInvoice[0]).toMatchObject({ id, ...reference, orderStatus: 'PENDING' });

    const bare = await sell(38.5);
    expect(bare.body.createdInvoice).toMatchObject({
      invoiceMemoNo: null,
      dueDate: null,
      termsAndConditions: null,
      address: null,
      orderStatus: 'RECEIVED',
    });
    const bad = await sell(0, { dueDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('dueDate');
  });

  test('PATCH sale-invoice/order sets RECEIVED and back to PENDING; nothing else moves', async () => {
    const made = await sell(20);
    const id = made.body.createdInvoice.id;
    const received = await setOrder({ invoiceId: id, orderStatus: 'RECEIVED' });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ id, state: 'completed', status: 'true', orderStatus: 'RECEIVED' });
    const page = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
    expect(page.body.singleSaleInvoice).toMatchObject({ orderStatus: 'RECEIVED', paidAmount: 20, dueAmount: 18.5 });
    expect((await setOrder({ invoiceId: id, orderStatus: 'PENDING' })).body.orderStatus).toBe('PENDING');
  });

  test('a held sale is cancelled with status false as before; it has no order status to set', async () => {
    const p = await referenceProduct(t);
    const held = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { isHold: 'true', saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], ...reference },
    });
    const id = held.body.createdInvoice.id;
    expect(held.body.createdInvoice).toMatchObject({ ...reference, orderStatus: 'PENDING', paymentStatus: 'Unpaid' });
    const refused = await setOrder({ invoiceId: id, orderStatus: 'RECEIVED' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('held');
    const cancelled = await setOrder({ invoiceId: id, status: 'false' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, state: 'cancelled', status: 'false' });
  });

  test('400 naming the field, 404, 401 and 403', async () => {
    const made = await sell(0);
    const id = made.body.createdInvoice.id;
    const wrong = await setOrder({ invoiceId: id, orderStatus: 'SHIPPED' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('orderStatus');
    expect(wrong.body.error).toMatch(/order status/i);
    const neither = await setOrder({ invoiceId: id });
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toHaveProperty('orderStatus');
    const both = await setOrder({ invoiceId: id, status: 'false', orderStatus: 'RECEIVED' });
    expect(both.status).toBe(400);
    expect((await setOrder({ invoiceId: 99_999_999, orderStatus: 'RECEIVED' })).status).toBe(404);
    expect((await t.call('PATCH', '/v1/sale-invoice/order', { body: { invoiceId: id, orderStatus: 'RECEIVED' } })).status).toBe(401);
    const reader = await t.staffWith(['readAll-saleInvoice']);
    expect((await setOrder({ invoiceId: id, orderStatus: 'RECEIVED' }, reader.token)).status).toBe(403);
  });
});
