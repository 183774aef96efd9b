import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/**
 * The till's finder and the product list's search box (`GET /product?query=search&key=`): what it
 * finds (name or SKU, any case, `%`, `_` and `\` taken literally), in what order (the exact SKU first,
 * then newest first), and the total on every page, whichever way the statement reads the matches (the
 * newest products walked, or every match read by the search index). Statements are counted, not timed.
 */
const t = useTestApp();
let owner: string;
const tag = `TS${Date.now().toString(36).toUpperCase()}`;

type Row = { id: number; name: string; sku: string };
const statements = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['x-sql-statements']);
const search = (key: string, query: Record<string, string> = {}) =>
  t.call('GET', '/v1/product', { token: owner, query: { query: 'search', key, ...query } });
const skus = (answer: { body: { getAllProduct: Row[] } }) => answer.body.getAllProduct.map((p) => p.sku);

/** Products made in one statement, created `minutesAgo` minutes before now and one minute apart (the first is the newest). */
async function insertProducts(names: string[], skuOf: (i: number) => string, minutesAgo = 0) {
  const rows = names.map((name, i) => sql`(${name}, ${skuOf(i)}, now() - make_interval(mins => ${minutesAgo + i}))`);
  await t.database.db.execute(sql`insert into product (name, sku, created_at) values ${sql.join(rows, sql`, `)}`);
}

beforeAll(async () => {
  owner = await t.ownerToken();
  await search('warm');
});

describe('what a search finds', () => {
  test('any part of the name or of the SKU, in any case', async () => {
    const kettle = await makeProduct(t, { name: `Copper Kettle ${tag}`, sku: `${tag}-KET-01` });
    for (const key of [`copper kettle ${tag.toLowerCase()}`, `KETTLE ${tag}`, `${tag.toLowerCase()}-ket-01`, `${tag}-Ket`]) {
      const answer = await search(key);
      expect(answer.status).toBe(200);
      expect(
        answer.body.getAllProduct.map((p: Row) => p.id),
        key,
      ).toEqual([kettle.id]);
      expect(answer.body.totalProduct, key).toBe(1);
    }
  });

  test('%, _ and \\ in the key are the characters themselves', async () => {
    await makeProduct(t, { name: `Cotton 100% ${tag}`, sku: `${tag}-PCT` });
    await makeProduct(t, { name: `Cotton 1000 ${tag}`, sku: `${tag}-NUM` });
    await makeProduct(t, { name: `Snake_case ${tag}`, sku: `${tag}-UND` });
    await makeProduct(t, { name: `Snakescase ${tag}`, sku: `${tag}-NOU` });
    await makeProduct(t, { name: `Back\\slash ${tag}`, sku: `${tag}-BSL` });
    expect(skus(await search(`100% ${tag}`))).toEqual([`${tag}-PCT`]);
    expect(skus(await search(`00% ${tag}`))).toEqual([`${tag}-PCT`]);
    expect(skus(await search(`e_case ${tag}`))).toEqual([`${tag}-UND`]);
    expect(skus(await search(`k\\s`))).toEqual([`${tag}-BSL`]);
    expect((await search(`%${tag}%`)).body.totalProduct).toBe(0);
    expect((await search(`_${tag}`)).body.totalProduct).toBe(0);
  });

  test('a key does not match across the name and the SKU', async () => {
    const lamp = await makeProduct(t, { name: `Lamp ${tag}X`, sku: `Y${tag}` });
    // the name ends in "X", the SKU starts with "Y": "XY" is in neither
    expect((await search(`${tag}XY${tag}`)).body).toMatchObject({ getAllProduct: [], totalProduct: 0 });
    // and the line feed that joins them in the search column is refused in a key
    const joined = await search(`X\nY${tag}`);
    expect(joined.status).toBe(400);
    expect(joined.body.fields).toEqual({ key: 'must not contain control characters' });
    expect((await search(`${tag}X`)).body.getAllProduct.map((p: Row) => p.id)).toEqual([lamp.id]);
  });

  test('a product created or renamed is found at once, and no longer by its old name', async () => {
    const created = await t.call('POST', '/v1/product', { token: owner, body: { name: `Fresh Teapot ${tag}`, sku: `${tag}-NEW` } });
    expect(created.status).toBe(201);
    expect(skus(await search(`fresh teapot ${tag}`))).toEqual([`${tag}-NEW`]);
    const renamed = await t.call('PUT', `/v1/product/${created.body.id}`, { token: owner, body: { name: `Stoneware Jug ${tag}` } });
    expect(renamed.status).toBe(200);
    expect(skus(await search(`stoneware jug ${tag}`))).toEqual([`${tag}-NEW`]);
    expect((await search(`fresh teapot ${tag}`)).body).toMatchObject({ getAllProduct: [], totalProduct: 0 });
    const resku = await t.call('PUT', `/v1/product/${created.body.id}`, { token: owner, body: { sku: `${tag}-JUG` } });
    expect(resku.status).toBe(200);
    expect(skus(await search(`${tag}-jug`))).toEqual([`${tag}-JUG`]);
    expect((await search(`${tag}-NEW`)).body.totalProduct).toBe(0);
  });

  test('a hidden product is found with status=false only', async () => {
    const hidden = await makeProduct(t, { name: `Hidden Vase ${tag}`, sku: `${tag}-HID`, status: false });
    expect((await search(`hidden vase ${tag}`)).body.totalProduct).toBe(0);
    const answer = await search(`hidden vase ${tag}`, { status: 'false' });
    expect(answer.body.getAllProduct.map((p: Row) => p.id)).toEqual([hidden.id]);
    expect(answer.body.totalProduct).toBe(1);
    expect((await search(`hidden vase ${tag}`, { status: 'true,false' })).body.totalProduct).toBe(1);
  });

  test('a product hidden or shown is counted where it now belongs, at once', async () => {
    const vase = await makeProduct(t, { name: `Glass Vase ${tag}`, sku: `${tag}-VAS` });
    const found = async (status: string) => (await search(`glass vase ${tag}`, { status })).body.totalProduct;
    expect([await found('true'), await found('false')]).toEqual([1, 0]);
    expect((await t.call('PATCH', `/v1/product/${vase.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect([await found('true'), await found('false')]).toEqual([0, 1]);
    expect((await t.call('PATCH', `/v1/product/${vase.id}`, { token: owner, body: { status: 'true' } })).status).toBe(200);
    expect([await found('true'), await found('false')]).toEqual([1, 0]);
  });
});

describe('order and totals', () => {
  // 25 products whose names hold "Row <tag>", newest first: R00 … R24; the oldest one's SKU is the key
  const key = `Row${tag}`;
  const sku = (i: number) => (i === 24 ? key : `${key}-${String(i).padStart(2, '0')}`);
  beforeAll(async () => {
    await insertProducts(
      Array.from({ length: 25 }, (_, i) => `Mug ${key} ${i}`),
      sku,
      10,
    );
  });

  test('the product whose SKU is the key comes first, then the others newest first, each once', async () => {
    const pages = [];
    for (const page of ['1', '2', '3']) {
      const answer = await search(key, { page });
      expect(answer.body.totalProduct).toBe(25);
      expect(statements(answer)).toBe(1);
      pages.push(...skus(answer));
    }
    expect(pages).toEqual([key, ...Array.from({ length: 24 }, (_, i) => sku(i))]);
  });

  test('the total is right on a full first page, a later page, the last page and past it', async () => {
    const byName = `mug ${key.toLowerCase()}`;
    const first = await search(byName, { count: '10' });
    expect(first.body.getAllProduct).toHaveLength(10);
    expect(first.body.totalProduct).toBe(25);
    const last = await search(byName, { count: '10', page: '3' });
    expect(skus(last)).toEqual([20, 21, 22, 23, 24].map(sku));
    expect(last.body.totalProduct).toBe(25);
    const past = await search(byName, { count: '10', page: '4' });
    expect(past.body).toMatchObject({ getAllProduct: [], totalProduct: 25 });
    expect(statements(past)).toBe(2);
    const exactFit = await search(byName, { count: '5', page: '5' });
    expect(exactFit.body.getAllProduct).toHaveLength(5);
    expect(exactFit.body.totalProduct).toBe(25);
    const whole = await search(byName, { count: '30' });
    expect(whole.body.getAllProduct).toHaveLength(25);
    expect(whole.body.totalProduct).toBe(25);
    expect(statements(whole)).toBe(1);
  });

  test('oldest first when asked, the exact SKU still first', async () => {
    const answer = await search(key, { order: 'asc', count: '4' });
    expect(skus(answer)).toEqual([key, sku(23), sku(22), sku(21)]);
    expect(answer.body.totalProduct).toBe(25);
  });

  test('a sort asked for orders every match by it, the exact SKU included', async () => {
    const answer = await search(key, { sort: 'sku', order: 'asc', count: '3' });
    expect(skus(answer)).toEqual([key, sku(0), sku(1)].sort());
    expect(answer.body.totalProduct).toBe(25);
  });

  test('the list filters apply to the search', async () => {
    const made = (await t.database.db.execute(
      sql`insert into product_brand (name) values (${`Brand ${tag}`}) returning id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const brandId = made.rows[0]!.id;
    await t.database.db.execute(sql`update product set product_brand_id = ${brandId} where sku in (${sku(3)}, ${sku(7)}, ${key})`);
    const answer = await search(key, { productBrandId: String(brandId) });
    expect(skus(answer)).toEqual([key, sku(3), sku(7)]);
    expect(answer.body.totalProduct).toBe(3);
  });
});

describe('a key held only by old products', () => {
  // 12 old products hold the key; 1,100 newer ones do not, more than a page's walk of the newest
  const key = `Old${tag}`;
  beforeAll(async () => {
    await insertProducts(
      Array.from({ length: 1100 }, (_, i) => `Plate ${tag} ${i}`),
      (i) => `${tag}-P${i}`,
      100,
    );
    await insertProducts(
      Array.from({ length: 12 }, (_, i) => `Bowl ${key} ${i}`),
      (i) => `${key}-${String(i).padStart(2, '0')}`,
      5000,
    );
  });

  test('is found newest first with its total, on a full page and the next', async () => {
    const first = await search(key.toLowerCase());
    expect(skus(first)).toEqual(Array.from({ length: 10 }, (_, i) => `${key}-${String(i).padStart(2, '0')}`));
    expect(first.body.totalProduct).toBe(12);
    expect(statements(first)).toBe(1);
    const second = await search(key, { page: '2' });
    expect(skus(second)).toEqual([`${key}-10`, `${key}-11`]);
    expect(second.body.totalProduct).toBe(12);
  });

  test('with its exact SKU first', async () => {
    const answer = await search(`${key}-11`);
    expect(skus(answer)).toEqual([`${key}-11`]);
    expect(answer.body.totalProduct).toBe(1);
    const prefix = await search(`${key}-1`, { count: '2' });
    expect(skus(prefix)).toEqual([`${key}-10`, `${key}-11`]);
    expect(prefix.body.totalProduct).toBe(2);
    const common = await search(tag, { count: '3' });
    expect(common.body.totalProduct).toBeGreaterThan(1100);
  });
});
