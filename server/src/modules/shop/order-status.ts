import { type Cents, fromCents, type OrderStatus, orderLabels, type orderStatusInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { assertTransition, transition } from '../../platform/transition.ts';
import { post, reversePostings } from '../accounting/index.ts';
import { bringGoodsBack } from '../inventory/index.ts';
import { orderDoc, orderDocument, orderStatusesByServer } from './order-doc.ts';
import { keepOrderFigures } from './order-kept-figures.ts';
import { orderStatusMail } from './order-mail.ts';
import { deliveryFeeChange, orderPaymentPosting } from './order-postings.ts';
import { keepTrackingNumber } from './order-tracking.ts';

export interface LockedOrder {
  id: number;
  order_status: OrderStatus;
  is_cod: boolean;
  total_amount: string;
  paid_amount: string;
  due_amount: string;
  delivery_fee: string;
  payment_method_id: number;
  method_name: string;
  sub_account_id: number;
  verified: string | null;
}

/** The order's row, locked for the rest of the transaction (a second move waits and sees the first), with its payment method and newest payment record. */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<LockedOrder> {
  const [row] = await rawRows<LockedOrder>(
    tx,
    sql`select o.id, o.order_status, o.is_cod, o.total_amount::text, o.paid_amount::text, o.due_amount::text, o.delivery_fee::text,
        o.payment_method_id, m.method_name, m.sub_account_id,
        (select mp.is_verified from manual_payment mp where mp.cart_order_id = o.id order by mp.id desc limit 1) as verified
      from cart_order o join payment_method m on m.id = o.payment_method_id where o.id = ${orderId} for update of o`,
  );
  if (!row) throw notFound(`Order ${orderId}`);
  return row;
}

/**
 * Moves the order to `to` through its lifecycle (`transition`: 409 invalid_transition naming both states
 * otherwise), with `also` (columns that follow the move), and writes the move into its status history.
 */
export async function moveOrderStatus(tx: DbOrTx, orderId: number, to: OrderStatus, userId: number, also: Record<string, unknown> = {}) {
  await transition(tx, orderDoc, orderId, to, { ...also, updatedAt: sql`now()` });
  await tx.execute(sql`insert into order_status_history (cart_order_id, order_status, user_id) values (${orderId}, ${to}, ${userId})`);
}

/** The order's money in: into the method's account, off the receivable; the order then owes nothing. */
export async function takePayment(tx: DbOrTx, order: LockedOrder, date: string, userId: number) {
  const due = toCents(Number(order.due_amount));
  if (due > 0) await post(tx, [orderPaymentPosting(order.id, date, order.sub_account_id, due, order.method_name)]);
  await tx.execute(sql`update manual_payment set is_verified = 'Accept', verified_by = ${userId}, updated_at = now()
    where id = (select id from manual_payment where cart_order_id = ${order.id} order by id desc limit 1) and is_verified = 'Pending'`);
}

async function receive(tx: DbOrTx, order: LockedOrder, input: z.output<typeof orderStatusInput>, userId: number, date: string) {
  if (!input.courierMediumId) throw fieldError('courierMediumId', 'is required to receive an order: choose who delivers it', orderLabels);
  const [courier] = await rawRows<{ id: number }>(tx, sql`select id from courier_medium where id = ${input.courierMediumId} and status`);
  if (!courier) throw fieldError('courierMediumId', 'is not an active courier', orderLabels);
  if (!order.is_cod && order.verified !== 'Accept')
    throw badRequest(`The payment of order #${order.id} has not been accepted yet: verify it under Manual payments first`, {
      orderStatus: 'needs an accepted payment',
    });
  const also: Record<string, unknown> = { courierMediumId: courier.id };
  if (input.deliveryFee != null) {
    const difference: Cents = toCents(input.deliveryFee) - toCents(Number(order.delivery_fee));
    if (difference !== 0) {
      if (Number(order.paid_amount) > 0) throw fieldError('deliveryFee', 'cannot change: the order is already paid', orderLabels);
      await post(tx, [deliveryFeeChange(order.id, date, difference)]);
      also.deliveryFee = input.deliveryFee;
      also.totalAmount = fromCents(toCents(Number(order.total_amount)) + difference);
    }
  }
  await moveOrderStatus(tx, order.id, 'RECEIVED', userId, also);
}

/** CANCELLED: the goods come back at the cost they left at, and every posting of the order (a payment included) is reversed, dated today. */
async function cancel(tx: DbOrTx, order: LockedOrder, userId: number, date: string) {
  await moveOrderStatus(tx, order.id, 'CANCELLED', userId);
  const lines = await rawRows<{ product_id: number; product_variant_id: number | null; quantity: number; unit_cost: string }>(
    tx,
    sql`select product_id, product_variant_id, product_quantity as quantity, unit_cost::text from cart_order_product
      where invoice_id = ${order.id} order by product_id, id`,
  );
  await bringGoodsBack(
    tx,
    lines.map((l) => ({
      productId: l.product_id,
      productVariantId: l.product_variant_id,
      quantity: l.quantity,
      unitCost: Number(l.unit_cost),
    })),
    { direction: 'in', reason: 'orderCancel', documentType: orderDocument, documentId: order.id, userId },
  );
  await reversePostings(tx, { types: ['order'], relatedId: order.id, date, particulars: () => `Web order #${order.id}: cancelled` });
}

/**
 * PATCH cart-order/order: moves the order through the transition table (409 invalid_transition naming
 * both states otherwise; RETURNED only with the last unit of its returns back), with what each move does
 * (reference 3.17, defects fixed): RECEIVED needs a courier and, unless cash on delivery, an accepted
 * payment, and may re-base the delivery fee; DELIVERED takes a cash-on-delivery order's money; CANCELLED
 * gives the stock back and reverses the postings. The order's figures are then kept from its ledger. The
 * shopper is mailed the new status.
 */
export async function moveOrder(
  tx: DbOrTx,
  input: z.output<typeof orderStatusInput>,
  userId: number,
  clock: Clock,
  publicUrl: string,
): Promise<OrderStatus> {
  const order = await lockOrder(tx, input.invoiceId);
  const to = input.orderStatus;
  if (orderStatusesByServer.includes(to) && order.order_status !== to)
    throw new AppError('invalid_transition', `Order ${order.id} becomes ${to} when its returns bring every unit back`, {
      state: `cannot go from ${order.order_status} to ${to} by hand`,
    });
  // checked before the move's own checks (a courier, a payment); transition() checks it again under the lock as it writes
  assertTransition(orderDoc, order.id, order.order_status, to);
  await keepTrackingNumber(tx, order.id, to, input.trackingNumber);
  const date = await businessDate(tx, clock);
  if (to === 'RECEIVED') await receive(tx, order, input, userId, date);
  else if (to === 'CANCELLED') await cancel(tx, order, userId, date);
  else {
    await moveOrderStatus(tx, order.id, to, userId);
    if (to === 'DELIVERED' && order.is_cod) await takePayment(tx, order, date, userId);
  }
  await keepOrderFigures(tx, order.id);
  await orderStatusMail(tx, order.id, to, publicUrl);
  return to;
}
