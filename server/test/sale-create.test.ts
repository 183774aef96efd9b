import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows, salePostingsOf } from './sale-fixtures.ts';
import { ledgerVatByRate } from './vat-ledger.ts';

/** POST sale-invoice: server prices, split tender with change, stock out, the postings of 3.3; the list and detail. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let card: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash, card } = await paymentMethods(t, owner));
});

const sell = (body: unknown, token = owner) => t.call('POST', '/v1/sale-invoice', { token, body });

describe('a discount on the whole sale', () => {
  test('shared over the lines by their nets, VAT on what is left: the sale, its lines and the ledger agree', async () => {
    const p = await referenceProduct(t);
    const q = await referenceProduct(t);
    // goods net 35 (3 × 12 − 1) + 12 = 47; 4.70 off shares 3.50 and 1.20
    const answer = await sell({
      discount: 4.7,
      saleInvoiceProduct: [
        { productId: p.id, productQuantity: 3, productDiscount: 1 },
        { productId: q.id, productQuantity: 1 },
      ],
      paidAmount: [{ paymentType: cash, amount: 46.53 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const invoice = answer.body.createdInvoice;
    // net 31.50 + 10.80 = 42.30; VAT 3.15 + 1.08 = 4.23 (not 4.70 on the goods before the discount); profit 42.30 − 4 × 5
    expect(invoice).toMatchObject({
      totalAmount: 42.3,
      totalTaxAmount: 4.23,
      totalDiscountAmount: 5.7,
      saleDiscount: 4.7,
      profit: 22.3,
      paidAmount: 46.53,
      dueAmount: 0,
    });
    expect(
      invoice.saleInvoiceProduct.map(
        (l: { productDiscount: number; saleDiscount: number; productFinalAmount: number; taxAmount: number }) => [
          l.productDiscount,
          l.saleDiscount,
          l.productFinalAmount,
          l.taxAmount,
        ],
      ),
    ).toEqual([
      [1, 3.5, 31.5, 3.15],
      [0, 1.2, 10.8, 1.08],
    ]);
    // Sales is credited with the net after the discount; no expense for it
    expect(await salePostingsOf(t, invoice.id)).toEqual([
      ['Cost of Sales', 'Inventory', 20],
      ['Accounts Receivable', 'Sales', 42.3],
      ['Accounts Receivable', 'Tax', 4.23],
      ['Cash', 'Accounts Receivable', 46.53],
    ]);
    expect(await ledgerVatByRate(t, ['sale'], invoice.id)).toEqual({ '10': 4.23 });
    // the page reads back what was written
    const detail = await t.call('GET', `/v1/sale-invoice/${invoice.id}`, { token: owner });
    expect(detail.body.singleSaleInvoice).toMatchObject({ saleDiscount: 4.7, totalDiscountAmount: 5.7, totalTaxAmount: 4.23 });
    expect(detail.body.singleSaleInvoice.saleInvoiceProduct.map((l: { saleDiscount: number }) => l.saleDiscount)).toEqual([3.5, 1.2]);
    expect(detail.body).toMatchObject({ totalAmount: 46.53, dueAmount: 0 });
  });

  test('the cent the rounding leaves goes on the largest line; more than the goods is refused naming the field', async () => {
    const [a, b, c] = [await referenceProduct(t), await referenceProduct(t), await referenceProduct(t)];
    const lines = [
      { productId: a.id, productQuantity: 1 },
      { productId: b.id, productQuantity: 2 },
      { productId: c.id, productQuantity: 1 },
    ];
    // 0.10 over 12, 24 and 12: 2.5, 5 and 2.5 → 3, 5, 3 is one cent too many: the largest line gives it back
    const answer = await sell({ discount: 0.1, saleInvoiceProduct: lines, paidAmount: [{ paymentType: cash, amount: 100 }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.createdInvoice.saleInvoiceProduct.map((l: { saleDiscount: number }) => l.saleDiscount)).toEqual([0.03, 0.04, 0.03]);
    expect(answer.body.createdInvoice).toMatchObject({ totalAmount: 47.9, totalTaxAmount: 4.8, saleDiscount: 0.1 });
    const tooMuch = await sell({ discount: 48.01, saleInvoiceProduct: lines, paidAmount: [{ paymentType: cash, amount: 100 }] });
    expect(tooMuch.status).toBe(400);
    expect(Object.keys(tooMuch.body.fields)).toEqual(['discount']);
    expect((await sell({ discount: -1, saleInvoiceProduct: lines })).body.fields).toHaveProperty('discount');
  });
});

describe('the reference worked example', () => {
  test('3 at 12.00, line discount 1.00, 10 % VAT, 20 cash and the rest by card', async () => {
    const p = await referenceProduct(t);
    const answer = await sell({
      // a client's price and VAT are not trusted: they are ignored
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1, productUnitSalePrice: 0.01, tax: 0 }],
      paidAmount: [
        { paymentType: cash, amount: 20 },
        { paymentType: card, amount: 18.5 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('New Sale Added Successfully');
    const invoice = answer.body.createdInvoice;
    expect(invoice).toMatchObject({
      state: 'completed',
      status: 'true',
      totalAmount: 35,
      totalTaxAmount: 3.5,
      totalDiscountAmount: 1,
      profit: 20,
      paidAmount: 38.5,
      dueAmount: 0,
      returnAmount: 0,
    });
    expect(answer.body.change).toBe(0);
    expect(answer.body.customer.username).toBe('Walk-in customer');
    expect(invoice.saleInvoiceProduct).toEqual([
      expect.objectContaining({
        productId: p.id,
        productQuantity: 3,
        productUnitSalePrice: 12,
        productDiscount: 1,
        productFinalAmount: 35,
        tax: 10,
        taxAmount: 3.5,
      }),
    ]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
    expect(await salePostingsOf(t, invoice.id)).toEqual([
      ['Cost of Sales', 'Inventory', 15],
      ['Accounts Receivable', 'Sales', 35],
      ['Accounts Receivable', 'Tax', 3.5],
      ['Cash', 'Accounts Receivable', 20],
      ['Bank', 'Accounts Receivable', 18.5],
    ]);

    const detail = await t.call('GET', `/v1/sale-invoice/${invoice.id}`, { token: owner });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: 'PAID',
      totalAmount: 38.5,
      totalPaidAmount: 38.5,
      totalReturnAmount: 0,
      instantPaidReturnAmount: 0,
      dueAmount: 0,
    });
    expect(detail.body.transactions).toHaveLength(5);
  });

  test('cash beyond the total is change; paid is recorded as the total', async () => {
    const p = await referenceProduct(t);
    const answer = await sell({
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [
        { paymentType: card, amount: 18.5 },
        { paymentType: cash, amount: 25 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.change).toBe(5);
    expect(answer.body.createdInvoice).toMatchObject({ paidAmount: 38.5, dueAmount: 0 });
    expect((await salePostingsOf(t, answer.body.createdInvoice.id)).slice(3)).toEqual([
      ['Bank', 'Accounts Receivable', 18.5],
      ['Cash', 'Accounts Receivable', 20],
    ]);
    // a card cannot give change
    const over = await sell({
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: card, amount: 50 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Amount cannot be greater than due!');
  });

  test('part paid leaves a due on the chosen customer; list, aggregations and the customer statement agree', async () => {
    const p = await referenceProduct(t);
    const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Buyer ${Date.now()}` } });
    const answer = await sell({
      customerId: buyer.body.id,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 20 }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.createdInvoice).toMatchObject({ customerId: buyer.body.id, paidAmount: 20, dueAmount: 18.5 });

    const list = await t.call('GET', `/v1/sale-invoice/customer/${buyer.body.id}`, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.totalSaleInvoice).toBe(1);
    expect(list.body.aggregations).toEqual({
      _count: { id: 1 },
      _sum: {
        totalAmount: 35,
        totalTaxAmount: 3.5,
        totalDiscountAmount: 1,
        profit: 20,
        paidAmount: 20,
        dueAmount: 18.5,
        totalReturnAmount: 0,
        instantPaidReturnAmount: 0,
      },
    });
    const filtered = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { customerId: String(buyer.body.id) } });
    expect(filtered.body.getAllSaleInvoice.map((s: any) => s.id)).toEqual([answer.body.createdInvoice.id]);

    const statement = await t.call('GET', `/v1/customer/${buyer.body.id}`, { token: owner });
    expect(statement.body).toMatchObject({ totalAmount: 38.5, totalPaidAmount: 20, dueAmount: 18.5, totalSaleInvoice: 1 });
    const report = await t.call('GET', '/v1/customer', { token: owner, query: { query: 'report' } });
    expect(report.body.allCustomer.find((c: any) => c.id === buyer.body.id)).toMatchObject({ dueAmount: 18.5 });
    expect(report.body.grandData.grandDueAmount).toBeGreaterThanOrEqual(18.5);
  });
});

describe('refusals', () => {
  test('not enough stock is 409 insufficient_stock naming the product; nothing is kept', async () => {
    const p = await makeProduct(t, { productQuantity: 2, productSalePrice: 4, productPurchasePrice: 1 });
    const before = await rows(t, sql`select count(*)::int as n from sale_invoice`);
    const answer = await sell({ saleInvoiceProduct: [{ productId: p.id, productQuantity: 3 }] });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('insufficient_stock');
    expect(answer.body.error).toContain(p.name);
    expect((await readProduct(t, p.id)).productQuantity).toBe(2);
    expect(await rows(t, sql`select count(*)::int as n from sale_invoice`)).toEqual(before);
  });

  test('bad bodies are 400 naming the field', async () => {
    const p = await makeProduct(t, { productQuantity: 5 });
    const cases: [unknown, string][] = [
      [{ saleInvoiceProduct: [] }, 'saleInvoiceProduct'],
      [{ saleInvoiceProduct: [{ productId: 999999, productQuantity: 1 }] }, 'saleInvoiceProduct.0.productId'],
      [{ saleInvoiceProduct: [{ productId: p.id, productQuantity: 0 }] }, 'saleInvoiceProduct.0.productQuantity'],
      [{ saleInvoiceProduct: [{ productId: p.id, productQuantity: 1, productDiscount: 100 }] }, 'saleInvoiceProduct.0.productDiscount'],
      [
        {
          saleInvoiceProduct: [
            { productId: p.id, productQuantity: 1 },
            { productId: p.id, productQuantity: 1 },
          ],
        },
        'saleInvoiceProduct.1.productId',
      ],
      [
        { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: 999999, amount: 1 }] },
        'paidAmount.0.paymentType',
      ],
      [{ customerId: 999999, saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] }, 'customerId'],
    ];
    for (const [body, field] of cases) {
      const answer = await sell(body);
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), field).toContain(field);
    }
    expect((await readProduct(t, p.id)).productQuantity).toBe(5);
  });

  test('the till may sell below zero only when the shop allows it', async () => {
    const p = await makeProduct(t, { productQuantity: 1, productSalePrice: 4, productPurchasePrice: 1 });
    const setting = await t.call('POST', '/v1/setting', { token: owner, body: { allowNegativeStock: 'true' } });
    expect(setting.status).toBe(200);
    try {
      const answer = await sell({
        customerId: await namedCustomer(t, owner),
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 3 }],
      });
      expect(answer.status).toBe(201);
      expect((await readProduct(t, p.id)).productQuantity).toBe(-2);
    } finally {
      await t.call('POST', '/v1/setting', { token: owner, body: { allowNegativeStock: 'false' } });
    }
    const again = await sell({ saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] });
    expect(again.status).toBe(409);
  });
});

describe('undo a sale', () => {
  test("PATCH status 'false' brings the goods back and reverses every posting; a second undo is 409", async () => {
    const p = await referenceProduct(t);
    const sale = await sell({
      customerId: await namedCustomer(t, owner),
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 20 }],
    });
    const id = sale.body.createdInvoice.id;
    const undo = await t.call('PATCH', `/v1/sale-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ message: 'Sale deleted', state: 'deleted', status: 'false' });
    expect((await readProduct(t, p.id)).productQuantity).toBe(10);
    const net = await rows(
      t,
      sql`select sa.name, sum(case when t.debit_id = sa.id then t.amount else -t.amount end)::float as balance
        from "transaction" t join sub_account sa on sa.id in (t.debit_id, t.credit_id)
        where t.type = 'sale' and t.related_id = ${String(id)} group by sa.name`,
    );
    for (const account of net) expect(account.balance, account.name).toBe(0);
    const second = await t.call('PATCH', `/v1/sale-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('invalid_transition');
    const list = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'all' } });
    expect(list.body.getAllSaleInvoice.map((s: any) => s.id)).not.toContain(id);
    expect((await t.call('PATCH', '/v1/sale-invoice/999999', { token: owner, body: { status: 'false' } })).status).toBe(404);
  });
  test('goods an undo brings back enter the average cost at the cost they left at', async () => {
    // bought 10 at 5.00; sell 3 (cost 5.00); buy 10 more at 8.00: average (7 × 5 + 10 × 8) / 17 = 6.76
    const p = await referenceProduct(t);
    const sale = await sell({
      customerId: await namedCustomer(t, owner),
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3 }],
      paidAmount: [],
    });
    const supplierId = await makeSupplier(t, owner);
    const bought = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: { supplierId, purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 8 }] },
    });
    expect(bought.status).toBe(201);
    expect((await readProduct(t, p.id)).productPurchasePrice).toBe(6.76);
    await t.call('PATCH', `/v1/sale-invoice/${sale.body.createdInvoice.id}`, { token: owner, body: { status: 'false' } });
    // the 3 come back at 5.00: (17 × 6.76 + 3 × 5.00) / 20 = 6.496 → 6.50, so 20 on hand are worth 130.00 as bought
    const after = await readProduct(t, p.id);
    expect(after.productQuantity).toBe(20);
    expect(after.productPurchasePrice).toBe(6.5);
  });
});

describe('access', () => {
  test('401 without a token, 403 without the permission or with a customer token', async () => {
    const p = await makeProduct(t, { productQuantity: 5 });
    const body = { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] };
    const routes: [string, string, unknown?][] = [
      ['POST', '/v1/sale-invoice', body],
      ['GET', '/v1/sale-invoice'],
      ['GET', '/v1/sale-invoice/1'],
      ['GET', '/v1/sale-invoice/customer/1'],
      ['PATCH', '/v1/sale-invoice/1', { status: 'false' }],
    ];
    const nobody = await t.staffWith([]);
    const shopper = await t.customerToken();
    for (const [method, url, b] of routes) {
      expect((await t.call(method, url, { body: b })).status, `${method} ${url}`).toBe(401);
      expect((await t.call(method, url, { body: b, token: nobody.token })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body: b, token: shopper.token })).status, `${method} ${url}`).toBe(403);
    }
    // a customer reads only their own sales
    const mine = await t.call('GET', '/v1/sale-invoice/customer', { token: shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.totalSaleInvoice).toBe(0);
    expect((await t.call('GET', '/v1/sale-invoice/customer', { token: owner })).status).toBe(403);
    expect((await readProduct(t, p.id)).productQuantity).toBe(5);
  });
});
