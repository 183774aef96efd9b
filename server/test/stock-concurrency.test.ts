import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { expectInventoryMatchesLedger, expectLedgerBalanced, expectStockMatchesMovements } from './invariants.ts';

/**
 * 20 simultaneous decrements of 1 on a product with 5 in stock: exactly 5 succeed, 15 are refused,
 * the stock ends at 0 and no movement row exists without its quantity change. Meant for PostgreSQL
 * (TEST_DATABASE_URL); it holds on the embedded database too.
 */
const t = useTestApp();
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

test('20 simultaneous decrements of 1 on 5 in stock: 5 succeed, 15 get 409, stock ends at 0', async () => {
  const p = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2 });
  const body = { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'decrement' }] };
  const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/v1/adjust-inventory', { token: owner, body })));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  expect((await readProduct(t, p.id)).productQuantity).toBe(0);
  const result = (await t.database.db.execute(sql`select count(*)::int as moves,
      (select count(*)::int from adjust_invoice) as headers,
      (select count(*)::int from transaction where type = 'adjustment' and related_id not like 'product-%') as postings
    from stock_movement where product_id = ${p.id} and reason = 'adjustment'`)) as unknown as {
    rows: { moves: number; headers: number; postings: number }[];
  };
  expect(result.rows[0]).toEqual({ moves: 5, headers: 5, postings: 5 });
  await expectStockMatchesMovements(t);
  await expectLedgerBalanced(t);
  await expectInventoryMatchesLedger(t);
});
