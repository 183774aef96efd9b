import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

type Series = 'sale_invoice' | 'purchase_invoice' | 'return_sale_invoice' | 'return_purchase_invoice';

/** Every number of a table, ascending. */
export const numberSeries = (t: TestApp) => async (table: Series) =>
  (await rows(t, sql`select number from ${sql.identifier(table)} where number is not null order by number`)).map((r) => Number(r.number));

/** 1, 2, …, n: what a series without gaps holds. */
export const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
