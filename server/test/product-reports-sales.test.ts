import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, type ProductRow } from './factories.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, tenPercentVat } from './sale-fixtures.ts';

/**
 * Sales in the product figures: the public top-selling report, and the staff card and report. The
 * sales are made through the API: completed ones count; a held, an undone sale and a hidden product do not.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let mug: ProductRow;
let tea: ProductRow;
let hidden: ProductRow;
let unsold: ProductRow;

const sell = async (date: string, lines: [ProductRow, number, number?][], extra: Record<string, unknown> = {}) => {
  const answer = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      date,
      customerId: await namedCustomer(t, owner),
      saleInvoiceProduct: lines.map(([p, productQuantity, productDiscount = 0]) => ({ productId: p.id, productQuantity, productDiscount })),
      ...extra,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.createdInvoice as { id: number; saleInvoiceProduct: { id: number }[] };
};

beforeAll(async () => {
  owner = await t.ownerToken();
  const vat = await tenPercentVat(t);
  mug = await makeProduct(t, { productQuantity: 50, productPurchasePrice: 5, productSalePrice: 12, productVatId: vat });
  tea = await makeProduct(t, { productQuantity: 50, productPurchasePrice: 1, productSalePrice: 3 });
  hidden = await makeProduct(t, { productQuantity: 50, productPurchasePrice: 1, productSalePrice: 2 });
  unsold = await makeProduct(t, { productQuantity: 50, productSalePrice: 2 });
  // mug: 3 (less 1.00 on the line) + 4 = 7 sold for 35 + 48 = 83.00, cost 7 × 5; tea: 5 sold for 15.00, cost 5 × 1
  await sell('2026-03-01', [
    [mug, 3, 1],
    [tea, 5],
  ]);
  await sell('2026-03-10', [[mug, 4]]);
  await sell('2026-03-02', [[hidden, 20]]);
  // tea: 6 more sold on the 12th, 5 of them back on the 15th: 6 sold for 18.00 net of returns, cost 6 × 1
  const later = await sell('2026-03-12', [[tea, 6]]);
  const back = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: {
      date: '2026-03-15',
      saleInvoiceId: later.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: later.saleInvoiceProduct[0]!.id, productQuantity: 5 }],
    },
  });
  expect(back.status, JSON.stringify(back.body)).toBe(201);
  // not sales: a held cart and an undone sale
  await sell('2026-03-03', [[tea, 30]], { isHold: 'true' });
  const undone = await sell('2026-03-05', [[tea, 9]]);
  expect((await t.call('PATCH', `/v1/sale-invoice/${undone.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
  expect((await t.call('PATCH', `/v1/product/${hidden.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
});

const topSelling = (query: Record<string, string> = {}, token = owner) =>
  t.call('GET', '/v1/product-reports', { token, query: { query: 'top-selling-products', ...query } });
type Row = { id: number; soldQuantity: number };
const ours = (rows: Row[]) => rows.filter((r) => [mug.id, tea.id, hidden.id, unsold.id].includes(r.id));

describe('GET product-reports?query=top-selling-products', () => {
  test('active products by units sold net of returns, completed sales only, with public prices and no cost', async () => {
    const answer = await topSelling();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['getAllTopSellingProduct', 'totalTopSellingProduct']);
    const rows = answer.body.getAllTopSellingProduct;
    expect(ours(rows).map((r) => [r.id, r.soldQuantity])).toEqual([
      [mug.id, 7],
      [tea.id, 6],
    ]);
    expect(answer.body.totalTopSellingProduct).toBe(rows.length);
    const first = rows.find((r: { id: number }) => r.id === mug.id);
    expect(first).toMatchObject({
      name: mug.name,
      sku: mug.sku,
      productSalePrice: 12,
      vatPercentage: 10,
      productVat: 10,
      productSalePriceWithVat: 13.2,
      finalPriceWithVat: 13.2,
      discount: null,
      soldQuantity: 7,
    });
    for (const secret of ['productPurchasePrice', 'reorderQuantity', 'profit', 'salesValue']) expect(first).not.toHaveProperty(secret);
  });

  test('the period is of sale dates (a return counts on its own date); the ranking follows it; paging and search', async () => {
    const first = await topSelling({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(ours(first.body.getAllTopSellingProduct).map((r) => [r.id, r.soldQuantity])).toEqual([
      [tea.id, 5],
      [mug.id, 3],
    ]);
    const later = await topSelling({ startDate: '2026-03-02' });
    expect(ours(later.body.getAllTopSellingProduct).map((r) => [r.id, r.soldQuantity])).toEqual([
      [mug.id, 4],
      [tea.id, 1],
    ]);
    // only the return falls in this period: nothing sold
    expect(ours((await topSelling({ startDate: '2026-03-15', endDate: '2026-03-15' })).body.getAllTopSellingProduct)).toEqual([]);
    expect((await topSelling({ startDate: '2027-01-01' })).body).toEqual({ getAllTopSellingProduct: [], totalTopSellingProduct: 0 });
    const page = await topSelling({ page: '1', count: '1' });
    expect(page.body.getAllTopSellingProduct).toHaveLength(1);
    expect(page.body.totalTopSellingProduct).toBeGreaterThanOrEqual(2);
    expect((await topSelling({ key: tea.sku })).body.getAllTopSellingProduct.map((r: { id: number }) => r.id)).toEqual([tea.id]);
    const backwards = await topSelling({ startDate: '2026-03-10', endDate: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('endDate');
  });

  test('units sold are for staff with readAll-productReports: 401 without a token, 403 for a customer', async () => {
    expect((await topSelling({}, '')).status).toBe(401);
    const customer = (await t.customerToken()).token;
    expect((await topSelling({}, customer)).status).toBe(403);
    expect((await t.call('GET', '/v1/product-reports', { token: customer, query: { query: 'new-products' } })).status).toBe(403);
  });
});

const card = (query: Record<string, string>) => t.call('GET', '/v1/product', { token: owner, query: { query: 'card', ...query } });
const report = (query: Record<string, string>) => t.call('GET', '/v1/product', { token: owner, query: { query: 'report', ...query } });

describe('sales in the product card and report', () => {
  test('the card of one product: units sold, sales value before VAT and profit, over a period of sale dates', async () => {
    const all = await card({ productId: String(mug.id) });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ totalProductCount: 1, soldQuantity: 7, salesValue: 83, profit: 48 });
    const march10 = await card({ productId: String(mug.id), salesStartDate: '2026-03-10', salesEndDate: '2026-03-31' });
    expect(march10.body).toMatchObject({ totalProductCount: 1, soldQuantity: 4, salesValue: 48, profit: 28 });
    const returns = await card({ productId: String(tea.id), salesStartDate: '2026-03-15', salesEndDate: '2026-03-15' });
    expect(returns.body).toMatchObject({ soldQuantity: -5, salesValue: -15, profit: -10 });
    const none = await card({ productId: String(unsold.id) });
    expect(none.body).toMatchObject({ soldQuantity: 0, salesValue: 0, profit: 0 });
    // the existing keys stay
    expect(Object.keys(all.body)).toEqual(
      expect.arrayContaining(['uniqueProduct', 'totalProductCount', 'inventorySalesValue', 'inventoryPurchaseValue', 'shortProductCount']),
    );
  });

  test('the report: each product with its sales, and the sums', async () => {
    const answer = await report({ productId: `${mug.id},${tea.id},${unsold.id}`, sort: 'name' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const byId = new Map(answer.body.getAllProduct.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(mug.id)).toMatchObject({ soldQuantity: 7, salesValue: 83, profit: 48, totalSalePrice: 43 * 12 });
    expect(byId.get(tea.id)).toMatchObject({ soldQuantity: 6, salesValue: 18, profit: 12, productQuantity: 44 });
    expect(byId.get(unsold.id)).toMatchObject({ soldQuantity: 0, salesValue: 0, profit: 0 });
    expect(answer.body.aggregations._sum).toMatchObject({ productQuantity: 43 + 44 + 50, soldQuantity: 13, salesValue: 101, profit: 60 });
    const march1 = await report({ productId: `${mug.id},${tea.id}`, salesEndDate: '2026-03-01' });
    expect(march1.body.aggregations._sum).toMatchObject({ soldQuantity: 8, salesValue: 50, profit: 30 });
  });

  test('a sales period ending before it starts is a 400 naming salesEndDate; a bad date names its field', async () => {
    const backwards = await card({ salesStartDate: '2026-03-10', salesEndDate: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('salesEndDate');
    const bad = await report({ salesStartDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('salesStartDate');
  });
});
