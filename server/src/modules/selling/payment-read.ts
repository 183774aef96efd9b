import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { saleInvoice, transaction } from '../../schema/index.ts';
import { entriesWhere, liveEntry } from '../accounting/index.ts';

const ar = sql`(select id from sub_account where system_key = 'accountsReceivable')`;
const money = (cents: ReturnType<typeof sql>) => sql<number>`coalesce(${cents}, 0)::numeric(14,2)::text`.mapWith(Number);

/**
 * GET payment-sale-invoice → {getAllPaymentSaleInvoice, totalPaymentSaleInvoice, aggregations}: money
 * received from customers (the sale rows that credit Accounts Receivable: paid at the till or later)
 * of completed sales, newest first; deleted payments left out. Filters: sale, customer, date range.
 */
export async function listCustomerPayments(
  db: DbOrTx,
  q: ListQuery<{ saleInvoiceId?: number[]; saleInvoiceNumber?: number[]; customerId?: number[] }>,
) {
  const f = q.filters;
  const sales = db
    .select({ id: sql`${saleInvoice.id}::text` })
    .from(saleInvoice)
    .where(
      and(
        eq(saleInvoice.state, 'completed'),
        f.saleInvoiceId ? inArray(saleInvoice.id, f.saleInvoiceId) : undefined,
        f.saleInvoiceNumber ? inArray(saleInvoice.number, f.saleInvoiceNumber) : undefined,
        f.customerId ? inArray(saleInvoice.customerId, f.customerId) : undefined,
      ),
    );
  const where = whereAll([
    eq(transaction.type, 'sale'),
    sql`${transaction.creditId} = ${ar}`,
    inArray(transaction.relatedId, sales),
    liveEntry(),
    q.startDate ? sql`${transaction.date} >= ${q.startDate}` : undefined,
    q.endDate ? sql`${transaction.date} <= ${q.endDate}` : undefined,
  ]);
  const rows = await paged(entriesWhere(db, where).orderBy(desc(transaction.date), desc(transaction.id)), q);
  // each payment's sale by its invoice number, as a person knows it (the entry names the sale by id)
  const numbers = new Map(
    rows.length
      ? (
          await db
            .select({ id: saleInvoice.id, number: saleInvoice.number })
            .from(saleInvoice)
            .where(inArray(saleInvoice.id, [...new Set(rows.map((r) => Number(r.relatedId)))]))
        ).map((s) => [String(s.id), s.number])
      : [],
  );
  const [totals] = await db
    .select({ n: count(), amount: money(sql`sum(${transaction.amount})`) })
    .from(transaction)
    .where(and(where));
  return {
    getAllPaymentSaleInvoice: rows.map((r) => ({ ...r, saleInvoiceNumber: numbers.get(r.relatedId ?? '') ?? null })),
    totalPaymentSaleInvoice: totals?.n ?? 0,
    aggregations: { _sum: { amount: totals?.amount ?? 0 } },
  };
}
