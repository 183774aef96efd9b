import { type ResourceKey, resources } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { department, productBrand, termsAndCondition } from '../src/schema/index.ts';
import { useTestApp } from './harness.ts';
import { listKeys, makeReferences, type References, sample } from './resources-samples.ts';

/**
 * The list-query convention, the same on every list: paging, status, search, all/report, empty
 * values dropped, malformed values refused naming the parameter, sort/order, date range.
 */
const t = useTestApp();
let owner: string;
let refs: References;

beforeAll(async () => {
  owner = await t.ownerToken();
  refs = await makeReferences(t, owner);
});

const cases: [ResourceKey, PgTable][] = [
  ['department', department],
  ['productBrand', productBrand],
  ['termsAndCondition', termsAndCondition],
];

describe.each(cases)('%s', (key, table) => {
  const contract = resources[key];
  const url = `/v1/${contract.path}`;
  const keys = listKeys(contract);
  const title = contract.titleField;
  const get = (query: Record<string, string> = {}) => t.call('GET', url, { token: owner, query });
  const rows = (answer: { body: Record<string, unknown> }) => answer.body[keys.rows] as Record<string, unknown>[];
  const ids: number[] = [];

  beforeAll(async () => {
    // 25 rows, the last three hidden
    for (let n = 1; n <= 25; n++) {
      const answer = await t.call('POST', url, { token: owner, body: sample(contract, n, refs, 'Lq') });
      ids.push(answer.body.id);
    }
    for (const id of ids.slice(22)) await t.call('PATCH', `${url}/${id}`, { token: owner, body: { status: 'false' } });
  });

  test('paging: defaults page 1 count 10; totals count every matching row', async () => {
    const first = await get();
    expect(rows(first)).toHaveLength(10);
    expect(first.body[keys.total]).toBe(22);
    const both = { status: 'true,false' };
    const third = await get({ ...both, page: '3', count: '10' });
    expect(rows(third)).toHaveLength(5);
    expect(third.body[keys.total]).toBe(25);
    expect(rows(await get({ ...both, page: '4', count: '10' }))).toEqual([]);
    expect(rows(await get({ count: '1000' }))).toHaveLength(22);
  });

  test('status: true by default, false, or both', async () => {
    expect((await get({ status: 'false' })).body[keys.total]).toBe(3);
    expect(rows(await get({ status: 'false' })).every((r) => r.status === 'false')).toBe(true);
    expect((await get({ status: 'true' })).body[keys.total]).toBe(22);
    expect((await get({ status: 'true,false' })).body[keys.total]).toBe(25);
    expect((await get({ status: 'false,true' })).body[keys.total]).toBe(25);
  });

  test('search: key alone or with query=search, case-insensitive, wildcards taken literally', async () => {
    const target = String(sample(contract, 7, refs, 'Lq')[title]);
    const alone = await get({ key: target.toUpperCase() });
    expect(rows(alone).map((r) => r[title])).toEqual([target]);
    expect((await get({ query: 'search', key: target })).body[keys.total]).toBe(1);
    expect((await get({ key: 'Lq1' })).body[keys.total]).toBe(11); // Lq1, Lq10 ... Lq19
    expect((await get({ key: '%' })).body[keys.total]).toBe(0);
    expect((await get({ key: '_' })).body[keys.total]).toBe(0);
    const missingKey = await get({ query: 'search' });
    expect(missingKey.status).toBe(400);
    expect(missingKey.body.fields).toHaveProperty('key');
  });

  test('query=all is unpaged and active only; query=report is unpaged with both statuses', async () => {
    const all = await get({ query: 'all' });
    expect(rows(all)).toHaveLength(22);
    expect(all.body[keys.total]).toBe(22);
    const report = await get({ query: 'report' });
    expect(rows(report)).toHaveLength(25);
    expect(rows(await get({ query: 'report', status: 'false' }))).toHaveLength(3);
  });

  test('empty values are dropped', async () => {
    const answer = await t.call('GET', `${url}?page=&count=&status=&key=&query=&sort=&order=&startDate=&endDate=`, { token: owner });
    expect(answer.status).toBe(200);
    expect(rows(answer)).toHaveLength(10);
    expect(answer.body[keys.total]).toBe(22);
    expect((await t.call('GET', `${url}?page=%20&key=%20%20`, { token: owner })).status).toBe(200);
  });

  test('malformed values are a 400 naming the parameter', async () => {
    const bad: [string, string][] = [
      ['page', '0'],
      ['page', 'abc'],
      ['page', '1.5'],
      ['page', '-2'],
      ['page', '99999999999999999999'],
      ['count', '0'],
      ['count', '1001'],
      ['count', 'ten'],
      ['status', 'yes'],
      ['status', 'true,maybe'],
      ['status', 'TRUE'],
      ['startDate', '2024-13-01'],
      ['startDate', '2024-02-30'],
      ['startDate', '01/02/2024'],
      ['endDate', 'tomorrow'],
      ['sort', 'password'],
      ['sort', 'name;drop'],
      ['order', 'up'],
      ['query', 'bogus'],
      ['key', 'x'.repeat(201)],
      ['key', 'a\u0000b'],
    ];
    for (const [name, value] of bad) {
      const answer = await get({ [name]: value });
      expect(answer.status, `${name}=${value}`).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.fields, `${name}=${value}`).toHaveProperty(name);
    }
    const reversed = await get({ startDate: '2024-03-02', endDate: '2024-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toHaveProperty('endDate');
    expect((await get({ page: '1', page2: 'ignored' } as Record<string, string>)).status).toBe(200);
    const twice = await t.call('GET', `${url}?page=1&page=2`, { token: owner });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toHaveProperty('page');
  });

  test('sort and order; newest first by default', async () => {
    const newest = rows(await get({ status: 'true,false', count: '3' })).map((r) => r.id);
    expect(newest).toEqual(ids.slice(-3).reverse());
    const asc = rows(await get({ sort: title, order: 'asc', count: '1000' })).map((r) => String(r[title]));
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = rows(await get({ sort: title, order: 'desc', count: '1000' })).map((r) => String(r[title]));
    expect(desc).toEqual([...asc].reverse());
    const byDate = rows(await get({ sort: 'createdAt', order: 'asc', status: 'true,false', count: '3' })).map((r) => r.id);
    expect(byDate).toEqual(ids.slice(0, 3));
  });

  test('startDate and endDate filter on createdAt, whole days inclusive', async () => {
    const columns = table as unknown as Record<string, never>;
    const setCreated = (id: number, at: string) =>
      t.database.db
        .update(table)
        .set({ createdAt: new Date(at) } as never)
        .where(eq(columns.id, id as never));
    await setCreated(ids[0]!, '2023-03-10T00:00:00Z');
    await setCreated(ids[1]!, '2023-03-11T12:00:00Z');
    await setCreated(ids[2]!, '2023-03-12T23:59:59Z');
    const dayOf = async (query: Record<string, string>) =>
      rows(await get({ ...query, status: 'true,false', count: '1000' }))
        .map((r) => r.id)
        .sort((a, b) => Number(a) - Number(b));
    expect(await dayOf({ startDate: '2023-03-11', endDate: '2023-03-11' })).toEqual([ids[1]]);
    expect(await dayOf({ startDate: '2023-03-10', endDate: '2023-03-12' })).toEqual(ids.slice(0, 3));
    expect(await dayOf({ endDate: '2023-03-11' })).toEqual(ids.slice(0, 2));
    expect(await dayOf({ startDate: '2023-03-12' })).toEqual(ids.slice(2));
  });
});
