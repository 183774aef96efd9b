import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier, rowsOf } from './purchase-fixtures.ts';

/** A purchase request becomes a purchase invoice (received), or is cancelled; the reorder list shows the latest. */
const t = useTestApp({ invariants: true });
let owner: string;
let supplierId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  supplierId = await makeSupplier(t, owner, 'Receiving Wholesale');
});

const request = async (lines: [number, number][]) => {
  const made = await t.call('POST', '/v1/purchase-reorder-invoice', {
    token: owner,
    body: lines.map(([productId, productQuantity]) => ({ productId, productQuantity })),
  });
  expect(made.status).toBe(201);
  return made.body.reorderInvoiceId as string;
};
const readRequest = (code: string) => t.call('GET', `/v1/purchase-reorder-invoice/${code}`, { token: owner });
const setStatus = (code: string, status: string, token = owner) =>
  t.call('PATCH', `/v1/purchase-reorder-invoice/${code}`, { token, body: { status } });
const receive = (code: string | undefined, lines: [number, number, number][]) =>
  t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      purchaseRequestId: code,
      purchaseInvoiceProduct: lines.map(([productId, productQuantity, productUnitPurchasePrice]) => ({
        productId,
        productQuantity,
        productUnitPurchasePrice,
      })),
    },
  });
const reorderRow = async (sku: string) =>
  (await t.call('GET', '/v1/reorder-quantity', { token: owner, query: { key: sku } })).body.getAllReOderList[0];
const invoiceCount = async () => Number((await rowsOf(t, sql`select count(*)::int as n from purchase_invoice`))[0].n);

describe('receiving a purchase request', () => {
  test('the invoice takes the lines, stock comes in, the request is received and names the invoice', async () => {
    const a = await makeProduct(t, { productQuantity: 1, reorderQuantity: 10, productPurchasePrice: 2 });
    const b = await makeProduct(t, { productQuantity: 0, reorderQuantity: 3, productPurchasePrice: 4 });
    expect(await reorderRow(a.sku)).toMatchObject({ requestCode: null, requestState: null });

    const code = await request([
      [a.id, 3],
      [b.id, 5],
    ]);
    expect(await reorderRow(a.sku)).toMatchObject({ requestCode: code, requestState: 'requested' });

    const made = await receive(code, [
      [a.id, 3, 2],
      [b.id, 4, 4.5],
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const invoiceId = made.body.createdInvoice.id;
    expect((await readProduct(t, a.id)).productQuantity).toBe(4);
    expect((await readProduct(t, b.id)).productQuantity).toBe(4);

    const read = await readRequest(code);
    expect(read.body).toMatchObject({ reorderInvoiceId: code, state: 'received', purchaseInvoiceId: invoiceId, status: 'true' });
    const listed = await t.call('GET', '/v1/purchase-reorder-invoice', { token: owner, query: { key: code } });
    expect(listed.body.getAllPurchaseReorderInvoice).toEqual([
      expect.objectContaining({ reorderInvoiceId: code, state: 'received', purchaseInvoiceId: invoiceId, lineCount: 2 }),
    ]);
    // 4 is still at or below a's level of 10: the list shows the request received
    expect(await reorderRow(a.sku)).toMatchObject({ productQuantity: 4, requestCode: code, requestState: 'received' });
    expect(await reorderRow(b.sku)).toBeUndefined();

    // a newer request is the one the reorder list shows
    const next = await request([[a.id, 6]]);
    expect(await reorderRow(a.sku)).toMatchObject({ requestCode: next, requestState: 'requested' });
  });

  test('a received request refuses a second invoice (409) and nothing of that invoice is written', async () => {
    const p = await makeProduct(t, { productQuantity: 0, reorderQuantity: 5 });
    const code = await request([[p.id, 2]]);
    expect((await receive(code, [[p.id, 2, 1]])).status).toBe(201);
    const invoices = await invoiceCount();
    const again = await receive(code, [[p.id, 2, 1]]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'invalid_transition', error: `Purchase request ${code} is already received` });
    expect(again.body.fields).toHaveProperty('purchaseRequestId');
    expect(await invoiceCount()).toBe(invoices);
    expect((await readProduct(t, p.id)).productQuantity).toBe(2);
  });

  test('two receipts of one request at once: one invoice, one 409', async () => {
    const p = await makeProduct(t, { productQuantity: 0, reorderQuantity: 5 });
    const code = await request([[p.id, 3]]);
    const answers = await Promise.all([receive(code, [[p.id, 3, 1]]), receive(code, [[p.id, 3, 1]])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(3);
  });

  test('an unknown or malformed request code is a 400 naming purchaseRequestId', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const invoices = await invoiceCount();
    for (const code of ['PR-999999', 'nonsense']) {
      const answer = await receive(code, [[p.id, 1, 1]]);
      expect(answer.status, code).toBe(400);
      expect(answer.body.fields, code).toHaveProperty('purchaseRequestId');
    }
    expect(await invoiceCount()).toBe(invoices);
  });
});

describe('cancelling and deleting a purchase request', () => {
  test("status 'false' cancels an open request for good; a cancelled one cannot be received", async () => {
    const p = await makeProduct(t, { productQuantity: 0, reorderQuantity: 5 });
    const code = await request([[p.id, 2]]);
    expect((await setStatus(code, 'true')).body).toMatchObject({ state: 'requested', status: 'true' });
    const cancelled = await setStatus(code, 'false');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', status: 'false', purchaseInvoiceId: null });
    expect(await reorderRow(p.sku)).toMatchObject({ requestCode: code, requestState: 'cancelled' });

    for (const status of ['false', 'true']) {
      const refused = await setStatus(code, status);
      expect(refused.status, status).toBe(409);
      expect(refused.body.code).toBe('invalid_transition');
    }
    const bought = await receive(code, [[p.id, 2, 1]]);
    expect(bought.status).toBe(409);
    expect(bought.body.error).toBe(`Purchase request ${code} is cancelled; it cannot become received`);
    expect((await readProduct(t, p.id)).productQuantity).toBe(0);

    expect((await t.call('DELETE', `/v1/purchase-reorder-invoice/${code}`, { token: owner })).status).toBe(200);
  });

  test('a received request cannot be cancelled or deleted', async () => {
    const p = await makeProduct(t, { productQuantity: 0, reorderQuantity: 5 });
    const code = await request([[p.id, 1]]);
    expect((await receive(code, [[p.id, 1, 1]])).status).toBe(201);
    expect((await setStatus(code, 'false')).status).toBe(409);
    const deleted = await t.call('DELETE', `/v1/purchase-reorder-invoice/${code}`, { token: owner });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('invalid_transition');
    expect((await readRequest(code)).body.state).toBe('received');
  });

  test('404 for an unknown code, 400 for a bad status, 403 without update-purchaseReorderInvoice', async () => {
    const p = await makeProduct(t, { productQuantity: 0 });
    const code = await request([[p.id, 1]]);
    expect((await setStatus('PR-999999', 'false')).status).toBe(404);
    expect((await setStatus(code, 'maybe')).status).toBe(400);
    const reader = (await t.staffWith(['readAll-purchaseReorderInvoice'])).token;
    expect((await setStatus(code, 'false', reader)).status).toBe(403);
    const updater = (await t.staffWith(['update-purchaseReorderInvoice'])).token;
    expect((await setStatus(code, 'false', updater)).status).toBe(200);
  });
});
