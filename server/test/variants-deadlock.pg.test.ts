import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, rows } from './sale-fixtures.ts';

/**
 * One lock order with variants (issue 32): products first, then variants, by id, whatever order a document's
 * lines name them in. 20 documents at once over two variants of one product and a plain product (sales,
 * purchases, adjustments, lines in either order), 5 rounds: all made, none a 5xx (a deadlock was a 500), and
 * each variant's stock what the documents say. PostgreSQL only: deadlocks need a real server's row locks.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let supplierId: number;
let buyer: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  supplierId = await makeSupplier(t, owner);
  buyer = await namedCustomer(t, owner);
});

test('20 documents at once over two variants and a plain product, lines in either order, 5 rounds: all made, no 5xx', async () => {
  const plain = await makeProduct(t, { productQuantity: 1000, productPurchasePrice: 2, productSalePrice: 3 });
  const shirt = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 2, productSalePrice: 3 });
  const colours = [];
  for (const name of ['Deadlock red', 'Deadlock blue']) {
    const made = await t.call('POST', '/v1/product-color', { token: owner, body: { name: `${name} ${shirt.id}`, colorCode: '#aa0000' } });
    colours.push(made.body.id as number);
  }
  const matrix = await t.call('POST', '/v1/product-variant/matrix', { token: owner, body: { productId: shirt.id, colorId: colours } });
  expect(matrix.status, JSON.stringify(matrix.body)).toBe(201);
  const [a, b] = (matrix.body.getAllProductVariant as { id: number }[]).map((x) => x.id) as [number, number];
  const v = (id: number, q = 1) => ({ productId: shirt.id, productVariantId: id, productQuantity: q });
  const bought = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: { supplierId, purchaseInvoiceProduct: [0, 1].map((i) => ({ ...v([a, b][i]!, 500), productUnitPurchasePrice: 2 })) },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const sale = (lines: object[]) => ({ url: '/v1/sale-invoice', body: { customerId: buyer, saleInvoiceProduct: lines } });
  const buy = (lines: object[]) => ({
    url: '/v1/purchase-invoice',
    body: { supplierId, purchaseInvoiceProduct: lines.map((l) => ({ ...l, productUnitPurchasePrice: 2 })) },
  });
  const adjust = (ids: number[], adjustType: 'increment' | 'decrement') => ({
    url: '/v1/adjust-inventory',
    body: { adjustInvoiceProduct: ids.map((id) => ({ productId: shirt.id, productVariantId: id, adjustQuantity: 1, adjustType })) },
  });
  const withPlain = (lines: object[]) => [...lines, { productId: plain.id, productQuantity: 1 }];
  for (let round = 0; round < 5; round++) {
    const documents = [
      ...[0, 1, 2].map(() => sale([v(a), v(b)])),
      ...[0, 1, 2].map(() => sale([v(b), v(a)])),
      ...[0, 1].map(() => sale(withPlain([v(b)]))),
      ...[0, 1].map(() => sale(withPlain([v(a)]))),
      ...[0, 1, 2].map(() => buy([v(b), v(a)])),
      ...[0, 1].map(() => buy([v(a), v(b)])),
      ...[0, 1].map(() => adjust([b, a], 'decrement')),
      ...[0, 1, 2].map(() => adjust([a, b], 'increment')),
    ];
    expect(documents).toHaveLength(20);
    const answers = await Promise.all(documents.map((d) => t.call('POST', d.url, { token: owner, body: d.body })));
    expect(answers.filter((x) => x.status !== 201).map((x) => [x.status, x.body])).toEqual([]);
  }
  // each variant per round: −6 −2 sold, +5 bought, −2 +3 adjusted = −2
  const stock = await rows(t, sql`select id, product_quantity from product_variant where product_id = ${shirt.id} order by id`);
  expect(stock.map((r) => r.product_quantity)).toEqual([500 - 10, 500 - 10]);
});
