import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { expectInvoiceFiguresMatchLedger } from './invariants.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * Issue 19, points 15 and 18: every sale and purchase keeps its paid, due, returned and refunded
 * figures, equal to the ledger after every flow (the harness's invariants check all invoices after
 * each test), and shows one payment status word, the same on its list row and its page.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

/** A sale of 3 at 12.00 + 10 % VAT less 1.00 (38.50 with VAT) to a named customer, paying `paid`. */
async function sell(paid: number) {
  const p = await referenceProduct(t);
  const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Figures ${Date.now()} ${Math.random()}` } });
  const made = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: buyer.body.id,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: paid ? [{ paymentType: cash, amount: paid }] : [],
    },
  });
  expect(made.status).toBe(201);
  return {
    id: made.body.createdInvoice.id as number,
    created: made.body.createdInvoice,
    lineId: made.body.createdInvoice.saleInvoiceProduct[0].id,
  };
}

/** The sale's status word on its list row and on its page. */
async function saleStatus(id: number) {
  const list = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'all', status: 'true,false' } });
  const row = list.body.getAllSaleInvoice.find((s: any) => s.id === id);
  const page = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
  return { row: row.paymentStatus, page: page.body.singleSaleInvoice.paymentStatus };
}

/** What the sale_invoice row keeps. */
const keptOf = async (id: number) =>
  (
    await rows(
      t,
      sql`select paid_amount::float8 as paid, due_amount::float8 as due, return_amount::float8 as returned,
        instant_paid_return_amount::float8 as refunded from sale_invoice where id = ${id}`,
    )
  )[0];

describe('sale figures and status words', () => {
  test('a sale shows Unpaid, Partly paid, then Paid on its row and its page; undone, Undone', async () => {
    const unpaid = await sell(0);
    expect(unpaid.created.paymentStatus).toBe('Unpaid');
    expect(await saleStatus(unpaid.id)).toEqual({ row: 'Unpaid', page: 'Unpaid' });

    const part = await sell(20);
    expect(part.created.paymentStatus).toBe('Partly paid');
    expect(await saleStatus(part.id)).toEqual({ row: 'Partly paid', page: 'Partly paid' });
    expect(await keptOf(part.id)).toEqual({ paid: 20, due: 18.5, returned: 0, refunded: 0 });

    const rest = await t.call('POST', '/v1/payment-sale-invoice', {
      token: owner,
      body: { saleInvoiceNo: part.id, paidAmount: [{ paymentType: cash, amount: 18.5 }] },
    });
    expect(rest.status).toBe(201);
    expect(await saleStatus(part.id)).toEqual({ row: 'Paid', page: 'Paid' });
    expect(await keptOf(part.id)).toEqual({ paid: 38.5, due: 0, returned: 0, refunded: 0 });

    const undo = await t.call('PATCH', `/v1/sale-invoice/${part.id}`, { token: owner, body: { status: 'false' } });
    expect(undo.status).toBe(200);
    expect(await saleStatus(part.id)).toEqual({ row: 'Undone', page: 'Undone' });
    expect(await keptOf(part.id)).toEqual({ paid: 0, due: 0, returned: 0, refunded: 0 });
  });

  test('a return and a deleted payment change what the sale keeps at once; the list sums follow', async () => {
    const sale = await sell(30);
    const back = await t.call('POST', '/v1/return-sale-invoice', {
      token: owner,
      body: {
        saleInvoiceId: sale.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: sale.lineId, productQuantity: 1 }],
        instantReturnAmount: [{ amount: 5 }],
      },
    });
    expect(back.status).toBe(201);
    // a third of 35.00 net and of 3.50 VAT comes back: 11.67 + 1.17
    expect(await keptOf(sale.id)).toEqual({ paid: 30, due: 0.66, returned: 12.84, refunded: 5 });

    const [payment] = await rows(
      t,
      sql`select t.id from "transaction" t join sub_account a on a.id = t.credit_id and a.system_key = 'accountsReceivable'
        where t.type = 'sale' and t.related_id = ${String(sale.id)}`,
    );
    const deleted = await t.call('DELETE', `/v1/transaction/${payment.id}`, { token: owner });
    expect(deleted.status).toBe(409); // the refund relies on it
    await expectInvoiceFiguresMatchLedger(t);

    const list = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { customerId: String(sale.created.customerId) } });
    expect(list.body.aggregations._sum).toMatchObject({
      paidAmount: 30,
      dueAmount: 0.66,
      totalReturnAmount: 12.84,
      instantPaidReturnAmount: 5,
    });
    expect(list.body.getAllSaleInvoice[0]).toMatchObject({ paymentStatus: 'Partly paid', paidAmount: 30, dueAmount: 0.66 });
  });

  test('a deleted payment puts back the due it paid', async () => {
    const sale = await sell(38.5);
    expect(await saleStatus(sale.id)).toEqual({ row: 'Paid', page: 'Paid' });
    const [payment] = await rows(
      t,
      sql`select t.id from "transaction" t join sub_account a on a.id = t.credit_id and a.system_key = 'accountsReceivable'
        where t.type = 'sale' and t.related_id = ${String(sale.id)}`,
    );
    expect((await t.call('DELETE', `/v1/transaction/${payment.id}`, { token: owner })).status).toBe(200);
    expect(await keptOf(sale.id)).toEqual({ paid: 0, due: 38.5, returned: 0, refunded: 0 });
    expect(await saleStatus(sale.id)).toEqual({ row: 'Unpaid', page: 'Unpaid' });
  });
});

describe("the lists' totals", () => {
  /** Sums of the rows a list shows on one unpaged page, in cents, as the aggregations name them. */
  const sumsOf = (rows: any[], keys: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(keys).map(([sum, field]) => [sum, rows.reduce((acc, r) => acc + Math.round(r[field] * 100), 0) / 100]),
    );

  test("the sale list's count, sums and graph equal its sales, for every status and a date range", async () => {
    await sell(0);
    const undone = await sell(10);
    await t.call('PATCH', `/v1/sale-invoice/${undone.id}`, { token: owner, body: { status: 'false' } });
    const keys = {
      paidAmount: 'paidAmount',
      dueAmount: 'dueAmount',
      totalReturnAmount: 'returnAmount',
      profit: 'profit',
      totalAmount: 'totalAmount',
    };
    const today = new Date().toISOString().slice(0, 10);
    const queries: Record<string, string>[] = [
      {},
      { status: 'false' },
      { status: 'true,false' },
      { startDate: today, endDate: today },
      { startDate: '2001-01-01', endDate: '2001-01-31' },
    ];
    for (const query of queries) {
      const page = await t.call('GET', '/v1/sale-invoice', { token: owner, query });
      const all = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { ...query, count: '1000' } });
      const rows = all.body.getAllSaleInvoice;
      expect(page.body.totalSaleInvoice, JSON.stringify(query)).toBe(rows.length);
      expect(page.body.aggregations._sum, JSON.stringify(query)).toMatchObject(sumsOf(rows, keys));
      const completed = rows.filter((r: any) => r.state === 'completed');
      const days = [...new Set(completed.map((r: any) => r.date))].sort();
      expect(page.body.graphData, JSON.stringify(query)).toEqual(
        days.map((date) => ({
          date,
          count: completed.filter((r: any) => r.date === date).length,
          ...sumsOf(
            completed.filter((r: any) => r.date === date),
            { totalAmount: 'totalAmount' },
          ),
        })),
      );
    }
  });
});

describe('purchase figures and status words', () => {
  /** The purchase's status word on its list row and on its page, and what its row keeps. */
  async function purchaseStatus(id: number) {
    const list = await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { query: 'all', status: 'true,false' } });
    const row = list.body.getAllPurchaseInvoice.find((p: any) => p.id === id);
    const page = await t.call('GET', `/v1/purchase-invoice/${id}`, { token: owner });
    return { row: row.paymentStatus, page: page.body.singlePurchaseInvoice.paymentStatus };
  }

  test('Unpaid, Partly paid after a payment, Paid once settled, Undone once undone, on its row and its page alike', async () => {
    const p = await referenceProduct(t);
    const supplierId = await makeSupplier(t, owner, `Figures supplier ${Date.now()}`);
    const made = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: {
        supplierId,
        paidAmount: [],
        purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.createdInvoice.id;
    expect(await purchaseStatus(id)).toEqual({ row: 'Unpaid', page: 'Unpaid' });

    const pay = (amount: number) =>
      t.call('POST', '/v1/payment-purchase-invoice', { token: owner, body: { purchaseInvoiceNo: id, paidAmount: [{ amount }] } });
    expect((await pay(20)).status).toBe(201);
    expect(await purchaseStatus(id)).toEqual({ row: 'Partly paid', page: 'Partly paid' });
    const list = await t.call('GET', '/v1/purchase-invoice', { token: owner, query: { supplierId: String(supplierId) } });
    expect(list.body.aggregations._sum).toMatchObject({ totalAmount: 50, paidAmount: 20, dueAmount: 35 });

    expect((await pay(35)).status).toBe(201);
    expect(await purchaseStatus(id)).toEqual({ row: 'Paid', page: 'Paid' });

    expect((await t.call('PATCH', `/v1/purchase-invoice/${id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect(await purchaseStatus(id)).toEqual({ row: 'Undone', page: 'Undone' });
    const report = await t.call('GET', '/v1/supplier', { token: owner, query: { query: 'report' } });
    expect(report.body.allSupplier.find((s: any) => s.id === supplierId)).toMatchObject({ totalAmount: 0, dueAmount: 0 });
  });
});
