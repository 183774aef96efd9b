import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { moveStock } from '../src/modules/inventory/move-stock.ts';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/** PATCH adjust-inventory/{id} {status: 'false'}: opposite movements and reversing postings; final. */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

const made = async (lines: { productId: number; adjustQuantity: number; adjustType: string }[]) => {
  const answer = await t.call('POST', '/v1/adjust-inventory', { token: owner, body: { adjustInvoiceProduct: lines } });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.id as number;
};
const patch = (id: number | string, body: unknown, token = owner) => t.call('PATCH', `/v1/adjust-inventory/${id}`, { token, body });
const ledgerNet = async (relatedId: number) =>
  (
    (await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(case when d.system_key = 'inventory' then t.amount else -t.amount end), 0)::text as net
    from transaction t join sub_account d on d.id = t.debit_id where t.related_id = ${String(relatedId)}`)) as unknown as {
      rows: { n: number; net: string }[];
    }
  ).rows[0];

describe('reverse an adjustment', () => {
  test("status 'false' puts the stock back and reverses the postings", async () => {
    const a = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 3 });
    const b = await makeProduct(t, { productQuantity: 10, productPurchasePrice: 4 });
    const id = await made([
      { productId: a.id, adjustQuantity: 2, adjustType: 'increment' },
      { productId: b.id, adjustQuantity: 5, adjustType: 'decrement' },
    ]);
    const answer = await patch(id, { status: 'false' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('false');
    expect((await readProduct(t, a.id)).productQuantity).toBe(10);
    expect((await readProduct(t, b.id)).productQuantity).toBe(10);
    const reversals = (await t.database.db.execute(
      sql`select product_id, quantity from stock_movement where reason = 'adjustmentReversal' and document_id = ${String(id)} order by product_id`,
    )) as unknown as { rows: unknown[] };
    expect(reversals.rows).toEqual([
      { product_id: a.id, quantity: -2 },
      { product_id: b.id, quantity: 5 },
    ]);
    expect(await ledgerNet(id)).toEqual({ n: 4, net: '0.00' });
    const read = await t.call('GET', `/v1/adjust-inventory/${id}`, { token: owner });
    expect(read.body.status).toBe('false');
  });

  test('reversing twice is a 409; so is reactivating a reversal; the stock does not move again', async () => {
    const p = await makeProduct(t, { productQuantity: 5 });
    const id = await made([{ productId: p.id, adjustQuantity: 1, adjustType: 'decrement' }]);
    expect((await patch(id, { status: 'false' })).status).toBe(200);
    const twice = await patch(id, { status: 'false' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('invalid_transition');
    expect((await patch(id, { status: 'true' })).status).toBe(409);
    expect((await readProduct(t, p.id)).productQuantity).toBe(5);
  });

  test("status 'true' on an active adjustment changes nothing", async () => {
    const p = await makeProduct(t, { productQuantity: 5 });
    const id = await made([{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }]);
    const answer = await patch(id, { status: 'true' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('true');
    expect((await readProduct(t, p.id)).productQuantity).toBe(6);
  });

  test('reversing an increment whose stock has since gone is a 409 naming the product, nothing written', async () => {
    const p = await makeProduct(t, { productQuantity: 0, name: 'Gone gadget', productPurchasePrice: 0 });
    const id = await made([{ productId: p.id, adjustQuantity: 3, adjustType: 'increment' }]);
    // the stock is sold meanwhile (a zero-cost movement keeps the ledger invariant without a sale module)
    await t.database.db.transaction((tx) =>
      moveStock(tx, { productId: p.id, quantity: -2, reason: 'sale', documentType: 'test', documentId: 1 }),
    );
    const answer = await patch(id, { status: 'false' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain('Gone gadget');
    expect((await readProduct(t, p.id)).productQuantity).toBe(1);
    expect((await t.call('GET', `/v1/adjust-inventory/${id}`, { token: owner })).body.status).toBe('true');
  });

  test('errors: 400 bad status or id, 404 unknown, 401, 403', async () => {
    const p = await makeProduct(t, { productQuantity: 5 });
    const id = await made([{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }]);
    expect((await patch(id, { status: 'maybe' })).status).toBe(400);
    expect((await patch(id, {})).status).toBe(400);
    expect((await patch('abc', { status: 'false' })).status).toBe(400);
    expect((await patch(999999, { status: 'false' })).status).toBe(404);
    expect((await t.call('PATCH', `/v1/adjust-inventory/${id}`, { body: { status: 'false' } })).status).toBe(401);
    expect((await patch(id, { status: 'false' }, (await t.staffWith(['create-adjust'])).token)).status).toBe(403);
    expect((await patch(id, { status: 'false' }, (await t.staffWith(['update-adjust'])).token)).status).toBe(200);
  });
});
