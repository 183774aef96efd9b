import { type DashboardGrouping, dashboardGroupingOf } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { saleDocuments } from '../sales/index.ts';

/** A period's sale figures on one channel (cents as the database sums them). */
export interface ChannelFigures {
  invoices: number;
  sales: string;
  returns: string;
  profit: string;
}

export interface PeriodRow {
  date: string;
  till: ChannelFigures;
  web: ChannelFigures;
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
 * Every period (day, week, month or year) of the range with its sales on each channel (the sales
 * module's documents: completed till sales and web orders not cancelled, counted, with VAT after
 * discounts, their profit; their returns), its live purchases and its purchase returns, in cents. A
 * period is named by its first day in the range (the first one starts at startDate). A document counts
 * on its own date; returns against an undone sale or purchase never count. A sale's or order's kept
 * profit is already after its returns, so profit stays on the sale's date.
 */
export function periods(db: DbOrTx, start: string, end: string, unit: DashboardGrouping) {
  // `unit` is one of the closed set's words, never the client's text
  const period = (day: SQL) => sql`date_trunc(${sql.raw(`'${unit}'`)}, ${day}::timestamp)`;
  const first = sql`greatest(${start}::date, ${period(sql`date`)}::date)`;
  const firstOfReturn = sql`greatest(${start}::date, ${period(sql`r.date`)}::date)`;
  const channel = (name: string) => sql`json_build_object('invoices', coalesce(sum(s.invoices) filter (where s.channel = ${name}), 0),
    'sales', coalesce(sum(s.sales) filter (where s.channel = ${name}), 0)::text,
    'returns', coalesce(sum(s.returns) filter (where s.channel = ${name}), 0)::text,
    'profit', coalesce(sum(s.profit) filter (where s.channel = ${name}), 0)::text)`;
  return rawRows<PeriodRow>(
    db,
    sql`with s as (
        select ${first} as day, d.channel, sum(d.invoices)::int as invoices, round(sum(d.sales) * 100)::bigint as sales,
          round(sum(d.returns) * 100)::bigint as returns, round(sum(d.profit) * 100)::bigint as profit
        from ${saleDocuments({ from: start, to: end })} d group by 1, 2),
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
      select to_char(d.day, 'YYYY-MM-DD') as date, ${channel('till')} as till, ${channel('web')} as web,
        coalesce(p.n, 0) as "purchaseInvoices", coalesce(p.amount, 0) as purchases, coalesce(pr.amount, 0) as "purchaseReturns"
      from d left join s on s.day = d.day left join p on p.day = d.day left join pr on pr.day = d.day
      group by d.day, p.n, p.amount, pr.amount
      order by d.day`,
  );
}
