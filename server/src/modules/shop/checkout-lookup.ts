import { type CouponTerms, type CouponUse, fromCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';

export interface CheckoutParty {
  /** The new order's id, from its table's identity (a key only: a refused checkout leaves a gap). */
  orderId: number;
  customer: { id: number; username: string; email: string | null; phone: string | null; address: string | null; active: boolean } | null;
  fee: { id: number; deliveryArea: string; deliveryFee: number; active: boolean } | null;
  method: { id: number; methodName: string; subAccountId: number; offered: boolean; isCod: boolean } | null;
}

/** The shopper, the delivery area and the payment method of a checkout, and the new order's id, in one statement. */
export async function lookUpCheckout(
  tx: DbOrTx,
  customerId: number,
  deliveryFeeId: number,
  paymentMethodId: number,
): Promise<CheckoutParty> {
  const [row] = await executePrepared<CheckoutParty>(
    tx,
    sql`select nextval(pg_get_serial_sequence('cart_order', 'id'))::int as "orderId",
      (select json_build_object('id', c.id, 'username', c.username, 'email', c.email, 'phone', c.phone, 'address', c.address,
        'active', c.status) from customer c where c.id = ${customerId}) as customer,
      (select json_build_object('id', f.id, 'deliveryArea', f.delivery_area, 'deliveryFee', f.delivery_fee, 'active', f.status)
        from delivery_fee f where f.id = ${deliveryFeeId}) as fee,
      (select json_build_object('id', m.id, 'methodName', m.method_name, 'subAccountId', m.sub_account_id,
        'offered', m.status and m.is_active = 'true' and m.at_checkout = 'true', 'isCod', m.is_cod = 'true') from payment_method m where m.id = ${paymentMethodId}) as method`,
  );
  return {
    orderId: Number(row!.orderId),
    customer: row!.customer,
    fee: row!.fee ? { ...row!.fee, deliveryFee: fromCents(Math.round(Number(row!.fee.deliveryFee) * 100)) } : null,
    method: row!.method,
  };
}

/**
 * The coupon of a code (any case), locked for the rest of the transaction, with its use so far: two
 * checkouts taking its last use queue here, and the second counts the first's order.
 */
export async function lockCoupon(tx: DbOrTx, code: string, customerId: number): Promise<(CouponTerms & CouponUse & { id: number }) | null> {
  const [row] = await executePrepared<{ coupon: (CouponTerms & { id: number }) | null }>(
    tx,
    sql`select json_build_object('id', c.id, 'couponCode', c.coupon_code, 'type', c.type, 'value', c.value, 'startDate', c.start_date,
        'endDate', c.end_date, 'maxUses', c.max_uses, 'maxUsesPerCustomer', c.max_uses_per_customer, 'minimumOrder', c.minimum_order,
        'status', c.status) as coupon
      from coupon c where lower(c.coupon_code) = lower(${code}) for update`,
  );
  if (!row?.coupon) return null;
  const c = row.coupon;
  const [use] = await executePrepared<{ used: number; mine: number }>(
    tx,
    sql`select count(*)::int as used, count(*) filter (where o.customer_id = ${customerId})::int as mine
      from cart_order o where o.coupon_id = ${c.id} and o.order_status <> 'CANCELLED'`,
  );
  return {
    ...c,
    value: Number(c.value),
    minimumOrder: c.minimumOrder == null ? null : Number(c.minimumOrder),
    used: use!.used,
    usedByCustomer: use!.mine,
  };
}
