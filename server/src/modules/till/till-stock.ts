import type { TillStock } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

/**
 * The start of the oldest transaction still open on this database, other than the caller's: a change it makes is
 * stamped no earlier (its `now()`), and is not visible yet. Null when none is open (embedded: there is one connection).
 */
export const oldestOpenTransaction = sql`(select min(xact_start) from pg_stat_activity
  where xact_start is not null and pid <> pg_backend_pid() and datname = current_database())`;

/**
 * Stock movements are numbered when written, not when committed: a sale still open may hold a lower number than
 * one already read. The cursor a last page gives is therefore the last movement older than 30 seconds and than any
 * transaction still open, so what commits late is read at the next load (a page's products come again: harmless).
 */
const settled = sql`least(now() - interval '30 seconds', ${oldestOpenTransaction})`;

const settledUpTo = async (db: DbOrTx, last: number | null) =>
  String(
    (
      await rawRows<{ id: number }>(
        db,
        sql`select coalesce((select id from stock_movement where ${last === null ? sql`true` : sql`id <= ${last}`}
          and created_at < ${settled} order by id desc limit 1), 0) as id`,
      )
    )[0]!.id,
  );

interface Row {
  id: number;
  quantity: number;
  variants: { id: number; quantity: number }[] | null;
  last: number;
  seen: number;
}

/**
 * GET till/stock?after=&count= (issue 33): the products whose stock moved after the cursor (a sale on another
 * till, a delivery, a count), with their stock and their variants' now, by pages of movements in the order they
 * were numbered (the primary key). Without `after`: only where the stock stands now, for a till about to load the
 * catalogue, which carries the stock itself.
 */
export async function tillStock(db: DbOrTx, query: { after?: string; count: number }): Promise<TillStock> {
  if (query.after === undefined) return { stock: [], cursor: await settledUpTo(db, null), more: false };
  const after = Number(query.after);
  const rows = await rawRows<Row>(
    db,
    sql`with page as materialized (
        select id, product_id from stock_movement where id > ${after} order by id limit ${query.count + 1}
      ),
      kept as materialized (select id, product_id from page order by id limit ${query.count})
      select p.id, p.product_quantity as quantity,
        case when p.has_variants then (select json_agg(json_build_object('id', v.id, 'quantity', v.product_quantity) order by v.id)
          from product_variant v where v.product_id = p.id) end as variants,
        (select max(id) from kept) as last, (select count(*) from page)::int as seen
      from product p where p.id in (select product_id from kept) order by p.id`,
  );
  const first = rows[0];
  if (!first) return { stock: [], cursor: query.after, more: false };
  const more = Number(first.seen) > query.count;
  return {
    stock: rows.map((r) => ({
      id: Number(r.id),
      productQuantity: Number(r.quantity),
      variants: (r.variants ?? []).map((v) => ({ id: Number(v.id), productQuantity: Number(v.quantity) })),
    })),
    cursor: more ? String(first.last) : await settledUpTo(db, Number(first.last)),
    more,
  };
}
