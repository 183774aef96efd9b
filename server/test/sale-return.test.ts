import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows, tenPercentVat } from './sale-fixtures.ts';
import { ledgerVatByRate } from './vat-ledger.ts';

/** Sale returns (reference 3.7 with section 5 #11, #22 fixed): quantities, values, stock, postings, refunds, undo. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let card: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash, card } = await paymentMethods(t, owner));
});

const giveBack = (body: unknown, token = owner) => t.call('POST', '/v1/return-sale-invoice', { token, body });
const detail = async (id: number) => (await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner })).body;

/** The reference sale: 3 at 12.00, line discount 1.00, 10 % VAT (net 35.00, VAT 3.50), paid as asked. */
async function referenceSale(paidAmount: { paymentType: number; amount: number }[] = [{ paymentType: cash, amount: 20 }]) {
  const p = await referenceProduct(t);
  const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Returner ${Date.now()}` } });
  const sale = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { customerId: buyer.body.id, saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }], paidAmount },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  const invoice = sale.body.createdInvoice;
  return {
    product: p,
    customerId: buyer.body.id as number,
    saleId: invoice.id as number,
    lineId: invoice.saleInvoiceProduct[0].id as number,
  };
}

/** The ledger rows of a sale's returns as [debit, credit, amount]. */
const returnPostingsOf = async (saleId: number) =>
  (
    await rows(
      t,
      sql`select d.name as debit, c.name as credit, t.amount from "transaction" t join sub_account d on d.id = t.debit_id
        join sub_account c on c.id = t.credit_id where t.type = 'saleReturn' and t.related_id = ${String(saleId)} order by t.id`,
    )
  ).map((e) => [e.debit, e.credit, Number(e.amount)]);

describe('a return of a sale with a whole-sale discount', () => {
  test('prorates the discounted net and takes back exactly the VAT charged, unit by unit', async () => {
    const p = await referenceProduct(t);
    const sale = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        discount: 3.5,
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
        paidAmount: [{ paymentType: cash, amount: 34.65 }],
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    // net 35 − 3.50 = 31.50, VAT 3.15, total 34.65
    const invoice = sale.body.createdInvoice;
    expect(invoice).toMatchObject({ totalAmount: 31.5, totalTaxAmount: 3.15, saleDiscount: 3.5 });
    const lineId = invoice.saleInvoiceProduct[0].id as number;
    const one = await giveBack({
      saleInvoiceId: invoice.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 1 }],
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    // a third of what was charged: 10.50 and 1.05 of VAT
    expect(one.body.createdReturnSaleInvoice).toMatchObject({ totalAmount: 10.5, tax: 1.05 });
    const rest = await giveBack({
      saleInvoiceId: invoice.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 2 }],
    });
    expect(rest.body.createdReturnSaleInvoice).toMatchObject({ totalAmount: 21, tax: 2.1 });
    expect(await returnPostingsOf(invoice.id)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 10.5],
      ['Tax', 'Accounts Receivable', 1.05],
      ['Inventory', 'Cost of Sales', 10],
      ['Sales', 'Accounts Receivable', 21],
      ['Tax', 'Accounts Receivable', 2.1],
    ]);
    // all of it back: the VAT the sale charged is all taken back
    expect(await ledgerVatByRate(t, ['sale', 'saleReturn'], invoice.id)).toEqual({ '10': 0 });
  });
});

describe('sale returns', () => {
  test('a return of 1 comes back at the cost it left at, prorates net and VAT, posts 3.7 and lowers the due and profit', async () => {
    const { product, customerId, saleId, lineId } = await referenceSale();
    // the average cost moves after the sale: the return still comes back at the sale's 5.00
    await t.database.db.execute(sql`update product set product_purchase_price = 6 where id = ${product.id}`);
    const back = await giveBack({
      saleInvoiceId: saleId,
      note: 'Wrong size',
      instantReturnAmount: [{ amount: 2 }, { paymentType: card, amount: 1 }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 1 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.message).toBe('Sale return added successfully');
    const made = back.body.createdReturnSaleInvoice;
    // net 35.00 / 3 = 11.666… → 11.67; VAT 3.50 / 3 = 1.166… → 1.17
    expect(made).toMatchObject({ saleInvoiceId: saleId, totalAmount: 11.67, tax: 1.17, instantReturnAmount: 3, note: 'Wrong size' });
    expect(made.customer.id).toBe(customerId);
    expect(made.returnSaleInvoiceProduct).toEqual([
      expect.objectContaining({
        saleInvoiceProductId: lineId,
        productQuantity: 1,
        productUnitSalePrice: 12,
        productFinalAmount: 11.67,
        tax: 10,
        taxAmount: 1.17,
      }),
    ]);
    const p = await readProduct(t, product.id);
    expect(p.productQuantity).toBe(8);
    // 7 on hand at 6.00 and 1 back at 5.00: (42 + 5) / 8 = 5.875 → 5.88
    expect(p.productPurchasePrice).toBe(5.88);
    const [movement] = await rows(
      t,
      sql`select quantity, unit_cost, reason from stock_movement where document_type = 'returnSaleInvoice' and document_id = ${String(made.id)}`,
    );
    expect(movement).toMatchObject({ quantity: 1, reason: 'saleReturn' });
    expect(Number(movement.unit_cost)).toBe(5);
    expect(await returnPostingsOf(saleId)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 11.67],
      ['Tax', 'Accounts Receivable', 1.17],
      ['Accounts Receivable', 'Cash', 2],
      ['Accounts Receivable', 'Bank', 1],
    ]);
    // due = 38.50 − 12.84 − 20 + 3 = 8.66; profit = 20 − (11.67 − 5) = 13.33
    const d = await detail(saleId);
    expect(d).toMatchObject({
      totalAmount: 38.5,
      totalPaidAmount: 20,
      totalReturnAmount: 12.84,
      instantPaidReturnAmount: 3,
      dueAmount: 8.66,
    });
    expect(d.singleSaleInvoice.profit).toBe(13.33);
    expect(d.singleSaleInvoice.saleInvoiceProduct[0].returnedQuantity).toBe(1);
    expect(d.returnSaleInvoice.map((r: any) => r.id)).toEqual([made.id]);
    expect(d.returnSaleInvoice[0].returnSaleInvoiceProduct).toHaveLength(1);

    const single = await t.call('GET', `/v1/return-sale-invoice/${made.id}`, { token: owner });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ id: made.id, totalAmount: 11.67 });
    const list = await t.call('GET', '/v1/return-sale-invoice', { token: owner, query: { saleInvoiceId: String(saleId) } });
    expect(list.status).toBe(200);
    expect(list.body.allSaleInvoice.map((r: any) => r.id)).toEqual([made.id]);
    expect(list.body.aggregations).toEqual({ _count: { id: 1 }, _sum: { totalAmount: 11.67, tax: 1.17, instantReturnAmount: 3 } });
    expect((await t.call('GET', '/v1/return-sale-invoice/999999', { token: owner })).status).toBe(404);
    const later = await t.call('GET', '/v1/return-sale-invoice', {
      token: owner,
      query: { saleInvoiceId: String(saleId), startDate: '2999-01-01' },
    });
    expect(later.body).toEqual({
      allSaleInvoice: [],
      aggregations: { _count: { id: 0 }, _sum: { totalAmount: 0, tax: 0, instantReturnAmount: 0 } },
    });

    const statement = await t.call('GET', `/v1/customer/${customerId}`, { token: owner });
    expect(statement.body).toMatchObject({
      totalReturnAmount: 12.84,
      instantPaidReturnAmount: 3,
      dueAmount: 8.66,
      totalReturnSaleInvoice: 1,
    });
    expect(statement.body.returnSaleInvoice.map((r: any) => r.id)).toEqual([made.id]);
    // newest first
    expect(statement.body.allTransaction.map((r: any) => r.type)).toEqual([...Array(5).fill('saleReturn'), 'sale', 'sale', 'sale', 'sale']);
  });

  test('returns of a whole line in parts add up to the line exactly; then nothing is left', async () => {
    const { saleId, lineId } = await referenceSale();
    const one = (quantity = 1) =>
      giveBack({ saleInvoiceId: saleId, returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: quantity }] });
    const answers = [await one(), await one(), await one()];
    // 11.67 + 11.66 + 11.67 = 35.00 and 1.17 + 1.16 + 1.17 = 3.50
    expect(answers.map((a) => [a.body.createdReturnSaleInvoice.totalAmount, a.body.createdReturnSaleInvoice.tax])).toEqual([
      [11.67, 1.17],
      [11.66, 1.16],
      [11.67, 1.17],
    ]);
    const d = await detail(saleId);
    // everything came back: due = 38.50 − 38.50 − 20 + 0 = −20 (the shop owes the customer 20)
    expect(d).toMatchObject({ totalReturnAmount: 38.5, dueAmount: -20 });
    expect(d.singleSaleInvoice.profit).toBe(0);
    const more = await one();
    expect(more.status).toBe(400);
    expect(more.body.error).toBe('insufficient quantity for return!');
    expect(more.body.fields).toEqual({ 'returnSaleInvoiceProduct.0.productQuantity': 'must be at most 0' });
  });

  test('no line beyond sold minus returned, lines of the sale only, completed sales only', async () => {
    const { product, saleId, lineId } = await referenceSale();
    const first = await giveBack({
      saleInvoiceId: saleId,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 2 }],
    });
    expect(first.status).toBe(201);
    const over = await giveBack({
      saleInvoiceId: saleId,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 2 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('insufficient quantity for return!');
    expect(over.body.fields).toEqual({ 'returnSaleInvoiceProduct.0.productQuantity': 'must be at most 1' });
    expect((await readProduct(t, product.id)).productQuantity).toBe(9);

    const other = await referenceSale();
    const foreign = await giveBack({
      saleInvoiceId: saleId,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: other.lineId, productQuantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ 'returnSaleInvoiceProduct.0.saleInvoiceProductId': 'does not exist' });

    const twice = await giveBack({
      saleInvoiceId: saleId,
      returnSaleInvoiceProduct: [
        { saleInvoiceProductId: lineId, productQuantity: 1 },
        { saleInvoiceProductId: lineId, productQuantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toMatchObject({ 'returnSaleInvoiceProduct.1.saleInvoiceProductId': 'is listed twice' });
    const zero = await giveBack({
      saleInvoiceId: saleId,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.fields).toMatchObject({ 'returnSaleInvoiceProduct.0.productQuantity': 'must be above 0' });
    const none = await giveBack({ saleInvoiceId: saleId, returnSaleInvoiceProduct: [] });
    expect(none.status).toBe(400);
    expect(none.body.fields).toMatchObject({ returnSaleInvoiceProduct: 'must have at least one line' });

    const missing = await giveBack({
      saleInvoiceId: 999999,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 1 }],
    });
    expect(missing.status).toBe(404);

    const undone = await t.call('PATCH', `/v1/sale-invoice/${other.saleId}`, { token: owner, body: { status: 'false' } });
    expect(undone.status).toBe(200);
    const late = await giveBack({
      saleInvoiceId: other.saleId,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: other.lineId, productQuantity: 1 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/deleted/);

    const held = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { isHold: 'true', saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [] },
    });
    expect(held.status).toBe(201);
    const fromHeld = await giveBack({
      saleInvoiceId: held.body.createdInvoice.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: held.body.createdInvoice.saleInvoiceProduct[0].id, productQuantity: 1 }],
    });
    expect(fromHeld.status).toBe(409);
  });

  test('a refund is no more than the customer paid (net of earlier refunds) nor the value returned', async () => {
    const { saleId, lineId } = await referenceSale([{ paymentType: cash, amount: 5 }]);
    const back = (amounts: { amount: number; paymentType?: number }[], quantity = 1) =>
      giveBack({
        saleInvoiceId: saleId,
        instantReturnAmount: amounts,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: quantity }],
      });
    const overPaid = await back([{ amount: 5.01 }]);
    expect(overPaid.status).toBe(400);
    expect(overPaid.body.fields.instantReturnAmount).toMatch(/more than the customer paid .*5\.00 left/);
    const first = await back([{ amount: 3 }]);
    expect(first.status).toBe(201);
    const second = await back([{ amount: 2.01 }]);
    expect(second.status).toBe(400);
    expect(second.body.fields.instantReturnAmount).toMatch(/2\.00 left/);
    const unknownMethod = await back([{ amount: 1, paymentType: 999999 }]);
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.body.fields).toEqual({ 'instantReturnAmount.0.paymentType': 'does not exist' });
    expect(await detail(saleId)).toMatchObject({ totalPaidAmount: 5, instantPaidReturnAmount: 3 });

    // a sale paid in full: the refund is capped by the value of what comes back (1 unit = 12.84)
    const full = await referenceSale([{ paymentType: card, amount: 38.5 }]);
    const overValue = await giveBack({
      saleInvoiceId: full.saleId,
      instantReturnAmount: [{ amount: 12.85, paymentType: card }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: full.lineId, productQuantity: 1 }],
    });
    expect(overValue.status).toBe(400);
    expect(overValue.body.fields.instantReturnAmount).toBe('is more than the value returned (12.84)');
    const exact = await giveBack({
      saleInvoiceId: full.saleId,
      instantReturnAmount: [{ amount: 12.84, paymentType: card }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: full.lineId, productQuantity: 1 }],
    });
    expect(exact.status).toBe(201);
    expect(await detail(full.saleId)).toMatchObject({
      totalPaidAmount: 38.5,
      totalReturnAmount: 12.84,
      instantPaidReturnAmount: 12.84,
      dueAmount: 0,
    });
  });

  test('undoing a sale with returns puts back only what is still out and reverses the sale and its returns', async () => {
    const { product, saleId, lineId } = await referenceSale();
    await giveBack({
      saleInvoiceId: saleId,
      instantReturnAmount: [{ amount: 4 }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: lineId, productQuantity: 1 }],
    });
    expect((await readProduct(t, product.id)).productQuantity).toBe(8);
    const undone = await t.call('PATCH', `/v1/sale-invoice/${saleId}`, { token: owner, body: { status: 'false' } });
    expect(undone.status).toBe(200);
    expect((await readProduct(t, product.id)).productQuantity).toBe(10);
    const [net] = await rows(
      t,
      sql`select count(*)::int as n, coalesce(sum(case when d.system_key = 'accountsReceivable' then t.amount when c.system_key = 'accountsReceivable' then -t.amount else 0 end), 0)::text as ar,
          coalesce(sum(case when d.system_key = 'cash' then t.amount when c.system_key = 'cash' then -t.amount else 0 end), 0)::text as cash,
          coalesce(sum(case when d.system_key = 'inventory' then t.amount when c.system_key = 'inventory' then -t.amount else 0 end), 0)::text as inventory
        from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
        where t.related_id = ${String(saleId)} and t.type in ('sale', 'saleReturn')`,
    );
    // the sale's 4 entries and the return's 4, each reversed: every account nets to nothing
    expect(net).toEqual({ n: 16, ar: '0.00', cash: '0.00', inventory: '0.00' });
    const list = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { status: 'false' } });
    expect(list.body.getAllSaleInvoice.find((s: any) => s.id === saleId)).toMatchObject({ dueAmount: 0, returnAmount: 0 });
  });

  test('a line sold at two VAT rates in one sale: each line prorated on its own', async () => {
    const plain = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2, productSalePrice: 4 });
    const taxed = await makeProduct(t, {
      productQuantity: 5,
      productPurchasePrice: 3,
      productSalePrice: 7,
      productVatId: await tenPercentVat(t),
    });
    const sale = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        saleInvoiceProduct: [
          { productId: plain.id, productQuantity: 2 },
          { productId: taxed.id, productQuantity: 2 },
        ],
        paidAmount: [{ paymentType: cash, amount: 23.4 }],
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const [a, b] = sale.body.createdInvoice.saleInvoiceProduct;
    const back = await giveBack({
      saleInvoiceId: sale.body.createdInvoice.id,
      returnSaleInvoiceProduct: [
        { saleInvoiceProductId: b.id, productQuantity: 1 },
        { saleInvoiceProductId: a.id, productQuantity: 1 },
      ],
    });
    expect(back.status).toBe(201);
    // plain: 4.00 net, no VAT; taxed: 7.00 net, 0.70 VAT
    expect(back.body.createdReturnSaleInvoice).toMatchObject({ totalAmount: 11, tax: 0.7 });
    expect((await readProduct(t, plain.id)).productQuantity).toBe(4);
    expect((await readProduct(t, taxed.id)).productQuantity).toBe(4);
    expect(await returnPostingsOf(sale.body.createdInvoice.id)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 11],
      ['Tax', 'Accounts Receivable', 0.7],
    ]);
  });
});
