import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installWriteNotices, maxRowKeys, writesChannel } from '../src/platform/write-notices.ts';
import { useTestApp } from './harness.ts';
import { plainClient, until } from './two-servers.ts';

/**
 * What PostgreSQL announces for each kind of write (the triggers of write-notices.ts), heard as any
 * server process hears it, on a connection of its own, for writes made as psql would.
 */
const t = useTestApp();
let ear: pg.Client;
let psql: pg.Client;
let heard: string[] = [];
let ids: number[];

beforeAll(async () => {
  ear = await plainClient(t);
  psql = await plainClient(t);
  ear.on('notification', (notice) => {
    if (notice.channel === writesChannel) heard.push(notice.payload ?? '');
  });
  await ear.query(`listen ${writesChannel}`);
  const owner = await t.ownerToken();
  await psql.query(`insert into customer (username, email, role_id) select 'c' || g, 'c' || g || '@example.com', (select id from role where name = 'customer')
    from generate_series(1, 1) g`);
  const { rows } = await psql.query(
    `insert into product (name, sku, product_sale_price, product_purchase_price)
      select 'Bulk ' || g, 'BULK-' || g, 1, 1 from generate_series(1, ${maxRowKeys + 1}) g returning id`,
  );
  ids = rows.map((r) => r.id).sort((x, y) => x - y);
  expect(owner).toBeTruthy();
});
afterAll(async () => {
  await ear?.end();
  await psql?.end();
});

/** Runs `write` (or several statements) on the plain client and answers what was announced for it. */
async function announced(write: string | [string, unknown[]][], values: unknown[] = []): Promise<string[]> {
  await psql.query(`select pg_notify('${writesChannel}', 'start')`);
  await until(() => heard.includes('start'));
  heard = [];
  for (const [text, given] of typeof write === 'string' ? [[write, values] as const] : write) await psql.query(text, given);
  await psql.query(`select pg_notify('${writesChannel}', 'end')`);
  await until(() => heard.includes('end'));
  return heard.filter((h) => h !== 'end');
}

describe('product', () => {
  test('a stock-only change names the products moved, under product_stock', async () => {
    expect(await announced('update product set product_quantity = product_quantity + 1 where id = any($1)', [ids.slice(0, 2)])).toEqual([
      `product_stock product#${ids[0]} product#${ids[1]}`,
    ]);
  });

  test(`over ${maxRowKeys} products moved, the whole table`, async () => {
    expect(await announced('update product set product_quantity = product_quantity + 1 where id = any($1)', [ids])).toEqual([
      'product product_stock',
    ]);
  });

  test('a price change (sale price, VAT, discount, with updated_at) names its products, under product_price; with stock too, both', async () => {
    expect(await announced('update product set product_sale_price = 2, updated_at = now() where id = $1', [ids[0]])).toEqual([
      `product_price product#${ids[0]}`,
    ]);
    expect(
      await announced('update product set product_sale_price = 3, product_quantity = 9 where id = any($1)', [ids.slice(0, 2)]),
    ).toEqual([`product_stock product#${ids[0]} product#${ids[1]}`, `product_price product#${ids[0]} product#${ids[1]}`]);
  });

  test(`any other column, or over ${maxRowKeys} prices, is the whole table; with stock too, both`, async () => {
    expect(await announced(`update product set name = 'Renamed', product_sale_price = 4 where id = $1`, [ids[0]])).toEqual(['product']);
    expect(await announced(`update product set name = 'Again', product_quantity = 8 where id = $1`, [ids[0]])).toEqual([
      'product product_stock',
    ]);
    expect(await announced('update product set product_sale_price = product_sale_price + 1 where id = any($1)', [ids])).toEqual([
      'product',
    ]);
  });

  test('an update that changes nothing announces nothing; an insert or a delete announces the table', async () => {
    expect(await announced('update product set product_quantity = product_quantity where id = $1', [ids[0]])).toEqual([]);
    const made = await announced(`insert into product (name, sku) values ('One more', 'ONE-MORE')`);
    expect(made).toEqual(['product']);
    // a delete cascades: the tables that lost rows with it are announced too
    expect(await announced(`delete from product where sku = 'ONE-MORE'`)).toContain('product');
  });

  test('announced at commit, once per payload; never for a rollback', async () => {
    const raise: [string, unknown[]] = ['update product set product_purchase_price = product_purchase_price + 1 where id = $1', [ids[0]]];
    expect(await announced([['begin', []], raise, raise, ['commit', []]])).toEqual(['product']);
    expect(await announced([['begin', []], raise, ['rollback', []]])).toEqual([]);
  });
});

test("a review names its product's row (its average rating changes)", async () => {
  const [customer] = (await psql.query(`select id from customer limit 1`)).rows;
  expect(await announced('insert into review_rating (product_id, customer_id, rating) values ($1, $2, 4)', [ids[3], customer.id])).toEqual([
    `review_rating product#${ids[3]}`,
  ]);
  expect(await announced('update review_rating set status = false where product_id = $1', [ids[3]])).toEqual([
    `review_rating product#${ids[3]}`,
  ]);
});

test('other watched tables announce themselves', async () => {
  expect(await announced(`update app_setting set time_zone = time_zone`)).toEqual(['app_setting']);
  expect(await announced(`insert into uom (name) values ('Crate')`)).toEqual(['uom']);
});

test('servers starting at once install the notices side by side without a failure', async () => {
  const clients = await Promise.all([1, 2, 3].map(() => plainClient(t)));
  try {
    await Promise.all(clients.map((client) => installWriteNotices(client, ['product', 'uom', 'colors', 'product_stock'])));
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  expect(await announced(`insert into uom (name) values ('Pallet')`)).toEqual(['uom']);
});
