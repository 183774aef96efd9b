import { afterEach, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { expectPurchaseRefundsWithinPaid } from './invariants.ts';
import { makeSupplier } from './purchase-fixtures.ts';

/** Two returns racing for the last returnable unit of a purchase line: the invoice's row lock lets one through. */
const t = useTestApp({ invariants: true });
// besides the invariants (kept figures = ledger): no purchase paid back more than was paid on it
afterEach(() => expectPurchaseRefundsWithinPaid(t));

test('two simultaneous returns of the last unit: exactly one succeeds', async () => {
  const owner = await t.ownerToken();
  const supplierId = await makeSupplier(t, owner, 'Race Ltd');
  const p = await makeProduct(t, { productQuantity: 5 });
  const made = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: { supplierId, purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 1, productUnitPurchasePrice: 4 }] },
  });
  const body = {
    purchaseInvoiceId: made.body.createdInvoice.id,
    returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: made.body.createdInvoice.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
  };
  const answers = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', '/v1/return-purchase-invoice', { token: owner, body })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
  expect((await readProduct(t, p.id)).productQuantity).toBe(5);
});

test('returns at once, each asking the supplier for all that was paid: one is paid back, the others are refused naming the refund', async () => {
  const owner = await t.ownerToken();
  const supplierId = await makeSupplier(t, owner, 'Refund Race Ltd');
  const p = await makeProduct(t, { productQuantity: 0 });
  const made = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      paidAmount: [{ amount: 10 }],
      purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 10, tax: 0 }],
    },
  });
  expect(made.status).toBe(201);
  const invoiceId = made.body.createdInvoice.id;
  const body = {
    purchaseInvoiceId: invoiceId,
    instantReturnAmount: [{ amount: 10 }],
    returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: made.body.createdInvoice.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
  };
  const answers = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', '/v1/return-purchase-invoice', { token: owner, body })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
  for (const refused of answers.filter((a) => a.status === 400)) {
    expect(refused.body.fields).toEqual({ instantReturnAmount: 'is more than was paid on this purchase (0.00 left to refund)' });
  }
  const detail = (await t.call('GET', `/v1/purchase-invoice/${invoiceId}`, { token: owner })).body;
  expect(detail).toMatchObject({ totalPaidAmount: 10, totalReturnAmount: 10, instantPaidReturnAmount: 10, dueAmount: 90 });
  expect((await readProduct(t, p.id)).productQuantity).toBe(9);
});
