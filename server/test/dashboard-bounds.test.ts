import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier, rowsOf } from './purchase-fixtures.ts';
import { paymentMethods } from './sale-fixtures.ts';

/**
 * The dashboard over any range (issue 19, points 1, 16 and 19): the series grouped so that the widest
 * range answers small, the stock value to the cent of the Inventory account, and a month whose sales
 * pass what an int holds in cents.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let supplierId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
  supplierId = await makeSupplier(t, owner, 'Bounds Supplies');
  t.config.clock = fixedClock('2026-11-25T21:45:00Z');
});

const get = (query: Record<string, string>) => t.call('GET', '/v1/dashboard', { token: owner, query });
const ok = (answer: { status: number; body: any }, status = 201) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};
const buy = async (productId: number, quantity: number, price: number, date = '2026-11-25') =>
  ok(
    await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: {
        date,
        supplierId,
        paidAmount: [],
        purchaseInvoiceProduct: [{ productId, productQuantity: quantity, productUnitPurchasePrice: price, tax: 0 }],
      },
    }),
  ).createdInvoice;
const sell = async (productId: number, quantity: number, paid: number, extra: Record<string, unknown> = {}) =>
  ok(
    await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId, productQuantity: quantity }], paidAmount: [{ paymentType: cash, amount: paid }], ...extra },
    }),
  ).createdInvoice;

/** The Inventory account's balance now, as the balance sheet would show it. */
async function inventoryAccount(): Promise<number> {
  const [row] = await rowsOf(
    t,
    sql`with inv as (select id from sub_account where system_key = 'inventory')
      select coalesce(sum(case when debit_id = inv.id then amount else -amount end), 0)::text as balance
      from "transaction", inv where debit_id = inv.id or credit_id = inv.id`,
  );
  return Number(row.balance);
}

describe('stock value', () => {
  test('equals the Inventory account to the cent, whatever the average cost rounds to', async () => {
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0, productSalePrice: 20 });
    // 3 at 3.33, 2 at 3.41, 7 at 2.99: an average of 3.145 a unit, kept as 3.14 on the product
    await buy(p.id, 3, 3.33);
    const second = await buy(p.id, 2, 3.41);
    await buy(p.id, 7, 2.99);
    const sale = await sell(p.id, 5, 100);
    ok(
      await t.call('POST', '/v1/return-purchase-invoice', {
        token: owner,
        body: {
          purchaseInvoiceId: second.id,
          returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: second.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
        },
      }),
    );
    ok(
      await t.call('POST', '/v1/return-sale-invoice', {
        token: owner,
        body: {
          saleInvoiceId: sale.id,
          returnSaleInvoiceProduct: [{ saleInvoiceProductId: sale.saleInvoiceProduct[0].id, productQuantity: 2 }],
        },
      }),
    );
    const dashboard = ok(await get({}), 200);
    const account = await inventoryAccount();
    // 8 on hand: 3.14 × 8 = 25.12 from the rounded average, while the books hold 24.91
    expect(account).toBe(24.91);
    expect(dashboard.stockValue).toBe(account);
  });
});

describe('a range of any length', () => {
  test('the widest range answers a point per year, small, with the totals of its points', async () => {
    const answer = await get({ startDate: '0001-01-01', endDate: '9999-12-31' });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body.groupedBy).toBe('year');
    expect(answer.body.daily).toHaveLength(9999);
    expect(answer.body.daily[0].date).toBe('0001-01-01');
    expect(answer.body.daily.at(-1).date).toBe('9999-01-01');
    expect(JSON.stringify(answer.body).length).toBeLessThan(1_000_000);
    const y2026 = answer.body.daily.find((d: any) => d.date === '2026-01-01');
    expect(y2026.invoices).toBe(answer.body.totalSaleInvoice);
    expect(y2026.sales).toBe(answer.body.totalSaleAmount - answer.body.totalSaleReturn);
    expect(answer.body.totalSaleInvoice).toBeGreaterThan(0);
  });

  test('a day per point up to 92 days, then weeks from Monday, months, years; the first point starts at startDate', async () => {
    const shape = async (startDate: string, endDate: string) => {
      const answer = ok(await get({ startDate, endDate }), 200);
      return { groupedBy: answer.groupedBy, points: answer.daily.length, first: answer.daily[0].date, second: answer.daily[1]?.date };
    };
    // 2026-09-01 (a Tuesday) .. 2026-12-01: 92 days
    expect(await shape('2026-09-01', '2026-12-01')).toEqual({ groupedBy: 'day', points: 92, first: '2026-09-01', second: '2026-09-02' });
    // 93 days: weeks, the first cut to start on the Tuesday, the next on Monday 7 September
    expect(await shape('2026-09-01', '2026-12-02')).toEqual({ groupedBy: 'week', points: 14, first: '2026-09-01', second: '2026-09-07' });
    // 731 days: still weeks; 732: months
    expect((await shape('2024-12-31', '2026-12-31')).groupedBy).toBe('week');
    expect(await shape('2024-12-30', '2026-12-31')).toEqual({ groupedBy: 'month', points: 25, first: '2024-12-30', second: '2025-01-01' });
    // ten years (3,660 days) by month, one day more by year
    expect((await shape('2017-01-01', '2027-01-08')).groupedBy).toBe('month');
    expect(await shape('2017-01-01', '2027-01-09')).toEqual({ groupedBy: 'year', points: 11, first: '2017-01-01', second: '2018-01-01' });
  });

  test('the points of a grouped range add up to its totals', async () => {
    const p = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 2, productSalePrice: 5 });
    for (const date of ['2026-08-03', '2026-10-18', '2026-11-02']) await sell(p.id, 1, 5, { date });
    await buy(p.id, 4, 2, '2026-09-09');
    const weeks = ok(await get({ startDate: '2026-08-01', endDate: '2026-11-25' }), 200);
    expect(weeks.groupedBy).toBe('week');
    const sum = (key: string) => weeks.daily.reduce((n: number, d: any) => n + Math.round(d[key] * 100), 0) / 100;
    expect(sum('invoices')).toBe(weeks.totalSaleInvoice);
    expect(sum('sales')).toBe(weeks.totalSaleAmount - weeks.totalSaleReturn);
    expect(sum('purchases')).toBe(weeks.totalPurchaseAmount - weeks.totalPurchaseReturn);
    // the sale of Monday 3 August is in the week that starts that day
    expect(weeks.daily.find((d: any) => d.date === '2026-08-03')).toMatchObject({ invoices: 1, sales: 5 });
  });

  test('an end before the start is refused, naming endDate', async () => {
    const answer = await get({ startDate: '2026-11-25', endDate: '2026-11-01' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('endDate');
    expect(answer.body.error).toMatch(/end date/i);
  });
});

describe('a busy month', () => {
  test("sales past 21,474,836.47 (an int's worth of cents) on one customer: the dashboard still answers", async () => {
    const buyer = ok(await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Bounds Big Buyer' } })).id as number;
    const p = await makeProduct(t, { productQuantity: 2, productPurchasePrice: 1, productSalePrice: 12_000_000 });
    const before = ok(await get({ startDate: '2026-11-01', endDate: '2026-11-25' }), 200);
    const first = await sell(p.id, 1, 1_000_000, { customerId: buyer });
    await sell(p.id, 1, 1_000_000, { customerId: buyer });
    const answer = await get({ startDate: '2026-11-01', endDate: '2026-11-25' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.topCustomers[0]).toMatchObject({ id: buyer, invoices: 2, sales: 24_000_000 });
    // the two sales owe 11,000,000 each
    expect(answer.body.totalSaleDue - before.totalSaleDue).toBe(22_000_000);
    expect(answer.body.receivable - before.receivable).toBe(22_000_000);
    expect(answer.body.totalSaleAmount - before.totalSaleAmount).toBe(24_000_000);

    // the first sale's payment deleted (a reversing entry): owed again, counted once
    const [payment] = await rowsOf(
      t,
      sql`select t.id from "transaction" t join sub_account a on a.id = t.credit_id and a.system_key = 'accountsReceivable'
        where t.type = 'sale' and t.related_id = ${String(first.id)}`,
    );
    ok(await t.call('DELETE', `/v1/transaction/${payment.id}`, { token: owner }), 200);
    const after = ok(await get({ startDate: '2026-11-01', endDate: '2026-11-25' }), 200);
    expect(after.totalSaleDue - before.totalSaleDue).toBe(23_000_000);
    expect(after.receivable - before.receivable).toBe(23_000_000);
  });
});
