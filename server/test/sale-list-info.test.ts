import { beforeAll, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, referenceProduct } from './sale-fixtures.ts';

/** GET sale-invoice: `query=info` sums over all time without rows; the list gives graphData, its range per day. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let buyer: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
  buyer = await namedCustomer(t, owner);
  t.config.clock = fixedClock('2026-06-10T12:00:00Z');
});

const sell = async (date: string, quantity: number) => {
  const p = await referenceProduct(t);
  const made = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      date,
      customerId: buyer,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: quantity }],
      paidAmount: [{ paymentType: cash, amount: 1 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.createdInvoice.id as number;
};

test('graphData per day of the range; info over all time', async () => {
  await sell('2026-06-01', 1);
  await sell('2026-06-01', 2);
  await sell('2026-06-03', 1);
  const undone = await sell('2026-06-03', 1);
  await t.call('PATCH', `/v1/sale-invoice/${undone}`, { token: owner, body: { status: 'false' } });
  await sell('2026-05-20', 1);

  const june = await t.call('GET', '/v1/sale-invoice', { token: owner, query: { startDate: '2026-06-01', endDate: '2026-06-30' } });
  expect(june.status).toBe(200);
  // 12.00 net a unit; the undone sale is not a sale
  expect(june.body.graphData).toEqual([
    { date: '2026-06-01', count: 2, totalAmount: 36 },
    { date: '2026-06-03', count: 1, totalAmount: 12 },
  ]);
  expect(june.body.aggregations._count.id).toBe(3);

  const info = await t.call('GET', '/v1/sale-invoice', {
    token: owner,
    query: { query: 'info', startDate: '2026-06-01', endDate: '2026-06-30' },
  });
  expect(info.status).toBe(200);
  expect(info.body.getAllSaleInvoice).toEqual([]);
  expect(info.body.graphData).toBeUndefined();
  expect(info.body.aggregations._count.id).toBe(4);
  // 5 units at 12.00 + 10 %: 66.00, paid 4.00
  expect(info.body.aggregations._sum).toMatchObject({ totalAmount: 60, totalTaxAmount: 6, paidAmount: 4, dueAmount: 62 });
  expect(info.body.totalSaleInvoice).toBe(4);
  expect((await t.call('GET', '/v1/sale-invoice', { token: owner, query: { query: 'nonsense' } })).status).toBe(400);
});
