import { fromCents, type ReturnStatus, type ReturnType, returnLifecycle, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { assertTransition, type LifecycleDocument } from '../../platform/transition.ts';
import { returnCartOrder } from '../../schema/index.ts';
import { post, vatByRate } from '../accounting/index.ts';
import { moveStocks, takeInAtCost } from '../inventory/index.ts';
import { orderStatusMail } from './order-mail.ts';
import { lockOrder } from './order-status.ts';
import { returnDocument } from './return-create.ts';
import { returnMail } from './return-mail.ts';
import { returnCouponKeptPosting, returnReceivedPostings, returnRefundPosting } from './return-postings.ts';

/** A web order's return as a lifecycle document (its state is `returnCartOrderStatus`). */
export const returnDoc = {
  table: returnCartOrder,
  lifecycle: returnLifecycle,
  label: 'Return',
} as unknown as LifecycleDocument<ReturnStatus>;

export interface LockedReturn {
  id: number;
  cart_order_id: number;
  return_type: ReturnType;
  return_cart_order_status: ReturnStatus;
  total_amount: string;
  total_vat_amount: string;
  coupon_amount: string;
  cost: string;
  /** Its lines carry their coupon shares (an order placed since coupons are shared over lines). */
  shared: boolean;
}

/** The return's row, locked for the rest of the transaction: two moves of one return take turns, the second sees the first. */
export async function lockReturn(tx: DbOrTx, returnId: number): Promise<LockedReturn> {
  const [row] = await rawRows<LockedReturn>(
    tx,
    sql`select r.id, r.cart_order_id, r.return_type, r.return_cart_order_status, r.total_amount::text, r.total_vat_amount::text,
        r.coupon_amount::text, r.cost::text, not exists (select 1 from return_cart_order_product l
          where l.return_cart_order_id = r.id and l.coupon_share is null) as shared
      from return_cart_order r where r.id = ${returnId} for update of r`,
  );
  if (!row) throw notFound(`Return ${returnId}`);
  return row;
}

/** Which type of return may take a status: REFUNDED only a REFUND, RESEND only a PRODUCT return. */
const onlyFor: Partial<Record<ReturnStatus, ReturnType>> = { REFUNDED: 'REFUND', RESEND: 'PRODUCT' };

/** The statuses a return may take next by hand (RESENDED comes with the replacement order, `cart-order/reOrder`). */
export function nextReturnStatuses(status: ReturnStatus, type: ReturnType): ReturnStatus[] {
  return (returnLifecycle.transitions[status] ?? []).filter((to) => to !== 'RESENDED' && (onlyFor[to] ?? type) === type);
}

/** 409 invalid_transition unless the return may move so: the transition table, then the return's type. */
export function assertReturnMove(r: LockedReturn, to: ReturnStatus): void {
  assertTransition(returnDoc, r.id, r.return_cart_order_status, to);
  const type = onlyFor[to];
  if (type && type !== r.return_type)
    throw new AppError('invalid_transition', `Return ${r.id} is a ${r.return_type} return; only a ${type} return can become ${to}`, {
      state: `cannot go from ${r.return_cart_order_status} to ${to} for a ${r.return_type} return`,
    });
}

const setReturnStatus = (tx: DbOrTx, returnId: number, to: ReturnStatus, extra = sql``) =>
  tx.execute(sql`update return_cart_order set return_cart_order_status = ${to}, updated_at = now() ${extra} where id = ${returnId}`);

/**
 * RECEIVED: the goods back into stock at the cost they left at (and into the average cost at it), the
 * checkout's postings reversed for them, the order's due (what the shop owes) and profit follow. When
 * every unit of the order is back, the order becomes RETURNED.
 */
async function receive(tx: DbOrTx, r: LockedReturn, userId: number, date: string, publicUrl: string) {
  const lines = await rawRows<{
    product_id: number;
    quantity: number;
    unit_cost: string;
    net: string;
    vat_rate: string;
    vat: string;
    shared: boolean;
  }>(
    tx,
    sql`select product_id, product_quantity as quantity, unit_cost::text, (line_total - coalesce(coupon_share, 0) - vat_amount)::text as net,
        product_vat::text as vat_rate, vat_amount::text as vat, coupon_share is not null as shared
      from return_cart_order_product where return_cart_order_id = ${r.id} order by product_id, id`,
  );
  const byProduct = new Map<number, { quantity: number; unitCost: number }>();
  for (const l of lines) {
    const seen = byProduct.get(l.product_id);
    byProduct.set(l.product_id, { quantity: (seen?.quantity ?? 0) + l.quantity, unitCost: Number(l.unit_cost) });
  }
  const moved = await moveStocks(
    tx,
    [...byProduct.entries()].map(([productId, m]) => ({
      productId,
      quantity: m.quantity,
      reason: 'orderReturn' as const,
      documentType: returnDocument,
      documentId: r.id,
      unitCost: m.unitCost,
      userId,
    })),
  );
  for (const m of moved) {
    const back = byProduct.get(m.productId)!;
    await takeInAtCost(tx, m.productId, m.quantityAfter - back.quantity, back.quantity, toCents(back.unitCost));
  }
  // the cost as the movements value it (quantity × the unit cost the goods left at)
  const cost = [...byProduct.values()].reduce((s, m) => s + m.quantity * toCents(m.unitCost), 0);
  // the lines' net and VAT after their coupon shares; a return of an order placed before shares gives its coupon share back as a discount given
  const net = lines.reduce((s, l) => s + toCents(Number(l.net)), 0);
  const coupon = lines.every((l) => l.shared) ? 0 : toCents(Number(r.coupon_amount));
  await post(
    tx,
    returnReceivedPostings({
      orderId: r.cart_order_id,
      returnId: r.id,
      date,
      net,
      vat: vatByRate(lines.map((l) => ({ rate: Number(l.vat_rate), vat: toCents(Number(l.vat)) }))),
      coupon,
      cost,
    }),
  );
  await tx.execute(sql`update cart_order set due_amount = due_amount - ${r.total_amount}::numeric,
      profit = profit - ${fromCents(net - coupon - cost)}::numeric, updated_at = now() where id = ${r.cart_order_id}`);
  await setReturnStatus(tx, r.id, 'RECEIVED');
  const [left] = await rawRows<{ units: number }>(
    tx,
    sql`select (select coalesce(sum(product_quantity), 0) from cart_order_product where invoice_id = ${r.cart_order_id})
        - (select coalesce(sum(l.product_quantity), 0) from return_cart_order_product l join return_cart_order x on x.id = l.return_cart_order_id
            where x.cart_order_id = ${r.cart_order_id} and x.return_cart_order_status in ('RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED')) as units`,
  );
  if (Number(left!.units) === 0) {
    // RETURNED is reached only here (staff cannot move an order to it by hand)
    await tx.execute(sql`with u as (update cart_order set order_status = 'RETURNED', updated_at = now()
        where id = ${r.cart_order_id} and order_status = 'DELIVERED' returning id)
      insert into order_status_history (cart_order_id, order_status, user_id) select id, 'RETURNED', ${userId} from u`);
    await orderStatusMail(tx, r.cart_order_id, 'RETURNED', publicUrl);
  }
}

/**
 * PATCH return-cart-order/{id}: moves the return through the transition table (409 invalid_transition
 * naming both states otherwise; REFUNDED only for a REFUND return, RESEND only for a PRODUCT one,
 * RESENDED only with the replacement order), with what each move does: RECEIVED brings the goods back
 * and reverses their postings; REFUNDED pays the return's total back through the order's payment
 * method; RESEND keeps the coupon on the order (an order placed before coupons were shared over lines: the
 * return's credit grows by its share; since then the share goes with the goods to the replacement); REJECTED only
 * from PENDING. The return's row is locked first, then its order's. The shopper is mailed each step.
 */
export async function moveReturn(
  tx: DbOrTx,
  returnId: number,
  to: ReturnStatus,
  userId: number,
  clock: Clock,
  publicUrl: string,
): Promise<ReturnStatus> {
  const r = await lockReturn(tx, returnId);
  if (to === 'RESENDED' && r.return_cart_order_status === 'RESEND')
    throw new AppError(
      'invalid_transition',
      `Return ${r.id} becomes RESENDED with its replacement order: make it with cart-order/reOrder`,
      {
        state: 'cannot go from RESEND to RESENDED by hand',
      },
    );
  assertReturnMove(r, to);
  const order = await lockOrder(tx, r.cart_order_id);
  const date = await businessDate(tx, clock);
  const step = { orderId: r.cart_order_id, returnId: r.id, date };
  if (to === 'RECEIVED') await receive(tx, r, userId, date, publicUrl);
  else if (to === 'REFUNDED') {
    const amount = toCents(Number(r.total_amount));
    await post(tx, [returnRefundPosting(step, order.sub_account_id, amount)]);
    await tx.execute(sql`update cart_order set paid_amount = paid_amount - ${r.total_amount}::numeric,
        due_amount = due_amount + ${r.total_amount}::numeric, updated_at = now() where id = ${order.id}`);
    await setReturnStatus(tx, r.id, to);
  } else if (to === 'RESEND' && !r.shared) {
    const coupon = toCents(Number(r.coupon_amount));
    await post(tx, [returnCouponKeptPosting(step, coupon)]);
    await tx.execute(sql`update cart_order set due_amount = due_amount - ${r.coupon_amount}::numeric,
        profit = profit - ${r.coupon_amount}::numeric, updated_at = now() where id = ${order.id}`);
    await setReturnStatus(tx, r.id, to, sql`, total_amount = total_amount + coupon_amount, coupon_amount = 0`);
  } else await setReturnStatus(tx, r.id, to);
  await returnMail(tx, r.id, to, publicUrl);
  return to;
}
