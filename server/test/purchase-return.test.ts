import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { expectPurchaseRefundsWithinPaid } from './invariants.ts';
import { makeCardMethod, makeSupplier, postingsOf } from './purchase-fixtures.ts';

/** Purchase returns (reference 3.9) and supplier payments (3.5), against the worked example's purchase. */
const t = useTestApp({ invariants: true });
let owner: string;
let supplierId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  supplierId = await makeSupplier(t, owner, 'Returns Ltd');
});
// besides the invariants (kept figures = ledger): no purchase paid back more than was paid on it
afterEach(() => expectPurchaseRefundsWithinPaid(t));

/** The worked example: 10 at 5.00, 10 % VAT, paid 30. */
async function workedExample() {
  const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
  const made = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      paidAmount: [{ amount: 30 }],
      purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }],
    },
  });
  expect(made.status).toBe(201);
  const invoice = made.body.createdInvoice;
  return { product: p, invoiceId: invoice.id as number, lineId: invoice.purchaseInvoiceProduct[0].id as number };
}

const giveBack = (body: unknown, token = owner) => t.call('POST', '/v1/return-purchase-invoice', { token, body });
const pay = (body: unknown, token = owner) => t.call('POST', '/v1/payment-purchase-invoice', { token, body });
const detail = async (id: number) => (await t.call('GET', `/v1/purchase-invoice/${id}`, { token: owner })).body;

describe('purchase returns', () => {
  test('a return of 2 takes stock out at the purchase cost and posts 3.9; the due falls', async () => {
    const { product, invoiceId, lineId } = await workedExample();
    const back = await giveBack({
      purchaseInvoiceId: invoiceId,
      note: 'Two damaged',
      instantReturnAmount: [{ amount: 3 }],
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 2 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const made = back.body.createdReturnPurchaseInvoice;
    expect(made).toMatchObject({ purchaseInvoiceId: invoiceId, totalAmount: 10, tax: 1, instantReturnAmount: 3 });
    expect(made.returnPurchaseInvoiceProduct[0]).toMatchObject({ productQuantity: 2, productFinalAmount: 10, taxAmount: 1 });
    const p = await readProduct(t, product.id);
    expect(p.productQuantity).toBe(8);
    expect(p.productPurchasePrice).toBe(5);
    expect((await postingsOf(t, invoiceId)).slice(3)).toEqual([
      { debit: 'accountsPayable', credit: 'inventory', amount: '10.00', type: 'purchaseReturn' },
      { debit: 'accountsPayable', credit: 'tax', amount: '1.00', type: 'purchaseReturn' },
      { debit: 'cash', credit: 'accountsPayable', amount: '3.00', type: 'purchaseReturn' },
    ]);
    // due = 55 − 11 − 30 + 3 = 17
    expect(await detail(invoiceId)).toMatchObject({
      totalAmount: 55,
      totalPaidAmount: 30,
      totalReturnAmount: 11,
      instantPaidReturnAmount: 3,
      dueAmount: 17,
    });
    const single = await t.call('GET', `/v1/return-purchase-invoice/${made.id}`, { token: owner });
    expect(single.status).toBe(200);
    expect(single.body.returnPurchaseInvoiceProduct).toHaveLength(1);
    const list = await t.call('GET', '/v1/return-purchase-invoice', { token: owner, query: { purchaseInvoiceId: String(invoiceId) } });
    expect(list.status).toBe(200);
    expect(list.body.allPurchaseInvoice.map((r: any) => r.id)).toEqual([made.id]);
    expect(list.body.aggregations._count.id).toBe(1);
  });

  test('the supplier pays back at most what was paid on the purchase, as a sale refunds at most what the customer paid', async () => {
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
    const made = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: { supplierId, purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 10, tax: 0 }] },
    });
    expect(made.status).toBe(201);
    const invoiceId = made.body.createdInvoice.id as number;
    const lineId = made.body.createdInvoice.purchaseInvoiceProduct[0].id as number;
    const back = (refund: number) =>
      giveBack({
        purchaseInvoiceId: invoiceId,
        instantReturnAmount: [{ amount: refund }],
        returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 1 }],
      });
    // 100 bought, nothing paid: no refund
    const unpaid = await back(10);
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.error).toBe('A refund cannot be more than was paid to the supplier');
    expect(unpaid.body.fields).toEqual({ instantReturnAmount: 'is more than was paid on this purchase (0.00 left to refund)' });
    expect(await detail(invoiceId)).toMatchObject({ totalPaidAmount: 0, totalReturnAmount: 0, instantPaidReturnAmount: 0, dueAmount: 100 });
    expect((await readProduct(t, p.id)).productQuantity).toBe(10);

    // paid 15: 10 back now, then at most the 5 left
    expect((await pay({ purchaseInvoiceNo: invoiceId, paidAmount: [{ amount: 15 }] })).status).toBe(201);
    expect((await back(10)).status).toBe(201);
    const over = await back(5.01);
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual({ instantReturnAmount: 'is more than was paid on this purchase (5.00 left to refund)' });
    expect((await back(5)).status).toBe(201);
    // due = 100 − 20 returned − 15 paid + 15 paid back = 80
    expect(await detail(invoiceId)).toMatchObject({
      totalPaidAmount: 15,
      totalReturnAmount: 20,
      instantPaidReturnAmount: 15,
      dueAmount: 80,
    });
    expect((await readProduct(t, p.id)).productQuantity).toBe(8);
    // a return without a refund still lowers the due
    expect((await back(0.01)).status).toBe(400);
    expect(
      (
        await giveBack({
          purchaseInvoiceId: invoiceId,
          returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 1 }],
        })
      ).status,
    ).toBe(201);
    expect((await detail(invoiceId)).dueAmount).toBe(70);
  });

  test('no more than bought minus already returned, per line', async () => {
    const { product, invoiceId, lineId } = await workedExample();
    const first = await giveBack({
      purchaseInvoiceId: invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 7 }],
    });
    expect(first.status).toBe(201);
    const over = await giveBack({
      purchaseInvoiceId: invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 4 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('insufficient quantity for return!');
    expect(over.body.fields).toEqual({ 'returnPurchaseInvoiceProduct.0.productQuantity': 'must be at most 3' });
    expect((await readProduct(t, product.id)).productQuantity).toBe(3);
    const otherLine = await giveBack({
      purchaseInvoiceId: invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: 999999, productQuantity: 1 }],
    });
    expect(otherLine.status).toBe(400);
    expect(otherLine.body.fields).toHaveProperty(['returnPurchaseInvoiceProduct.0.purchaseInvoiceProductId']);
    const missing = await giveBack({
      purchaseInvoiceId: 999999,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 1 }],
    });
    expect(missing.status).toBe(404);
  });

  test('goods already gone cannot be returned (insufficient_stock), nor can an undone purchase be returned', async () => {
    const { product, invoiceId, lineId } = await workedExample();
    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: product.id, adjustQuantity: 9, adjustType: 'decrement' }] },
    });
    const gone = await giveBack({
      purchaseInvoiceId: invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 2 }],
    });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('insufficient_stock');

    const second = await workedExample();
    expect((await t.call('PATCH', `/v1/purchase-invoice/${second.invoiceId}`, { token: owner, body: { status: 'false' } })).status).toBe(
      200,
    );
    const undone = await giveBack({
      purchaseInvoiceId: second.invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: second.lineId, productQuantity: 1 }],
    });
    expect(undone.status).toBe(409);
  });

  test('undoing a purchase after a return takes out only what is still held and reverses every posting', async () => {
    const { product, invoiceId, lineId } = await workedExample();
    await giveBack({
      purchaseInvoiceId: invoiceId,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 4 }],
    });
    const undo = await t.call('PATCH', `/v1/purchase-invoice/${invoiceId}`, { token: owner, body: { status: 'false' } });
    expect(undo.status).toBe(200);
    expect((await readProduct(t, product.id)).productQuantity).toBe(0);
    expect(undo.body.purchaseInvoice.dueAmount).toBe(0);
  });
});

describe('supplier payments', () => {
  test('a payment of the rest settles the invoice; it shows in paid and due and in the supplier', async () => {
    const { invoiceId } = await workedExample();
    const card = await makeCardMethod(t, owner);
    const paid = await pay({ purchaseInvoiceNo: invoiceId, paidAmount: [{ amount: 20 }, { amount: 5, paymentType: card.id }] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.transaction).toMatchObject({ amount: 25, type: 'purchase', relatedId: String(invoiceId) });
    expect((await postingsOf(t, invoiceId)).slice(3)).toEqual([
      { debit: 'accountsPayable', credit: 'cash', amount: '20.00', type: 'purchase' },
      { debit: 'accountsPayable', credit: 'bank', amount: '5.00', type: 'purchase' },
    ]);
    expect(await detail(invoiceId)).toMatchObject({ status: 'PAID', totalPaidAmount: 55, dueAmount: 0 });

    const payments = await t.call('GET', '/v1/payment-purchase-invoice', { token: owner, query: { purchaseInvoiceId: String(invoiceId) } });
    expect(payments.status).toBe(200);
    expect(payments.body.getAllPaymentPurchaseInvoice.map((r: any) => [r.credit.name, r.amount])).toEqual([
      ['Bank', 5],
      ['Cash', 20],
      ['Cash', 30],
    ]);
    expect(payments.body).toMatchObject({ totalPaymentPurchaseInvoice: 3, aggregations: { _sum: { amount: 55 } } });
    const nobody = await t.staffWith(['readAll-product']);
    expect((await t.call('GET', '/v1/payment-purchase-invoice', {})).status).toBe(401);
    expect((await t.call('GET', '/v1/payment-purchase-invoice', { token: nobody.token })).status).toBe(403);
  });

  test('a payment over the due is refused with the spec message; nothing is posted', async () => {
    const { invoiceId } = await workedExample();
    const over = await pay({ purchaseInvoiceNo: invoiceId, paidAmount: [{ amount: 25.01 }] });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Amount cannot be greater than due!');
    expect(await postingsOf(t, invoiceId)).toHaveLength(3);
    expect((await pay({ purchaseInvoiceNo: 999999, paidAmount: [{ amount: 1 }] })).status).toBe(404);
    expect((await pay({ purchaseInvoiceNo: invoiceId, paidAmount: [] })).status).toBe(400);
  });
});
