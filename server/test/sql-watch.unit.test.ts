import { describe, expect, test } from 'vitest';
import { rowKey, rowsMark, rowsMarked, SqlWatch, writtenTables } from '../src/platform/sql-watch.ts';
import { WatchedCache } from '../src/platform/watched-cache.ts';

describe('the tables a statement writes', () => {
  test.each([
    ['insert into "product" ("name") values ($1)', ['product']],
    ['update "product" set "product_quantity" = $1 where "product"."id" = $2', ['product']],
    ['delete from "role_permission" where "role_id" = $1', ['role_permission']],
    [
      'with moved as (update product set product_quantity = x.q from (values (1, 2)) x(id, q) where product.id = x.id returning 1) insert into stock_movement select 1',
      ['product', 'stock_movement'],
    ],
    ['insert into "setting" ("id") values (1) on conflict ("id") do update set "name" = excluded.name', ['setting']],
    ['select * from "product" where id = $1 for update', []],
    ['select "name" from "product" where "name" ilike $1', []],
    ['truncate table "outbox"', ['outbox']],
  ])('%s', (statement, tables) => {
    expect(writtenTables(statement).sort()).toEqual([...tables].sort());
  });
});

describe('a cached answer is kept only while its tables stand', () => {
  test('an answer read while a write was becoming visible is not kept', async () => {
    const watch = new SqlWatch();
    const cache = new WatchedCache<string, number>(watch, ['product']);
    let finish!: (value: number) => void;
    const slow = cache.get('list', () => new Promise((resolve) => (finish = resolve)));
    watch.touch(['product']); // a transaction that wrote the product commits while the read is under way
    finish(1);
    expect(await slow).toBe(1);
    expect(await cache.get('list', async () => 2)).toBe(2);
    expect(await cache.get('list', async () => 3)).toBe(2);
  });

  test('a write to another table keeps the answer; a write to its own drops it', async () => {
    const watch = new SqlWatch();
    const cache = new WatchedCache<string, number>(watch, ['product', 'discount']);
    expect(await cache.get('k', async () => 1)).toBe(1);
    watch.sent('insert into "outbox" ("id") values (1)');
    expect(await cache.get('k', async () => 2)).toBe(1);
    watch.sent('update "discount" set "value" = 3');
    expect(await cache.get('k', async () => 4)).toBe(4);
  });

  test('callers asking at once share one read; a failed read is not kept', async () => {
    const watch = new SqlWatch();
    const cache = new WatchedCache<string, number>(watch, ['product']);
    let reads = 0;
    const load = async () => ++reads;
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers).toEqual([1, 1, 1]);
    await expect(cache.get('e', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('e', async () => 5)).toBe(5);
  });

  test('statements are counted per request, transaction control aside', async () => {
    const watch = new SqlWatch();
    let read!: () => number;
    await new Promise<void>((done) => {
      read = watch.countWithin(() => {
        for (const text of ['begin', 'select 1', 'update "product" set x = 1', 'commit']) watch.sent(text);
        done();
      });
    });
    expect(read()).toBe(2);
  });
});

describe('the stock room is watched by rows', () => {
  test('a write under another name counts under that name; a mark names rows and is not SQL', () => {
    expect(
      writtenTables('/*watch-as product=product_stock*/\n with m as (update product set x = 1) insert into stock_movement values (1)'),
    ).toEqual(['product_stock', 'stock_movement']);
    expect(writtenTables('update product set name = $1')).toEqual(['product']);
    expect(rowsMarked(rowsMark([rowKey('product', 12), rowKey('product', 7)]))).toEqual(['product#12', 'product#7']);
    expect(rowsMarked('select 1')).toBeNull();
  });
});
