import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * Sales from a till's queue (issue 33): each carries its Idempotency-Key and the till's receipt reference, and
 * the answer the gap-free number; replayed, one invoice; replayed with another body, 422 and nothing written.
 * Made offline, a sale is posted below zero whatever allowNegativeStock says, its line flagged oversold (listed
 * by the report, counted on the dashboard). Made while its session was open and arriving after the close, it is
 * posted into that session, `late`, counted apart in the Z, whose variance is recomputed and corrected in the
 * books; made after the close, still refused. P sells at 12.00 + 10 % VAT = 13.20.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let methods: { cash: number; card: number };
let till: { id: number; subAccountId: number };
let product: { id: number };

const queued = (key: string, body: Record<string, unknown>) =>
  t.call('POST', '/v1/sale-invoice', { token: owner, body, headers: { 'idempotency-key': key } });
const saleCount = async () => Number((await rows(t, sql`select count(*)::int as n from sale_invoice`))[0].n);
const cashOf = (amount: number) => [{ paymentType: methods.cash, amount }];

beforeAll(async () => {
  owner = await t.ownerToken();
  methods = await paymentMethods(t, owner);
  product = await referenceProduct(t, 50);
  const made = await t.call('POST', '/v1/till', {
    token: owner,
    body: { name: 'Counter', paymentMethodIds: [methods.cash, methods.card] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  till = made.body;
});

describe('a sale from the queue', () => {
  let session: number;
  beforeAll(async () => {
    const opened = await t.call('POST', '/v1/till-session', { token: owner, body: { tillId: till.id, openingFloat: 20 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    session = opened.body.id;
  });

  test('answers its number and reference, once however often it is sent; found by its reference', async () => {
    const body = {
      saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
      paidAmount: cashOf(13.2),
      tillSessionId: session,
      receiptReference: 'T1-20261127-0042',
      soldAt: new Date().toISOString(),
    };
    const first = await queued('queue-key-42', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.createdInvoice).toMatchObject({ receiptReference: 'T1-20261127-0042', late: false });
    expect(first.body.createdInvoice.number).toBeGreaterThan(0);
    const before = await saleCount();
    // the answer lost: the queue sends it again
    const again = await queued('queue-key-42', body);
    expect(again.status).toBe(201);
    expect(again.body.createdInvoice.id).toBe(first.body.createdInvoice.id);
    expect(again.body.createdInvoice.number).toBe(first.body.createdInvoice.number);
    // the same key with another body: refused, nothing written
    const other = await queued('queue-key-42', { ...body, saleInvoiceProduct: [{ productId: product.id, productQuantity: 2 }] });
    expect(other.status).toBe(422);
    expect(other.body.fields).toHaveProperty('Idempotency-Key');
    expect(await saleCount()).toBe(before);
    // another key, the same reference: refused naming it
    const twice = await queued('queue-key-43', body);
    expect(twice.status).toBe(409);
    expect(await saleCount()).toBe(before);

    const found = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'search', key: 'T1-20261127-0042' } });
    expect(found.body.getAllSaleInvoice.map((s: { id: number }) => s.id)).toEqual([first.body.createdInvoice.id]);
    const read = await t.call('GET', `/v1/sale-invoice/${first.body.createdInvoice.id}`, { token: owner });
    expect(read.body.singleSaleInvoice).toMatchObject({ receiptReference: 'T1-20261127-0042', late: false });
  });

  test('made offline, it is posted below zero whatever the setting says, the line flagged oversold', async () => {
    const last = await referenceProduct(t, 1);
    const line = [{ productId: last.id, productQuantity: 1 }];
    // online, the shop's rule holds: no selling below zero
    const first = await queued('offline-1', { saleInvoiceProduct: line, paidAmount: cashOf(13.2), offline: 'true' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.createdInvoice.saleInvoiceProduct[0].oversold).toBe(false);
    const online = await t.call('POST', '/v1/sale-invoice', { token: owner, body: { saleInvoiceProduct: line, paidAmount: cashOf(13.2) } });
    expect(online.status).toBe(409);
    expect(online.body.error).toMatch(/stock/i);
    // a second till sold the same last unit offline: both are posted
    const second = await queued('offline-2', { saleInvoiceProduct: line, paidAmount: cashOf(13.2), offline: 'true' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.createdInvoice.saleInvoiceProduct[0].oversold).toBe(true);
    const [stock] = await rows(t, sql`select product_quantity from product where id = ${last.id}`);
    expect(stock.product_quantity).toBe(-1);

    const report = await t.call('GET', '/v1/product-reports', { token: owner, query: { query: 'oversold' } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const listed = report.body.getAllOversold.filter((r: { productId: number }) => r.productId === last.id);
    expect(listed).toEqual([
      expect.objectContaining({ saleInvoiceId: second.body.createdInvoice.id, productQuantity: 1, stockNow: -1, sku: expect.any(String) }),
    ]);
    const dashboard = await t.call('GET', '/v1/dashboard', { token: owner });
    expect(dashboard.body.tills.oversoldLines).toBe(report.body.totalOversold);
    const read = await t.call('GET', `/v1/sale-invoice/${second.body.createdInvoice.id}`, { token: owner });
    expect(read.body.singleSaleInvoice.saleInvoiceProduct[0].oversold).toBe(true);
  });
});

describe('a sale that arrives after its session closed', () => {
  test('made while it was open: posted into it, late, counted apart in the Z, the variance corrected', async () => {
    const back = await t.call('POST', '/v1/till', { token: owner, body: { name: 'Back', paymentMethodIds: [methods.cash] } });
    const drawerId = back.body.subAccountId as number;
    const opened = await t.call('POST', '/v1/till-session', { token: owner, body: { tillId: back.body.id, openingFloat: 0 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const session = opened.body.id as number;
    const sold = await queued('late-before', {
      saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
      paidAmount: cashOf(13.2),
      tillSessionId: session,
    });
    expect(sold.status).toBe(201);
    const soldAt = new Date().toISOString();
    // the drawer holds two sales' cash and a dollar: one sale is still in the till's queue
    const closed = await t.call('POST', `/v1/till-session/${session}/close`, {
      token: owner,
      body: { counted: [{ paymentMethodId: methods.cash, amount: 27.4 }], floatLeft: 20 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ expectedCash: 13.2, variance: 14.2 });

    const late = await queued('late-after', {
      saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
      paidAmount: cashOf(13.2),
      tillSessionId: session,
      receiptReference: 'T1-LATE-0001',
      soldAt,
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.createdInvoice).toMatchObject({ late: true, receiptReference: 'T1-LATE-0001' });
    const z = (await t.call('GET', `/v1/till-session/${session}/z-report`, { token: owner })).body;
    expect(z).toMatchObject({ sales: 26.4, lateSales: { count: 1, total: 13.2 }, expectedCash: 26.4, countedCash: 27.4, variance: 1 });
    expect(z.counts.sales).toBe(2);
    expect(z.byPaymentMethod.find((m: { paymentMethodId: number }) => m.paymentMethodId === methods.cash)).toMatchObject({
      sales: 26.4,
      expected: 26.4,
      counted: 27.4,
      variance: 1,
    });
    // the books: Cash Over and Short holds the recomputed variance, the drawer what the close left in it
    const [overShort] = await rows(
      t,
      sql`select coalesce(sum(case when x.credit_id = a.id then x.amount else -x.amount end), 0)::text as over
        from "transaction" x join sub_account a on a.system_key = 'cashOverShort' where x.till_session_id = ${session}
          and a.id in (x.debit_id, x.credit_id)`,
    );
    expect(Number(overShort.over)).toBe(1);
    const [drawer] = await rows(
      t,
      sql`select coalesce(sum(case when debit_id = ${drawerId} then amount else -amount end), 0)::text as balance
        from "transaction" where ${drawerId} in (debit_id, credit_id)`,
    );
    expect(Number(drawer.balance)).toBe(20);
    const [invoice] = await rows(t, sql`select till_session_id, late from sale_invoice where id = ${late.body.createdInvoice.id}`);
    expect(invoice).toEqual({ till_session_id: session, late: true });

    // made after the close: refused, as the till's day says
    const after = await queued('late-too-late', {
      saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
      paidAmount: cashOf(13.2),
      tillSessionId: session,
      soldAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(after.status).toBe(409);
    expect(after.body.fields).toHaveProperty('tillSessionId');
  });
});
