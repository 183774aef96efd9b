import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';

/** GET reorder-quantity?filters → {getAllReOderList, _count: {id}}: active products at or below their reorder level. */
const t = useTestApp({ invariants: true });
let owner: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  owner = await t.ownerToken();
  ids.below = (await makeProduct(t, { name: 'Reorder below', sku: 'RQ-BELOW', productQuantity: 2, reorderQuantity: 5 })).id;
  ids.at = (await makeProduct(t, { name: 'Reorder at', sku: 'RQ-AT', productQuantity: 5, reorderQuantity: 5 })).id;
  ids.empty = (await makeProduct(t, { name: 'Reorder empty', sku: 'RQ-EMPTY', productQuantity: 0, reorderQuantity: 1 })).id;
  ids.above = (await makeProduct(t, { name: 'Reorder above', sku: 'RQ-ABOVE', productQuantity: 6, reorderQuantity: 5 })).id;
  ids.hidden = (
    await makeProduct(t, { name: 'Reorder hidden', sku: 'RQ-HIDDEN', productQuantity: 1, reorderQuantity: 5, status: false })
  ).id;
});

const list = (query: Record<string, string> = {}, token = owner) => t.call('GET', '/v1/reorder-quantity', { token, query });
const names = (answer: { body: any }) => answer.body.getAllReOderList.map((r: any) => r.name);

describe('reorder list', () => {
  test('active products at or below the reorder level, by name', async () => {
    const answer = await list({ count: '100' });
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(['Reorder at', 'Reorder below', 'Reorder empty']);
    expect(answer.body._count).toEqual({ id: 3 });
    expect(answer.body.getAllReOderList[1]).toMatchObject({
      id: ids.below,
      sku: 'RQ-BELOW',
      productQuantity: 2,
      reorderQuantity: 5,
      status: 'true',
    });
  });

  test('a product drops off the list once it is stocked above its level', async () => {
    const answer = await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: ids.below, adjustQuantity: 4, adjustType: 'increment' }] },
    });
    expect(answer.status).toBe(201);
    expect(names(await list())).toEqual(['Reorder at', 'Reorder empty']);
  });

  test('search by name or SKU, paging', async () => {
    expect(names(await list({ key: 'empty' }))).toEqual(['Reorder empty']);
    expect(names(await list({ query: 'search', key: 'rq-at' }))).toEqual(['Reorder at']);
    const page = await list({ count: '1', page: '2' });
    expect(names(page)).toEqual(['Reorder empty']);
    expect(page.body._count.id).toBe(2);
  });

  test('400 malformed filter, 401, 403', async () => {
    expect((await list({ count: 'many' })).status).toBe(400);
    expect((await list({ sort: 'password' })).status).toBe(400);
    expect((await t.call('GET', '/v1/reorder-quantity')).status).toBe(401);
    expect((await list({}, (await t.staffWith(['readAll-adjust'])).token)).status).toBe(403);
    expect((await list({}, (await t.staffWith(['readAll-reorderQuantity'])).token)).status).toBe(200);
  });
});
