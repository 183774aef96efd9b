import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/** POST adjust-inventory: header, lines at cost, movements and postings in one transaction. */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

const adjust = (body: unknown, token = owner) => t.call('POST', '/v1/adjust-inventory', { token, body });
const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
const counts = async () =>
  (
    await rows(sql`select (select count(*) from adjust_invoice)::int as headers, (select count(*) from adjust_invoice_product)::int as lines,
    (select count(*) from stock_movement)::int as moves, (select count(*) from transaction)::int as postings`)
  )[0];

describe('create an adjustment', () => {
  test('increment and decrement lines move stock and post at cost', async () => {
    const a = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 2.5 });
    const b = await makeProduct(t, { productQuantity: 4, productPurchasePrice: 7.25 });
    const me = await t.staffWith(['create-adjust']);
    const answer = await adjust(
      {
        date: '2026-03-04',
        note: 'Stock take',
        userId: 1,
        adjustInvoiceProduct: [
          { productId: b.id, adjustQuantity: 3, adjustType: 'decrement', reason: 'broken' },
          { productId: a.id, adjustQuantity: 6, adjustType: 'increment' },
        ],
      },
      me.token,
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      date: '2026-03-04',
      note: 'Stock take',
      userId: me.userId,
      status: 'true',
      totalIncrementQuantity: 6,
      totalIncrementPrice: 15,
      totalDecrementQuantity: 3,
      totalDecrementPrice: 21.75,
      totalAdjustPrice: 6.75,
    });
    expect(answer.body.adjustInvoiceProduct.map((l: any) => [l.productId, l.unitCost, l.product.sku])).toEqual([
      [a.id, 2.5, a.sku],
      [b.id, 7.25, b.sku],
    ]);
    expect((await readProduct(t, a.id)).productQuantity).toBe(16);
    expect((await readProduct(t, b.id)).productQuantity).toBe(1);
    const moves = await rows(
      sql`select product_id, quantity, reason, document_type, document_id from stock_movement where document_type = 'adjust' order by product_id`,
    );
    expect(moves).toEqual([
      { product_id: a.id, quantity: 6, reason: 'adjustment', document_type: 'adjust', document_id: String(answer.body.id) },
      { product_id: b.id, quantity: -3, reason: 'adjustment', document_type: 'adjust', document_id: String(answer.body.id) },
    ]);
    const postings =
      await rows(sql`select d.system_key as debit, c.system_key as credit, t.amount::text as amount, t.type from transaction t
      join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id where t.related_id = ${String(answer.body.id)} order by t.id`);
    expect(postings).toEqual([
      { debit: 'inventory', credit: 'stockAdjustment', amount: '15.00', type: 'adjustment' },
      { debit: 'stockAdjustment', credit: 'inventory', amount: '21.75', type: 'adjustment' },
    ]);
  });

  test('the date defaults to today', async () => {
    const p = await makeProduct(t, { productQuantity: 1 });
    const answer = await adjust({ adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }] });
    expect(answer.status).toBe(201);
    expect(answer.body.date).toBe(new Date().toISOString().slice(0, 10));
  });

  test('a decrement larger than stock is refused with 409 naming the product, and nothing is written', async () => {
    const ok = await makeProduct(t, { productQuantity: 50 });
    const short = await makeProduct(t, { productQuantity: 2, name: 'Short widget' });
    const before = await counts();
    const answer = await adjust({
      adjustInvoiceProduct: [
        { productId: ok.id, adjustQuantity: 5, adjustType: 'decrement' },
        { productId: short.id, adjustQuantity: 3, adjustType: 'decrement' },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('insufficient_stock');
    expect(answer.body.error).toContain('Short widget');
    expect(await counts()).toEqual(before);
    expect((await readProduct(t, ok.id)).productQuantity).toBe(50);
    expect((await readProduct(t, short.id)).productQuantity).toBe(2);
  });
});

describe('create: refused input', () => {
  test('400 for no lines, a bad quantity, a bad type, a missing product and a duplicate line', async () => {
    const p = await makeProduct(t, { productQuantity: 3 });
    const cases: [unknown, string][] = [
      [{ adjustInvoiceProduct: [] }, 'adjustInvoiceProduct'],
      [{}, 'adjustInvoiceProduct'],
      [
        { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 0, adjustType: 'increment' }] },
        'adjustInvoiceProduct.0.adjustQuantity',
      ],
      [
        { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1.5, adjustType: 'increment' }] },
        'adjustInvoiceProduct.0.adjustQuantity',
      ],
      [{ adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'up' }] }, 'adjustInvoiceProduct.0.adjustType'],
      [
        {
          adjustInvoiceProduct: [
            { productId: p.id, adjustQuantity: 1, adjustType: 'increment' },
            { productId: 999999, adjustQuantity: 1, adjustType: 'increment' },
          ],
        },
        'adjustInvoiceProduct.1.productId',
      ],
      [
        {
          adjustInvoiceProduct: [
            { productId: p.id, adjustQuantity: 1, adjustType: 'increment' },
            { productId: p.id, adjustQuantity: 2, adjustType: 'decrement' },
          ],
        },
        'adjustInvoiceProduct.1.productId',
      ],
      [{ date: '2026-02-30', adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }] }, 'date'],
    ];
    const before = await counts();
    for (const [body, field] of cases) {
      const answer = await adjust(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  test('401 without a token, 403 without the permission or for a customer', async () => {
    const p = await makeProduct(t, { productQuantity: 3 });
    const body = { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }] };
    expect((await t.call('POST', '/v1/adjust-inventory', { body })).status).toBe(401);
    expect((await adjust(body, (await t.staffWith(['readAll-adjust'])).token)).status).toBe(403);
    expect((await adjust(body, (await t.customerToken()).token)).status).toBe(403);
    expect((await readProduct(t, p.id)).productQuantity).toBe(3);
  });
});
