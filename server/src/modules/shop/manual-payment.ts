import type { manualPaymentInput } from '@tillbook/contract';
import { orderLabels } from '@tillbook/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, type Clock, startOfBusinessDaySql } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/errors.ts';
import { type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged, rawRows } from '../../platform/queries.ts';
import { customer, manualPayment } from '../../schema/index.ts';
import { keepOrderFigures } from './order-kept-figures.ts';
import { manualPaymentRows } from './order-read.ts';
import { lockOrder, takePayment } from './order-status.ts';
import { manualTransactionId } from './order-write.ts';

const m = manualPayment;
export type PaymentFilters = { paymentMethodId?: number[]; cartOrderId?: number[]; isVerified?: 'Pending' | 'Accept' | 'Reject' };

/** GET manual-payment?filters: search by the transaction ids, the order id or the shopper; by method, verification and dates. */
export async function listManualPayments(db: DbOrTx, q: ListQuery<PaymentFilters>) {
  const key = q.key?.trim();
  const where = whereAll([
    q.statuses && q.statuses.length === 1 ? eq(m.status, q.statuses[0]!) : undefined,
    key
      ? sql`(${m.manualTransactionId} ilike ${`%${key}%`} or ${m.customerTransactionId} ilike ${`%${key}%`}
          or ${m.customerAccount} ilike ${`%${key}%`} or ${customer.username} ilike ${`%${key}%`} or ${customer.email} ilike ${`%${key}%`}
          ${/^\d{1,9}$/.test(key) ? sql`or ${m.cartOrderId} = ${Number(key)}` : sql``})`
      : undefined,
    q.startDate ? gte(m.createdAt, startOfBusinessDaySql(q.startDate)) : undefined,
    q.endDate ? lt(m.createdAt, startOfBusinessDaySql(q.endDate, 1)) : undefined,
    q.filters.paymentMethodId ? inArray(m.paymentMethodId, q.filters.paymentMethodId) : undefined,
    q.filters.isVerified ? eq(m.isVerified, q.filters.isVerified) : undefined,
    q.filters.cartOrderId ? inArray(m.cartOrderId, q.filters.cartOrderId) : undefined,
  ]);
  const sortable: Record<string, SQL | typeof m.id> = { createdAt: sql`${m.createdAt}`, id: m.id, amount: sql`${m.amount}` };
  const column = sortable[q.sort ?? 'id'] ?? m.id;
  const direction = q.order === 'asc' ? asc : desc;
  const rows = await paged(manualPaymentRows(db).where(where).orderBy(direction(column), direction(m.id)), q);
  const [sums] = await db
    .select({ n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${m.amount}), 0)::numeric(14,2)::text`.mapWith(Number) })
    .from(m)
    .innerJoin(customer, eq(customer.id, m.customerId))
    .where(where);
  return { getAllManualPayment: rows, totalManualPayment: sums!.n, aggregations: { _sum: { amount: sums!.amount } } };
}

/** One payment record (a shopper's own only, when `ownerId` is given). */
export async function readManualPayment(db: DbOrTx, id: number, ownerId?: number) {
  const [row] = await manualPaymentRows(db).where(and(eq(m.id, id), ownerId === undefined ? undefined : eq(m.customerId, ownerId)));
  return row;
}

/**
 * PUT manual-payment/verify/{id}: staff accept or reject a payment record once (409 invalid_transition
 * after). Cash on delivery is accepted at delivery, not here. Accept takes the order's money: into the
 * method's account, off the receivable. A cancelled order's payment is not taken.
 */
export async function verifyPayment(tx: DbOrTx, id: number, verdict: 'Accept' | 'Reject', userId: number, clock: Clock) {
  const [record] = await rawRows<{ cart_order_id: number; is_verified: string }>(
    tx,
    sql`select cart_order_id, is_verified from manual_payment where id = ${id}`,
  );
  if (!record) throw notFound(`Manual payment ${id}`);
  const order = await lockOrder(tx, record.cart_order_id);
  const [payment] = await rawRows<{ is_verified: string; newest: boolean }>(
    tx,
    sql`select is_verified, id = (select max(id) from manual_payment where cart_order_id = ${order.id}) as newest
      from manual_payment where id = ${id} for update`,
  );
  if (order.is_cod)
    throw badRequest('Cash on delivery is accepted when the order is delivered', { isVerified: 'cannot be set for cash on delivery' });
  if (payment!.is_verified !== 'Pending')
    throw new AppError('invalid_transition', `Manual payment ${id} is already ${payment!.is_verified}`, {
      isVerified: `cannot go from ${payment!.is_verified} to ${verdict}`,
    });
  if (!payment!.newest) throw badRequest('A newer payment record of this order is the one to verify', { id: 'is not the newest' });
  if (verdict === 'Accept') {
    if (order.order_status === 'CANCELLED')
      throw badRequest(`Order #${order.id} is cancelled: its payment cannot be accepted`, { isVerified: 'order cancelled' });
    await takePayment(tx, order, await businessDate(tx, clock), userId);
    await keepOrderFigures(tx, order.id);
  } else {
    await tx.execute(sql`update manual_payment set is_verified = 'Reject', verified_by = ${userId}, updated_at = now() where id = ${id}`);
  }
}

/**
 * POST manual-payment: a shopper's new payment record for an order of their own that is not cash on
 * delivery, after the last one was rejected (one record waits for staff at a time).
 */
export async function addManualPayment(tx: DbOrTx, customerId: number, input: z.output<typeof manualPaymentInput>) {
  const [order] = await rawRows<{ id: number; customer_id: number; is_cod: boolean; order_status: string; due: string }>(
    tx,
    sql`select id, customer_id, is_cod, order_status, due_amount::text as due from cart_order where id = ${input.cartOrderId} for update`,
  );
  if (!order || order.customer_id !== customerId) throw notFound(`Order ${input.cartOrderId}`);
  if (order.is_cod) throw fieldError('cartOrderId', 'is paid in cash on delivery', orderLabels);
  if (order.order_status === 'CANCELLED') throw fieldError('cartOrderId', 'is cancelled', orderLabels);
  if (Number(order.due) <= 0) throw fieldError('cartOrderId', 'is paid already', orderLabels);
  const [last] = await rawRows<{ is_verified: string }>(
    tx,
    sql`select is_verified from manual_payment where cart_order_id = ${order.id} order by id desc limit 1`,
  );
  if (last && last.is_verified !== 'Reject')
    throw fieldError(
      'cartOrderId',
      `has a payment that is ${last.is_verified === 'Pending' ? 'waiting to be verified' : 'accepted'}`,
      orderLabels,
    );
  const [method] = await rawRows<{ id: number; offered: boolean; cod: boolean }>(
    tx,
    sql`select id, status and is_active = 'true' and at_checkout = 'true' as offered, is_cod = 'true' as cod from payment_method where id = ${input.paymentMethodId}`,
  );
  if (!method?.offered || method.cod) throw fieldError('paymentMethodId', 'is not a payment method offered at checkout', orderLabels);
  if (!input.CustomerAccount) throw fieldError('CustomerAccount', 'is required', orderLabels);
  if (!input.CustomerTransactionId) throw fieldError('CustomerTransactionId', 'is required', orderLabels);
  const [made] = await tx
    .insert(m)
    .values({
      cartOrderId: order.id,
      customerId,
      paymentMethodId: method.id,
      amount: Number(order.due),
      manualTransactionId: manualTransactionId(),
      customerAccount: input.CustomerAccount,
      customerTransactionId: input.CustomerTransactionId,
    })
    .returning({ id: m.id });
  return made!.id;
}

/** PATCH manual-payment/{id} {status}: hides or shows a record (its verification stays). */
export async function setManualPaymentStatus(tx: DbOrTx, id: number, status: 'true' | 'false') {
  const done = await tx
    .update(m)
    .set({ status: status === 'true' })
    .where(eq(m.id, id))
    .returning({ id: m.id });
  if (!done.length) throw notFound(`Manual payment ${id}`);
}
