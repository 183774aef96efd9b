import { type SQL, sql } from 'drizzle-orm';
import { transaction } from '../../schema/index.ts';

/**
 * The entries that still count: neither a reversal of one entry (a deleted payment's reversing
 * entry) nor an entry such a reversal cancelled. `alias` names the transaction table in raw SQL.
 */
export function liveEntry(alias?: string): SQL {
  if (alias) {
    const t = sql.raw(alias);
    return sql`(${t}.reverses_id is null and not exists (select 1 from "transaction" r where r.reverses_id = ${t}.id))`;
  }
  return sql`(${transaction.reversesId} is null and not exists (select 1 from "transaction" r where r.reverses_id = ${transaction.id}))`;
}
