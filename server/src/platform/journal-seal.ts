import type { SealedSeries } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db.ts';
import { rawRows } from './queries.ts';

/**
 * The sales journal's hash chains (issue 34, migration 0038). A sale is sealed by the database at its commit, with
 * its number, and a web order at its commit; a sale return and a customer payment are sealed here by their use
 * case, after their postings, in the same transaction.
 */

/** Seals a numbered document at its number (the caller holds its series' counter, as numbering does). */
export async function sealDocument(tx: DbOrTx, series: SealedSeries, position: number, documentId: number): Promise<void> {
  await rawRows(tx, sql`select seal_document(${series}, ${position}::int, ${documentId}::int)`);
}

/** Seals documents of a series without numbers (customer payments: their ledger rows), each at the chain's next position. */
export async function sealNext(tx: DbOrTx, series: SealedSeries, documentIds: readonly number[]): Promise<void> {
  for (const id of documentIds) await rawRows(tx, sql`select seal_next(${series}, ${id}::int)`);
}
