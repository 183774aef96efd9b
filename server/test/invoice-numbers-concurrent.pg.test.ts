import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { numberSeries, oneTo } from './invoice-number-fixtures.ts';
import { namedCustomer, rows } from './sale-fixtures.ts';

/**
 * Gap-free invoice numbers under concurrent tills (issue 19, point 13). PostgreSQL only (`.pg.test.ts`
 * runs in the server-pg project): the embedded database runs one statement at a time, so nothing here
 * would be concurrent, and the waits are read from pg_stat_activity.
 */
const t = useTestApp({ invariants: true });
const numbersOf = numberSeries(t);
let owner: string;
/** Sales here are left unpaid, so they go to a named customer (a due needs someone to owe it). */
let buyer: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  buyer = await namedCustomer(t, owner);
});

const sell = (productId: number, quantity: number) =>
  t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { customerId: buyer, saleInvoiceProduct: [{ productId, productQuantity: quantity }] },
  });

describe('concurrent tills', () => {
  test('20 sales at once, 15 of them refused for stock: the 5 made take the next 5 numbers, each once', async () => {
    const before = (await numbersOf('sale_invoice')).length;
    const p = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2, productSalePrice: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(p.id, 1)));
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array(15).fill('insufficient_stock'));
    const numbers = answers.filter((a) => a.status === 201).map((a) => a.body.createdInvoice.number);
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
    expect(await numbersOf('sale_invoice')).toEqual(oneTo(before + 5));
  });

  test('a number taken by a transaction that then rolls back goes to the sale waiting behind it', async () => {
    const p = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2, productSalePrice: 3 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = 0;
    // another document's transaction: it takes the next sale number, keeps it while the sale waits, then is refused
    const other = t.database.db
      .transaction(async (tx) => {
        const result = (await tx.execute(
          sql`update document_number set last_number = last_number + 1 where series = 'sale' returning last_number`,
        )) as unknown as { rows: { last_number: number }[] };
        taken = Number(result.rows[0]!.last_number);
        await released;
        throw new Error('refused');
      })
      .catch((error: Error) => error.message);
    while (taken === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const sale = sell(p.id, 1);
    // the sale reaches its number and waits for the series' row
    for (;;) {
      const [{ waiting }] = await rows(
        t,
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    expect(await other).toBe('refused');
    const made = await sale;
    expect(made.status).toBe(201);
    expect(made.body.createdInvoice.number).toBe(taken);
    expect(await numbersOf('sale_invoice')).toEqual(oneTo(taken));
  });
});
