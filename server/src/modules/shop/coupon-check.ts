import type { CouponTerms, CouponUse } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

/** A coupon by its code (any case) with its use so far (a signed-in shopper's own as well), for the storefront's check. */
export async function couponByCode(db: DbOrTx, code: string, customerId: number | undefined): Promise<(CouponTerms & CouponUse) | null> {
  const [row] = await rawRows<{ coupon: (CouponTerms & CouponUse) | null }>(
    db,
    sql`select json_build_object('couponCode', c.coupon_code, 'type', c.type, 'value', c.value, 'startDate', c.start_date,
        'endDate', c.end_date, 'maxUses', c.max_uses, 'maxUsesPerCustomer', c.max_uses_per_customer, 'minimumOrder', c.minimum_order,
        'status', c.status,
        'used', (select count(*) from cart_order o where o.coupon_id = c.id and o.order_status <> 'CANCELLED'),
        'usedByCustomer', (select count(*) from cart_order o where o.coupon_id = c.id and o.order_status <> 'CANCELLED'
          and o.customer_id = ${customerId ?? 0})) as coupon
      from coupon c where lower(c.coupon_code) = lower(${code.slice(0, 40)})`,
  );
  const c = row?.coupon;
  if (!c) return null;
  return {
    ...c,
    value: Number(c.value),
    minimumOrder: c.minimumOrder == null ? null : Number(c.minimumOrder),
    used: Number(c.used),
    usedByCustomer: Number(c.usedByCustomer),
  };
}
