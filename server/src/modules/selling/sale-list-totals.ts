import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery } from '../../platform/list-query.ts';
import { customerSaleTotals, saleDayTotals } from '../../schema/index.ts';

const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);
const d = saleDayTotals;

/** The listed states a status filter keeps: a completed sale is shown ('true'), an undone one hidden ('false'). */
const statesOf = (q: ListQuery) =>
  q.statuses?.length === 1 ? (q.statuses[0] ? (['completed'] as const) : (['deleted'] as const)) : (['completed', 'deleted'] as const);

/**
 * The sale list's count, sums and per-day graph from sale_day_totals (a row per day, state and
 * bucket, kept by a trigger on sale_invoice), so they cost the same at any number of sales. Only when
 * the list's conditions are its status and date range: a search, a customer or a salesperson sums
 * the sales themselves (undefined here).
 */
export async function saleTotalsByDay(db: DbOrTx, q: ListQuery, filtered: boolean) {
  if (filtered || q.key) return undefined;
  const states = statesOf(q);
  const where = and(inArray(d.state, [...states]), ...conventionWhere({ ...q, statuses: null }, { date: d.date }));
  const [sums] = await db
    .select({
      count: sql<number>`coalesce(sum(${d.invoices}), 0)::int`.mapWith(Number),
      totalAmount: money(sql`sum(${d.totalAmount})`),
      totalTaxAmount: money(sql`sum(${d.totalTaxAmount})`),
      totalDiscountAmount: money(sql`sum(${d.totalDiscountAmount})`),
      profit: money(sql`sum(${d.profit})`),
      paidAmount: money(sql`sum(${d.paidAmount})`),
      dueAmount: money(sql`sum(${d.dueAmount})`),
      totalReturnAmount: money(sql`sum(${d.returnAmount})`),
      instantPaidReturnAmount: money(sql`sum(${d.instantPaidReturnAmount})`),
    })
    .from(d)
    .where(where);
  return sums!;
}

/** The graph (completed sales per day of the range) from the same rows; undefined when the list is filtered otherwise. */
export async function saleGraphByDay(db: DbOrTx, q: ListQuery, filtered: boolean) {
  if (filtered || q.key) return undefined;
  if (!(statesOf(q) as readonly string[]).includes('completed')) return [];
  return db
    .select({
      date: d.date,
      count: sql<number>`sum(${d.invoices})::int`.mapWith(Number),
      totalAmount: money(sql`sum(${d.totalAmount})`),
    })
    .from(d)
    .where(and(eq(d.state, 'completed'), ...conventionWhere({ ...q, statuses: null }, { date: d.date })))
    .groupBy(d.date)
    .having(sql`sum(${d.invoices}) > 0`)
    .orderBy(asc(d.date));
}

/** Each customer's completed sales counted and summed, from customer_sale_totals, in cents. */
export async function customerTotals(db: DbOrTx, customerIds: number[]) {
  const c = customerSaleTotals;
  const cents = (column: AnyPgColumn) => sql<number>`round(coalesce(sum(${column}), 0) * 100)::bigint`.mapWith(Number);
  return (
    db
      .select({
        customerId: c.customerId,
        invoices: sql<number>`coalesce(sum(${c.invoices}), 0)::int`.mapWith(Number),
        total: cents(c.totalAmount),
        paid: cents(c.paidAmount),
        returned: cents(c.returnAmount),
        refunded: cents(c.instantPaidReturnAmount),
      })
      .from(c)
      // one array parameter, not one per customer: a report asks for every customer at once
      .where(sql`${c.customerId} = any(${`{${customerIds.join(',')}}`}::int[])`)
      .groupBy(c.customerId)
  );
}
