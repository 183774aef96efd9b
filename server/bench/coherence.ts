/**
 * Do two app servers on one database answer alike (scale-out.ts)? A product as a server shows it (its
 * public page, and its row on the list page holding it) is compared with the database (the limit's
 * `/bench/product/:id`: stock and price as stored). Says what it saw; asserts nothing.
 * - `warm`: the products' pages and list pages asked of both servers, so each holds them if it caches.
 * - after a spread load (`soldOn`): products it sold on A and on B, asked of both: the stale answers of each.
 * - otherwise, one product cached on both, sold on A and then its price changed on A: B asked at once
 *   after A's answer and again once 100 ms have passed since it (issue 23's bound for a change to reach B).
 */
import { plainProductId, plainProducts } from './data.ts';
import type { Fixtures } from './serve.ts';

type Json = Record<string, any>;

export interface Pair {
  a: string;
  b: string;
}

const keys = ['productQuantity', 'productSalePrice'] as const;

async function call(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const answer = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, json: (await answer.json()) as Json };
}

// the list is newest first, 20 a page, product k created k minutes in: its page is known
const pageOf = (f: Fixtures, id: number) => 1 + Math.floor((f.firstProductId + f.products - 1 - id) / 20);

/** The product's page and its row of the list, as one server answers them now. */
async function shown(f: Fixtures, base: string, id: number): Promise<{ page: Json; list: Json | undefined }> {
  const [page, list] = await Promise.all([
    call('GET', `${base}/v1/product/public/${id}`),
    call('GET', `${base}/v1/product/public?page=${pageOf(f, id)}&count=20`),
  ]);
  return { page: page.json, list: (list.json.getAllProduct as Json[] | undefined)?.find((p) => p.id === id) };
}

const stored = async (f: Fixtures, id: number) => (await call('GET', `${f.limitUrl}/bench/product/${id}`)).json;

/** What a server's answers say that the database does not, e.g. `page productQuantity 999995 (stored 999994)`. */
async function staleOn(f: Fixtures, base: string, id: number): Promise<string[]> {
  const [view, db] = await Promise.all([shown(f, base, id), stored(f, id)]);
  const out: string[] = [];
  for (const [where, answer] of [
    ['page', view.page],
    ['list', view.list],
  ] as const)
    for (const k of keys) if (answer?.[k] !== db[k]) out.push(`${where} ${k} ${answer?.[k]} (stored ${db[k]})`);
  return out;
}

export async function warm(f: Fixtures, pair: Pair, ids: number[]): Promise<void> {
  for (const id of ids) await Promise.all([shown(f, pair.a, id), shown(f, pair.b, id)]);
}

const said = (stale: string[]) => (stale.length ? `stale: ${stale.join(', ')}` : 'fresh');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** B at once after a write on A, and again once 100 ms have passed since A's answer (the issue's bound); A at once. */
async function afterWrite(f: Fixtures, pair: Pair, id: number, what: string, write: () => Promise<{ status: number; json: Json }>) {
  const done = await write();
  if (done.status >= 300) return `${what} on A was refused: ${done.status} ${JSON.stringify(done.json).slice(0, 300)}`;
  const answered = Date.now();
  const [onB, onA] = await Promise.all([staleOn(f, pair.b, id), staleOn(f, pair.a, id)]);
  await wait(100 - (Date.now() - answered));
  const later = await staleOn(f, pair.b, id);
  return `${what} on A: A ${said(onA)}; B at once ${said(onB)}; B ${Date.now() - answered} ms after A's answer ${said(later)}`;
}

export async function coherence(f: Fixtures, pair: Pair, options: { soldOn?: Record<'A' | 'B', number[]> }): Promise<string[]> {
  if (options.soldOn) {
    const out: string[] = [];
    for (const [seller, ids] of Object.entries(options.soldOn)) {
      const sample = ids.slice(0, 20);
      if (!sample.length) continue;
      const figures = sample.length * 2 * keys.length;
      const seen: string[] = [];
      for (const [name, base] of [
        ['A', pair.a],
        ['B', pair.b],
      ] as const) {
        const stale = (await Promise.all(sample.map(async (id) => (await staleOn(f, base, id)).map((s) => `#${id} ${s}`)))).flat();
        seen.push(`${name} ${stale.length} stale${stale.length ? ` (e.g. ${stale[0]})` : ''}`);
      }
      out.push(`${sample.length} products sold on ${seller} by the spread load, ${figures} figures each asked of both: ${seen.join('; ')}`);
    }
    return out;
  }
  // a product on the list's first page, cached on both
  const id = plainProductId(f, plainProducts(f.products) - 3);
  await warm(f, pair, [id]);
  const sale = await afterWrite(f, pair, id, `a sale of #${id}`, () =>
    call('POST', `${pair.a}/v1/sale-invoice`, f.staffToken, {
      saleInvoiceProduct: [{ productId: id, productQuantity: 1, productDiscount: 0 }],
      paidAmount: [{ paymentType: f.cashMethodId, amount: 5000 }],
    }),
  );
  await warm(f, pair, [id]);
  const price = Math.round((10 + Math.random() * 90) * 100) / 100;
  const priced = await afterWrite(f, pair, id, `a price change of #${id} to ${price}`, () =>
    call('PUT', `${pair.a}/v1/product/${id}`, f.ownerToken, { productSalePrice: price }),
  );
  return [sale, priced];
}
