import { expect, test } from 'vitest';
import { pgClient } from '../src/platform/pg-client.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods } from './sale-fixtures.ts';

/**
 * A till's copy is read by cursors (issue 33), and a change still open when the copy is read may commit with a stamp
 * before the cursor's: a price change stamped with its transaction's start, a stock movement numbered before one
 * already read. Such a change is read at the next load, not skipped for good.
 */
const t = useTestApp();

test('a price and a stock move that commit after a later change was read come at the next load', async () => {
  const owner = await t.ownerToken();
  const { cash } = await paymentMethods(t, owner);
  const slow = await makeProduct(t, { name: 'Slow change', productQuantity: 5, productSalePrice: 3 });
  const quick = await makeProduct(t, { name: 'Quick change', productQuantity: 5, productSalePrice: 3 });
  const catalogue = async (after: string) => (await t.call('GET', '/v1/till/catalogue', { token: owner, query: { after } })).body;
  const stock = async (after?: string) => (await t.call('GET', '/v1/till/stock', { token: owner, query: after ? { after } : {} })).body;
  let catalogueCursor = (await t.call('GET', '/v1/till/catalogue', { token: owner, query: { count: '2000' } })).body.cursor as string;
  let stockCursor = (await stock()).cursor as string;

  const open = pgClient(t.databaseUrl!);
  open.on('error', () => {});
  await open.connect();
  try {
    // begun first, so stamped first; its stock movement numbered before the sale's below
    await open.query('begin');
    await open.query('update product set product_sale_price = 8, updated_at = now() where id = $1', [slow.id]);
    await open.query('update product set product_quantity = product_quantity + 4 where id = $1', [slow.id]);
    await open.query(`insert into stock_movement (product_id, quantity, reason) values ($1, 4, 'opening')`, [slow.id]);

    const priced = await t.call('PUT', `/v1/product/${quick.id}`, { token: owner, body: { productSalePrice: 6 } });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: quick.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 6 }] },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);

    const before = await catalogue(catalogueCursor);
    expect(before.products.map((p: { id: number }) => p.id)).toEqual([quick.id]);
    catalogueCursor = before.cursor;
    const moved = await stock(stockCursor);
    expect(moved.stock).toContainEqual({ id: quick.id, productQuantity: 4, variants: [] });
    stockCursor = moved.cursor;
    await open.query('commit');
  } finally {
    await open.end();
  }

  const after = await catalogue(catalogueCursor);
  expect(after.products.find((p: { id: number }) => p.id === slow.id)?.productSalePrice).toBe(8);
  expect((await stock(stockCursor)).stock).toContainEqual({ id: slow.id, productQuantity: 9, variants: [] });
});
