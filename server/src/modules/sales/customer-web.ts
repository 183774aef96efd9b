import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { webReturnsBack } from './sale-documents.ts';

const backStatuses = sql.raw(webReturnsBack.map((s) => `'${s}'`).join(', '));

/**
 * The customers' web orders summed per customer, in cents, as a subquery `w` (customer_id, orders,
 * returns, total, paid, returned, refunded) for `customers` (a condition on `customer_id`, e.g. one id):
 * orders not CANCELLED, each at its total (goods − coupon + delivery fee); returned = the returns whose
 * goods came back; refunded = what went back to the shopper for them (REFUNDED, or passed to a
 * replacement order: RESENDED); paid = what came in, so that total − returned − paid + refunded is the
 * due the orders keep (equal to their receivable in the ledger).
 */
export function webOrderTotals(customers: SQL): SQL {
  return sql`(
    select o.customer_id, o.orders, coalesce(r.returns, 0)::int as returns, o.total,
      o.total - coalesce(r.returned, 0) - o.due + coalesce(r.refunded, 0) as paid,
      coalesce(r.returned, 0)::bigint as returned, coalesce(r.refunded, 0)::bigint as refunded
    from (select customer_id, count(*)::int as orders, round(sum(total_amount) * 100)::bigint as total,
        round(sum(due_amount) * 100)::bigint as due
      from cart_order where order_status <> 'CANCELLED' and ${customers} group by customer_id) o
    left join (select customer_id, count(*)::int as returns, round(sum(total_amount) * 100)::bigint as returned,
        round(coalesce(sum(total_amount) filter (where return_cart_order_status in ('REFUNDED', 'RESENDED')), 0) * 100)::bigint as refunded
      from return_cart_order where return_cart_order_status in (${backStatuses}) and ${customers} group by customer_id) r
      on r.customer_id = o.customer_id
  )`;
}

export interface WebTotals {
  customerId: number;
  orders: number;
  returns: number;
  total: number;
  paid: number;
  returned: number;
  refunded: number;
}

/** {@link webOrderTotals} of the given customers, as numbers (cents). */
export async function webTotalsOf(db: DbOrTx, customerIds: number[]): Promise<WebTotals[]> {
  const rows = await rawRows<Record<string, string | number>>(
    db,
    sql`select * from ${webOrderTotals(sql`customer_id = any(${`{${customerIds.join(',')}}`}::int[])`)} w`,
  );
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    orders: Number(r.orders),
    returns: Number(r.returns),
    total: Number(r.total),
    paid: Number(r.paid),
    returned: Number(r.returned),
    refunded: Number(r.refunded),
  }));
}
