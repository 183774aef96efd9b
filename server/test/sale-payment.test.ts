import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, salePostingsOf } from './sale-fixtures.ts';

/** POST payment-sale-invoice: no more than the due the ledger derives; the due, the list and the customer statement follow. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let card: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash, card } = await paymentMethods(t, owner));
});

const pay = (body: unknown) => t.call('POST', '/v1/payment-sale-invoice', { token: owner, body });

test('a payment of the rest settles the sale; more than the due is refused', async () => {
  const p = await referenceProduct(t);
  const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Payer ${Date.now()}` } });
  const sale = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: buyer.body.id,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 20 }],
    },
  });
  const id = sale.body.createdInvoice.id;
  expect(sale.body.createdInvoice.dueAmount).toBe(18.5);

  const tooMuch = await pay({ saleInvoiceNo: id, paidAmount: [{ paymentType: card, amount: 18.51 }] });
  expect(tooMuch.status).toBe(400);
  expect(tooMuch.body.error).toBe('Amount cannot be greater than due!');

  const part = await pay({ saleInvoiceNo: id, paidAmount: [{ paymentType: card, amount: 8.5 }] });
  expect(part.status).toBe(201);
  expect(part.body).toMatchObject({ message: 'Payment added successfully', amount: 8.5, dueAmount: 10 });
  const rest = await pay({ saleInvoiceNo: id, paidAmount: [{ paymentType: cash, amount: 10 }] });
  expect(rest.body).toMatchObject({ amount: 10, dueAmount: 0 });
  expect((await salePostingsOf(t, id)).slice(4)).toEqual([
    ['Bank', 'Accounts Receivable', 8.5],
    ['Cash', 'Accounts Receivable', 10],
  ]);

  const detail = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
  expect(detail.body).toMatchObject({ status: 'PAID', totalAmount: 38.5, totalPaidAmount: 38.5, dueAmount: 0 });
  const statement = await t.call('GET', `/v1/customer/${buyer.body.id}`, { token: owner });
  expect(statement.body).toMatchObject({ totalAmount: 38.5, totalPaidAmount: 38.5, dueAmount: 0 });
  expect((await pay({ saleInvoiceNo: id, paidAmount: [{ paymentType: cash, amount: 0.01 }] })).status).toBe(400);
  expect((await pay({ saleInvoiceNo: 999999, paidAmount: [{ paymentType: cash, amount: 1 }] })).status).toBe(404);
  expect((await pay({ saleInvoiceNo: id, paidAmount: [] })).status).toBe(400);
});
