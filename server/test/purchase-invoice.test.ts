import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeCardMethod, makeSupplier, postingsOf } from './purchase-fixtures.ts';

/** Purchase invoices: stock in, moving-average cost, postings of reference 3.8, derived paid and due, undo. */
const t = useTestApp({ invariants: true });
let owner: string;
let supplierId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  supplierId = await makeSupplier(t, owner);
});

const buy = (body: unknown, token = owner) => t.call('POST', '/v1/purchase-invoice', { token, body });
const line = (productId: number, qty: number, cost: number, tax = 0) => ({
  productId,
  productQuantity: qty,
  productUnitPurchasePrice: cost,
  tax,
});

describe('the worked example: a purchase of 10 at 5.00 with 10 % VAT, paid 30', () => {
  test('stock, average cost, every posting, paid and due', async () => {
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
    const made = await buy({
      date: '2026-05-02',
      supplierId,
      paidAmount: [{ amount: 30 }],
      purchaseInvoiceProduct: [line(p.id, 10, 5, 10)],
    });
    expect(made.status).toBe(201);
    expect(made.body.supplier).toMatchObject({ id: supplierId, name: 'Acme Wholesale' });
    const invoice = made.body.createdInvoice;
    expect(invoice).toMatchObject({ date: '2026-05-02', totalAmount: 50, totalTax: 5, paidAmount: 30, dueAmount: 25, state: 'active' });
    expect(invoice.purchaseInvoiceProduct[0]).toMatchObject({ productQuantity: 10, productFinalAmount: 50, tax: 10, taxAmount: 5 });

    const product = await readProduct(t, p.id);
    expect(product.productQuantity).toBe(10);
    expect(product.productPurchasePrice).toBe(5);
    expect(await postingsOf(t, invoice.id)).toEqual([
      { debit: 'inventory', credit: 'accountsPayable', amount: '50.00', type: 'purchase' },
      { debit: 'tax', credit: 'accountsPayable', amount: '5.00', type: 'purchase' },
      { debit: 'accountsPayable', credit: 'cash', amount: '30.00', type: 'purchase' },
    ]);

    const single = await t.call('GET', `/v1/purchase-invoice/${invoice.id}`, { token: owner });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({
      status: 'UNPAID',
      totalAmount: 55,
      totalPaidAmount: 30,
      totalReturnAmount: 0,
      instantPaidReturnAmount: 0,
      dueAmount: 25,
    });
    expect(single.body.transactions).toHaveLength(3);

    const list = await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { supplierId: String(supplierId) } });
    expect(list.status).toBe(200);
    const row = list.body.getAllPurchaseInvoice.find((r: any) => r.id === invoice.id);
    expect(row).toMatchObject({ paidAmount: 30, dueAmount: 25, returnAmount: 0 });
    expect(list.body.totalPurchaseInvoice).toBeGreaterThanOrEqual(1);
    expect(list.body.aggregations._count.id).toBe(list.body.totalPurchaseInvoice);
  });

  test('a second purchase at another cost moves the average, per product, rounded half up', async () => {
    const p = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 5 });
    const q = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
    const made = await buy({ supplierId, purchaseInvoiceProduct: [line(p.id, 5, 8), line(q.id, 3, 2.5)] });
    expect(made.status).toBe(201);
    // (10 × 5.00 + 5 × 8.00) / 15 = 6.00; the other product is alone at its own cost
    expect((await readProduct(t, p.id)).productPurchasePrice).toBe(6);
    expect((await readProduct(t, q.id)).productPurchasePrice).toBe(2.5);
    expect((await readProduct(t, p.id)).productQuantity).toBe(15);
    // (3 × 5.00 + 1 × 5.01) / 4 = 5.0025 → 5.00; (3 × 1.00 + 1 × 1.03)/4 = 1.0075 → 1.01
    const r = await makeProduct(t, { productQuantity: 3, productPurchasePrice: 1 });
    await buy({ supplierId, purchaseInvoiceProduct: [line(r.id, 1, 1.03)] });
    expect((await readProduct(t, r.id)).productPurchasePrice).toBe(1.01);
  });

  test('a line can set the sale price; payment by a payment method posts to its account', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const method = await makeCardMethod(t, owner);
    const made = await buy({
      supplierId,
      paidAmount: [{ amount: 4, paymentType: method.id }, { amount: 1 }],
      purchaseInvoiceProduct: [{ ...line(p.id, 2, 3), productUnitSalePrice: 9.5 }],
    });
    expect(made.status).toBe(201);
    expect((await readProduct(t, p.id)).productSalePrice).toBe(9.5);
    const postings = await postingsOf(t, made.body.createdInvoice.id);
    expect(postings.map((x: any) => [x.credit, x.amount])).toEqual([
      ['accountsPayable', '6.00'],
      ['bank', '4.00'],
      ['cash', '1.00'],
    ]);
    expect(made.body.createdInvoice).toMatchObject({ paidAmount: 5, dueAmount: 1 });
  });
});

describe("a line's VAT and the ways to pay", () => {
  test("a line sent without a VAT rate takes its product's VAT type; a rate sent is kept, 0 % too", async () => {
    const vats = await t.call('GET', '/v1/product-vat', { token: owner, query: { query: 'all' } });
    const ten = vats.body.getAllProductVat.find((v: { percentage: number }) => v.percentage === 10);
    const taxed = await makeProduct(t, { productQuantity: 0, productVatId: ten.id });
    const exempt = await makeProduct(t, { productQuantity: 0, productVatId: ten.id });
    const plain = await makeProduct(t, { productQuantity: 0 });
    const { tax: _left, ...untaxed } = line(taxed.id, 4, 5);
    const made = await buy({
      supplierId,
      purchaseInvoiceProduct: [untaxed, line(exempt.id, 1, 3, 0), { productId: plain.id, productQuantity: 2, productUnitPurchasePrice: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const byProduct = Object.fromEntries(
      made.body.createdInvoice.purchaseInvoiceProduct.map((l: { productId: number; tax: number; taxAmount: number }) => [
        l.productId,
        [l.tax, l.taxAmount],
      ]),
    );
    expect(byProduct).toEqual({ [taxed.id]: [10, 2], [exempt.id]: [0, 0], [plain.id]: [0, 0] });
    expect(made.body.createdInvoice).toMatchObject({ totalAmount: 25, totalTax: 2 });
  });

  test('a purchase and a later supplier payment are paid by card, landing in its account', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const card = await makeCardMethod(t, owner);
    const made = await buy({ supplierId, paidAmount: [{ amount: 6, paymentType: card.id }], purchaseInvoiceProduct: [line(p.id, 4, 5)] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.createdInvoice.id;
    const paid = await t.call('POST', '/v1/payment-purchase-invoice', {
      token: owner,
      body: { purchaseInvoiceNo: id, paidAmount: [{ amount: 14, paymentType: card.id }] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await postingsOf(t, id)).map((x: any) => [x.debit, x.credit, x.amount])).toEqual([
      ['inventory', 'accountsPayable', '20.00'],
      ['accountsPayable', 'bank', '6.00'],
      ['accountsPayable', 'bank', '14.00'],
    ]);
    expect((await t.call('GET', `/v1/purchase-invoice/${id}`, { token: owner })).body.dueAmount).toBe(0);
  });
});

describe('refusals', () => {
  test('an unknown supplier, product or payment method is a 400 naming the field', async () => {
    const p = await makeProduct(t);
    const noSupplier = await buy({ supplierId: 999999, purchaseInvoiceProduct: [line(p.id, 1, 1)] });
    expect(noSupplier.status).toBe(400);
    expect(noSupplier.body.fields).toHaveProperty('supplierId');
    const noProduct = await buy({ supplierId, purchaseInvoiceProduct: [line(999999, 1, 1)] });
    expect(noProduct.body.fields).toHaveProperty(['purchaseInvoiceProduct.0.productId']);
    const noMethod = await buy({
      supplierId,
      paidAmount: [{ amount: 1, paymentType: 999999 }],
      purchaseInvoiceProduct: [line(p.id, 1, 1)],
    });
    expect(noMethod.body.fields).toHaveProperty(['paidAmount.0.paymentType']);
    const none = await buy({ supplierId, purchaseInvoiceProduct: [] });
    expect(none.status).toBe(400);
  });

  test('a hidden payment method pays no purchase and no supplier payment', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const card = await makeCardMethod(t, owner);
    const made = await buy({ supplierId, purchaseInvoiceProduct: [line(p.id, 2, 5)] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await t.call('PATCH', `/v1/payment-method/${card.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const refused = await buy({
      supplierId,
      paidAmount: [{ amount: 1, paymentType: card.id }],
      purchaseInvoiceProduct: [line(p.id, 1, 5)],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not an active payment method' });
    const payment = await t.call('POST', '/v1/payment-purchase-invoice', {
      token: owner,
      body: { purchaseInvoiceNo: made.body.createdInvoice.id, paidAmount: [{ amount: 3, paymentType: card.id }] },
    });
    expect(payment.status).toBe(400);
    expect(payment.body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not an active payment method' });
    expect((await t.call('GET', `/v1/purchase-invoice/${made.body.createdInvoice.id}`, { token: owner })).body.dueAmount).toBe(10);
  });

  test('paying more than the invoice is refused', async () => {
    const p = await makeProduct(t);
    const over = await buy({ supplierId, paidAmount: [{ amount: 11.01 }], purchaseInvoiceProduct: [line(p.id, 1, 10, 10)] });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Amount cannot be greater than due!');
    expect((await readProduct(t, p.id)).productQuantity).toBe(0);
  });

  test('the list searches the memo numbers, sorts by date and refuses an unknown sort', async () => {
    const p = await makeProduct(t);
    await buy({ supplierId, supplierMemoNo: 'MEMO-7781', date: '2026-01-02', purchaseInvoiceProduct: [line(p.id, 1, 1)] });
    const found = await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { query: 'search', key: 'MEMO-7781' } });
    expect(found.body.getAllPurchaseInvoice.map((r: any) => r.supplierMemoNo)).toEqual(['MEMO-7781']);
    const sorted = await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { sort: 'date', order: 'asc' } });
    expect(sorted.body.getAllPurchaseInvoice[0].date).toBe('2026-01-02');
    expect((await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { sort: 'password' } })).status).toBe(400);
  });

  test('a missing invoice is a 404', async () => {
    expect((await t.call('GET', '/v1/purchase-invoice/999999', { token: owner })).status).toBe(404);
  });
});

describe('undo', () => {
  test("status 'false' reverses stock, cost and postings; a second undo is invalid_transition", async () => {
    const p = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 5 });
    const made = await buy({ supplierId, paidAmount: [{ amount: 30 }], purchaseInvoiceProduct: [line(p.id, 10, 7, 10)] });
    const id = made.body.createdInvoice.id;
    expect((await readProduct(t, p.id)).productPurchasePrice).toBe(6);
    const undo = await t.call('PATCH', `/v1/purchase-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(undo.status).toBe(200);
    expect(undo.body.message).toBe('Purchase deleted');
    expect(undo.body.purchaseInvoice.singlePurchaseInvoice).toMatchObject({
      state: 'undone',
      status: 'false',
      paidAmount: 0,
      dueAmount: 0,
    });
    expect(undo.body.purchaseInvoice).toMatchObject({ totalAmount: 0, totalPaidAmount: 0, dueAmount: 0 });
    const product = await readProduct(t, p.id);
    expect(product.productQuantity).toBe(10);
    expect(product.productPurchasePrice).toBe(5);
    const postings = await postingsOf(t, id);
    expect(postings.slice(3)).toEqual([
      { debit: 'accountsPayable', credit: 'inventory', amount: '70.00', type: 'purchase' },
      { debit: 'accountsPayable', credit: 'tax', amount: '7.00', type: 'purchase' },
      { debit: 'cash', credit: 'accountsPayable', amount: '30.00', type: 'purchase' },
    ]);
    const again = await t.call('PATCH', `/v1/purchase-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
    const list = await t.call('GET', '/v1/purchase-invoice', { token: owner });
    expect(list.body.getAllPurchaseInvoice.some((r: any) => r.id === id)).toBe(false);
  });

  test('refused with insufficient_stock once the goods went out, and nothing changes', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const made = await buy({ supplierId, purchaseInvoiceProduct: [line(p.id, 4, 3)] });
    const out = await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'decrement' }] },
    });
    expect(out.status).toBe(201);
    const undo = await t.call('PATCH', `/v1/purchase-invoice/${made.body.createdInvoice.id}`, { token: owner, body: { status: 'false' } });
    expect(undo.status).toBe(409);
    expect(undo.body.code).toBe('insufficient_stock');
    expect((await readProduct(t, p.id)).productQuantity).toBe(3);
    const single = await t.call('GET', `/v1/purchase-invoice/${made.body.createdInvoice.id}`, { token: owner });
    expect(single.body.singlePurchaseInvoice.state).toBe('active');
  });
});

describe('permissions', () => {
  test('401 without a token and 403 without the permission, for every purchase invoice route', async () => {
    const p = await makeProduct(t);
    const made = await buy({ supplierId, purchaseInvoiceProduct: [line(p.id, 1, 1)] });
    const id = made.body.createdInvoice.id;
    const calls: [string, string, unknown?][] = [
      ['POST', '/v1/purchase-invoice', { supplierId, purchaseInvoiceProduct: [line(p.id, 1, 1)] }],
      ['GET', '/v1/purchase-invoice'],
      ['GET', `/v1/purchase-invoice/${id}`],
      ['PATCH', `/v1/purchase-invoice/${id}`, { status: 'false' }],
      ['POST', '/v1/return-purchase-invoice', {}],
      ['GET', '/v1/return-purchase-invoice'],
      ['GET', '/v1/return-purchase-invoice/1'],
      ['POST', '/v1/payment-purchase-invoice', {}],
      ['GET', '/v1/supplier'],
      ['GET', `/v1/supplier/${supplierId}`],
    ];
    const nobody = await t.staffWith(['readAll-product']);
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await t.call(method, url, { token: nobody.token, body })).status, `${method} ${url}`).toBe(403);
    }
    expect((await t.call('GET', `/v1/purchase-invoice/${id}`, { token: owner })).body.singlePurchaseInvoice.state).toBe('active');
  });
});
