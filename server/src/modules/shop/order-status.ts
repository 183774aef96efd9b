import { type Cents, type OrderStatus, orderLabels, orderLifecycle, type orderStatusInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { assertTransition, type LifecycleDocument } from '../../platform/transition.ts';
import { cartOrder } from '../../schema/index.ts';
import { liveEntry, post } from '../accounting/index.ts';
import { moveStock, takeInAtCost } from '../inventory/index.ts';
import { orderDocument } from './checkout.ts';
import { orderStatusMail } from './order-mail.ts';
import { deliveryFeeChange, orderPaymentPosting } from './order-postings.ts';
import { keepTrackingNumber } from './order-tracking.ts';

/** The web order as a lifecycle document (its state is `orderStatus`). */
export const orderDoc = { table: cartOrder, lifecycle: orderLifecycle, label: 'Order' } as unknown as LifecycleDocument<OrderStatus>;

interface LockedOrder {
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

const setStatus = (tx: DbOrTx, orderId: number, to: OrderStatus, userId: number, extra = sql``) =>
  tx.execute(sql`with u as (update cart_order set order_status = ${to}, updated_at = now() ${extra} where id = ${orderId})
    insert into order_status_history (cart_order_id, order_status, user_id) values (${orderId}, ${to}, ${userId})`);

/** The order's money in: into the method's account, off the receivable; the order then owes nothing. */
export async function takePayment(tx: DbOrTx, order: LockedOrder, date: string, userId: number) {
  const due = toCents(Number(order.due_amount));
  if (due > 0) await post(tx, [orderPaymentPosting(order.id, date, order.sub_account_id, due, order.method_name)]);
  await tx.execute(
    sql`update cart_order set paid_amount = paid_amount + ${order.due_amount}::numeric, due_amount = 0 where id = ${order.id}`,
  );
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
  let extra = sql`, courier_medium_id = ${courier.id}`;
  if (input.deliveryFee != null) {
    const difference: Cents = toCents(input.deliveryFee) - toCents(Number(order.delivery_fee));
    if (difference !== 0) {
      if (Number(order.paid_amount) > 0) throw fieldError('deliveryFee', 'cannot change: the order is already paid', orderLabels);
      await post(tx, [deliveryFeeChange(order.id, date, difference)]);
      extra = sql`${extra}, delivery_fee = ${input.deliveryFee}, total_amount = total_amount + ${difference / 100},
        due_amount = due_amount + ${difference / 100}`;
    }
  }
  await setStatus(tx, order.id, 'RECEIVED', userId, extra);
}

/** CANCELLED: the goods come back at the cost they left at, and every posting of the order (a payment included) is reversed, dated today. */
async function cancel(tx: DbOrTx, order: LockedOrder, userId: number, date: string) {
  const lines = await rawRows<{ product_id: number; quantity: number; unit_cost: string }>(
    tx,
    sql`select product_id, sum(product_quantity)::int as quantity, min(unit_cost)::text as unit_cost from cart_order_product
      where invoice_id = ${order.id} group by product_id order by product_id`,
  );
  for (const line of lines) {
    const moved = await moveStock(tx, {
      productId: line.product_id,
      quantity: line.quantity,
      reason: 'orderCancel',
      documentType: orderDocument,
      documentId: order.id,
      unitCost: Number(line.unit_cost),
      userId,
    });
    await takeInAtCost(tx, line.product_id, moved.quantityAfter - line.quantity, line.quantity, toCents(Number(line.unit_cost)));
  }
  const entries = await rawRows<{ debit_id: number; credit_id: number; vat_rate: string | null; cents: number }>(
    tx,
    sql`select t.debit_id, t.credit_id, t.vat_rate, round(sum(t.amount) * 100)::int as cents from "transaction" t
      where t.type = 'order' and t.related_id = ${String(order.id)} and ${liveEntry('t')}
      group by t.debit_id, t.credit_id, t.vat_rate order by t.debit_id, t.credit_id, t.vat_rate nulls first`,
  );
  await post(
    tx,
    entries.map((e) => ({
      date,
      debit: { subAccountId: e.credit_id },
      credit: { subAccountId: e.debit_id },
      amount: Number(e.cents),
      particulars: `Web order #${order.id}: cancelled`,
      type: 'order' as const,
      relatedId: order.id,
      ...(e.vat_rate === null ? {} : { vatRate: Number(e.vat_rate) }),
    })),
  );
  await setStatus(tx, order.id, 'CANCELLED', userId, sql`, paid_amount = 0, due_amount = 0`);
}

/**
 * PATCH cart-order/order: moves the order through the transition table (409 invalid_transition naming
 * both states otherwise), with what each move does (reference 3.17, defects fixed): RECEIVED needs a
 * courier and, unless cash on delivery, an accepted payment, and may re-base the delivery fee; DELIVERED
 * takes a cash-on-delivery order's money; CANCELLED gives the stock back and reverses the postings.
 * The shopper is mailed the new status.
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
  assertTransition(orderDoc, order.id, order.order_status, to);
  await keepTrackingNumber(tx, order.id, to, input.trackingNumber);
  const date = await businessDate(tx, clock);
  if (to === 'RECEIVED') await receive(tx, order, input, userId, date);
  else if (to === 'CANCELLED') await cancel(tx, order, userId, date);
  else {
    if (to === 'DELIVERED' && order.is_cod) await takePayment(tx, order, date, userId);
    await setStatus(tx, order.id, to, userId);
  }
  await orderStatusMail(tx, order.id, to, publicUrl);
  return to;
}
