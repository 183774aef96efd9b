import { beforeAll, describe, expect, test } from 'vitest';
import { register } from './customer-fixtures.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/**
 * The keys the older system's clients read (reference 3.1, 3.5, 3.13, 3.14): every record in an answer
 * carries its id, status, createdAt and updatedAt, a line carries its parent's id, and the named totals
 * are there.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

const instant = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const record = { id: expect.any(Number), status: expect.stringMatching(/^(true|false)$/), createdAt: instant, updatedAt: instant };
const get = async (path: string, query?: Record<string, string>) => {
  const answer = await t.call('GET', `/v1/${path}`, { token: owner, query });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};
const post = async (path: string, body: unknown, token = owner) => {
  const answer = await t.call('POST', `/v1/${path}`, { token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
};

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

describe('sales', () => {
  test('a sale, its lines, its entries, its payment and its return carry their record fields and parent ids', async () => {
    const p = await referenceProduct(t);
    const seller = await t.staffWith(['create-saleInvoice']);
    const buyer = await post('customer', { username: `ann${Date.now()}`, firstName: 'Ann', lastName: 'Lee' });
    const made = await post(
      'sale-invoice',
      {
        customerId: buyer.id,
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }],
        paidAmount: [{ paymentType: cash, amount: 5 }],
      },
      seller.token,
    );
    const sale = made.createdInvoice;
    expect(sale).toMatchObject(record);
    expect(sale.saleInvoiceProduct[0].invoiceId).toBe(sale.id);
    expect(made.customer).toMatchObject({ id: buyer.id, firstName: 'Ann', lastName: 'Lee' });

    const detail = await get(`sale-invoice/${sale.id}`);
    expect(detail.singleSaleInvoice).toMatchObject({ ...record, customer: { firstName: 'Ann', lastName: 'Lee' } });
    expect(detail.singleSaleInvoice.saleInvoiceProduct.map((l: any) => l.invoiceId)).toEqual([sale.id]);
    for (const entry of detail.transactions) expect(entry).toMatchObject(record);
    expect((await get('sale-invoice')).getAllSaleInvoice[0]).toMatchObject({ ...record, id: sale.id });

    // reference 3.5: the payment answers the ledger row it posted, its amount the total paid
    const paid = await post('payment-sale-invoice', { saleInvoiceNo: sale.id, paidAmount: [{ paymentType: cash, amount: 3 }] });
    expect(paid.transaction).toMatchObject({ ...record, type: 'sale', relatedId: String(sale.id), amount: 3 });
    const payments = await get('payment-sale-invoice', { saleInvoiceId: String(sale.id) });
    for (const row of payments.getAllPaymentSaleInvoice) expect(row).toMatchObject(record);
    for (const row of (await get('transaction', { relatedId: String(sale.id) })).getAllTransaction) expect(row).toMatchObject(record);

    const lineId = sale.saleInvoiceProduct[0].id;
    const back = await post('return-sale-invoice', {
      saleInvoiceId: sale.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 1 }],
    });
    const returned = back.createdReturnSaleInvoice;
    const read = await get(`return-sale-invoice/${returned.id}`);
    expect(read).toMatchObject(record);
    expect(read.returnSaleInvoiceProduct.map((l: any) => l.invoiceId)).toEqual([returned.id]);

    // reference 3.1: a user's page lists the sales they made
    const user = await get(`user/${seller.userId}`);
    expect(user.saleInvoice).toEqual([expect.objectContaining({ ...record, id: sale.id, userId: seller.userId, customerId: buyer.id })]);
  });
});

describe('purchases', () => {
  test('a purchase row names its returns as a sale row does; the supplier counts its invoices and returns', async () => {
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 5 });
    const supplierId = await makeSupplier(t, owner, `Keys ${Date.now()}`);
    const made = await post('purchase-invoice', {
      supplierId,
      paidAmount: [{ amount: 10 }],
      purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 4, productUnitPurchasePrice: 5, tax: 0 }],
    });
    const invoice = made.createdInvoice;
    expect(invoice.purchaseInvoiceProduct[0].invoiceId).toBe(invoice.id);
    const back = await post('return-purchase-invoice', {
      purchaseInvoiceId: invoice.id,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: invoice.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
    });
    const ret = back.createdReturnPurchaseInvoice;
    expect(ret.returnPurchaseInvoiceProduct[0].invoiceId).toBe(ret.id);

    const row = (await get('purchase-invoice', { supplierId: String(supplierId) })).getAllPurchaseInvoice[0];
    expect(row).toMatchObject({ ...record, id: invoice.id, returnAmount: 5 });
    expect(row).not.toHaveProperty('totalReturnAmount');
    const detail = await get(`purchase-invoice/${invoice.id}`);
    expect(detail.singlePurchaseInvoice.purchaseInvoiceProduct.map((l: any) => l.invoiceId)).toEqual([invoice.id]);
    for (const entry of detail.transactions) expect(entry).toMatchObject(record);

    const paid = await post('payment-purchase-invoice', { purchaseInvoiceNo: invoice.id, paidAmount: [{ amount: 2 }] });
    expect(paid.transaction).toMatchObject(record);
    for (const r of (await get('payment-purchase-invoice', { purchaseInvoiceId: String(invoice.id) })).getAllPaymentPurchaseInvoice)
      expect(r).toMatchObject(record);

    // reference 3.14: the supplier's page counts like the customer's
    const supplier = await get(`supplier/${supplierId}`);
    expect(supplier).toMatchObject({ ...record, totalPurchaseInvoice: 1, totalReturnPurchaseInvoice: 1 });
  });
});

describe('stock, books, storefront', () => {
  test('the reorder list, a purchase request and an adjustment carry their record fields and parent ids', async () => {
    const p = await makeProduct(t, { productQuantity: 1, reorderQuantity: 5, productPurchasePrice: 2 });
    const low = (await get('reorder-quantity', { count: '1000' })).getAllReOderList.find((r: any) => r.id === p.id);
    expect(low).toMatchObject(record);

    const request = await post('purchase-reorder-invoice', [{ productId: p.id, productQuantity: 4 }]);
    const read = await get(`purchase-reorder-invoice/${request.reorderInvoiceId}`);
    expect(read.productList).toEqual([
      expect.objectContaining({ ...record, reorderInvoiceId: request.reorderInvoiceId, productId: p.id, reorderProductQuantity: 4 }),
    ]);

    const adjustment = await post('adjust-inventory', {
      userId: 1,
      adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }],
    });
    expect(adjustment.adjustInvoiceProduct.map((l: any) => l.adjustInvoiceId)).toEqual([adjustment.id]);
    const detail = await get(`adjust-inventory/${adjustment.id}`);
    expect(detail.adjustInvoiceProduct.map((l: any) => l.adjustInvoiceId)).toEqual([adjustment.id]);
  });

  test('balance-sheet and income-statement rows carry their debits and credits', async () => {
    const p = await referenceProduct(t);
    await post('sale-invoice', {
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: cash, amount: 13.2 }],
    });
    const bs = await get('account', { query: 'bs' });
    const is = await get('account', { query: 'is' });
    for (const row of [...bs.assets, ...bs.liabilities, ...bs.equity, ...is.revenue, ...is.expense]) {
      expect(row).toMatchObject({ totalDebit: expect.any(Number), totalCredit: expect.any(Number) });
    }
    const sales = is.revenue.find((r: any) => r.subAccount === 'Sales');
    expect(sales.balance).toBeCloseTo(sales.totalCredit - sales.totalDebit, 2);
    const cashRow = bs.assets.find((r: any) => r.subAccount === 'Cash');
    expect(cashRow.balance).toBeCloseTo(cashRow.totalDebit - cashRow.totalCredit, 2);
  });

  test('public products and a new shopper carry their record fields', async () => {
    const p = await makeProduct(t, { productQuantity: 3 });
    const list = await t.call('GET', '/v1/product/public', { query: { count: '1000' } });
    expect(list.body.getAllProduct.find((r: any) => r.id === p.id)).toMatchObject(record);
    expect((await t.call('GET', `/v1/product/public/${p.id}`)).body).toMatchObject(record);

    const shopper = await register(t, 'keys');
    const again = await t.call('POST', '/v1/customer/login', { body: { email: shopper.email, password: shopper.password } });
    expect(again.body).toMatchObject({ ...record, id: shopper.id });
  });

  test('a shopper signing up is answered as a record', async () => {
    const answer = await t.call('POST', '/v1/customer/register', {
      body: { username: `rec${Date.now()}`, email: `rec${Date.now()}@example.com`, password: 'Shop-Pass1', confirmPassword: 'Shop-Pass1' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ ...record, status: 'true' });
  });
});
