import { expect, test } from 'vitest';
import { approximateBytes } from '../src/platform/approximate-bytes.ts';
import { SqlWatch } from '../src/platform/sql-watch.ts';
import { WatchedCache } from '../src/platform/watched-cache.ts';

/** A cache whose loads are counted: `answer(key)` is a text of `size` characters (about 2 × size bytes). */
function counted(bounds: { entries?: number; bytes?: number }, size = 1000) {
  const watch = new SqlWatch();
  const cache = new WatchedCache<string, string>(watch, ['colors'], bounds);
  const loads: string[] = [];
  const get = (key: string) =>
    cache.get(key, async () => {
      loads.push(key);
      return key.padEnd(size, '.');
    });
  return { watch, cache, loads, get };
}

test('answers are kept within a byte budget, the oldest going first', async () => {
  // each answer about 2 KB: a 5 KB budget keeps two of them
  const c = counted({ bytes: 5_000 });
  for (const key of ['a', 'b', 'c']) await c.get(key);
  expect(c.cache.bytes).toBeLessThanOrEqual(5_000);
  await c.get('b');
  await c.get('c');
  expect(c.loads).toEqual(['a', 'b', 'c']);
  // 'a' went first: asked again, it is read again
  await c.get('a');
  expect(c.loads).toEqual(['a', 'b', 'c', 'a']);
  expect(c.cache.bytes).toBeLessThanOrEqual(5_000);
});

test('an answer larger than the whole budget is served but not kept, and keeps nothing out', async () => {
  const c = counted({ bytes: 5_000 }, 10_000);
  expect(await c.get('huge')).toHaveLength(10_000);
  expect(await c.get('huge')).toHaveLength(10_000);
  expect(c.loads).toEqual(['huge', 'huge']);
  expect(c.cache.bytes).toBe(0);
});

test('a write to a watched table drops what was read before it, and its bytes with it', async () => {
  const c = counted({ bytes: 1_000_000 });
  await c.get('a');
  expect(c.cache.bytes).toBeGreaterThan(2_000);
  c.watch.touch(['colors']);
  await c.get('a');
  expect(c.loads).toEqual(['a', 'a']);
  // the stale answer's bytes went with it: one answer is held, not two
  expect(c.cache.bytes).toBeLessThan(2 * approximateBytes('a'.padEnd(1000, '.')));
});

test('the count still bounds a cache of small answers', async () => {
  const c = counted({ entries: 2 }, 1);
  for (const key of ['a', 'b', 'c']) await c.get(key);
  await c.get('a');
  expect(c.loads).toEqual(['a', 'b', 'c', 'a']);
});

test('a value is weighed by what it holds: text, numbers, lists, sets, maps, buffers', () => {
  expect(approximateBytes('x'.repeat(1000))).toBeGreaterThanOrEqual(2000);
  expect(approximateBytes(Buffer.alloc(5000))).toBeGreaterThanOrEqual(5000);
  const ids = Array.from({ length: 10_000 }, (_, i) => i);
  expect(approximateBytes(ids)).toBeGreaterThanOrEqual(80_000);
  expect(approximateBytes(new Set(ids))).toBeGreaterThanOrEqual(80_000);
  expect(approximateBytes(new Map(ids.map((i) => [i, { name: 'x'.repeat(10) }])))).toBeGreaterThanOrEqual(10_000 * 36);
  expect(approximateBytes({ daily: ids.map((i) => ({ date: '2026-01-01', sales: i })) })).toBeGreaterThanOrEqual(10_000 * 40);
});

test('while the watch is not coherent (not listening for other processes), every ask reads and nothing is kept', async () => {
  const c = counted({});
  await c.get('a');
  await c.get('a');
  expect(c.loads).toEqual(['a']);
  c.watch.lose();
  await c.get('a');
  await c.get('a');
  expect(c.loads).toEqual(['a', 'a', 'a']);
  c.watch.cohere();
  // listening again: what was kept before is gone, what is read now is kept
  await c.get('a');
  await c.get('a');
  expect(c.loads).toEqual(['a', 'a', 'a', 'a']);
});

test('a read begun before coherence was lost is not kept, even when it ends after coherence came back', async () => {
  const watch = new SqlWatch();
  const cache = new WatchedCache<string, string>(watch, ['colors']);
  let finish: (value: string) => void = () => {};
  const slow = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
  watch.lose();
  watch.cohere();
  finish('old');
  expect(await slow).toBe('old');
  expect(await cache.get('a', async () => 'new')).toBe('new');
});

test('a cache tells the watch the tables it watches, once each', () => {
  const watch = new SqlWatch();
  const told: string[][] = [];
  watch.onNewTables = (tables) => told.push(tables);
  new WatchedCache(watch, ['colors', 'uom']);
  new WatchedCache(watch, ['uom', 'product']);
  expect(told).toEqual([['colors', 'uom'], ['product']]);
  expect([...watch.watched]).toEqual(['colors', 'uom', 'product']);
});

test('an answer about other rows is read again, even when the generations add up to the same number', async () => {
  // a list page was about product#1; the table is written twice (the product is hidden), and the page asked again
  // is about no product: the tables' sum went up by two, the rows' sum down by what product#1 counted
  const watch = new SqlWatch();
  const cache = new WatchedCache<string, string>(watch, ['product'], {});
  watch.touch(['product#1', 'product#1']);
  let loads = 0;
  const load = async () => `read ${++loads}`;
  expect(await cache.get('page', load, ['product#1'])).toBe('read 1');
  watch.touch(['product', 'product']);
  expect(await cache.get('page', load, [])).toBe('read 2');
  expect(await cache.get('page', load, [])).toBe('read 2');
});

test('an answer checked once is checked again after any write: its own rows drop it, other rows and tables keep it', async () => {
  const watch = new SqlWatch();
  const cache = new WatchedCache<string, string>(watch, ['colors']);
  await cache.get('page 1', async () => 'red and blue', ['colors#1', 'colors#2']);
  // asked many times with nothing written: the same answer each time
  for (let i = 0; i < 3; i++) expect(cache.keptNow('page 1')?.answer).toBe('red and blue');
  // a write elsewhere (another table, another row) leaves it good
  watch.touch(['sizes']);
  watch.touch(['colors#9']);
  expect(cache.keptNow('page 1')?.answer).toBe('red and blue');
  // a write to one of its rows, right after it was found good, drops it at once
  watch.touch(['colors#2']);
  expect(cache.keptNow('page 1')).toBeUndefined();
  await cache.get('page 1', async () => 'red and green', ['colors#1', 'colors#2']);
  expect(cache.keptNow('page 1')?.answer).toBe('red and green');
  // losing coherence drops it too
  watch.lose();
  expect(cache.keptNow('page 1')).toBeUndefined();
});
