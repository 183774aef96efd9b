/**
 * Issue 19, point 18: the staff sale, purchase and customer lists, measured at 10,000 invoices and
 * again at 100,000 (invoice-data.ts), each beside its limit (list-sql.ts). Budget: within 2× of the
 * limit's req/s, and at 100,000 a p95 within 1.5× of the same list's at 10,000 (p95 independent of the
 * number of invoices). The customer report is asked narrowed to the invoiced customers (its bounded form).
 */
import { listCustomerKey } from './invoice-data.ts';
import type { Request } from './load.ts';
import type { Result, Scenario } from './scenarios.ts';
import type { Fixtures } from './serve.ts';

export const listSizes = { 'lists-10k': 10_000, lists: 100_000 } as const;

const lists: { id: string; name: string; path: (i: number) => string }[] = [
  { id: 'sale-list', name: 'staff sale list, page of 20, sums and graph', path: (i) => `/v1/sale-invoice?page=${1 + (i % 5)}&count=20` },
  { id: 'purchase-list', name: 'staff purchase list, page of 20, sums', path: (i) => `/v1/purchase-invoice?page=${1 + (i % 5)}&count=20` },
  // a report is one answer of at most 5,000 rows (maxUnpaged): with the shop's 30,000 shoppers the plain
  // report is a 400, so the bench asks it in its bounded form, narrowed by a search to the 1,000 customers
  // the invoices are made out to (invoice-data.ts)
  {
    id: 'customer-list',
    name: 'customer list with dues (report of the 1,000 invoiced customers, key "List customer")',
    path: () => `/v1/customer?query=report&key=${encodeURIComponent(listCustomerKey)}`,
  },
];

const get = (path: string, token: string): Request => ({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });

export const listScenarios: Scenario[] = lists.flatMap((list) =>
  (['lists-10k', 'lists'] as const).map(
    (phase): Scenario => ({
      id: phase === 'lists' ? list.id : `${list.id}-10k`,
      name: `${list.name}, ${listSizes[phase].toLocaleString('en')} invoices`,
      phase,
      connections: 4,
      check: 'invoiceList',
      plan: (f: Fixtures) => (i) => get(list.path(i), f.ownerToken),
      budget: phase === 'lists' ? '≥½ the limit req/s; p95 ≤1.5× at 10k' : '≥½ the limit req/s',
      met: (r: Result, all: Result[]) => {
        const near = r.app.rps * 2 >= r.limit.rps && r.app.errors === 0 && r.app.non2xx === 0;
        if (phase === 'lists-10k') return near;
        const small = all.find((x) => x.scenario === `${list.id}-10k` && x.database === r.database);
        return small ? near && r.app.p95 <= 1.5 * Math.max(small.app.p95, 1) : near;
      },
    }),
  ),
);
