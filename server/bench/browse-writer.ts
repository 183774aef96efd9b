/**
 * browse-while-selling's background (issue 20): while the storefront's list is walked, tills sell and
 * web orders arrive, `perSecond` writes a second in all (till sale, web checkout, in turn), each on a
 * random product of the catalogue, and every few seconds a product's price changes. After each write,
 * that product's public page and the list page holding it are asked at once and their `productQuantity`
 * and `productSalePrice` compared with the database's: an answer that differs is stale.
 */
import { plainProductId } from './data.ts';
import type { Fixtures } from './serve.ts';
import { shopOf } from './shop-data.ts';

export interface Staleness {
  writes: number;
  /** Writes refused (non-2xx): not checked. */
  refused: number;
  checks: number;
  stale: number;
  /** The first stale answer or refused write, said. */
  first?: string;
}

export interface Background {
  stop(): Promise<Staleness>;
}

type Json = Record<string, any>;

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, json: (await answer.json()) as Json };
}

export function startBackground(f: Fixtures, options: { perSecond: number; priceEverySeconds: number }): Background {
  const s: Staleness = { writes: 0, refused: 0, checks: 0, stale: 0 };
  let shopper = 0;
  let n = 0;
  const app = f.appUrl;
  // a plain product (the writers sell no variant: data.ts)
  const randomProduct = () => plainProductId(f, Math.floor(Math.random() * f.products));
  // the list is newest first, 20 a page, product k created k minutes in: its page is known
  const pageOf = (id: number) => 1 + Math.floor((f.firstProductId + f.products - 1 - id) / 20);
  const note = (text: string) => {
    s.first ??= text;
  };

  const tillSale = (id: number) =>
    call(app, 'POST', '/v1/sale-invoice', f.staffToken, {
      saleInvoiceProduct: [{ productId: id, productQuantity: 1, productDiscount: 0 }],
      paidAmount: [{ paymentType: f.cashMethodId, amount: 5000 }],
    });
  const webOrder = async (id: number) => {
    const token = shopOf(f).browse[shopper++ % shopOf(f).browse.length]!;
    const added = await call(app, 'POST', '/v1/cart', token, { productId: id, productQuantity: 1 });
    if (added.status !== 201) return added;
    return call(app, 'POST', '/v1/cart-order', token, { deliveryFeeId: shopOf(f).deliveryFeeId, paymentMethodId: shopOf(f).codMethodId });
  };
  const priceChange = (id: number) =>
    call(app, 'PUT', `/v1/product/${id}`, f.ownerToken, { productSalePrice: 10 + Math.floor(Math.random() * 9000) / 100 });

  /** The product's page and its list page, asked now, against the database. */
  async function compare(id: number, what: string) {
    const [page, list] = await Promise.all([
      call(app, 'GET', `/v1/product/public/${id}`),
      call(app, 'GET', `/v1/product/public?page=${pageOf(id)}&count=20`),
    ]);
    const stored = (await call(f.limitUrl, 'GET', `/bench/product/${id}`)).json;
    const listed = (list.json.getAllProduct as Json[] | undefined)?.find((p) => p.id === id);
    for (const [where, answer] of [
      ['page', page.json],
      ['list', listed],
    ] as const) {
      s.checks++;
      const differs = ['productQuantity', 'productSalePrice'].filter((k) => answer?.[k] !== stored[k]);
      if (differs.length) {
        s.stale++;
        note(`after a ${what} of #${id}, the ${where} said ${differs.map((k) => `${k} ${answer?.[k]} (stored ${stored[k]})`).join(', ')}`);
      }
    }
  }

  /** One write and its check; products being written are not picked again until their check is done. */
  const busy = new Set<number>();
  const write = async (what: string) => {
    let id = randomProduct();
    while (busy.has(id)) id = randomProduct();
    busy.add(id);
    try {
      const done = await (what === 'price change' ? priceChange(id) : what === 'till sale' ? tillSale(id) : webOrder(id));
      if (done.status >= 300) {
        s.refused++;
        note(`a ${what} of #${id} was refused: ${done.status} ${JSON.stringify(done.json).slice(0, 300)}`);
      } else await compare(id, what);
    } catch (error) {
      s.refused++;
      note(`a ${what} of #${id} failed: ${(error as Error).message}`);
    } finally {
      busy.delete(id);
    }
  };
  // on a clock, not one after the other: a slow answer (the list's load queues them) does not slow the writes
  const pending = new Set<Promise<void>>();
  const started = Date.now();
  let lastPrice = started;
  const timer = setInterval(() => {
    const at = Date.now();
    const priced = at - lastPrice >= options.priceEverySeconds * 1000;
    if (priced) lastPrice = at;
    const what = priced ? 'price change' : n++ % 2 === 0 ? 'till sale' : 'web order';
    s.writes++;
    const task = write(what).finally(() => pending.delete(task));
    pending.add(task);
  }, 1000 / options.perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return s;
    },
  };
}
