import { randomBytes } from 'node:crypto';
import { fromCents, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { post, vatByRate } from '../accounting/index.ts';
import { moveStocks } from '../inventory/index.ts';
import { orderDocument } from './checkout.ts';
import { orderPlacedMail } from './order-mail.ts';
import { orderPostings } from './order-postings.ts';
import { lockOrder } from './order-status.ts';
import { returnMail } from './return-mail.ts';
import { replacementPaidPostings } from './return-postings.ts';
import { assertReturnMove, lockReturn } from './return-status.ts';

interface ReturnedLine {
  product_id: number;
  color_id: number | null;
  attribute_value_ids: number[];
  product_quantity: number;
  product_sale_price: string;
  product_vat: string;
  discount_type: string | null;
  /** The order line's discount on one unit. */
  unit_discount: string;
  unit_price: string;
  /** The order line's VAT on one unit. */
  unit_vat: string;
  /** What the return took back of the line's VAT and its coupon share (null: an order placed before shares). */
  vat_amount: string;
  coupon_share: string | null;
}

/**
 * POST cart-order/reOrder (reference 3.18): the replacement order of a return in RESEND. The returned
 * lines at their snapshot prices with the coupon shares they carry (the shopper keeps the coupon), no delivery fee, the returned order's address, phone and
 * payment method; the stock leaves through moveStocks (never below zero: 409 naming the product); it is
 * paid by the return's credit (due 0, its payment record accepted) and starts PENDING like any order.
 * The return becomes RESENDED and names it. Locks: the return, then its order, then the stock.
 */
export async function reOrder(
  tx: DbOrTx,
  input: { cartOrderId: number; returnCartOrderId: number },
  userId: number,
  clock: Clock,
  publicUrl: string,
): Promise<{ orderId: number }> {
  const r = await lockReturn(tx, input.returnCartOrderId);
  if (r.cart_order_id !== input.cartOrderId)
    throw fieldError('returnCartOrderId', `is a return of order #${r.cart_order_id}, not of order #${input.cartOrderId}`);
  assertReturnMove(r, 'RESENDED');
  const order = await lockOrder(tx, r.cart_order_id);
  const date = await businessDate(tx, clock);
  const [head] = await rawRows<{ id: number; customer_id: number; delivery_address: string | null; customer_phone: string | null }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('cart_order', 'id'))::int as id, o.customer_id, o.delivery_address, o.customer_phone
      from cart_order o where o.id = ${order.id}`,
  );
  const replacementId = Number(head!.id);
  const lines = await rawRows<ReturnedLine>(
    tx,
    sql`select rl.product_id, rl.color_id, rl.attribute_value_ids, rl.product_quantity, rl.product_sale_price::text, rl.product_vat::text,
        rl.discount_type, l.discount::text as unit_discount, rl.unit_price::text, (l.vat_amount / l.product_quantity)::text as unit_vat,
        rl.vat_amount::text, rl.coupon_share::text
      from return_cart_order_product rl join cart_order_product l on l.id = rl.cart_order_product_id
      where rl.return_cart_order_id = ${r.id} order by rl.id`,
  );
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.product_id, (units.get(l.product_id) ?? 0) + l.product_quantity);
  const moved = await moveStocks(
    tx,
    [...units.entries()]
      .sort(([a], [b]) => a - b)
      .map(([productId, quantity]) => ({
        productId,
        quantity: -quantity,
        reason: 'order' as const,
        documentType: orderDocument,
        documentId: replacementId,
        userId,
      })),
  );
  const costs = new Map(moved.map((m) => [m.productId, toCents(m.unitCost)]));
  const priced = lines.map((l) => {
    const q = l.product_quantity;
    const unit = toCents(Number(l.unit_price));
    // the goods at what the shopper paid for them: the line's coupon share and the VAT the return took back go with them
    const shared = l.coupon_share !== null;
    const vat = shared ? toCents(Number(l.vat_amount)) : Math.round(toCents(Number(l.unit_vat))) * q;
    const share = shared ? toCents(Number(l.coupon_share)) : 0;
    return { l, q, goods: unit * q, vat, share, off: toCents(Number(l.unit_discount)) * q, cost: costs.get(l.product_id)! * q };
  });
  const sum = (pick: (p: (typeof priced)[number]) => number) => priced.reduce((s, p) => s + pick(p), 0);
  const goods = sum((p) => p.goods);
  const coupon = sum((p) => p.share);
  const vat = sum((p) => p.vat);
  const cost = sum((p) => p.cost);
  const total = goods - coupon;
  const net = total - vat;
  const header = {
    id: replacementId,
    date,
    customer_id: head!.customer_id,
    payment_method_id: order.payment_method_id,
    is_cod: order.is_cod,
    product_amount: fromCents(goods),
    total_vat_amount: fromCents(vat),
    total_discount_amount: fromCents(sum((p) => p.off)),
    coupon_amount: fromCents(coupon),
    total_amount: fromCents(total),
    paid_amount: fromCents(total),
    cost: fromCents(cost),
    profit: fromCents(net - cost),
    delivery_address: head!.delivery_address,
    customer_phone: head!.customer_phone,
    note: `Replacement for return #${r.id} of order #${order.id}`,
    previous_cart_order_id: order.id,
  };
  const rows = priced.map((p) => ({
    product_id: p.l.product_id,
    color_id: p.l.color_id,
    attribute_value_ids: p.l.attribute_value_ids,
    product_quantity: p.q,
    product_sale_price: Number(p.l.product_sale_price),
    product_vat: Number(p.l.product_vat),
    discount_type: p.l.discount_type,
    discount: Number(p.l.unit_discount),
    unit_price: Number(p.l.unit_price),
    line_total: fromCents(p.goods),
    vat_amount: fromCents(p.vat),
    coupon_share: p.l.coupon_share === null ? null : fromCents(p.share),
    unit_cost: fromCents(costs.get(p.l.product_id)!),
  }));
  const transactionId = randomBytes(8)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .slice(0, 10)
    .toUpperCase();
  await tx.execute(sql`
    with o as (
      insert into cart_order (id, date, customer_id, payment_method_id, is_cod, product_amount, total_vat_amount, total_discount_amount,
        coupon_amount, delivery_fee, total_amount, paid_amount, due_amount, cost, profit, delivery_address, customer_phone, note,
        is_re_ordered, previous_cart_order_id)
      overriding system value
      select h.id, h.date, h.customer_id, h.payment_method_id, h.is_cod, h.product_amount, h.total_vat_amount, h.total_discount_amount,
        h.coupon_amount, 0, h.total_amount, h.paid_amount, 0, h.cost, h.profit, h.delivery_address, h.customer_phone, h.note, true, h.previous_cart_order_id
      from json_to_record(${JSON.stringify(header)}::json) as h(id int, date date, customer_id int, payment_method_id int, is_cod boolean,
        product_amount numeric, total_vat_amount numeric, total_discount_amount numeric, coupon_amount numeric, total_amount numeric,
        paid_amount numeric,
        cost numeric, profit numeric, delivery_address text, customer_phone text, note text, previous_cart_order_id int)
      returning id),
    l as (
      insert into cart_order_product (invoice_id, product_id, color_id, attribute_value_ids, product_quantity, product_sale_price,
        product_vat, discount_type, discount, unit_price, line_total, vat_amount, coupon_share, unit_cost)
      select o.id, x.product_id, x.color_id, x.attribute_value_ids, x.product_quantity, x.product_sale_price, x.product_vat,
        x.discount_type, x.discount, x.unit_price, x.line_total, x.vat_amount, x.coupon_share, x.unit_cost
      from o, jsonb_to_recordset(${JSON.stringify(rows.map((row, n) => ({ ...row, n })))}::jsonb) as x(product_id int, color_id int,
        attribute_value_ids int[], product_quantity int, product_sale_price numeric, product_vat numeric, discount_type text,
        discount numeric, unit_price numeric, line_total numeric, vat_amount numeric, coupon_share numeric, unit_cost numeric, n int)
      order by x.n),
    s as (insert into order_status_history (cart_order_id, order_status, user_id) select o.id, 'PENDING', ${userId} from o)
    insert into manual_payment (cart_order_id, customer_id, payment_method_id, amount, manual_transaction_id, is_verified, verified_by)
    select o.id, ${head!.customer_id}, ${order.payment_method_id}, ${fromCents(total)}, ${transactionId}, 'Accept', ${userId} from o`);
  await post(tx, [
    ...orderPostings({
      orderId: replacementId,
      date,
      net,
      vat: vatByRate(priced.map((p) => ({ rate: Number(p.l.product_vat), vat: p.vat }))),
      deliveryFee: 0,
      cost,
    }),
    ...replacementPaidPostings({ orderId: order.id, returnId: r.id, replacementId, date }, order.sub_account_id, total),
  ]);
  // the return's credit is spent: the returned order no longer owes the shopper it
  await tx.execute(sql`update cart_order set paid_amount = paid_amount - ${fromCents(total)}::numeric,
      due_amount = due_amount + ${fromCents(total)}::numeric, updated_at = now() where id = ${order.id}`);
  await tx.execute(sql`update return_cart_order set return_cart_order_status = 'RESENDED', resend_cart_order_id = ${replacementId},
      updated_at = now() where id = ${r.id}`);
  await orderPlacedMail(tx, replacementId, publicUrl);
  await returnMail(tx, r.id, 'RESENDED', publicUrl);
  return { orderId: replacementId };
}
