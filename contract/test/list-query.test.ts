import { describe, expect, test } from 'vitest';
import { baseListQuery, dropEmpty, maxCount } from '../src/list-query.ts';
import { buildListQuery, listDefaults } from '../src/list-query-client.ts';

const parse = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('buildListQuery', () => {
  test('defaults: page 1, count 10, status true', () => {
    expect(parse(buildListQuery())).toEqual({ page: '1', count: '10', status: 'true' });
    expect(parse(buildListQuery({}))).toEqual({
      page: String(listDefaults.page),
      count: String(listDefaults.count),
      status: listDefaults.status,
    });
  });

  test('given values win over the defaults', () => {
    expect(parse(buildListQuery({ page: 3, count: 50, status: 'false' }))).toEqual({ page: '3', count: '50', status: 'false' });
    expect(parse(buildListQuery({ status: ['true', 'false'] }))).toMatchObject({ status: 'true,false' });
  });

  test('a report gets no defaults', () => {
    expect(parse(buildListQuery({ query: 'report' }))).toEqual({ query: 'report' });
    expect(parse(buildListQuery({ query: 'report', startDate: '2024-01-01' }))).toEqual({ query: 'report', startDate: '2024-01-01' });
  });

  test('empty values are dropped', () => {
    const built = parse(buildListQuery({ key: '', customerId: null, supplierId: undefined, ids: [], page: 2 }));
    expect(built).toEqual({ page: '2', count: '10', status: 'true' });
  });

  test('a search key adds query=search', () => {
    expect(parse(buildListQuery({ key: 'tea' }))).toEqual({ key: 'tea', query: 'search', page: '1', count: '10', status: 'true' });
    expect(parse(buildListQuery({ key: 'tea', query: 'all' })).query).toBe('search');
    expect(parse(buildListQuery({ key: '' }))).not.toHaveProperty('query');
  });

  test('lists become comma lists and values are encoded', () => {
    const text = buildListQuery({ customerId: [1, 2, 3], key: 'a&b=c' });
    expect(parse(text)).toMatchObject({ customerId: '1,2,3', key: 'a&b=c' });
    expect(text).toContain('key=a%26b%3Dc');
  });

  test('zero and false are values, not empty', () => {
    expect(parse(buildListQuery({ minimum: 0, flag: false }))).toMatchObject({ minimum: '0', flag: 'false' });
  });
});

describe('dropEmpty and the server-side schema', () => {
  test('blank values and empty repeats are dropped, repeats joined', () => {
    expect(dropEmpty({ page: '', key: '  ', count: '5', status: ['true', '', 'false'], query: undefined })).toEqual({
      count: '5',
      status: 'true,false',
    });
  });

  test('accepts the convention and refuses malformed values, naming them', () => {
    expect(baseListQuery.parse({ page: '2', count: String(maxCount), status: 'true,false', startDate: '2024-02-29' })).toMatchObject({
      page: 2,
      count: maxCount,
      status: ['true', 'false'],
      startDate: '2024-02-29',
    });
    for (const [name, value] of [
      ['page', '0'],
      ['count', String(maxCount + 1)],
      ['status', 'yes'],
      ['startDate', '2023-02-29'],
      ['order', 'up'],
      ['sort', 'a b'],
    ]) {
      const result = baseListQuery.safeParse({ [name]: value });
      expect(result.success, `${name}=${value}`).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([name]);
    }
  });
});

test('a search key of only spaces is dropped like an empty one', () => {
  expect(new URLSearchParams(buildListQuery({ key: '   ' })).get('query')).toBeNull();
});
