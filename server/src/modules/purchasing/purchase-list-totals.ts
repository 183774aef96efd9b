import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery } from '../../platform/list-query.ts';
import { purchaseDayTotals } from '../../schema/index.ts';
import { moneyOf } from './balances.ts';

const d = purchaseDayTotals;

/**
 * The purchase list's count and sums from purchase_day_totals (a row per day, state and bucket, kept
 * by a trigger on purchase_invoice), so they cost the same at any number of invoices; the shape of
 * `summedColumns` with the count and the sum without VAT. Only when the list's conditions are its
 * status and date range: a search or a supplier sums the invoices themselves (undefined here).
 */
export async function purchaseTotalsByDay(db: DbOrTx, q: ListQuery<{ supplierId?: number[] }>) {
  if (q.key || q.filters.supplierId) return undefined;
  // an active invoice is shown ('true'), an undone one hidden ('false')
  const states = q.statuses?.length === 1 ? (q.statuses[0] ? ['active'] : ['undone']) : ['active', 'undone'];
  const [sums] = await db
    .select({
      n: sql<number>`coalesce(sum(${d.invoices}), 0)::int`.mapWith(Number),
      exTax: moneyOf(sql`sum(${d.totalAmount})`),
      paidAmount: moneyOf(sql`sum(${d.paidAmount})`),
      returnAmount: moneyOf(sql`sum(${d.returnAmount})`),
      instantPaidReturnAmount: moneyOf(sql`sum(${d.instantPaidReturnAmount})`),
      dueAmount: moneyOf(sql`sum(${d.dueAmount})`),
      boughtAmount: moneyOf(sql`sum(case when ${d.state} = 'active' then ${d.totalAmount} + ${d.totalTax} else 0 end)`),
    })
    .from(d)
    .where(and(inArray(d.state, states as ('active' | 'undone')[]), ...conventionWhere({ ...q, statuses: null }, { date: d.date })));
  return sums!;
}
