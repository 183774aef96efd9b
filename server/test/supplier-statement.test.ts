import { maxUnpaged } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';

/** GET supplier/{id} (its invoices, returns, payments, derived due) and supplier?query=report (reference 3.14). */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

async function purchase(supplierId: number, qty: number, cost: number, paid: number) {
  const p = await makeProduct(t, { productQuantity: 0 });
  const made = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      paidAmount: [{ amount: paid }],
      purchaseInvoiceProduct: [{ productId: p.id, productQuantity: qty, productUnitPurchasePrice: cost, tax: 10 }],
    },
  });
  expect(made.status).toBe(201);
  return made.body.createdInvoice;
}

describe('supplier statement', () => {
  test('the supplier with its invoices, returns, payments and due; an undone purchase is left out', async () => {
    const supplierId = await makeSupplier(t, owner, 'Statement Co');
    const first = await purchase(supplierId, 10, 5, 30); // 55, paid 30
    await t.call('POST', '/v1/return-purchase-invoice', {
      token: owner,
      body: {
        purchaseInvoiceId: first.id,
        returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: first.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
      },
    }); // returns 5.50
    await t.call('POST', '/v1/payment-purchase-invoice', {
      token: owner,
      body: { purchaseInvoiceNo: first.id, paidAmount: [{ amount: 4.5 }] },
    });
    const undone = await purchase(supplierId, 2, 1, 0);
    await t.call('PATCH', `/v1/purchase-invoice/${undone.id}`, { token: owner, body: { status: 'false' } });

    const answer = await t.call('GET', `/v1/supplier/${supplierId}`, { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: supplierId,
      name: 'Statement Co',
      totalAmount: 55,
      totalPaidAmount: 34.5,
      totalReturnAmount: 5.5,
      instantPaidReturnAmount: 0,
      dueAmount: 15,
    });
    expect(answer.body.purchaseInvoice.map((i: any) => [i.id, i.dueAmount])).toEqual([[first.id, 15]]);
    expect(answer.body.returnPurchaseInvoice).toHaveLength(1);
    expect(answer.body.allTransaction).toHaveLength(6);
    expect(answer.body).toMatchObject({ totalPurchaseInvoice: 1, totalReturnPurchaseInvoice: 1, truncated: 'false' });

    const report = await t.call('GET', '/v1/supplier', { token: owner, query: { query: 'report' } });
    expect(report.status).toBe(200);
    const mine = report.body.allSupplier.find((s: any) => s.id === supplierId);
    expect(mine).toMatchObject({ totalAmount: 55, totalPaidAmount: 34.5, totalReturnAmount: 5.5, dueAmount: 15 });
    const sum = (k: string) => Math.round(report.body.allSupplier.reduce((a: number, s: any) => a + s[k] * 100, 0)) / 100;
    expect(report.body.grandData).toEqual({
      grandTotalAmount: sum('totalAmount'),
      grandTotalPaidAmount: sum('totalPaidAmount'),
      grandTotalReturnAmount: sum('totalReturnAmount'),
      grandInstantPaidReturnAmount: sum('instantPaidReturnAmount'),
      grandDueAmount: sum('dueAmount'),
    });
  });

  test('a new supplier has an empty statement; a missing one is a 404', async () => {
    const supplierId = await makeSupplier(t, owner, 'Empty Co');
    const answer = await t.call('GET', `/v1/supplier/${supplierId}`, { token: owner });
    expect(answer.body).toMatchObject({ dueAmount: 0, purchaseInvoice: [], allTransaction: [] });
    expect((await t.call('GET', '/v1/supplier/999999', { token: owner })).status).toBe(404);
  });

  test('more active suppliers than an answer may hold: the report is refused naming query', async () => {
    await t.database.db.execute(
      sql`insert into supplier (name, phone) select 'Many ' || n, 'many-' || n from generate_series(1, ${maxUnpaged}) n`,
    );
    const answer = await t.call('GET', '/v1/supplier', { token: owner, query: { query: 'report' } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('query');
  });
});
