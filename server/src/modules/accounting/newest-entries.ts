import { desc, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { transaction } from '../../schema/index.ts';
import { entriesWhere } from './journal-read.ts';
import type { LedgerType } from './post.ts';

/** How many of the newest entries of a document's types a party's newest entries are looked for in first. */
export const recentEntryWindow = 20_000;

/**
 * The newest `limit` live entries of `types` related to the documents `documents` selects (a query
 * answering their integer ids), newest first, with their accounts: a party's statement. Two ways, so
 * that neither a busy party nor a quiet one reads all its entries:
 * - among the newest `recentEntryWindow` entries of those types, walked from the newest by the primary
 *   key, each checked against its document by the document's key: the walk-in customer has most of
 *   them, so the walk stops after a few hundred (joining all of its 100,000 sales' entries took 0.4 s);
 * - when those hold fewer than `limit`, the party has been quiet lately, and its documents' entries are
 *   read through the (type, related_id) index and sorted.
 * Both answer the same rows (`window` is there for the test that proves it).
 */
export async function newestEntriesOf(db: DbOrTx, types: LedgerType[], documents: SQLWrapper, limit: number, window = recentEntryWindow) {
  const ofTypes = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  // a document's entries name it by its id as text (post.ts); the guard keeps the cast from failing on anything else
  const documentId = sql`(case when t.related_id ~ '^[0-9]{1,9}$' then t.related_id::int end)`;
  const ids = documents.getSQL();
  const live = sql`not exists (select 1 from "transaction" r where r.reverses_id = t.id)`;
  let found = await rawRows<{ id: number }>(
    db,
    sql`select t.id from (select id, related_id from "transaction" where type in (${ofTypes}) and reverses_id is null
          order by id desc limit ${window}) t
        where ${documentId} in (${ids}) and ${live}
        order by t.id desc limit ${limit}`,
  );
  if (found.length < limit) {
    found = await rawRows<{ id: number }>(
      db,
      sql`select t.id from "transaction" t
          where t.type in (${ofTypes}) and t.reverses_id is null and t.related_id in (select d.id::text from (${ids}) d) and ${live}
          order by t.id desc limit ${limit}`,
    );
  }
  if (!found.length) return [];
  return entriesWhere(
    db,
    inArray(
      transaction.id,
      found.map((row) => Number(row.id)),
    ),
  ).orderBy(desc(transaction.id));
}
