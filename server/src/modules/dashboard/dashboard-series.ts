import { type DashboardGrouping, dashboardGroupingOf } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

export interface PeriodRow {
  date: string;
  invoices: number;
  sales: string;
  returns: string;
  profit: string;
  purchaseInvoices: number;
  purchases: string;
  purchaseReturns: string;
}

const dayMs = 86_400_000;

/** Days from startDate to endDate, both counted (YYYY-MM-DD, years 0001..9999). */
export const daysIn = (startDate: string, endDate: string) =>
  Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / dayMs) + 1;

/** The range's grouping: a long range is summed per week, month or year so that its series stays short. */
export const groupingOf = (startDate: string, endDate: string): DashboardGrouping => dashboardGroupingOf(daysIn(startDate, endDate));

/**
 * Every period (day, week, month or year) of the range with its completed sales (count, with VAT,
 * profit), its sale returns (with VAT), its live purchases and its purchase returns, in cents. A period
 * is named by its first day in the range (the first one starts at startDate). A document counts on its
 * own date; returns against an undone sale or purchase never count. A sale's stored profit is already
 * after its returns (a return lowers it), so profit stays on the sale's date.
 */
export function periods(db: DbOrTx, start: string, end: string, unit: DashboardGrouping) {
  // `unit` is one of the closed set's words, never the client's text
  const period = (day: SQL) => sql`date_trunc(${sql.raw(`'${unit}'`)}, ${day}::timestamp)`;
  const first = sql`greatest(${start}::date, ${period(sql`date`)}::date)`;
  const firstOfReturn = sql`greatest(${start}::date, ${period(sql`r.date`)}::date)`;
  return rawRows<PeriodRow>(
    db,
    sql`with s as (
        select ${first} as day, count(*)::int as n, round(sum(total_amount + total_tax_amount) * 100)::bigint as amount,
          round(sum(profit) * 100)::bigint as profit
        from sale_invoice where state = 'completed' and date between ${start}::date and ${end}::date group by 1),
      r as (
        select ${firstOfReturn} as day, round(sum(r.total_amount + r.tax) * 100)::bigint as amount
        from return_sale_invoice r join sale_invoice si on si.id = r.sale_invoice_id and si.state = 'completed'
        where r.date between ${start}::date and ${end}::date group by 1),
      p as (
        select ${first} as day, count(*)::int as n, round(sum(total_amount + total_tax) * 100)::bigint as amount
        from purchase_invoice where state = 'active' and date between ${start}::date and ${end}::date group by 1),
      pr as (
        select ${firstOfReturn} as day, round(sum(r.total_amount + r.tax) * 100)::bigint as amount
        from return_purchase_invoice r join purchase_invoice pi on pi.id = r.purchase_invoice_id and pi.state = 'active'
        where r.date between ${start}::date and ${end}::date group by 1),
      d as (
        select greatest(${start}::date, g::date) as day
        from generate_series(${period(sql`${start}::date`)}, ${end}::date::timestamp, ${sql.raw(`interval '1 ${unit}'`)}) as g)
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce(s.n, 0) as invoices, coalesce(s.amount, 0) as sales, coalesce(r.amount, 0) as returns,
        coalesce(s.profit, 0) as profit,
        coalesce(p.n, 0) as "purchaseInvoices", coalesce(p.amount, 0) as purchases, coalesce(pr.amount, 0) as "purchaseReturns"
      from d left join s on s.day = d.day left join r on r.day = d.day
      left join p on p.day = d.day left join pr on pr.day = d.day
      order by d.day`,
  );
}
