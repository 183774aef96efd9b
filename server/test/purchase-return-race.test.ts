import { expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';

/** Two returns racing for the last returnable unit of a purchase line: the invoice's row lock lets one through. */
const t = useTestApp({ invariants: true });

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
