import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { oldestOpenTransaction } from './till-stock.ts';

// The cursors of a till's copy (issue 33) over a table's change time: `<updated_at>|<id>`, read in that order.

/** A timestamptz as PostgreSQL writes it as text (`2026-11-29 04:55:01.123456+00`). */
const instant = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The cursor: the last row's change time (as PostgreSQL writes it, to the microsecond) and id. */
export const cursorOf = (at: string, id: number) => `${at}|${id}`;
export function parseCursor(after: string | undefined): { at: string; id: number } | null {
  if (!after) return null;
  const [at, id] = after.split('|');
  if (!at || !instant.test(at) || !/^\d+$/.test(id ?? '')) throw fieldError('after', 'must be a cursor this answer gave');
  return { at, id: Number(id) };
}

/**
 * A change is stamped with its transaction's start (`now()`) and read once committed, so a transaction still open
 * may commit a change stamped before the last one read. The last page's cursor therefore stops short of the oldest
 * transaction open on the database, and what it commits is read at the next load.
 */
export async function settledCursor(db: DbOrTx, at: string, id: number): Promise<string> {
  const [open] = await rawRows<{ since: string | null; earlier: boolean | null }>(
    db,
    sql`select since::text, since <= ${at}::timestamptz as earlier from (select ${oldestOpenTransaction} as since) o`,
  );
  return open?.since && open.earlier ? cursorOf(open.since, 0) : cursorOf(at, id);
}
