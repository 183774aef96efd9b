import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/** GET adjust-inventory/{id} and GET adjust-inventory?filters with per-document totals at cost. */
const t = useTestApp({ invariants: true });
let owner: string;
let first: number;
let second: number;
let third: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  const a = await makeProduct(t, { productQuantity: 100, productPurchasePrice: 1.1 });
  const b = await makeProduct(t, { productQuantity: 100, productPurchasePrice: 0.35 });
  const make = async (date: string, lines: [number, number, string][]) => {
    const answer = await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: {
        date,
        note: `note ${date}`,
        adjustInvoiceProduct: lines.map(([productId, adjustQuantity, adjustType]) => ({ productId, adjustQuantity, adjustType })),
      },
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return answer.body.id as number;
  };
  first = await make('2026-01-10', [
    [a.id, 3, 'increment'],
    [b.id, 7, 'decrement'],
  ]);
  second = await make('2026-01-20', [[a.id, 1, 'decrement']]);
  third = await make('2026-02-01', [[b.id, 10, 'increment']]);
  await t.call('PATCH', `/v1/adjust-inventory/${third}`, { token: owner, body: { status: 'false' } });
});

const list = (query: Record<string, string> = {}, token = owner) => t.call('GET', '/v1/adjust-inventory', { token, query });
const totals = (row: any) => [
  row.id,
  row.totalIncrementQuantity,
  row.totalIncrementPrice,
  row.totalDecrementQuantity,
  row.totalDecrementPrice,
  row.totalAdjustPrice,
];

describe('adjust inventory list', () => {
  test('active documents, newest first, with exact totals at cost', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body._count).toEqual({ id: 2 });
    expect(answer.body.getAllAdjustInvoice.map(totals)).toEqual([
      [second, 0, 0, 1, 1.1, 1.1],
      [first, 3, 3.3, 7, 2.45, 0.85],
    ]);
    expect(answer.body.getAllAdjustInvoice[0]).toMatchObject({ status: 'true', date: '2026-01-20', note: 'note 2026-01-20' });
  });

  test('status filter, date range and paging', async () => {
    expect((await list({ status: 'false' })).body.getAllAdjustInvoice.map(totals)).toEqual([[third, 10, 3.5, 0, 0, 3.5]]);
    expect((await list({ status: 'true,false' })).body._count.id).toBe(3);
    const ranged = await list({ status: 'true,false', startDate: '2026-01-15', endDate: '2026-01-31' });
    expect(ranged.body.getAllAdjustInvoice.map((r: any) => r.id)).toEqual([second]);
    const page = await list({ status: 'true,false', count: '2', page: '2' });
    expect(page.body.getAllAdjustInvoice.map((r: any) => r.id)).toEqual([first]);
    expect(page.body._count.id).toBe(3);
  });

  test('400 for a malformed filter; 401 and 403', async () => {
    expect((await list({ startDate: '2026-13-01' })).status).toBe(400);
    expect((await list({ page: '0' })).status).toBe(400);
    expect((await t.call('GET', '/v1/adjust-inventory')).status).toBe(401);
    expect((await list({}, (await t.staffWith(['readSingle-adjust'])).token)).status).toBe(403);
    expect((await list({}, (await t.staffWith(['readAll-adjust'])).token)).status).toBe(200);
  });
});

describe('one adjustment', () => {
  test('the header with its lines (product name and sku) and totals', async () => {
    const answer = await t.call('GET', `/v1/adjust-inventory/${first}`, { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: first,
      status: 'true',
      totalIncrementPrice: 3.3,
      totalDecrementPrice: 2.45,
      totalAdjustPrice: 0.85,
    });
    expect(answer.body.adjustInvoiceProduct).toHaveLength(2);
    for (const line of answer.body.adjustInvoiceProduct)
      expect(line.product).toEqual({ id: line.productId, name: expect.any(String), sku: expect.any(String) });
  });

  test('400 bad id, 404 unknown, 401, 403', async () => {
    expect((await t.call('GET', '/v1/adjust-inventory/0', { token: owner })).status).toBe(400);
    expect((await t.call('GET', '/v1/adjust-inventory/999999', { token: owner })).status).toBe(404);
    expect((await t.call('GET', `/v1/adjust-inventory/${first}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/adjust-inventory/${first}`, { token: (await t.staffWith(['readAll-adjust'])).token })).status).toBe(
      403,
    );
  });
});
