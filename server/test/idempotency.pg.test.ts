import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { writtenCounts } from './idempotency-fixtures.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/** Retry-safe sales on PostgreSQL, over real connections: requests at once, and a retry after the connection was cut. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let port: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  cash = (await paymentMethods(t, owner)).cash;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const saleBody = (productId: number, productQuantity: number) =>
  JSON.stringify({ saleInvoiceProduct: [{ productId, productQuantity }], paidAmount: [{ paymentType: cash, amount: 100 }] });

const headers = (body: string, key: string) => ({
  authorization: `Bearer ${owner}`,
  'content-type': 'application/json',
  'content-length': Buffer.byteLength(body),
  'idempotency-key': key,
});

/** A sale over its own HTTP connection; answers the status and the body. */
function postSale(body: string, key: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/sale-invoice', agent: false, headers: headers(body, key) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends a sale and cuts the connection as soon as the request is written, as a till losing its network would. */
function postSaleAndCut(body: string, key: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/sale-invoice',
      agent: false,
      headers: headers(body, key),
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.end(body, () => req.destroy());
  });
}

/** Sends a sale, never reads its answer, and cuts the connection once `made` finds the sale written. */
async function postSaleCutOnceMade<T>(body: string, key: string, made: () => Promise<T | undefined>): Promise<T> {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/sale-invoice',
    agent: false,
    headers: headers(body, key),
  });
  req.on('error', () => {});
  req.end(body);
  try {
    for (;;) {
      const found = await made();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    req.destroy();
  }
}

const salesOf = async (productId: number) =>
  (await rows(t, sql`select distinct invoice_id as id from sale_invoice_product where product_id = ${productId}`)).map(
    (r) => r.id as number,
  );

describe('one key, one sale, on PostgreSQL', () => {
  test('the same sale sent 10 times at once over 10 connections makes one invoice, moves the stock once, posts once', async () => {
    const p = await referenceProduct(t, 10);
    const before = await writtenCounts(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postSale(saleBody(p.id, 2), 'burst-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.body.createdInvoice.id));
    expect(ids.size).toBe(1);
    expect(await salesOf(p.id)).toEqual([...ids]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(8);
    const after = await writtenCounts(t);
    expect(after.sale_invoice - before.sale_invoice).toBe(1);
    expect(after.stock_movement - before.stock_movement).toBe(1);
    const [posted] = await rows(
      t,
      sql`select count(*)::int as n from "transaction" where type = 'sale' and related_id = ${String([...ids][0])}`,
    );
    expect(after.transaction - before.transaction).toBe(posted.n);
  });

  test('a sale whose answer the till never heard (its connection cut once the sale was made), retried with its key, makes one sale', async () => {
    const p = await referenceProduct(t, 10);
    const body = saleBody(p.id, 3);
    // the till sends the sale and its network drops before the answer is read: the connection is cut as soon
    // as the sale is in the books (a cut before the server has read the request may or may not make it; the
    // next test covers that case)
    const made = await postSaleCutOnceMade(body, 'cut-1', async () => {
      const sales = await salesOf(p.id);
      return sales.length ? sales : undefined;
    });
    const retried = await postSale(body, 'cut-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.body.createdInvoice.id).toBe(made[0]);
    expect(retried.body.createdInvoice.number, 'the replayed answer carries the number given at commit').toBeGreaterThan(0);
    expect(await salesOf(p.id)).toEqual(made);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
  });

  test('cut connections and retries of several sales at once: each key makes exactly one sale', async () => {
    const p = await referenceProduct(t, 20);
    const keys = ['mix-1', 'mix-2', 'mix-3', 'mix-4'];
    await Promise.all(keys.map((key) => postSaleAndCut(saleBody(p.id, 1), key)));
    const retried = await Promise.all([...keys, ...keys].map((key) => postSale(saleBody(p.id, 1), key)));
    expect(retried.map((a) => a.status)).toEqual(Array(8).fill(201));
    const ids = new Set(retried.map((a) => a.body.createdInvoice.id));
    expect(ids.size).toBe(4);
    expect((await salesOf(p.id)).sort()).toEqual([...ids].sort());
    expect((await readProduct(t, p.id)).productQuantity).toBe(16);
  });
});
