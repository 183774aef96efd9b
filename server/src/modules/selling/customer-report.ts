import { maxUnpaged } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type ListQuery, unpagedFits } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';
import { webOrderTotals } from '../sales/index.ts';

/** A timestamp as the API writes it (Date.toISOString: UTC, milliseconds). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** A sum of a numeric(…, 2) column as the API writes money: a JSON number, 0 for none. */
const money = (expression: string) => sql.raw(`coalesce(${expression}, 0)::float8`);

/** The report as asked by default: no search, filter, status, date or order of its own. */
export const isPlainReport = (q: ListQuery) =>
  !q.key &&
  !q.sort &&
  q.order !== 'asc' &&
  !q.startDate &&
  !q.endDate &&
  q.statuses === null &&
  Object.values(q.filters as Record<string, unknown>).every((value) => value === undefined);

/**
 * GET customer?query=report as asked by default (every customer, newest first, with what its completed
 * sales and web orders come to: a shopper's orders are theirs), written as JSON text by the database in one statement: a thousand customers cost one
 * round trip and no row objects in Node. The same answer as the factory's list with the customers'
 * totals (the test compares them); a report with filters goes that way. More customers than an unpaged
 * answer may hold is the same 400 naming `query`.
 */
export async function plainCustomerReport(db: DbOrTx, q: ListQuery): Promise<string> {
  const [row] = await rawRows<{ customers: number; body: string | null }>(
    db,
    sql`with b as (select t.customer_id, round(sum(t.total_amount), 2) as total, round(sum(t.paid_amount), 2) as paid,
          round(sum(t.return_amount), 2) as returned, round(sum(t.instant_paid_return_amount), 2) as refunded
        from customer_sale_totals t group by t.customer_id),
      w as (select * from ${webOrderTotals(sql`true`)} w),
      r as (select c.id, c.status, c.created_at, c.updated_at, c.username, c.first_name, c.last_name, c.email, c.phone, c.address,
          coalesce(b.total, 0) + coalesce(w.total, 0) / 100.0 as total, coalesce(b.paid, 0) + coalesce(w.paid, 0) / 100.0 as paid,
          coalesce(b.returned, 0) + coalesce(w.returned, 0) / 100.0 as returned,
          coalesce(b.refunded, 0) + coalesce(w.refunded, 0) / 100.0 as refunded
        from customer c left join b on b.customer_id = c.id left join w on w.customer_id = c.id),
      n as (select count(*)::int as customers from customer)
    select n.customers, case when n.customers <= ${maxUnpaged} then json_build_object(
      'grandData', (select json_build_object('grandTotalAmount', ${money('sum(total)')}, 'grandTotalPaidAmount', ${money('sum(paid)')},
        'grandTotalReturnAmount', ${money('sum(returned)')}, 'grandInstantPaidReturnAmount', ${money('sum(refunded)')},
        'grandDueAmount', ${money('sum(total - returned - paid + refunded)')}) from r),
      'allCustomer', (select coalesce(json_agg(json_build_object('id', r.id, 'status', r.status::text, 'createdAt', ${iso('r.created_at')},
          'updatedAt', ${iso('r.updated_at')}, 'username', r.username, 'firstName', r.first_name, 'lastName', r.last_name,
          'email', r.email, 'phone', r.phone, 'address', r.address, 'totalAmount', r.total::float8, 'totalPaidAmount', r.paid::float8,
          'totalReturnAmount', r.returned::float8, 'instantPaidReturnAmount', r.refunded::float8,
          'dueAmount', (r.total - r.returned - r.paid + r.refunded)::float8) order by r.created_at desc, r.id desc), '[]') from r)
    )::text end as body from n`,
  );
  unpagedFits(q, row!.customers);
  return row!.body!;
}
