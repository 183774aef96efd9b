/**
 * The limit: a bare Node `http` server answering the bench's requests with the best hand-written SQL
 * (limit-sql.ts) over the same database as the app: no framework, no validation, no access check,
 * no answer schema. What the app costs beyond it is the ratio the bench prints.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { booksCaseAt } from './books-cases.ts';
import { limitSealer } from './limit-sealer.ts';
import {
  categoryTreeSql,
  publicListSql,
  publicProductSql,
  saleFactsSql,
  saleInSessionSql,
  saleSql,
  staffListSql,
  tillSearchSql,
  variantScanSql,
} from './limit-sql.ts';
import { customerReportSql, purchaseListSql, saleListSql } from './list-sql.ts';
import type { RawSql } from './raw-sql.ts';
import { type ShopLimitContext, shopAnswer, shopLimitContext } from './shop-limit.ts';
import { xReportSql } from './till-data.ts';

const ids = (text: string | null) => (text ? text.split(',').map(Number).filter(Number.isInteger) : undefined);
const likeOf = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The public list's and the staff list's conditions, with their values (`values` first: the till's
 * search passes its key as $1). The staff search uses the stored lower-cased search column as the app
 * does (migration 0013); the public catalogue's search is still `ilike` on the name and the SKU.
 */
function listWhere(params: URLSearchParams, options: { lowered?: boolean; values?: unknown[] } = {}) {
  const values: unknown[] = [...(options.values ?? [])];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['p.status'];
  const key = params.get('key');
  if (key) {
    const pattern = add(likeOf(key));
    where.push(options.lowered ? `p.search like lower(${pattern})` : `(p.name ilike ${pattern} or p.sku ilike ${pattern})`);
  }
  const category = ids(params.get('productCategoryId'));
  if (category)
    where.push(
      `p.product_sub_category_id in (select id from product_sub_category where product_category_id = any(${add(category)}::int[]))`,
    );
  const sub = ids(params.get('productSubCategoryId'));
  if (sub) where.push(`p.product_sub_category_id = any(${add(sub)}::int[])`);
  const brand = ids(params.get('productBrandId'));
  if (brand) where.push(`p.product_brand_id = any(${add(brand)}::int[])`);
  const colour = ids(params.get('color'));
  if (colour) where.push(`p.id in (select product_id from product_color where color_id = any(${add(colour)}::int[]))`);
  const range = params.get('priceRange')?.split('-').map(Number);
  if (range) where.push(`x.final between ${add(range[0])} and ${add(range[1])}`);
  return { where: where.join(' and '), values, priced: range !== undefined };
}

function paging(params: URLSearchParams, count: number) {
  const page = Math.max(1, Number(params.get('page') ?? 1));
  const size = Math.max(1, Number(params.get('count') ?? count));
  return { limit: size, offset: (page - 1) * size };
}

export interface LimitContext {
  sql: RawSql;
  /** Seals the sales the limit made, as the app's sealer does (limit-sealer.ts). */
  sealSales: () => void;
  /** Resolved once at start: the walk-in customer, the seller, the sale's sub-accounts, payment method → sub-account. */
  sale: { customerId: number; userId: number; accounts: number[]; methods: Map<number, number> };
  today: string;
  shop: ShopLimitContext;
  /** The schema has variants (issue 32): the public answers list them as the app's do. */
  variants: boolean;
}

export async function limitContext(sql: RawSql, userId: number): Promise<LimitContext> {
  const [walkIn] = await sql(`select min(id) as id from customer`);
  const keys = ['costOfSales', 'inventory', 'accountsReceivable', 'sales', 'tax'];
  const accounts = await sql(`select system_key, id from sub_account where system_key = any($1::text[])`, [keys]);
  const byKey = new Map(accounts.map((a) => [String(a.system_key), Number(a.id)]));
  const methods = await sql(`select id, sub_account_id from payment_method`);
  const [today] = await sql(`select to_char(current_date, 'YYYY-MM-DD') as d`);
  return {
    sql,
    sealSales: limitSealer(sql, 'sale'),
    sale: {
      customerId: Number(walkIn!.id),
      userId,
      accounts: keys.map((k) => byKey.get(k)!),
      methods: new Map(methods.map((m) => [Number(m.id), Number(m.sub_account_id)])),
    },
    today: String(today!.d),
    shop: await shopLimitContext(sql),
    variants: Boolean((await sql(`select to_regclass('product_variant') is not null as present`))[0]!.present),
  };
}

async function bodyOf(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers one request: [status, JSON text]. */
async function answer(ctx: LimitContext, req: http.IncomingMessage): Promise<[number, string]> {
  const url = new URL(req.url ?? '/', 'http://limit');
  const path = url.pathname;
  const params = url.searchParams;
  const one = async (text: string, values?: unknown[]) => (await ctx.sql(text, values))[0]?.body as string | undefined;
  if (path === '/v1/product/public') {
    const { where, values, priced } = listWhere(params);
    const { limit, offset } = paging(params, 10);
    return [200, (await one(publicListSql(where, priced, limit, offset, ctx.variants), values))!];
  }
  const productPage = /^\/v1\/product\/public\/(\d+)$/.exec(path);
  if (productPage) {
    const body = await one(publicProductSql(ctx.variants), [Number(productPage[1])]);
    return body ? [200, body] : [404, '{"error":"Product not found"}'];
  }
  if (path === '/v1/product-category/public') return [200, (await one(categoryTreeSql))!];
  const xReport = /^\/v1\/till-session\/(\d+)\/x-report$/.exec(path);
  if (xReport) {
    const [row] = await ctx.sql(xReportSql, [Number(xReport[1])]);
    return row ? [200, JSON.stringify(row)] : [404, '{"error":"Till session not found"}'];
  }
  const tillKey = params.get('query') === 'search' && !params.get('sort') ? params.get('key') : null;
  if (path === '/v1/product' && tillKey) {
    const { where, values } = listWhere(params, { lowered: true, values: [tillKey] });
    const { limit, offset } = paging(params, 10);
    const keyOnly = where === 'p.status and p.search like lower($2)';
    const page = (await one(tillSearchSql(where, limit, offset, keyOnly ? 's.status and s.search like lower($2)' : undefined), values))!;
    // no product holds the key: a scanner's code may be a variant's (the app looks it up then too)
    if (page.startsWith('{"getAllProduct":[]') && !/\s/.test(tillKey)) {
      const scanned = await one(variantScanSql, [tillKey]).catch(() => undefined);
      if (scanned) return [200, scanned];
    }
    return [200, page];
  }
  if (path === '/v1/product') {
    const { where, values } = listWhere(params);
    const { limit, offset } = paging(params, 10);
    return [200, (await one(staffListSql(where, limit, offset), values))!];
  }
  if (path === '/v1/sale-invoice' && req.method === 'POST') {
    const input = JSON.parse(await bodyOf(req)) as {
      saleInvoiceProduct: { productId: number; productQuantity: number }[];
      paidAmount: { paymentType: number }[];
      tillSessionId?: number;
    };
    const s = ctx.sale;
    const method = input.paidAmount[0]!.paymentType;
    const values = [
      input.saleInvoiceProduct.map((l) => l.productId),
      input.saleInvoiceProduct.map((l) => l.productQuantity),
      s.customerId,
      s.userId,
      ...s.accounts,
      s.methods.get(method),
    ];
    const body = input.tillSessionId ? await one(saleInSessionSql, [...values, input.tillSessionId, method]) : await one(saleSql, values);
    ctx.sealSales();
    return body ? [201, body] : [400, '{"error":"Not enough stock"}'];
  }
  if (path === '/v1/sale-invoice' && req.method === 'GET') {
    const { limit, offset } = paging(params, 10);
    return [200, (await one(saleListSql(limit, offset)))!];
  }
  if (path === '/v1/purchase-invoice') {
    const { limit, offset } = paging(params, 10);
    return [200, (await one(purchaseListSql(limit, offset)))!];
  }
  if (path === '/v1/customer' && params.get('query') === 'report')
    return [200, (await one(customerReportSql, [likeOf(params.get('key') ?? '')]))!];
  const shop = await shopAnswer(ctx.shop, req, path, () => bodyOf(req));
  if (shop) return shop;
  if (path === '/bench/idle') return [200, JSON.stringify(await ctx.sql('select 1 as idle'))];
  const saleFacts = /^\/bench\/sale\/(\d+)$/.exec(path);
  if (saleFacts) return [200, JSON.stringify((await ctx.sql(saleFactsSql, [Number(saleFacts[1])]))[0] ?? null)];
  if (path === '/v1/account' || path === '/v1/dashboard') {
    const c = booksCaseAt(ctx.today, `${path}${url.search}`);
    if (c) return [200, JSON.stringify(await Promise.all(c.parts.map((p) => ctx.sql(p.sql, p.values))))];
  }
  return [404, '{"error":"not a bench route"}'];
}

/** Starts the limit on a free port; answers its URL and a close function. */
export async function startLimit(ctx: LimitContext): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    answer(ctx, req).then(
      ([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (error: Error) => {
        const body = JSON.stringify({ error: error.message });
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(body);
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
