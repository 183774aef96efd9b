import { beforeAll, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/**
 * GET dashboard over a fixture worked out by hand. Today is 2026-07-02; June is the range under test.
 *
 * Sales (each reference product: 10 in stock at 5.00, sold at 12.00 + 10 % VAT, so a unit is 13.20
 * with VAT and 7.00 of profit):
 * - S1 06-01 Alice, 4 of X, paid in full: 52.80, profit 28.00
 * - S4 06-10 held, 1 of X: not a sale
 * - S5 06-12 walk-in, 1 of X, paid in full, then undone: not a sale
 * - S6 06-15 Bob, 3 of Y, paid 20.00: 39.60, profit 21.00; 1 of Y returned on 06-20 with nothing
 *   handed back: a return of 13.20 on its own day, whose 7.00 of profit comes off S6's; due 39.60 − 13.20 − 20.00 = 6.40
 * - S7 06-15 walk-in, 2 of X, paid in full: 26.40, profit 14.00
 * - S2 06-30 walk-in, 1 of X, paid in full: 13.20, profit 7.00 (the range's last day counts)
 * - S3 07-01 walk-in, 1 of X, paid in full: 13.20 (the day after: not in June)
 * Purchases of C (no stock, bought at 5.00 throughout, so its average cost stays 5.00):
 * - P1 06-02 10 at 5.00 + 10 % VAT, paid 30.00: 55.00; 1 returned 06-10 (5.50) with nothing paid back;
 *   due 55.00 − 5.50 − 30.00 = 19.50
 * - P4 06-05 1 of D at 3.00, paid 3.00, then undone: not a purchase
 * - P2 06-30 2 at 5.00, unpaid: 10.00, due 10.00
 * - P3 07-01 1 at 5.00, unpaid: 5.00 (July)
 * Products besides: L (2 on hand at 10.00, reorder level 5), N (5 at 10.00, level 5), M (hidden, 0 on
 * hand, level 5) and D (0 on hand, no level).
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let ids: { alice: number; bob: number; walkIn: number; x: number; y: number };

const day = (d: string) => `2026-06-${d}`;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
  t.config.clock = fixedClock('2026-07-02T12:00:00Z');
  const supplierId = await makeSupplier(t, owner, 'Dashboard Supplies');
  const customer = async (username: string) =>
    (await t.call('POST', '/v1/customer', { token: owner, body: { username } })).body.id as number;
  const alice = await customer('Alice Dashboard');
  const bob = await customer('Bob Dashboard');
  const x = await referenceProduct(t);
  const y = await referenceProduct(t);
  const c = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
  const d = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
  await makeProduct(t, { productQuantity: 2, productPurchasePrice: 10, reorderQuantity: 5 });
  await makeProduct(t, { productQuantity: 5, productPurchasePrice: 10, reorderQuantity: 5 });
  await makeProduct(t, { productQuantity: 0, productPurchasePrice: 10, reorderQuantity: 5, status: false });

  const ok = (answer: { status: number; body: any }, status = 201) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  const sell = async (date: string, productId: number, quantity: number, paid: number, extra: Record<string, unknown> = {}) =>
    ok(
      await t.call('POST', '/v1/sale-invoice', {
        token: owner,
        body: {
          date,
          saleInvoiceProduct: [{ productId, productQuantity: quantity }],
          paidAmount: [{ paymentType: cash, amount: paid }],
          ...extra,
        },
      }),
    ).createdInvoice;
  const buy = async (date: string, productId: number, quantity: number, tax: number, paid: number) =>
    ok(
      await t.call('POST', '/v1/purchase-invoice', {
        token: owner,
        body: {
          date,
          supplierId,
          paidAmount: paid ? [{ amount: paid }] : [],
          purchaseInvoiceProduct: [{ productId, productQuantity: quantity, productUnitPurchasePrice: 5, tax }],
        },
      }),
    ).createdInvoice;

  await sell(day('01'), x.id, 4, 52.8, { customerId: alice });
  const held = await sell(day('10'), x.id, 1, 0, { isHold: 'true' });
  expect(held.state).toBe('held');
  const undone = await sell(day('12'), x.id, 1, 13.2);
  ok(await t.call('PATCH', `/v1/sale-invoice/${undone.id}`, { token: owner, body: { status: 'false' } }), 200);
  const s6 = await sell(day('15'), y.id, 3, 20, { customerId: bob });
  ok(
    await t.call('POST', '/v1/return-sale-invoice', {
      token: owner,
      body: {
        date: day('20'),
        saleInvoiceId: s6.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: s6.saleInvoiceProduct[0].id, productQuantity: 1 }],
      },
    }),
  );
  await sell(day('15'), x.id, 2, 26.4);
  await sell(day('30'), x.id, 1, 13.2);
  await sell('2026-07-01', x.id, 1, 13.2);

  const p1 = await buy(day('02'), c.id, 10, 10, 30);
  ok(
    await t.call('POST', '/v1/return-purchase-invoice', {
      token: owner,
      body: {
        date: day('10'),
        purchaseInvoiceId: p1.id,
        returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: p1.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
      },
    }),
  );
  const p4 = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      date: day('05'),
      supplierId,
      paidAmount: [{ amount: 3 }],
      purchaseInvoiceProduct: [{ productId: d.id, productQuantity: 1, productUnitPurchasePrice: 3, tax: 0 }],
    },
  });
  ok(await t.call('PATCH', `/v1/purchase-invoice/${ok(p4).createdInvoice.id}`, { token: owner, body: { status: 'false' } }), 200);
  await buy(day('30'), c.id, 2, 0, 0);
  await buy('2026-07-01', c.id, 1, 0, 0);

  // a sale without a customer is the walk-in's
  ids = { alice, bob, walkIn: undone.customerId, x: x.id, y: y.id };
});

const get = (query: Record<string, string>, token = owner) => t.call('GET', '/v1/dashboard', { token, query });

test('June: real counts, sales less returns, dues from the ledger, positions at the range end', async () => {
  const june = await get({ startDate: day('01'), endDate: day('30') });
  expect(june.status, JSON.stringify(june.body)).toBe(200);
  expect(june.body).toMatchObject({
    startDate: day('01'),
    endDate: day('30'),
    // S1, S6, S7, S2: four sales, two of them on 06-15 (held, undone and July's left out)
    totalSaleInvoice: 4,
    // 52.80 + 39.60 + 26.40 + 13.20
    totalSaleAmount: 132,
    totalSaleReturn: 13.2,
    // only S6 owes: 6.40
    totalSaleDue: 6.4,
    // 28 + 21 + 14 + 7 − 7 (a return lowers its sale's profit)
    totalProfit: 63,
    // P1 and P2 (P4 undone, P3 in July)
    totalPurchaseInvoice: 2,
    // 55.00 + 10.00
    totalPurchaseAmount: 65,
    totalPurchaseReturn: 5.5,
    // 19.50 + 10.00
    totalPurchaseDue: 29.5,
    // Accounts Receivable at 06-30: S6's 6.40 (the paid sales net to nothing)
    receivable: 6.4,
    // Accounts Payable at 06-30: P1's 19.50 + P2's 10.00 (P4 paid, P3 later)
    payable: 29.5,
    // now: X 10 − 4 − 2 − 1 − 1 = 2, Y 10 − 3 + 1 = 8, C 10 − 1 + 2 + 1 = 12, all at 5.00: 10 + 40 + 60;
    // L 2 and N 5 at 10.00: 70. Total 180.00
    stockValue: 180,
    // L (2 ≤ 5) and N (5 ≤ 5); M is hidden, D has no level, X and Y have none either
    lowStockCount: 2,
  });

  // every day of June, zero where nothing happened; a day's sales less its returns
  const expected = new Map<string, { sales: number; profit: number; purchases: number; invoices: number }>([
    [day('01'), { sales: 52.8, profit: 28, purchases: 0, invoices: 1 }],
    [day('02'), { sales: 0, profit: 0, purchases: 55, invoices: 0 }],
    [day('10'), { sales: 0, profit: 0, purchases: -5.5, invoices: 0 }],
    // S6's profit after its return stays on its own day: 21 − 7 + 14
    [day('15'), { sales: 66, profit: 28, purchases: 0, invoices: 2 }],
    [day('20'), { sales: -13.2, profit: 0, purchases: 0, invoices: 0 }],
    [day('30'), { sales: 13.2, profit: 7, purchases: 10, invoices: 1 }],
  ]);
  expect(june.body.daily).toHaveLength(30);
  june.body.daily.forEach((d: any, i: number) => {
    const date = day(String(i + 1).padStart(2, '0'));
    const figures = expected.get(date) ?? { sales: 0, profit: 0, purchases: 0, invoices: 0 };
    // every sale here is the till's: the web's part is zero; a day without a sale or return has no split
    const split = figures.sales || figures.profit || figures.invoices;
    const channels = split ? { tillSales: figures.sales, webSales: 0, tillInvoices: figures.invoices, webInvoices: 0 } : {};
    expect(d).toEqual({ date, ...figures, ...channels });
  });

  // X: 4 + 2 + 1 sold (79.20 + 13.20 = 92.40, profit 49.00); Y: 3 − 1 (39.60 − 13.20, profit 21 − 7)
  expect(june.body.topProducts).toEqual([
    { id: ids.x, name: expect.any(String), quantity: 7, sales: 92.4, tillSales: 92.4, webSales: 0, profit: 49 },
    { id: ids.y, name: expect.any(String), quantity: 2, sales: 26.4, tillSales: 26.4, webSales: 0, profit: 14 },
  ]);
  // Alice 52.80; the walk-in S7 + S2 = 39.60 over two sales; Bob 39.60 − 13.20
  expect(june.body.topCustomers).toEqual([
    { id: ids.alice, name: 'Alice Dashboard', invoices: 1, sales: 52.8, tillSales: 52.8, webSales: 0, profit: 28 },
    { id: ids.walkIn, name: expect.any(String), invoices: 2, sales: 39.6, tillSales: 39.6, webSales: 0, profit: 21 },
    { id: ids.bob, name: 'Bob Dashboard', invoices: 1, sales: 26.4, tillSales: 26.4, webSales: 0, profit: 14 },
  ]);
});

test('both ends of a range count: the last day alone, and the first day of the next month', async () => {
  const last = await get({ startDate: day('30'), endDate: day('30') });
  expect(last.body).toMatchObject({ totalSaleInvoice: 1, totalSaleAmount: 13.2, totalPurchaseInvoice: 1, totalPurchaseAmount: 10 });
  expect(last.body.daily).toEqual([
    { date: day('30'), sales: 13.2, tillSales: 13.2, webSales: 0, profit: 7, purchases: 10, invoices: 1, tillInvoices: 1, webInvoices: 0 },
  ]);
  const first = await get({ startDate: '2026-07-01', endDate: '2026-07-01' });
  expect(first.body).toMatchObject({ totalSaleInvoice: 1, totalSaleAmount: 13.2, totalPurchaseInvoice: 1, totalPurchaseAmount: 5 });
});

test('without dates it is this month; an empty range answers zeros', async () => {
  const july = await get({});
  expect(july.status).toBe(200);
  expect(july.body).toMatchObject({
    startDate: '2026-07-01',
    endDate: '2026-07-31',
    totalSaleInvoice: 1,
    totalSaleAmount: 13.2,
    totalPurchaseInvoice: 1,
    totalPurchaseAmount: 5,
    totalPurchaseDue: 5,
    receivable: 6.4,
    // June's 29.50 + P3's 5.00
    payable: 34.5,
  });
  expect(july.body.daily).toHaveLength(31);

  const may = await get({ startDate: '2026-05-01', endDate: '2026-05-31' });
  expect(may.body).toMatchObject({
    totalSaleInvoice: 0,
    totalSaleAmount: 0,
    totalSaleReturn: 0,
    totalSaleDue: 0,
    totalProfit: 0,
    totalPurchaseInvoice: 0,
    totalPurchaseAmount: 0,
    totalPurchaseDue: 0,
    receivable: 0,
    payable: 0,
    topProducts: [],
    topCustomers: [],
  });
  expect(may.body.daily.every((d: any) => d.sales === 0 && d.purchases === 0 && d.invoices === 0)).toBe(true);
});

test('only staff with readAll-dashboard', async () => {
  expect((await t.call('GET', '/v1/dashboard')).status).toBe(401);
  const other = await t.staffWith(['readAll-product']);
  expect((await get({}, other.token)).status).toBe(403);
  const reader = await t.staffWith(['readAll-dashboard']);
  expect((await get({}, reader.token)).status).toBe(200);
  expect((await get({ startDate: 'June' })).status).toBe(400);
});

test('kept between requests, yet a sale or a purchase shows on the very next one', async () => {
  const statements = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['x-sql-statements']);
  const july = await get({});
  const again = await get({});
  // asked again with nothing written: from memory, not a statement sent
  expect(statements(again)).toBe(0);
  expect(again.body).toEqual(july.body);

  // today (2 July) Alice buys 1 of X on credit: the next request shows the sale, its due, the receivable and the stock
  const sold = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      date: '2026-07-02',
      customerId: ids.alice,
      saleInvoiceProduct: [{ productId: ids.x, productQuantity: 1 }],
      paidAmount: [{ paymentType: cash, amount: 0 }],
    },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const afterSale = await get({});
  expect(statements(afterSale)).toBeGreaterThan(0);
  expect(afterSale.body).toMatchObject({
    totalSaleInvoice: 2,
    totalSaleAmount: 26.4,
    totalSaleDue: 13.2,
    totalProfit: 14,
    receivable: 19.6,
    // X 2 → 1 on hand at 5.00
    stockValue: 175,
  });
  expect(afterSale.body.topProducts[0]).toMatchObject({ id: ids.x, quantity: 2, sales: 26.4 });
  expect(afterSale.body.topCustomers).toContainEqual({
    id: ids.alice,
    name: 'Alice Dashboard',
    invoices: 1,
    sales: 13.2,
    tillSales: 13.2,
    webSales: 0,
    profit: 7,
  });

  // a purchase of 2 of Y, unpaid: payable, purchases and stock at once
  const supplierId = await makeSupplier(t, owner, 'Dashboard Supplies Later');
  const bought = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      date: '2026-07-02',
      supplierId,
      paidAmount: [],
      purchaseInvoiceProduct: [{ productId: ids.y, productQuantity: 2, productUnitPurchasePrice: 5, tax: 0 }],
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  expect((await get({})).body).toMatchObject({
    totalPurchaseInvoice: 2,
    totalPurchaseAmount: 15,
    totalPurchaseDue: 15,
    payable: 44.5,
    stockValue: 185,
  });
});
