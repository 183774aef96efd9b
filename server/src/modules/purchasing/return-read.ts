import { count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { returnPurchaseInvoice } from '../../schema/index.ts';
import { returnHeaderSelect, returnsOf } from './purchase-read.ts';

const ret = returnPurchaseInvoice;

/** GET return-purchase-invoice?filters → {allPurchaseInvoice, aggregations: {_count: {id}}}. */
export async function listPurchaseReturns(db: DbOrTx, q: ListQuery<{ purchaseInvoiceId?: number[] }>) {
  const where = whereAll([
    ...conventionWhere(q, { status: ret.status, search: [ret.number, ret.note, ret.invoiceMemoNo], date: ret.date }),
    q.filters.purchaseInvoiceId ? inArray(ret.purchaseInvoiceId, q.filters.purchaseInvoiceId) : undefined,
  ]);
  const rows = await paged(
    returnHeaderSelect(db)
      .where(where)
      .orderBy(...orderBy(q, ret, ret.id)),
    q,
  );
  const [total] = await db.select({ id: count() }).from(ret).where(where);
  return { allPurchaseInvoice: rows, aggregations: { _count: { id: total?.id ?? 0 } } };
}

/** GET return-purchase-invoice/{id}: the return with its lines. */
export async function readPurchaseReturn(db: DbOrTx, returnId: number) {
  const [found] = await returnsOf(db, eq(ret.id, returnId));
  return found;
}
