import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { purchaseInvoice, subAccount, transaction } from '../../schema/index.ts';
import { entriesWhere, liveEntry } from '../accounting/index.ts';
import { moneyOf } from './balances.ts';

const keyed = (key: string) => sql`(select id from sub_account where system_key = ${key})`;

/**
 * GET payment-purchase-invoice → {getAllPaymentPurchaseInvoice, totalPaymentPurchaseInvoice, aggregations}:
 * the purchase rows that pay a supplier (Dr Accounts Payable, Cr a money account, not Inventory or Tax)
 * of invoices that are not undone, filtered by invoice and the list's date range.
 */
export async function listSupplierPayments(db: DbOrTx, q: ListQuery<{ purchaseInvoiceId?: number[] }>) {
  const live = db
    .select({ id: sql`${purchaseInvoice.id}::text` })
    .from(purchaseInvoice)
    .where(eq(purchaseInvoice.state, 'active'));
  const where = whereAll([
    eq(transaction.type, 'purchase'),
    sql`${transaction.debitId} = ${keyed('accountsPayable')}`,
    notInArray(
      transaction.creditId,
      db
        .select({ id: subAccount.id })
        .from(subAccount)
        .where(inArray(subAccount.systemKey, ['inventory', 'tax'])),
    ),
    inArray(transaction.relatedId, live),
    liveEntry(),
    q.filters.purchaseInvoiceId ? inArray(transaction.relatedId, q.filters.purchaseInvoiceId.map(String)) : undefined,
    q.startDate ? sql`${transaction.date} >= ${q.startDate}` : undefined,
    q.endDate ? sql`${transaction.date} <= ${q.endDate}` : undefined,
  ]);
  const rows = await paged(entriesWhere(db, where).orderBy(desc(transaction.id)), q);
  const [totals] = await db
    .select({ n: count(), amount: moneyOf(sql`sum(${transaction.amount})`) })
    .from(transaction)
    .where(and(where));
  return {
    getAllPaymentPurchaseInvoice: rows,
    totalPaymentPurchaseInvoice: totals?.n ?? 0,
    aggregations: { _sum: { amount: totals?.amount ?? 0 } },
  };
}
