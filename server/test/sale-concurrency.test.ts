import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, rows } from './sale-fixtures.ts';

/**
 * 20 tills each selling 1 of the last 5 units at once: exactly 5 sales are made, 15 get
 * insufficient_stock, the stock ends at 0 and no sale, movement or posting is left from a refused one.
 * Meant for PostgreSQL (TEST_DATABASE_URL); it holds on the embedded database too.
 */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

test('20 simultaneous sales of 1 on 5 in stock: 5 succeed, 15 get insufficient_stock, stock 0', async () => {
  const p = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2, productSalePrice: 3 });
  const body = { customerId: await namedCustomer(t, owner), saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] };
  const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/v1/sale-invoice', { token: owner, body })));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused).toHaveLength(15);
  for (const a of refused) expect(a.body.code).toBe('insufficient_stock');
  expect((await readProduct(t, p.id)).productQuantity).toBe(0);
  const [counts] = await rows(
    t,
    sql`select (select count(*)::int from sale_invoice) as sales,
      (select count(*)::int from stock_movement where product_id = ${p.id} and reason = 'sale') as moves,
      (select count(*)::int from "transaction" where type = 'sale' and credit_id = (select id from sub_account where system_key = 'inventory')) as costs`,
  );
  expect(counts).toEqual({ sales: 5, moves: 5, costs: 5 });
});
