import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';

/**
 * The open sessions of the tills whose drawers a sale's live postings went through (its payments, its returns'
 * refunds), share-locked, by drawer: undoing the sale gives that money back through those drawers, so its
 * reversals belong to their sessions now open (the close of one waits on nothing: it is refused while the undo is
 * in flight). A drawer whose till is not open refuses the undo (409 naming the till): the cash has no session to
 * leave from.
 */
export async function drawerSessionsOf(tx: DbOrTx, saleId: number): Promise<Map<number, number>> {
  const drawers = await rawRows<{ drawer: number; name: string; session: number | null }>(
    tx,
    sql`select t.sub_account_id as drawer, t.name,
        (select s.id from till_session s where s.till_id = t.id and s.state = 'OPEN' for share of s) as session
      from till t
      where exists (select 1 from "transaction" x where x.type in ('sale', 'saleReturn') and x.related_id = ${String(saleId)}
        and t.sub_account_id in (x.debit_id, x.credit_id))
      order by t.id`,
  );
  const closed = drawers.find((d) => d.session === null);
  if (closed)
    throw conflict(`Open ${closed.name} first: this sale's money went through its drawer, and it gives it back`, {
      id: `needs ${closed.name} open`,
    });
  return new Map(drawers.map((d) => [Number(d.drawer), Number(d.session)]));
}
