import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { rawRows } from '../src/platform/queries.ts';
import { useTestApp } from './harness.ts';
import { makeReferences, type References } from './resources-samples.ts';

/** What some plain resources add to the factory: batch create, public lists, the category tree, filters. */
const t = useTestApp();
let owner: string;
let refs: References;

beforeAll(async () => {
  owner = await t.ownerToken();
  refs = await makeReferences(t, owner);
});

const post = async (path: string, body: unknown) => t.call('POST', `/v1/${path}`, { token: owner, body });
const made = async (path: string, body: unknown) => {
  const answer = await post(path, body);
  if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const hide = (path: string, id: number) => t.call('PATCH', `/v1/${path}/${id}`, { token: owner, body: { status: 'false' } });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('colour createmany', () => {
  const colours = async (key: string) =>
    names(
      (await t.call('GET', '/v1/product-color', { token: owner, query: { key, status: 'true,false', count: '100' } })).body
        .getAllProductColor,
    );

  test('creates every item of the batch', async () => {
    const answer = await post('product-color?query=createmany', [
      { name: 'Batch red', colorCode: '#ff0000' },
      { name: 'Batch green', colorCode: '#00ff00' },
      { name: 'Batch blue', colorCode: '#0000ff' },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.count).toBe(3);
    expect(names(answer.body.getAllProductColor)).toEqual(['Batch red', 'Batch green', 'Batch blue']);
    expect((await colours('Batch')).sort()).toEqual(['Batch blue', 'Batch green', 'Batch red']);
  });

  test('all or nothing: a duplicate of an existing colour refuses the batch, naming the item', async () => {
    await made('product-color', { name: 'Existing navy', colorCode: '#000080' });
    const answer = await post('product-color?query=createmany', [
      { name: 'Allnone one', colorCode: '#111111' },
      { name: 'Allnone two', colorCode: '#222222' },
      { name: 'EXISTING NAVY', colorCode: '#000081' },
    ]);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'conflict', fields: { '2.name': expect.any(String) } });
    expect(await colours('Allnone')).toEqual([]);
  });

  test('all or nothing: a duplicate inside the batch refuses it', async () => {
    const answer = await post('product-color?query=createmany', [
      { name: 'Twice olive', colorCode: '#808000' },
      { name: 'twice Olive', colorCode: '#808001' },
    ]);
    expect(answer.status).toBe(409);
    expect(answer.body.fields).toEqual({ '1.name': 'already exists' });
    expect(await colours('Twice')).toEqual([]);
  });

  test('an invalid item is a 400 naming its index and field; the batch must be a non-empty list', async () => {
    const invalid = await post('product-color?query=createmany', [
      { name: 'Fine', colorCode: '#123456' },
      { name: 'Bad', colorCode: 'blue' },
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toHaveProperty('1.colorCode');
    expect(await colours('Fine')).toEqual([]);
    expect((await post('product-color?query=createmany', [])).status).toBe(400);
    expect((await post('product-color?query=createmany', { name: 'One', colorCode: '#123456' })).status).toBe(400);
  });

  test('query is refused where the resource has no such mode', async () => {
    const other = await post('department?query=createmany', [{ name: 'Batch department' }]);
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('query');
    const unknown = await post('product-color?query=deletemany', [1]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('query');
    // an empty query value is dropped like any other
    expect((await post('product-color?query=', { name: 'Plain teal', colorCode: '#008080' })).status).toBe(201);
  });
});

describe('public lists', () => {
  test('brands and colours: active rows only, by name, without a token', async () => {
    await made('product-brand', { name: 'Zeta brand' });
    await made('product-brand', { name: 'Alpha brand' });
    const hidden = await made('product-brand', { name: 'Hidden brand' });
    await hide('product-brand', hidden.id);
    const answer = await t.call('GET', '/v1/product-brand/public', { query: { status: 'false' } });
    expect(answer.status).toBe(200);
    expect(names(answer.body.getAllProductBrand)).toEqual(['Alpha brand', 'Zeta brand']);
    expect(answer.body.totalProductBrand).toBe(2);

    const colour = await made('product-color', { name: 'Public hidden', colorCode: '#010101' });
    await hide('product-color', colour.id);
    const colours = await t.call('GET', '/v1/product-color/public');
    expect(colours.status).toBe(200);
    expect(names(colours.body.getAllProductColor)).not.toContain('Public hidden');
    expect(colours.body.getAllProductColor.every((c: { status: string }) => c.status === 'true')).toBe(true);
  });

  test('categories include their active sub-categories; sub-categories only under active categories', async () => {
    const shoes = await made('product-category', { name: 'Shoes' });
    const hats = await made('product-category', { name: 'Hats' });
    const gone = await made('product-category', { name: 'Gone' });
    await made('product-sub-category', { name: 'Boots', productCategoryId: shoes.id });
    await made('product-sub-category', { name: 'Sandals', productCategoryId: shoes.id });
    const oldSub = await made('product-sub-category', { name: 'Clogs', productCategoryId: shoes.id });
    await made('product-sub-category', { name: 'Caps', productCategoryId: hats.id });
    await made('product-sub-category', { name: 'Orphan', productCategoryId: gone.id });
    await hide('product-sub-category', oldSub.id);
    await hide('product-category', gone.id);

    const categories = await t.call('GET', '/v1/product-category/public');
    expect(categories.status).toBe(200);
    const tree = categories.body.getAllProductCategory as { name: string; productSubCategory: { name: string }[] }[];
    const ours = tree.filter((c) => ['Shoes', 'Hats', 'Gone'].includes(c.name));
    expect(ours.map((c) => [c.name, names(c.productSubCategory)])).toEqual([
      ['Hats', ['Caps']],
      ['Shoes', ['Boots', 'Sandals']],
    ]);

    const subs = await t.call('GET', '/v1/product-sub-category/public');
    expect(subs.status).toBe(200);
    expect(names(subs.body.getAllProductSubCategory)).toEqual(expect.arrayContaining(['Boots', 'Caps', 'Sandals']));
    expect(names(subs.body.getAllProductSubCategory)).not.toContain('Clogs');
    expect(names(subs.body.getAllProductSubCategory)).not.toContain('Orphan');
    const filtered = await t.call('GET', '/v1/product-sub-category/public', { query: { productCategoryId: String(hats.id) } });
    expect(names(filtered.body.getAllProductSubCategory)).toEqual(['Caps']);
  });
});

describe('category tree and sub-category filter', () => {
  test('categoryWithSubcategory: paged categories with every sub-category and its status', async () => {
    const a = await made('product-category', { name: 'Tree A' });
    const b = await made('product-category', { name: 'Tree B' });
    await made('product-sub-category', { name: 'Tree A1', productCategoryId: a.id });
    const hiddenSub = await made('product-sub-category', { name: 'Tree A2', productCategoryId: a.id });
    await hide('product-sub-category', hiddenSub.id);

    const answer = await t.call('GET', '/v1/product-category', {
      token: owner,
      query: { query: 'categoryWithSubcategory', key: 'Tree', count: '1' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.totalProductCategory).toBe(2);
    expect(answer.body.getAllProductCategory).toHaveLength(1);
    const [first] = answer.body.getAllProductCategory;
    expect(first).toMatchObject({ id: a.id, name: 'Tree A', status: 'true' });
    expect(first.productSubCategory.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Tree A1', 'true'],
      ['Tree A2', 'false'],
    ]);

    const second = await t.call('GET', '/v1/product-category', {
      token: owner,
      query: { query: 'categoryWithSubcategory', key: 'Tree', count: '1', page: '2' },
    });
    expect(second.body.getAllProductCategory.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect((await t.call('GET', '/v1/product-category', { query: { query: 'categoryWithSubcategory' } })).status).toBe(401);
  });

  test('sub-categories filter by productCategoryId, one id or a comma list', async () => {
    const x = await made('product-category', { name: 'Filter X' });
    const y = await made('product-category', { name: 'Filter Y' });
    const z = await made('product-category', { name: 'Filter Z' });
    for (const [name, category] of [
      ['Fx1', x],
      ['Fx2', x],
      ['Fy1', y],
      ['Fz1', z],
    ] as const) {
      await made('product-sub-category', { name, productCategoryId: category.id });
    }
    const list = (productCategoryId: string) =>
      t.call('GET', '/v1/product-sub-category', { token: owner, query: { productCategoryId, sort: 'name', order: 'asc' } });
    expect(names((await list(String(x.id))).body.getAllProductSubCategory)).toEqual(['Fx1', 'Fx2']);
    const both = await list(`${x.id},${z.id}`);
    expect(names(both.body.getAllProductSubCategory)).toEqual(['Fx1', 'Fx2', 'Fz1']);
    expect(both.body.totalProductSubCategory).toBe(3);
    for (const bad of ['abc', '1,,2', '-1', '0', '99999999999']) {
      const answer = await list(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.fields).toHaveProperty('productCategoryId');
    }
  });
});

describe('other list keys and filters', () => {
  test('page sizes answer totalPageSizeCount', async () => {
    await made('page-size', { pageSizeName: 'A4', width: 8.27, height: 11.69 });
    const answer = await t.call('GET', '/v1/page-size', { token: owner });
    expect(Object.keys(answer.body).sort()).toEqual(['getAllPageSize', 'totalPageSizeCount']);
    expect(answer.body.totalPageSizeCount).toBe(1);
    expect(answer.body.getAllPageSize[0]).toMatchObject({ pageSizeName: 'A4', width: 8.27, height: 11.69, unit: 'inches' });
  });

  test('history rows filter by userId (and their other references)', async () => {
    const staff = await t.staffWith([]);
    const designation = refs.designationId;
    await made('designation-history', { userId: refs.userId, designationId: designation, startDate: '2024-01-01' });
    await made('designation-history', { userId: staff.userId, designationId: designation, startDate: '2024-02-01', comment: 'promoted' });
    await made('salary-history', { userId: staff.userId, salary: '1234.50', startDate: '2024-02-01' });
    const mine = await t.call('GET', '/v1/designation-history', { token: owner, query: { userId: String(staff.userId) } });
    expect(mine.body.getAllDesignationHistory.map((r: { userId: number }) => r.userId)).toEqual([staff.userId]);
    expect(mine.body.totalDesignationHistory).toBe(1);
    const both = await t.call('GET', '/v1/designation-history', {
      token: owner,
      query: { userId: `${refs.userId},${staff.userId}`, designationId: String(designation) },
    });
    expect(both.body.totalDesignationHistory).toBe(2);
    const salary = await t.call('GET', '/v1/salary-history', { token: owner, query: { userId: String(staff.userId) } });
    expect(salary.body.getAllSalaryHistory).toEqual([expect.objectContaining({ salary: 1234.5, startDate: '2024-02-01' })]);
  });

  test('concurrent creates of one name in different letter cases: exactly one wins', async () => {
    const spellings = [
      'Race red',
      'RACE RED',
      'race red',
      'Race Red',
      'rACE rED',
      'RAce red',
      'RACe red',
      'race RED',
      'Race rED',
      'race rEd',
    ];
    const answers = await Promise.all(spellings.map((name) => post('product-color', { name, colorCode: '#aa0000' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...spellings.slice(1).map(() => 409)]);
    const list = await t.call('GET', '/v1/product-color', { token: owner, query: { key: 'race red' } });
    expect(list.body.totalProductColor).toBe(1);
  });

  test('amounts are exact and blank numbers are not zero', async () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: still 0.30 to the cent
    const fee = await made('delivery-fee', { deliveryArea: 'Centre', deliveryFee: 0.1 + 0.2 });
    expect(fee.deliveryFee).toBe(0.3);
    expect((await made('delivery-fee', { deliveryArea: 'Form text', deliveryFee: ' 12.50 ' })).deliveryFee).toBe(12.5);
    for (const deliveryFee of ['', null, true, '1.234', -1, '1e15']) {
      const answer = await post('delivery-fee', { deliveryArea: `Blank ${String(deliveryFee)}`, deliveryFee });
      expect(answer.status, String(deliveryFee)).toBe(400);
      expect(answer.body.fields).toHaveProperty('deliveryFee');
    }
  });
});

describe('payment methods', () => {
  test('each says whether its money lands in the Cash account, whatever it is called', async () => {
    const accounts = await rawRows<{ id: number; system_key: string }>(
      t.database.db,
      sql`select id, system_key from sub_account where system_key in ('cash', 'bank')`,
    );
    const idOf = (key: string) => accounts.find((a) => a.system_key === key)!.id;
    const drawer = await t.call('POST', '/v1/payment-method', {
      token: owner,
      body: { methodName: 'Till drawer', subAccountId: idOf('cash') },
    });
    const card = await t.call('POST', '/v1/payment-method', {
      token: owner,
      body: { methodName: 'Cashless card', subAccountId: idOf('bank') },
    });
    expect([drawer.status, drawer.body.cash, card.status, card.body.cash]).toEqual([201, 'true', 201, 'false']);
    const list = await t.call('GET', '/v1/payment-method', { token: owner, query: { query: 'all' } });
    const flags = Object.fromEntries(
      list.body.getAllPaymentMethod.map((m: { methodName: string; cash: string }) => [m.methodName, m.cash]),
    );
    expect(flags).toMatchObject({ 'Till drawer': 'true', 'Cashless card': 'false' });
    // moving the card's money to the Cash account makes it a cash method
    const moved = await t.call('PUT', `/v1/payment-method/${card.body.id}`, { token: owner, body: { subAccountId: idOf('cash') } });
    expect(moved.body.cash).toBe('true');
    expect((await t.call('GET', `/v1/payment-method/${drawer.body.id}`, { token: owner })).body.cash).toBe('true');
  });
});
