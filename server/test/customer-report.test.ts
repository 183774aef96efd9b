import { maxUnpaged } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods } from './sale-fixtures.ts';

/**
 * GET customer?query=report: asked plainly it is written by the database in one statement; asked with
 * a sort, a search or a filter it goes through the resource's list. Both answer the same figures.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

const report = async (query: Record<string, string> = {}) => {
  const answer = await t.call('GET', '/v1/customer', { token: owner, query: { query: 'report', ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** A sale of `quantity` × 11.00 (10 % VAT on 10.00 is not set here: the price is what is owed) to `customerId`, paying `paid`. */
async function sell(customerId: number, productId: number, quantity: number, paid: number) {
  const answer = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId,
      saleInvoiceProduct: [{ productId, productQuantity: quantity }],
      paidAmount: paid ? [{ paymentType: cash, amount: paid }] : [],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.createdInvoice;
}

describe('the customer report', () => {
  test('the plain report and the same report through the list agree, customer by customer and in the grand totals', async () => {
    const product = await makeProduct(t, { productQuantity: 100, productPurchasePrice: 4, productSalePrice: 11 });
    const owing = await namedCustomer(t, owner);
    const paidUp = await namedCustomer(t, owner);
    const returning = await namedCustomer(t, owner);
    const hidden = await namedCustomer(t, owner);
    const none = await namedCustomer(t, owner);
    await sell(owing, product.id, 3, 10);
    await sell(paidUp, product.id, 2, 22);
    const back = await sell(returning, product.id, 3, 33);
    const returned = await t.call('POST', '/v1/return-sale-invoice', {
      token: owner,
      body: {
        saleInvoiceId: back.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: back.saleInvoiceProduct[0].id, productQuantity: 1 }],
        instantReturnAmount: [{ amount: 11 }],
      },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    await sell(hidden, product.id, 1, 0);
    expect((await t.call('PATCH', `/v1/customer/${hidden}`, { token: owner, body: { status: 'false' } })).status).toBe(200);

    const plain = await report();
    // the list's default order (newest first), asked for by name, takes the general way
    const listed = await report({ sort: 'createdAt', order: 'desc' });
    expect(plain).toEqual(listed);

    const byId = new Map(plain.allCustomer.map((c: any) => [c.id, c]));
    expect(byId.get(owing)).toMatchObject({ status: 'true', totalAmount: 33, totalPaidAmount: 10, dueAmount: 23 });
    expect(byId.get(paidUp)).toMatchObject({ totalAmount: 22, totalPaidAmount: 22, dueAmount: 0 });
    expect(byId.get(returning)).toMatchObject({ totalAmount: 33, totalReturnAmount: 11, instantPaidReturnAmount: 11, dueAmount: 0 });
    expect(byId.get(hidden)).toMatchObject({ status: 'false', totalAmount: 11, dueAmount: 11 });
    expect(byId.get(none)).toMatchObject({ totalAmount: 0, totalPaidAmount: 0, dueAmount: 0 });
    expect(Object.keys(byId.get(none) as object)).not.toContain('password');
    const dues = plain.allCustomer.reduce((sum: number, c: any) => sum + Math.round(c.dueAmount * 100), 0);
    expect(Math.round(plain.grandData.grandDueAmount * 100)).toBe(dues);
    expect(plain.grandData.grandDueAmount).toBeGreaterThanOrEqual(34);

    // a filter narrows it the general way, with the same figures
    const active = await report({ status: 'true' });
    expect(active.allCustomer.map((c: any) => c.id)).not.toContain(hidden);
    expect(active.allCustomer.find((c: any) => c.id === owing)).toEqual(byId.get(owing));
  });

  test('more customers than an answer may hold: the plain report is refused naming query, as the list is', async () => {
    await t.database.db.execute(
      sql`insert into customer (username, role_id) select 'Many ' || n, (select id from role where name = 'customer') from generate_series(1, ${maxUnpaged}) n`,
    );
    for (const query of [{}, { sort: 'createdAt', order: 'desc' }] as Record<string, string>[]) {
      const answer = await t.call('GET', '/v1/customer', { token: owner, query: { query: 'report', ...query } });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toHaveProperty('query');
    }
  });
});
