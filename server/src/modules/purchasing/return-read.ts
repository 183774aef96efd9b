import { count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { purchaseInvoice, returnPurchaseInvoice } from '../../schema/index.ts';
import { returnsOf } from './purchase-read.ts';

const ret = returnPurchaseInvoice;

/** GET return-purchase-invoice?filters → {allPurchaseInvoice, aggregations: {_count: {id}}}. */
export async function listPurchaseReturns(db: DbOrTx, q: ListQuery<{ purchaseInvoiceId?: number[] }>) {
  const where = whereAll([
    ...conventionWhere(q, { status: ret.status, search: [ret.number, ret.note, ret.invoiceMemoNo], date: ret.date }),
    q.filters.purchaseInvoiceId ? inArray(ret.purchaseInvoiceId, q.filters.purchaseInvoiceId) : undefined,
  ]);
  const rows = await paged(
    db
      .select({
        ...getTableColumns(ret),
        number: sql<number>`${ret.number}`.mapWith(Number),
        purchaseInvoiceNumber: sql<number>`${purchaseInvoice.number}`.mapWith(Number),
      })
      .from(ret)
      .innerJoin(purchaseInvoice, eq(purchaseInvoice.id, ret.purchaseInvoiceId))
      .where(where)
      .orderBy(...orderBy(q, ret, ret.id))
      .$dynamic(),
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
