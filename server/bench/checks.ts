/**
 * Same answers from the app and the limit: once per scenario and database, the first requests of its
 * plan are sent to the counting app (COUNT_STATEMENTS on) and to the limit, and what a user would
 * check is compared: totals, the rows and their order, the prices; for the sale, what each one wrote.
 */
import type { Request } from './load.ts';
import type { Check } from './scenarios.ts';
import type { Fixtures } from './serve.ts';
import { shopCheck } from './shop-checks.ts';

type Json = Record<string, any>;

async function send(base: string, r: Request): Promise<{ status: number; json: Json; statements: number | null }> {
  const answer = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
    body: r.body,
  });
  const statements = answer.headers.get('x-sql-statements');
  return { status: answer.status, json: (await answer.json()) as Json, statements: statements === null ? null : Number(statements) };
}

/** Differences between two lists of products (ids in order, and the price paid when public). */
function compareList(app: Json, limit: Json, priced: boolean): string[] {
  const out: string[] = [];
  if (app.totalProduct !== limit.totalProduct) out.push(`total ${app.totalProduct} ≠ ${limit.totalProduct}`);
  const a = (app.getAllProduct ?? []) as Json[];
  const l = (limit.getAllProduct ?? []) as Json[];
  if (a.map((p) => p.id).join() !== l.map((p) => p.id).join()) out.push(`rows ${a.length} vs ${l.length} or their order differ`);
  else if (priced) {
    const wrong = a.filter(
      (p, i) =>
        p.finalPriceWithVat !== l[i]!.finalPriceWithVat ||
        p.productSalePriceWithVat !== l[i]!.productSalePriceWithVat ||
        (p.priceFrom ?? null) !== (l[i]!.priceFrom ?? null),
    );
    if (wrong.length) out.push(`${wrong.length} prices differ (e.g. #${wrong[0]!.id})`);
  }
  if (!a.length) out.push('no rows to compare');
  return out;
}

/** Differences between two invoice lists (sales, purchases, the customer report): totals, sums, rows and their figures. */
function compareInvoices(app: Json, limit: Json): string[] {
  const out: string[] = [];
  for (const key of ['totalSaleInvoice', 'totalPurchaseInvoice'])
    if (app[key] !== limit[key]) out.push(`${key} ${app[key]} ≠ ${limit[key]}`);
  // key order aside: the app answers in its schema's order, the limit in its own
  const sorted = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sorted)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .sort()
              .map(([k, v]) => [k, sorted(v)]),
          )
        : x;
  const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
  if (!same(app.aggregations?._sum, limit.aggregations?._sum)) out.push('the sums differ');
  if (!same(app.grandData, limit.grandData)) out.push('the grand figures differ');
  if (!same(app.graphData, limit.graphData)) out.push('the graph differs');
  const rows = (x: Json) =>
    ((x.getAllSaleInvoice ?? x.getAllPurchaseInvoice ?? x.allCustomer ?? []) as Json[]).map((r) => [
      r.id,
      r.dueAmount,
      r.paidAmount ?? r.totalPaidAmount,
      r.paymentStatus,
    ]);
  if (!same(rows(app), rows(limit))) out.push('rows, their order or their figures differ');
  if (!rows(app).length) out.push('no rows to compare');
  return out;
}

function compareOne(kind: Check, app: Json, limit: Json): string[] {
  if (kind === 'list' || kind === 'publicList') return compareList(app, limit, kind === 'publicList');
  if (kind === 'invoiceList') return compareInvoices(app, limit);
  if (kind === 'product') {
    const keys = ['id', 'sku', 'finalPriceWithVat', 'productSalePriceWithVat', 'vatPercentage', 'productCategoryId', 'productBrandName'];
    const out = keys.filter((k) => app[k] !== limit[k]).map((k) => `${k} ${app[k]} ≠ ${limit[k]}`);
    const discount = (d: Json | null) => (d ? [d.type, d.value, d.startDate, d.endDate].join() : 'none');
    if (discount(app.discount) !== discount(limit.discount)) out.push(`discount ${discount(app.discount)} ≠ ${discount(limit.discount)}`);
    if ((app.colors ?? []).map((c: Json) => c.id).join() !== (limit.colors ?? []).map((c: Json) => c.id).join()) out.push('colours differ');
    const variants = (x: Json) =>
      ((x.variants ?? []) as Json[]).map((v) => [v.id, v.sku, v.productQuantity, v.finalPriceWithVat].join(':')).join();
    if (variants(app) !== variants(limit)) out.push(`variants differ: ${variants(app)} ≠ ${variants(limit)}`);
    return out;
  }
  if (kind === 'xReport') {
    const keys = ['sales', 'expectedCash'];
    return keys.filter((k) => app[k] !== limit[k]).map((k) => `${k} ${app[k]} ≠ ${limit[k]}`);
  }
  if (kind === 'tree') {
    const shape = (x: Json) =>
      JSON.stringify((x.getAllProductCategory as Json[]).map((c) => [c.id, (c.productSubCategory as Json[]).map((s) => s.id)]));
    const out = app.totalProductCategory !== limit.totalProductCategory ? ['totals differ'] : [];
    if (shape(app) !== shape(limit)) out.push('categories or sub-categories differ');
    return out;
  }
  return [];
}

/** Compares the first requests of a plan; answers 'ok' or what differs, and the app's statements per request. */
export async function check(kind: Check, f: Fixtures, next: (i: number) => Request): Promise<{ check: string; statements: number | null }> {
  const problems: string[] = [];
  let statements: number | null = null;
  if (kind === 'checkout' || kind === 'cart') return shopCheck(kind, f, next, send);
  if (kind === 'sale') {
    // the same body (products not sold by the load) to both; then what each one wrote, read back by the limit's SQL
    const r = next(9_000_001);
    const app = await send(f.probeUrl, r);
    const limit = await send(f.limitUrl, r);
    if (app.status !== 201 || limit.status !== 201)
      return {
        check: `status app ${app.status} (${JSON.stringify(app.json).slice(0, 500)}), limit ${limit.status}`,
        statements: app.statements,
      };
    const facts = async (id: number) => (await send(f.limitUrl, { method: 'GET', path: `/bench/sale/${id}` })).json;
    const [a, l] = [await facts(app.json.createdInvoice.id), await facts(limit.json.createdInvoice.id)];
    for (const k of Object.keys(a)) if (a[k] !== l[k]) problems.push(`${k} ${a[k]} ≠ ${l[k]}`);
    return { check: problems.length ? problems.join('; ') : `ok (${a.lines} lines, ${a.postings} postings)`, statements: app.statements };
  }
  for (const i of [0, 1, 2]) {
    const r = next(i);
    // asked twice: the second answer is the one the load sees once any per-role or per-page cache is warm
    // (a cold plan's load never asks a request twice: its first answer is the one counted)
    const first = await send(f.probeUrl, r);
    const app = await send(f.probeUrl, r);
    const limit = await send(f.limitUrl, r);
    statements = Math.max(statements ?? 0, (kind === 'booksCold' ? first : app).statements ?? 0);
    if (app.status !== 200 || limit.status !== 200) {
      // the answer's body says why (a 400 names its field)
      const why = app.status !== 200 ? ` (${JSON.stringify(app.json).slice(0, 500)})` : '';
      problems.push(`${r.path}: status app ${app.status}${why}, limit ${limit.status}`);
      continue;
    }
    if (kind === 'books' || kind === 'booksCold') continue;
    problems.push(...compareOne(kind, app.json, limit.json).map((p) => `${r.path}: ${p}`));
  }
  if (kind === 'books' || kind === 'booksCold')
    return { check: problems.length ? problems.join('; ') : 'app 200; limit is the SQL aggregate', statements };
  return { check: problems.length ? problems.join('; ') : 'ok', statements };
}
