import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/** Issue 19 point 11: nobody can collect a due from the walk-in customer, so a sale on credit needs a named customer. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

const line = (productId: number) => [{ productId, productQuantity: 1 }];

test('a sale to the walk-in customer not fully paid is refused, naming the customer, and moves nothing', async () => {
  const product = await referenceProduct(t);
  for (const paidAmount of [[], [{ paymentType: cash, amount: 5 }]]) {
    const answer = await t.call('POST', '/v1/sale-invoice', { token: owner, body: { saleInvoiceProduct: line(product.id), paidAmount } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('customerId');
    expect(answer.body.error).toMatch(/^Customer /);
    expect(answer.body.error).toContain('not fully paid');
  }
  const walkIn = (await t.call('GET', '/v1/customer', { token: owner, query: { query: 'search', key: 'Walk-in' } })).body.getAllCustomer[0];
  const named = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { customerId: walkIn.id, saleInvoiceProduct: line(product.id), paidAmount: [] },
  });
  expect(named.status).toBe(400);
  expect(named.body.fields).toHaveProperty('customerId');
  const stock = await t.call('GET', `/v1/product/${product.id}`, { token: owner });
  expect(stock.body.productQuantity).toBe(10);
});

test('paid in full the walk-in customer buys; on credit a named customer owes the rest', async () => {
  const product = await referenceProduct(t);
  const paid = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { saleInvoiceProduct: line(product.id), paidAmount: [{ paymentType: cash, amount: 13.2 }] },
  });
  expect(paid.status).toBe(201);
  expect(paid.body.createdInvoice.dueAmount).toBe(0);
  const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Credit Buyer', phone: '0170000002' } });
  const onCredit = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { customerId: buyer.body.id, saleInvoiceProduct: line(product.id), paidAmount: [{ paymentType: cash, amount: 5 }] },
  });
  expect(onCredit.status).toBe(201);
  expect(onCredit.body.createdInvoice.dueAmount).toBe(8.2);
});

test('a held sale of the walk-in customer is completed only when fully paid', async () => {
  const product = await referenceProduct(t);
  const held = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { saleInvoiceProduct: line(product.id), paidAmount: [], isHold: 'true' },
  });
  expect(held.status).toBe(201);
  const id = held.body.createdInvoice.id;
  const short = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, {
    token: owner,
    body: { saleInvoiceProduct: line(product.id), paidAmount: [] },
  });
  expect(short.status).toBe(400);
  expect(short.body.fields).toHaveProperty('customerId');
  const full = await t.call('PUT', `/v1/sale-invoice/hold/${id}`, {
    token: owner,
    body: { saleInvoiceProduct: line(product.id), paidAmount: [{ paymentType: cash, amount: 13.2 }] },
  });
  expect(full.status).toBe(200);
  expect(full.body.createdInvoice.state).toBe('completed');
});
