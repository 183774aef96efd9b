import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * The till's events (issue 34): a price typed over the product's, a discount above the shop's alert threshold, a
 * line voided before the sale was completed, the drawer opened without a sale. Each is one row of the audit log with
 * the cashier and the session, listed by the Activity's action filter and counted on the dashboard.
 * P sells at 12.00 + 10 % VAT.
 */
const t = useTestApp({ invariants: true });
const cashierGrants = ['create-saleInvoice', 'readAll-paymentMethod', 'readAll-till', 'create-tillSession', 'readSingle-tillSession'];
let owner: string;
let cashier: { token: string; userId: number };
let supervisor: { token: string; userId: number };
let cash: number;
let product: { id: number };
let sessionId: number;

type Logged = {
  entity: string;
  entityId: string;
  action: string;
  actorId: number | null;
  changes: { field: string; old: unknown; new: unknown }[];
};
const changesOf = (row: Logged) => Object.fromEntries(row.changes.map((c) => [c.field, [c.old, c.new]]));
const events = async (query: Record<string, string>) => {
  const answer = await t.call('GET', '/v1/audit-log', { token: owner, query: { count: '100', ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.getAllAuditLog as Logged[];
};
const sell = (token: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/sale-invoice', {
    token,
    body: { tillSessionId: sessionId, saleInvoiceProduct: lines, paidAmount: [{ paymentType: cash, amount: 500 }], ...extra },
  });
const logCount = async () => Number((await rows(t, sql`select count(*)::int as n from audit_log`))[0].n);

beforeAll(async () => {
  owner = await t.ownerToken();
  cashier = await t.staffWith(cashierGrants, 'events-cashier');
  supervisor = await t.staffWith([...cashierGrants, 'create-priceOverride'], 'events-supervisor');
  cash = (await paymentMethods(t, owner)).cash;
  product = await referenceProduct(t, 100);
  const [till] = await rows(t, sql`select id from till order by id limit 1`);
  const opened = await t.call('POST', '/v1/till-session', { token: supervisor.token, body: { tillId: till.id, openingFloat: 50 } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  sessionId = opened.body.id;
});

describe('a price typed over the product’s', () => {
  test('is sold at the typed price and logged once, with who, the session, and the price it replaced', async () => {
    const sold = await sell(supervisor.token, [{ productId: product.id, productQuantity: 2, priceOverride: 9.5 }]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const invoice = sold.body.createdInvoice;
    expect(invoice.saleInvoiceProduct[0]).toMatchObject({ productUnitSalePrice: 9.5, productFinalAmount: 19 });
    expect(invoice.totalAmount).toBe(19);
    const logged = await events({ action: 'priceOverride', entity: 'saleInvoice', entityId: String(invoice.id) });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actorId).toBe(supervisor.userId);
    expect(changesOf(logged[0]!)).toMatchObject({ unitPrice: [12, 9.5], quantity: [null, 2], tillSessionId: [null, sessionId] });
  });

  test('without create-priceOverride it is refused naming the line, and nothing is sold or logged', async () => {
    const before = await logCount();
    const [{ n: sales }] = await rows(t, sql`select count(*)::int as n from sale_invoice`);
    const refused = await sell(cashier.token, [{ productId: product.id, productQuantity: 1, priceOverride: 1 }]);
    expect(refused.status).toBe(403);
    expect(refused.body.fields).toHaveProperty('saleInvoiceProduct.0.priceOverride');
    expect(await logCount()).toBe(before);
    expect((await rows(t, sql`select count(*)::int as n from sale_invoice`))[0].n).toBe(sales);
  });

  test('the catalogue price sent as typed is no override', async () => {
    const sold = await sell(supervisor.token, [{ productId: product.id, productQuantity: 1, priceOverride: 12 }]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(await events({ action: 'priceOverride', entityId: String(sold.body.createdInvoice.id) })).toEqual([]);
  });
});

describe('a discount above the alert threshold', () => {
  test("a line's or the sale's discount above the threshold set in settings is logged; one below is not", async () => {
    const set = await t.call('POST', '/v1/setting', { token: owner, body: { discountAlertPercent: 25 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.discountAlertPercent).toBe(25);
    // 2 × 12.00 = 24.00: 7.20 off is 30 %, 4.80 off is 20 %
    const large = await sell(cashier.token, [{ productId: product.id, productQuantity: 2, productDiscount: 7.2 }]);
    const small = await sell(cashier.token, [{ productId: product.id, productQuantity: 2, productDiscount: 4.8 }]);
    const wholeSale = await sell(cashier.token, [{ productId: product.id, productQuantity: 2 }], { discount: 12 });
    for (const answer of [large, small, wholeSale]) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [line] = await events({ action: 'largeDiscount', entityId: String(large.body.createdInvoice.id) });
    expect(line!.actorId).toBe(cashier.userId);
    expect(changesOf(line!)).toMatchObject({ productDiscount: [null, 7.2], discountPercent: [25, 30], tillSessionId: [null, sessionId] });
    expect(await events({ action: 'largeDiscount', entityId: String(small.body.createdInvoice.id) })).toEqual([]);
    const [sale] = await events({ action: 'largeDiscount', entityId: String(wholeSale.body.createdInvoice.id) });
    expect(changesOf(sale!)).toMatchObject({ saleDiscount: [null, 12], discountPercent: [25, 50] });
  });
});

describe('voids and the drawer', () => {
  test('lines voided at the till are one event each on the session, with the product named', async () => {
    const voided = await t.call('POST', `/v1/till-session/${sessionId}/void`, {
      token: cashier.token,
      body: { lines: [{ productId: product.id, productQuantity: 3, unitPrice: 12 }], cleared: 'true' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(voided.body).toMatchObject({ sessionId, voids: 1, message: 'Void recorded' });
    const [row] = await events({ action: 'void', entity: 'tillSession', entityId: String(sessionId) });
    expect(row!.actorId).toBe(cashier.userId);
    const [name] = await rows(t, sql`select name from product where id = ${product.id}`);
    expect(changesOf(row!)).toMatchObject({ product: [name.name, null], quantity: [3, 0], lineAmount: [36, 0], cleared: [null, 'true'] });
    const bad = await t.call('POST', `/v1/till-session/${sessionId}/void`, { token: cashier.token, body: { lines: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('lines');
    expect(
      (
        await t.call('POST', '/v1/till-session/999999/void', {
          token: cashier.token,
          body: { lines: [{ productId: product.id, productQuantity: 1, unitPrice: 1 }] },
        })
      ).status,
    ).toBe(404);
  });

  test('a return without its invoice is an event on the return, with the sale and what went back', async () => {
    const sold = await sell(cashier.token, [{ productId: product.id, productQuantity: 2 }]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const invoice = sold.body.createdInvoice;
    const back = (withoutInvoice?: string) =>
      t.call('POST', '/v1/return-sale-invoice', {
        token: owner,
        body: {
          saleInvoiceId: invoice.id,
          tillSessionId: sessionId,
          ...(withoutInvoice ? { withoutInvoice } : {}),
          returnSaleInvoiceProduct: [{ saleInvoiceProductId: invoice.saleInvoiceProduct[0].id, productQuantity: 1 }],
        },
      });
    const without = await back('true');
    expect(without.status, JSON.stringify(without.body)).toBe(201);
    const withIt = await back();
    expect(withIt.status, JSON.stringify(withIt.body)).toBe(201);
    const logged = await events({ action: 'returnWithoutInvoice' });
    expect(logged).toHaveLength(1);
    expect(changesOf(logged[0]!)).toMatchObject({
      saleInvoiceId: [null, invoice.id],
      saleNumber: [null, invoice.number],
      returnAmount: [null, 13.2],
      tillSessionId: [null, sessionId],
    });
    expect(logged[0]!.entity).toBe('returnSaleInvoice');
  });

  test('a no-sale is an event on the session', async () => {
    const opened = await t.call('POST', `/v1/till-session/${sessionId}/no-sale`, { token: cashier.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const [row] = await events({ action: 'noSale', entityId: String(sessionId) });
    expect(row).toMatchObject({ entity: 'tillSession', actorId: cashier.userId });
  });

  test("the dashboard counts the till's events as the log holds them", async () => {
    const today = (await rows(t, sql`select current_date::text as d`))[0].d as string;
    const dashboard = await t.call('GET', '/v1/dashboard', { token: owner, query: { startDate: today, endDate: today } });
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const counted = await rows(
      t,
      sql`select action, count(*)::int as n from audit_log where action in ('void', 'priceOverride', 'largeDiscount', 'returnWithoutInvoice', 'noSale') group by action`,
    );
    const expected = Object.fromEntries(
      ['void', 'priceOverride', 'largeDiscount', 'returnWithoutInvoice', 'noSale'].map((a) => [
        a,
        counted.find((r) => r.action === a)?.n ?? 0,
      ]),
    );
    expect(dashboard.body.tills.events).toEqual(expected);
    expect(expected).toEqual({ void: 1, priceOverride: 1, largeDiscount: 2, returnWithoutInvoice: 1, noSale: 1 });
  });
});
