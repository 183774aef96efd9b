import type { DocumentSeries } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.ts';
import { executePrepared } from './prepared.ts';

/**
 * Invoice numbers without gaps. A sequence cannot give them (a rolled-back transaction keeps its
 * value), so each series is a counter row in `document_number`: taking a number raises the row, which
 * locks it until the taking transaction ends. A refused or failed document rolls its number back with
 * everything else, and the next document waits for the row and takes the number after the last one
 * committed: numbers are given in commit order. The lock serialises a series' documents from the
 * moment a number is taken, so a document takes it last, after its stock and other locks, in the
 * statement that writes it when it can. A till sale, the hot one, takes it later still: at its commit,
 * by a deferred trigger (migration 0028, `numberAtCommit` in selling/sale-write.ts), so the lock is
 * held for the COMMIT only and not across a way back to the server and the COMMIT's way in.
 *
 * `takeNumber(series)` is that statement as a CTE body (`with n as (${takeNumber('sale')}) ...`),
 * answering one row `{number}`. The row is made on first use, so a new series needs no seed.
 */
export const takeNumber = (series: DocumentSeries): SQL =>
  sql`insert into document_number (series, last_number) values (${series}, 1)
    on conflict (series) do update set last_number = document_number.last_number + 1
    returning last_number as number`;

/** Gives the document `id` of `table` (with a `number` column) the next number of `series`; answers it. */
export async function numberDocument(tx: DbOrTx, table: PgTable, id: number, series: DocumentSeries): Promise<number> {
  const [row] = await executePrepared<{ number: number }>(
    tx,
    sql`with n as (${takeNumber(series)}) update ${table} set number = (select number from n) where id = ${id} returning number`,
  );
  if (!row) throw new Error(`document ${id} of series ${series} was not numbered`);
  return Number(row.number);
}
