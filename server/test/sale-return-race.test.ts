import { expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/**
 * Two (and more) returns racing for the last returnable unit of a sale line: the sale's row lock makes
 * them take turns, so exactly one succeeds and the others see its line. Meant for PostgreSQL
 * (TEST_DATABASE_URL); it holds on the embedded database too.
 */
const t = useTestApp({ invariants: true });

test('simultaneous returns of the last returnable unit: exactly one succeeds', async () => {
  const owner = await t.ownerToken();
  const { cash } = await paymentMethods(t, owner);
  const p = await referenceProduct(t, 5);
  const sale = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 26.4 }] },
  });
  expect(sale.status).toBe(201);
  const saleInvoiceId = sale.body.createdInvoice.id;
  const saleInvoiceProductId = sale.body.createdInvoice.saleInvoiceProduct[0].id;
  const first = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: { saleInvoiceId, returnSaleInvoiceProduct: [{ saleInvoiceProductId, productQuantity: 1 }] },
  });
  expect(first.status).toBe(201);
  const body = {
    saleInvoiceId,
    instantReturnAmount: [{ amount: 13.2 }],
    returnSaleInvoiceProduct: [{ saleInvoiceProductId, productQuantity: 1 }],
  };
  const answers = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', '/v1/return-sale-invoice', { token: owner, body })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
  for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body.error).toBe('insufficient quantity for return!');
  expect((await readProduct(t, p.id)).productQuantity).toBe(5);
  const detail = await t.call('GET', `/v1/sale-invoice/${saleInvoiceId}`, { token: owner });
  // sold 2 × 12.00 + 10 % = 26.40, paid 26.40; both units back (26.40), 13.20 refunded once: due = 26.40 − 26.40 − 26.40 + 13.20
  expect(detail.body).toMatchObject({ totalReturnAmount: 26.4, instantPaidReturnAmount: 13.2, dueAmount: -13.2 });
  expect(detail.body.returnSaleInvoice).toHaveLength(2);
});
