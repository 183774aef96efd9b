/**
 * The scenarios of issue 12: what each sends (a plan of requests walked round-robin), with how many
 * connections, how its answer is checked against the limit's, and its budget.
 */
import { booksCases, booksReportNames, booksReports } from './books-cases.ts';
import type { Staleness } from './browse-writer.ts';
import { colourWords, nameWords, plainProductId, skuOf, variantBarcodeOf } from './data.ts';
import { listScenarios } from './list-scenarios.ts';
import { browserAsks, type Measured, type Request } from './load.ts';
import type { Fixtures } from './serve.ts';
import { type ShopScenarioParts, shopScenarios } from './shop-scenarios.ts';

export type Phase = 'catalogue' | 'till' | 'shop' | 'lists-10k' | 'lists' | 'books';
/** How the app's answer is compared with the limit's (once per scenario and database); `booksCold` counts a request's first asking. */
export type Check =
  | 'list'
  | 'publicList'
  | 'product'
  | 'tree'
  | 'sale'
  | 'checkout'
  | 'cart'
  | 'invoiceList'
  | 'books'
  | 'booksCold'
  | 'xReport';

export interface Result {
  scenario: string;
  name: string;
  database: 'postgres' | 'embedded';
  connections: number;
  /** How long each of the app and the limit was loaded. */
  seconds: number;
  app: Measured;
  limit: Measured;
  /** SQL statements the app sent for one request (x-sql-statements of the counting app). */
  statements: number | null;
  check: string;
  load: number;
  /** The longest time the servers took, after a load stopped, to answer the requests it had left queued. */
  backlogSeconds: number;
  budget: string;
  met: boolean | null;
  /** browse-while-selling: the background's writes and the answers asked right after them that were stale. */
  stale?: Staleness;
}

export interface Scenario extends ShopScenarioParts {
  id: string;
  name: string;
  phase: Phase;
  postgresOnly?: boolean;
  connections: number;
  /** Measured at least 12 s (outside quick mode), so that a request left 10 s without an answer shows as a timeout. */
  long?: boolean;
  check: Check;
  plan(f: Fixtures): (i: number) => Request;
  budget: string;
  /**
   * A cached answer's limit (issue 30): the app's own answers from memory in a bare Node server
   * (memory-limit.ts), over the plan's first this-many requests (all its distinct answers). Without
   * it the limit is the hand-written SQL (limit.ts).
   */
  memoryLimit?: (f: Fixtures) => number;
  /** What the limit does, when it is not plain hand-written SQL or memory: printed under the table. */
  limitIs?: string;
  /** Met or not, given this result and the others of the run; null when it does not apply (embedded). */
  met(r: Result, all: Result[]): boolean | null;
}

// a visitor's requests carry a browser's Accept-Encoding (load.ts); the staff's are measured plain, as their limit answers
const get = (path: string, token?: string): Request => ({
  method: 'GET',
  path,
  headers: token ? { authorization: `Bearer ${token}` } : browserAsks,
});
const pages = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
const onPostgres = (r: Result, test: () => boolean) => (r.database === 'postgres' ? test() : null);
const clean = (m: Measured) => m.errors === 0 && m.timeouts === 0 && m.non2xx === 0;
const plainList = (r: Result, all: Result[]) => all.find((x) => x.scenario === 'catalogue-list' && x.database === r.database);

/** Filters of the public list, each walked over its first three pages. */
function filterPaths(f: Fixtures): string[] {
  const c = f.categoryIds;
  const b = f.brandIds;
  const k = f.colourIds;
  const filters = [
    `productCategoryId=${c[3]}`,
    `productBrandId=${b[7]},${b[8]}`,
    `color=${k[5]}`,
    'priceRange=20-60',
    `productCategoryId=${c[1]},${c[2]}&productBrandId=${b[1]},${b[3]},${b[5]}&priceRange=5-150`,
    `color=${k[2]},${k[9]}&priceRange=10-40`,
  ];
  return filters.flatMap((q) => [1, 2, 3].map((page) => `/v1/product/public?${q}&page=${page}&count=20`));
}

/** Searches by name (a word, two words) and by SKU (a part, a whole). */
const searchKeys = [...nameWords, ...colourWords.slice(0, 6), 'Mug Teal', 'Lamp Navy', 'SKU-00012', 'SKU-0004321', '777'];

const cycle =
  <T>(list: T[]) =>
  (i: number) =>
    list[i % list.length]!;

export const scenarios: Scenario[] = [
  {
    id: 'catalogue-list',
    name: 'public catalogue list, every page',
    phase: 'catalogue',
    connections: 50,
    long: true,
    check: 'publicList',
    plan: (f) => (i) => get(`/v1/product/public?page=${1 + (i % pages(f.products, 20))}&count=20`),
    memoryLimit: (f) => pages(f.products, 20),
    budget: '≥50% of the limit (its bytes from memory) req/s, p99 ≤100 ms; embedded ≤3× PG, no timeout',
    met: (r, all) => {
      if (r.database === 'postgres') return r.app.rps * 2 >= r.limit.rps && r.app.p99 <= 100;
      const pg = all.find((x) => x.scenario === r.scenario && x.database === 'postgres');
      return pg ? r.app.rps * 3 >= pg.app.rps && clean(r.app) : null;
    },
  },
  {
    id: 'catalogue-filters',
    name: 'public list, filters (category, brand, colour, price)',
    phase: 'catalogue',
    connections: 50,
    check: 'publicList',
    plan: (f) => {
      const paths = filterPaths(f);
      return (i) => get(paths[i % paths.length]!);
    },
    budget: '≥½ the plain list req/s',
    met: (r, all) => onPostgres(r, () => r.app.rps * 2 >= (plainList(r, all)?.app.rps ?? Infinity)),
  },
  {
    id: 'catalogue-search',
    name: 'public list, search by name or SKU',
    phase: 'catalogue',
    connections: 50,
    check: 'publicList',
    plan: () => {
      const key = cycle(searchKeys);
      return (i) => get(`/v1/product/public?key=${encodeURIComponent(key(i))}&page=${1 + ((i >> 4) % 2)}&count=20`);
    },
    budget: '≥½ the plain list req/s',
    met: (r, all) => onPostgres(r, () => r.app.rps * 2 >= (plainList(r, all)?.app.rps ?? Infinity)),
  },
  {
    id: 'product-page',
    name: 'public product page, the 1,000 newest in turn (asked again)',
    phase: 'catalogue',
    connections: 50,
    check: 'product',
    plan: (f) => (i) => get(`/v1/product/public/${f.firstProductId + f.products - 1 - (i % 1000)}`),
    memoryLimit: () => 1000,
    // "asked again": each page asked once before the load (the embedded database's first reads, one at a time,
    // took more than the second's warm-up); product-page-cold measures the first reads
    warm: () => 1000,
    budget: '≥2000 req/s',
    met: (r) => onPostgres(r, () => r.app.rps >= 2000),
  },
  {
    id: 'product-page-cold',
    name: 'public product page, each request a product not asked before',
    phase: 'catalogue',
    connections: 50,
    check: 'product',
    plan: (f) => (i) => get(`/v1/product/public/${f.firstProductId + ((i * 7919) % f.products)}`),
    budget: 'a database read per request: ≥½ the limit (information)',
    met: (r) => onPostgres(r, () => r.app.rps * 2 >= r.limit.rps),
  },
  {
    id: 'category-tree',
    name: 'public category tree',
    phase: 'catalogue',
    connections: 50,
    check: 'tree',
    plan: () => () => get('/v1/product-category/public'),
    memoryLimit: () => 1,
    budget: '≥2000 req/s',
    met: (r) => onPostgres(r, () => r.app.rps >= 2000),
  },
  {
    id: 'staff-list',
    name: 'staff product list (clerk role, page of 20)',
    phase: 'catalogue',
    connections: 50,
    check: 'list',
    plan: (f) => (i) => get(`/v1/product?page=${1 + (i % 50)}&count=20`, f.staffToken),
    budget: 'no query for the permission check (SQL/req ≤2)',
    met: (r) => (r.statements === null ? null : r.statements <= 2),
  },
  {
    id: 'till-search',
    name: 'till product search, 100k products',
    phase: 'till',
    connections: 2,
    check: 'list',
    plan: (f) => {
      const key = cycle(searchKeys);
      return (i) => get(`/v1/product?query=search&key=${encodeURIComponent(key(i))}`, f.staffToken);
    },
    budget: 'p95 ≤20 ms',
    met: (r) => onPostgres(r, () => r.app.p95 <= 20),
  },
  {
    id: 'till-scan',
    name: 'till SKU scan, 100k products',
    phase: 'till',
    connections: 2,
    check: 'list',
    plan: (f) => (i) => get(`/v1/product?query=search&key=${skuOf(1 + ((i * 7919) % f.products))}`, f.staffToken),
    budget: 'p95 ≤20 ms',
    met: (r) => onPostgres(r, () => r.app.p95 <= 20),
  },
  {
    id: 'till-scan-variant',
    name: "till scan of a variant's barcode, 100k products",
    phase: 'till',
    connections: 2,
    check: 'list',
    plan: (f) => (i) => get(`/v1/product?query=search&key=${variantBarcodeOf(1 + (i % 13))}`, f.staffToken),
    limitIs:
      'the search by the products (no product holds a barcode: an empty page), then the variant looked up by its code, as the app does',
    budget: 'p95 ≤10 ms',
    met: (r) => onPostgres(r, () => r.app.p95 <= 10),
  },
  {
    id: 'sale',
    name: 'till sale, 5 lines, paid in cash',
    phase: 'till',
    connections: 8,
    check: 'sale',
    plan: (f) => (i) => ({
      method: 'POST',
      path: '/v1/sale-invoice',
      headers: { authorization: `Bearer ${f.staffToken}` },
      body: JSON.stringify({
        saleInvoiceProduct: [0, 1, 2, 3, 4].map((k) => ({
          productId: plainProductId(f, i * 5 + k),
          productQuantity: 1 + k,
          productDiscount: 0,
        })),
        paidAmount: [{ paymentType: f.cashMethodId, amount: 5000 }],
        // in an open till session (issue 31) where the schema has them: the limit keeps the same session bookkeeping
        ...(f.till ? { tillSessionId: f.till.saleSessionId } : {}),
      }),
    }),
    limitIs:
      "hand-written SQL making the same writes as the app, with the tables' triggers firing for it as for the app; in a till session, with the same session bookkeeping (the session share-locked, the postings tagged, the cash into its drawer)",
    budget: '≥50% of the limit req/s',
    met: (r) => onPostgres(r, () => r.app.rps >= r.limit.rps / 2),
  },
  {
    // issue 33: a till back online sends its queue one sale at a time, each under its own key and reference
    id: 'queue-replay',
    name: "a till's queue of offline sales sent after reconnecting (1 at a time, 3 lines, keyed)",
    phase: 'till',
    connections: 1,
    check: 'sale',
    plan: (f) => {
      const run = Math.random().toString(36).slice(2, 8);
      const soldAt = new Date().toISOString();
      return (i) => ({
        method: 'POST',
        path: '/v1/sale-invoice',
        headers: { authorization: `Bearer ${f.staffToken}`, 'idempotency-key': `replay-${run}-${i}` },
        body: JSON.stringify({
          saleInvoiceProduct: [0, 1, 2].map((k) => ({ productId: plainProductId(f, 7 * i + k), productQuantity: 1, productDiscount: 0 })),
          paidAmount: [{ paymentType: f.cashMethodId, amount: 5000 }],
          ...(f.till ? { tillSessionId: f.till.saleSessionId } : {}),
          receiptReference: `TQ-${run}-${i}`,
          soldAt,
          offline: 'true',
        }),
      });
    },
    limitIs: "the sale's hand-written SQL, one request at a time (the key and the reference are the app's own bookkeeping)",
    budget: '1,000 queued sales posted within 60 s (≥16.7 req/s at one connection)',
    met: (r) => onPostgres(r, () => r.app.rps * 60 >= 1000 && clean(r.app)),
  },
  {
    id: 'x-report',
    name: "till session's X report, 10,000 sales in the session",
    phase: 'till',
    connections: 2,
    check: 'xReport',
    plan: (f) => () => get(`/v1/till-session/${f.till?.xSessionId ?? 0}/x-report`, f.ownerToken),
    limitIs: "the session's ledger rows summed in one hand-written statement (its sales and expected cash)",
    budget: 'p95 ≤50 ms',
    met: (r) => onPostgres(r, () => r.app.p95 > 0 && r.app.p95 <= 50 && clean(r.app)),
  },
  ...shopScenarios,
  ...listScenarios,
  // each report asked again (the same range: from the app's memory after the first request, until a
  // write) and cold (each request a range not asked before: a database read, as after every sale)
  ...booksReports.flatMap((report): Scenario[] =>
    (['again', 'cold'] as const).map((how) => ({
      id: `books-${report}${how === 'cold' ? '-cold' : ''}`,
      name: `books: ${booksReportNames[report]}, 1M ledger rows, ${
        how === 'cold' ? 'each request a range not asked before' : 'asked again'
      }`,
      phase: 'books',
      postgresOnly: true,
      connections: 1,
      check: how === 'cold' ? 'booksCold' : 'books',
      plan: (f) => {
        const cases = booksCases(f.today);
        if (how === 'again') return () => get(cases.asked.get(report)!.url, f.ownerToken);
        // a walk that goes on across the check, the warm-up and the measurement: no range twice
        let n = 0;
        const cold = cases.cold.get(report)!;
        return () => get(cold[n++ % cold.length]!.url, f.ownerToken);
      },
      // the widest range (any range answers, issue 19) is held to the bound every GET keeps: a second
      ...(report === 'widest'
        ? { budget: 'p99 ≤1 s', met: (r: Result) => r.app.p99 > 0 && r.app.p99 <= 1000 && r.app.non2xx === 0 }
        : {
            budget: '≤1.5× the SQL aggregate, p50 ≤200 ms',
            met: (r: Result) => r.limit.p50 > 0 && r.app.p50 <= 1.5 * r.limit.p50 && r.app.p50 <= 200,
          }),
    })),
  ),
];

/**
 * The scenarios some words pick: a word that is a scenario's id picks that one ("sale" the sale, not the
 * sale lists); any other word picks every scenario whose id holds it ("catalogue", "list"). No words: all.
 */
export function pickScenarios(all: Scenario[], words: string[]): Scenario[] {
  if (!words.length) return all;
  const ids = new Set(all.map((s) => s.id));
  return all.filter((s) => words.some((w) => (ids.has(w) ? s.id === w : s.id.includes(w))));
}
