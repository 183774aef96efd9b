import { buildListQuery } from '@tillbook/contract';
import { describe, expect, test } from 'vitest';
import { listUrl } from '../src/lib/http.ts';

const params = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('the list query the web sends', () => {
  test('defaults to page 1, count 10, status true', () => {
    expect(params(buildListQuery())).toEqual({ page: '1', count: '10', status: 'true' });
    expect(params(buildListQuery({}))).toEqual({ page: '1', count: '10', status: 'true' });
  });

  test('keeps what is given over the defaults', () => {
    expect(params(buildListQuery({ page: 3, count: 50, status: 'false' }))).toEqual({ page: '3', count: '50', status: 'false' });
    expect(params(buildListQuery({ status: ['true', 'false'] }))).toMatchObject({ status: 'true,false' });
  });

  test('a report gets no page, count or status defaults', () => {
    expect(params(buildListQuery({ query: 'report' }))).toEqual({ query: 'report' });
    expect(params(buildListQuery({ query: 'report', startDate: '2025-01-01' }))).toEqual({ query: 'report', startDate: '2025-01-01' });
  });

  test('empty values are dropped', () => {
    expect(params(buildListQuery({ name: '', key: undefined, endDate: null, ids: [], customerId: 4 }))).toEqual({
      page: '1',
      count: '10',
      status: 'true',
      customerId: '4',
    });
  });

  test('a search key adds query=search; an empty key does not', () => {
    expect(params(buildListQuery({ key: 'teal' }))).toEqual({ page: '1', count: '10', status: 'true', key: 'teal', query: 'search' });
    expect(params(buildListQuery({ key: '' }))).not.toHaveProperty('query');
  });

  test('the key travels encoded', () => {
    expect(buildListQuery({ key: 'a&b c' })).toContain('key=a%26b+c');
  });
});

describe('the URL of a list call', () => {
  test('appends the list query to the path', () => {
    expect(listUrl('product-color', {})).toBe('product-color?page=1&count=10&status=true');
  });

  test('after a query the path already has', () => {
    expect(params(listUrl('account?type=sa', { key: 'cash' }).split('?')[1]!)).toEqual({
      type: 'sa',
      page: '1',
      count: '10',
      status: 'true',
      key: 'cash',
      query: 'search',
    });
  });

  test('leaves the path alone without filters', () => {
    expect(listUrl('setting')).toBe('setting');
  });
});
