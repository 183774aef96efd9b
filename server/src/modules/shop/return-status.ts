import { type ReturnStatus, type ReturnType, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { assertTransition, transition } from '../../platform/transition.ts';
import { post, vatByRate } from '../accounting/index.ts';
import { bringGoodsBack } from '../inventory/index.ts';
import { keepOrderFigures } from './order-kept-figures.ts';
import { orderStatusMail } from './order-mail.ts';
import { lockOrder, moveOrderStatus } from './order-status.ts';
import { onlyFor, returnDoc, returnDocument } from './return-doc.ts';
import { returnMail } from './return-mail.ts';
import { returnCouponKeptPosting, returnReceivedPostings, returnRefundPosting } from './return-postings.ts';

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

/** 409 invalid_transition unless the return may move so: the transition table, then the return's type. */
export function assertReturnMove(r: LockedReturn, to: ReturnStatus): void {
  assertTransition(returnDoc, r.id, r.return_cart_order_status, to);
  const type = onlyFor[to];
  if (type && type !== r.return_type)
    throw new AppError('invalid_transition', `Return ${r.id} is a ${r.return_type} return; only a ${type} return can become ${to}`, {
      state: `cannot go from ${r.return_cart_order_status} to ${to} for a ${r.return_type} return`,
    });
}

/** Moves the return to `to` through its lifecycle (`transition`), with `also` (columns that follow the move). */
export const moveReturnStatus = (tx: DbOrTx, returnId: number, to: ReturnStatus, also: Record<string, unknown> = {}) =>
  transition(tx, returnDoc, returnId, to, { ...also, updatedAt: sql`now()` });

/**
 * RECEIVED: the goods back into stock at the cost they left at (and into the average cost at it), the
 * checkout's postings reversed for them, the order's due (what the shop owes) and profit follow. When
 * every unit of the order is back, the order becomes RETURNED.
 */
async function receive(tx: DbOrTx, r: LockedReturn, orderStatus: string, userId: number, date: string, publicUrl: string) {
  const lines = await rawRows<{
    product_id: number;
    product_variant_id: number | null;
    quantity: number;
    unit_cost: string;
    net: string;
    vat_rate: string;
    vat: string;
    shared: boolean;
  }>(
    tx,
    sql`select product_id, product_variant_id, product_quantity as quantity, unit_cost::text, (line_total - coalesce(coupon_share, 0) - vat_amount)::text as net,
        product_vat::text as vat_rate, vat_amount::text as vat, coupon_share is not null as shared
      from return_cart_order_product where return_cart_order_id = ${r.id} order by product_id, id`,
  );
  await bringGoodsBack(
    tx,
    lines.map((l) => ({
      productId: l.product_id,
      productVariantId: l.product_variant_id,
      quantity: l.quantity,
      unitCost: Number(l.unit_cost),
    })),
    { direction: 'in', reason: 'orderReturn', documentType: returnDocument, documentId: r.id, userId },
  );
  // the cost as the movements value it (quantity × the unit cost the goods left at)
  const cost = lines.reduce((s, l) => s + l.quantity * toCents(Number(l.unit_cost)), 0);
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
  await moveReturnStatus(tx, r.id, 'RECEIVED');
  const [left] = await rawRows<{ units: number }>(
    tx,
    sql`select (select coalesce(sum(product_quantity), 0) from cart_order_product where invoice_id = ${r.cart_order_id})
        - (select coalesce(sum(l.product_quantity), 0) from return_cart_order_product l join return_cart_order x on x.id = l.return_cart_order_id
            where x.cart_order_id = ${r.cart_order_id} and x.return_cart_order_status in ('RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED')) as units`,
  );
  if (Number(left!.units) === 0 && orderStatus === 'DELIVERED') {
    // RETURNED is reached only here (staff cannot move an order to it by hand)
    await moveOrderStatus(tx, r.cart_order_id, 'RETURNED', userId);
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
  if (to === 'RECEIVED') await receive(tx, r, order.order_status, userId, date, publicUrl);
  else if (to === 'REFUNDED') {
    await post(tx, [returnRefundPosting(step, order.sub_account_id, toCents(Number(r.total_amount)))]);
    await moveReturnStatus(tx, r.id, to);
  } else if (to === 'RESEND' && !r.shared) {
    await post(tx, [returnCouponKeptPosting(step, toCents(Number(r.coupon_amount)))]);
    await moveReturnStatus(tx, r.id, to, { totalAmount: sql`total_amount + coupon_amount`, couponAmount: 0 });
  } else await moveReturnStatus(tx, r.id, to);
  await keepOrderFigures(tx, order.id);
  await returnMail(tx, r.id, to, publicUrl);
  return to;
}
