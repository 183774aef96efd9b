import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { forgetOldKeys } from '../src/platform/idempotency.ts';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { documentOf, documentRequests, send, writtenCounts } from './idempotency-fixtures.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/** Retry-safe documents: a request sent again with its Idempotency-Key answers the first document and writes nothing. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  cash = (await paymentMethods(t, owner)).cash;
});

const requests = () => documentRequests(t, () => owner);
const sales = async () => Number((await rows(t, sql`select count(*)::int as n from sale_invoice`))[0].n);

describe('every document honours its key', () => {
  const names = Object.keys(documentRequests(undefined as never, () => ''));
  test.each(names)('%s: a retry answers the same document and writes nothing', async (name) => {
    const request = await requests()[name]!();
    const key = `key-${name.replace(/[^a-z]+/gi, '-')}-${Date.now()}`;
    const before = await writtenCounts(t);
    const first = await send(t, request, key);
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const after = await writtenCounts(t);
    expect(after).not.toEqual(before);
    const again = await send(t, request, key);
    expect(again.status, JSON.stringify(again.body)).toBe(first.status);
    expect(documentOf(again)).toEqual(documentOf(first));
    expect(await writtenCounts(t)).toEqual(after);
    // without the key the same request is a new document (where the first left room for one)
  });
});

describe('one key, one sale', () => {
  test('the same sale sent 10 times at once with one key makes one sale: one invoice, stock moved once, ledger once', async () => {
    const p = await referenceProduct(t, 10);
    const request = {
      method: 'POST' as const,
      url: '/v1/sale-invoice',
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 3 }], paidAmount: [{ paymentType: cash, amount: 50 }] },
    };
    const before = await writtenCounts(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(t, request, 'till-7-sale-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.createdInvoice.id)).size).toBe(1);
    const after = await writtenCounts(t);
    expect(after.sale_invoice - before.sale_invoice).toBe(1);
    expect(after.stock_movement - before.stock_movement).toBe(1);
    expect((await readProduct(t, p.id)).productQuantity).toBe(7);
    const posted = await rows(
      t,
      sql`select count(*)::int as n from "transaction" where type = 'sale' and related_id = ${String(answers[0]!.body.createdInvoice.id)}`,
    );
    expect(posted[0].n).toBeGreaterThan(0);
    expect(after.transaction - before.transaction).toBe(posted[0].n);
  });

  test('the same key with another body is a 422 naming Idempotency-Key, and nothing is written', async () => {
    const p = await referenceProduct(t, 10);
    const body = (productQuantity: number) => ({
      saleInvoiceProduct: [{ productId: p.id, productQuantity }],
      paidAmount: [{ paymentType: cash, amount: 50 }],
    });
    const first = await send(t, { method: 'POST', url: '/v1/sale-invoice', token: owner, body: body(1) }, 'till-7-sale-2');
    expect(first.status).toBe(201);
    const before = await writtenCounts(t);
    const other = await send(t, { method: 'POST', url: '/v1/sale-invoice', token: owner, body: body(2) }, 'till-7-sale-2');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_mismatch');
    expect(other.body.error).toMatch(/Idempotency-Key/);
    expect(other.body.fields).toHaveProperty('Idempotency-Key');
    expect(await writtenCounts(t)).toEqual(before);
    // the same body in another key order is the same request
    const reordered = { paidAmount: body(1).paidAmount, saleInvoiceProduct: [{ productQuantity: 1, productId: p.id }] };
    const same = await send(t, { method: 'POST', url: '/v1/sale-invoice', token: owner, body: reordered }, 'till-7-sale-2');
    expect(same.status).toBe(201);
    expect(same.body.createdInvoice.id).toBe(first.body.createdInvoice.id);
  });

  test('another user with the same key makes their own sale; a key on one route does not answer another', async () => {
    const p = await referenceProduct(t, 10);
    const cashier = await t.staffWith(['create-saleInvoice', 'readAll-paymentMethod']);
    const body = { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 50 }] };
    const mine = await send(t, { method: 'POST', url: '/v1/sale-invoice', token: owner, body }, 'shared-key');
    const theirs = await send(t, { method: 'POST', url: '/v1/sale-invoice', token: cashier.token, body }, 'shared-key');
    expect(mine.status).toBe(201);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.createdInvoice.id).not.toBe(mine.body.createdInvoice.id);
    expect((await readProduct(t, p.id)).productQuantity).toBe(8);
    const adjusted = await send(
      t,
      {
        method: 'POST',
        url: '/v1/adjust-inventory',
        token: owner,
        body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 1, adjustType: 'increment' }] },
      },
      'shared-key',
    );
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    expect((await readProduct(t, p.id)).productQuantity).toBe(9);
  });

  test('a refused request keeps no key: sent again once it can be done, it is done', async () => {
    const p = await referenceProduct(t, 1);
    await t.call('POST', '/v1/setting', { token: owner, body: { allowNegativeStock: 'false' } });
    const request = {
      method: 'POST' as const,
      url: '/v1/sale-invoice',
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 50 }] },
    };
    const before = await sales();
    const short = await send(t, request, 'till-7-sale-3');
    expect(short.status).toBe(409);
    expect(await sales()).toBe(before);
    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 5, adjustType: 'increment' }] },
    });
    const done = await send(t, request, 'till-7-sale-3');
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(await sales()).toBe(before + 1);
  });

  test('a key longer than 200 characters or not printable is a 400 naming Idempotency-Key; none is no key', async () => {
    const p = await referenceProduct(t, 10);
    const body = { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 50 }] };
    const request = { method: 'POST' as const, url: '/v1/sale-invoice', token: owner, body };
    const before = await sales();
    for (const key of ['k'.repeat(201), 'with space']) {
      const refused = await send(t, request, key);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty('Idempotency-Key');
      expect(refused.body.error).toMatch(/^Idempotency.key/i);
    }
    expect(await sales()).toBe(before);
    expect((await send(t, request, 'k'.repeat(200))).status).toBe(201);
    expect((await send(t, request)).status).toBe(201);
    expect((await send(t, request)).status).toBe(201);
    expect(await sales()).toBe(before + 3);
  });
});

describe('keys are kept at least a day', () => {
  test('the upkeep forgets keys older than 48 hours and keeps a day-old one', async () => {
    const at = (hours: number, key: string) =>
      t.database.db.execute(
        sql`insert into idempotency_key (scope, route, key, request_hash, created_at) values ('staff:1', 'POST /v1/test', ${key}, 'x', now() - make_interval(hours => ${hours}))`,
      );
    await at(49, 'old');
    await at(25, 'day-old');
    const forgotten = await forgetOldKeys()(t.database.db);
    expect(forgotten).toBeGreaterThanOrEqual(1);
    const left = await rows(t, sql`select key from idempotency_key where route = 'POST /v1/test' order by key`);
    expect(left.map((r) => r.key)).toEqual(['day-old']);
  });
});
