import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { numberSeries, oneTo } from './invoice-number-fixtures.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, paymentMethods, rows } from './sale-fixtures.ts';

/**
 * Invoice numbers without gaps (issue 19, point 13): a sale, purchase, sale return or purchase return
 * takes the next number of its series only when it commits, so refused documents leave no hole, a held
 * sale is numbered when it completes (in the order documents complete). Concurrent tills on PostgreSQL:
 * invoice-numbers-concurrent.pg.test.ts.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let supplierId: number;
/** Sales here are left unpaid, so they go to a named customer (a due needs someone to owe it). */
let buyer: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
  supplierId = await makeSupplier(t, owner);
  buyer = await namedCustomer(t, owner);
});

const numbersOf = numberSeries(t);
const post = (url: string, body: unknown) => t.call('POST', url, { token: owner, body });
const sell = (productId: number, quantity: number, extra: Record<string, unknown> = {}) =>
  post('/v1/sale-invoice', { customerId: buyer, saleInvoiceProduct: [{ productId, productQuantity: quantity }], ...extra });
const buy = (productId: number, quantity: number, extra: Record<string, unknown> = {}) =>
  post('/v1/purchase-invoice', {
    supplierId,
    purchaseInvoiceProduct: [{ productId, productQuantity: quantity, productUnitPurchasePrice: 2 }],
    ...extra,
  });

describe('sales', () => {
  test('refused sales take no number: the ones made are numbered 1, 2, 3 … with no gap, the id aside', async () => {
    const p = await makeProduct(t, { productQuantity: 3, productPurchasePrice: 2, productSalePrice: 3 });
    const answers = [
      await sell(p.id, 1),
      await sell(p.id, 5), // not enough stock: 409
      await sell(p.id, 1, { paidAmount: [{ paymentType: 999_999, amount: 1 }] }), // no such payment method: 400
      await sell(p.id, 1),
      await sell(p.id, 1, { customerId: 999_999 }), // no such customer: 400
      await sell(p.id, 1),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 409, 400, 201, 400, 201]);
    const made = answers.filter((a) => a.status === 201).map((a) => a.body.createdInvoice);
    expect(made.map((s) => s.number)).toEqual([1, 2, 3]);
    // the refused sales did use up ids: the number is not the id
    expect(made[1].id).toBeGreaterThan(made[0].id + 1);
    expect(await numbersOf('sale_invoice')).toEqual([1, 2, 3]);

    const detail = await t.call('GET', `/v1/sale-invoice/${made[1].id}`, { token: owner });
    expect(detail.body.singleSaleInvoice.number).toBe(2);
    // the books name the sale by its number
    expect(detail.body.transactions.map((e: { particulars: string }) => e.particulars)).toContain('Sale #2: sales');
    const list = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'search', key: '2' } });
    expect(list.body.getAllSaleInvoice.map((s: { number: number }) => s.number)).toEqual([2]);
  });

  test('a sale is found by its number (the receipt and its barcode); an unknown number is a 404', async () => {
    const [{ max }] = await rows(t, sql`select max(number)::int as max from sale_invoice`);
    const found = await t.call('GET', `/v1/sale-invoice/number/${max}`, { token: owner });
    expect(found.status).toBe(200);
    expect(found.body.singleSaleInvoice.number).toBe(max);
    expect((await t.call('GET', `/v1/sale-invoice/number/${max + 1}`, { token: owner })).status).toBe(404);
    expect((await t.call('GET', '/v1/sale-invoice/number/abc', { token: owner })).status).toBe(400);
    expect((await t.call('GET', `/v1/sale-invoice/number/${max}`)).status).toBe(401);
  });

  test('a held sale has no number; it takes the next one when it completes, after sales made meanwhile; a cancelled one leaves no gap', async () => {
    const p = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 2, productSalePrice: 3 });
    const before = (await numbersOf('sale_invoice')).length;
    const held = await sell(p.id, 1, { isHold: 'true' });
    expect(held.status).toBe(201);
    expect(held.body.createdInvoice.number).toBeNull();
    const dropped = await sell(p.id, 1, { isHold: 'true' });
    expect(
      (
        await t.call('PATCH', '/v1/sale-invoice/order', {
          token: owner,
          body: { invoiceId: dropped.body.createdInvoice.id, status: 'false' },
        })
      ).status,
    ).toBe(200);
    const meanwhile = await sell(p.id, 1);
    expect(meanwhile.body.createdInvoice.number).toBe(before + 1);
    const completed = await t.call('PUT', `/v1/sale-invoice/hold/${held.body.createdInvoice.id}`, {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 3 }] },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.createdInvoice.number).toBe(before + 2);
    // undoing a sale keeps its number: the series stays whole
    expect(
      (await t.call('PATCH', `/v1/sale-invoice/${meanwhile.body.createdInvoice.id}`, { token: owner, body: { status: 'false' } })).status,
    ).toBe(200);
    expect(await numbersOf('sale_invoice')).toEqual(oneTo(before + 2));
  });
});

describe('purchases and returns', () => {
  test('purchases, sale returns and purchase returns each number their own series; refused ones leave no gap', async () => {
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 2, productSalePrice: 3 });
    const purchases = [await buy(p.id, 4), await buy(p.id, 1, { paidAmount: [{ paymentType: cash, amount: 100 }] }), await buy(p.id, 4)];
    expect(purchases.map((a) => a.status)).toEqual([201, 400, 201]);
    expect(purchases.filter((a) => a.status === 201).map((a) => a.body.createdInvoice.number)).toEqual([1, 2]);
    const purchase = await t.call('GET', `/v1/purchase-invoice/${purchases[2]!.body.createdInvoice.id}`, { token: owner });
    expect(purchase.body.singlePurchaseInvoice.number).toBe(2);
    expect(purchase.body.transactions.map((e: { particulars: string }) => e.particulars)).toContain('Purchase #2: goods');

    const sale = await sell(p.id, 3);
    const saleLine = sale.body.createdInvoice.saleInvoiceProduct[0].id;
    const saleReturn = (quantity: number) =>
      post('/v1/return-sale-invoice', {
        saleInvoiceId: sale.body.createdInvoice.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: saleLine, productQuantity: quantity }],
      });
    const saleReturns = [await saleReturn(1), await saleReturn(5), await saleReturn(1)];
    expect(saleReturns.map((a) => a.status)).toEqual([201, 400, 201]);
    const returned = saleReturns.filter((a) => a.status === 201).map((a) => a.body.createdReturnSaleInvoice);
    expect(returned.map((r) => [r.number, r.saleInvoiceNumber])).toEqual([
      [1, sale.body.createdInvoice.number],
      [2, sale.body.createdInvoice.number],
    ]);

    // 8 bought, 3 sold, 2 back from the customer, 5 more sold: 2 left, so after one unit goes back to the
    // supplier, returning 2 more is refused for stock (after the return's header was written)
    expect((await sell(p.id, 5)).status).toBe(201);
    const line = (a: (typeof purchases)[number]) => a.body.createdInvoice.purchaseInvoiceProduct[0].id;
    const purchaseReturn = (a: (typeof purchases)[number], quantity: number) =>
      post('/v1/return-purchase-invoice', {
        purchaseInvoiceId: a.body.createdInvoice.id,
        returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: line(a), productQuantity: quantity }],
      });
    const purchaseReturns = [
      await purchaseReturn(purchases[0]!, 1),
      await purchaseReturn(purchases[2]!, 2),
      await purchaseReturn(purchases[2]!, 1),
    ];
    expect(purchaseReturns.map((a) => a.status)).toEqual([201, 409, 201]);
    expect(
      purchaseReturns
        .filter((a) => a.status === 201)
        .map((a) => [a.body.createdReturnPurchaseInvoice.number, a.body.createdReturnPurchaseInvoice.purchaseInvoiceNumber]),
    ).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await numbersOf('purchase_invoice')).toEqual([1, 2]);
    expect(await numbersOf('return_sale_invoice')).toEqual([1, 2]);
    expect(await numbersOf('return_purchase_invoice')).toEqual([1, 2]);
  });
});
