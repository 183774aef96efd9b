import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, rows } from './sale-fixtures.ts';

/**
 * Every stock document locks its products first, in id order, before it writes its lines: 20 mixed
 * documents at once on one product (adjustments both ways, sales, purchases, sale returns of different
 * sales, purchase returns of different purchases, some also on a second product named first), 10 rounds:
 * every one is made, none answers a 5xx (a deadlock was a 500), and each invoice series they numbered at
 * once is whole. Deadlocks need a real server's row locks: PostgreSQL only (`.pg.test.ts` runs in the
 * server-pg project; the embedded database runs one statement at a time).
 */
const t = useTestApp({ invariants: true });
let owner: string;
let supplierId: number;
/** The sales here are left unpaid, so they go to a named customer (a due needs someone to owe it). */
let buyer: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  supplierId = await makeSupplier(t, owner);
  buyer = await namedCustomer(t, owner);
});

const made = async (url: string, body: unknown) => {
  const answer = await t.call('POST', url, { token: owner, body });
  if (answer.status !== 201) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

test('20 mixed stock documents at once on one product, 10 rounds: all made, no 5xx', async () => {
  const other = await makeProduct(t, { productQuantity: 1000, productPurchasePrice: 2, productSalePrice: 3 });
  const p = await makeProduct(t, { productQuantity: 1000, productPurchasePrice: 2, productSalePrice: 3 });
  let expected = 1000;
  for (let round = 0; round < 10; round++) {
    const sales = await Promise.all(
      [1, 2, 3, 4].map(() =>
        made('/v1/sale-invoice', { customerId: buyer, saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }] }),
      ),
    );
    const purchases = await Promise.all(
      [1, 2, 3, 4].map(() =>
        made('/v1/purchase-invoice', {
          supplierId,
          purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 2, productUnitPurchasePrice: 2 }],
        }),
      ),
    );
    const adjust = (adjustType: 'increment' | 'decrement', both: boolean) => ({
      url: '/v1/adjust-inventory',
      body: {
        adjustInvoiceProduct: [
          ...(both ? [{ productId: other.id, adjustQuantity: 1, adjustType }] : []),
          { productId: p.id, adjustQuantity: 1, adjustType },
        ],
      },
    });
    const documents = [
      ...[false, true, false, true].map((both) => adjust('decrement', both)),
      ...[false, true, false].map((both) => adjust('increment', both)),
      ...sales.map((s) => ({
        url: '/v1/return-sale-invoice',
        body: {
          saleInvoiceId: s.createdInvoice.id,
          returnSaleInvoiceProduct: [{ saleInvoiceProductId: s.createdInvoice.saleInvoiceProduct[0].id, productQuantity: 1 }],
        },
      })),
      ...purchases.map((b) => ({
        url: '/v1/return-purchase-invoice',
        body: {
          purchaseInvoiceId: b.createdInvoice.id,
          returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: b.createdInvoice.purchaseInvoiceProduct[0].id, productQuantity: 1 }],
        },
      })),
      ...[1, 2, 3].map(() => ({
        url: '/v1/sale-invoice',
        body: {
          customerId: buyer,
          saleInvoiceProduct: [
            { productId: other.id, productQuantity: 1 },
            { productId: p.id, productQuantity: 1 },
          ],
        },
      })),
      ...[1, 2].map(() => ({
        url: '/v1/purchase-invoice',
        body: { supplierId, purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 1, productUnitPurchasePrice: 2 }] },
      })),
    ];
    expect(documents).toHaveLength(20);
    const answers = await Promise.all(documents.map((d) => t.call('POST', d.url, { token: owner, body: d.body })));
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body])).toEqual([]);
    // round: sold 8, bought 8; then −4 +3 adjusted, +4 returned by customers, −4 returned to suppliers, −3 sold, +2 bought
    expected += -8 + 8 - 4 + 3 + 4 - 4 - 3 + 2;
  }
  expect((await readProduct(t, p.id)).productQuantity).toBe(expected);
  // and every invoice series taken at once by those documents is whole: 1 … n, each once
  for (const table of ['sale_invoice', 'purchase_invoice', 'return_sale_invoice', 'return_purchase_invoice']) {
    const [series] = await rows(
      t,
      sql`select count(*)::int as n, count(distinct number)::int as distinct, coalesce(min(number), 0) as first, coalesce(max(number), 0) as last
        from ${sql.identifier(table)} where number is not null`,
    );
    expect(series, table).toEqual({ n: series.last, distinct: series.last, first: 1, last: series.last });
  }
});
