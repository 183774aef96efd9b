import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery } from '../../platform/list-query.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { purchaseDayTotals } from '../../schema/index.ts';

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
  // one named prepared statement (planned once per connection), its sums as money text like `moneyOf`'s
  const [sums] = await executePrepared<Record<'n' | Exclude<keyof typeof summed, 'n'>, string | number>>(
    db,
    sql`select coalesce(sum(${d.invoices}), 0)::int as n, ${sql.join(
      Object.entries(summed).map(([name, expression]) => sql`coalesce(${expression}, 0)::numeric(14,2)::text as ${sql.identifier(name)}`),
      sql`, `,
    )}
      from ${d} where ${d.state} = any(${`{${states.join(',')}}`}::text[])
      ${sql.join(
        conventionWhere({ ...q, statuses: null }, { date: d.date }).map((c) => sql` and ${c}`),
        sql``,
      )}`,
  );
  return {
    n: Number(sums!.n),
    exTax: Number(sums!.exTax),
    paidAmount: Number(sums!.paidAmount),
    returnAmount: Number(sums!.returnAmount),
    instantPaidReturnAmount: Number(sums!.instantPaidReturnAmount),
    dueAmount: Number(sums!.dueAmount),
    boughtAmount: Number(sums!.boughtAmount),
  };
}

/** The sums the list answers, over the per-day totals' rows. */
const summed = {
  exTax: sql`sum(${d.totalAmount})`,
  paidAmount: sql`sum(${d.paidAmount})`,
  returnAmount: sql`sum(${d.returnAmount})`,
  instantPaidReturnAmount: sql`sum(${d.instantPaidReturnAmount})`,
  dueAmount: sql`sum(${d.dueAmount})`,
  boughtAmount: sql`sum(case when ${d.state} = 'active' then ${d.totalAmount} + ${d.totalTax} else 0 end)`,
};
