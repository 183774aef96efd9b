import { type Cents, fromCents, type ReturnOrderInput, returnOrderLabels, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { returnMail } from './return-mail.ts';

interface OrderLine {
  id: number;
  product_id: number;
  product_variant_id: number | null;
  name: string;
  color_id: number | null;
  attribute_value_ids: number[];
  product_quantity: number;
  product_sale_price: string;
  product_vat: string;
  discount_type: 'percentage' | 'flat' | null;
  discount: string;
  unit_price: string;
  vat_amount: string;
  unit_cost: string;
  /** The line's coupon share; null on orders placed before coupons were shared over lines. */
  coupon_share: string | null;
  /** Units of the line in returns that are not REJECTED. */
  returned: number;
  /** What those returns took of the line's VAT and of its coupon share. */
  returned_vat: string;
  returned_share: string;
}

/** A returned quantity of an order line, priced from the line's snapshot per unit (cents). */
export interface ReturnedPart {
  line: OrderLine;
  quantity: number;
  lineTotal: Cents;
  vat: Cents;
  discount: Cents;
  cost: Cents;
  /** Its part of the line's coupon share; null when the line has none (an order placed before shares). */
  couponShare: Cents | null;
}

/**
 * What a part of a line takes of a figure charged on the whole line: its units' part, rounded to the
 * cent; the part that brings the line's last units back takes what the line's other returns left, so a
 * line returned in parts gives back exactly what it was charged.
 */
function partOfFigure(whole: Cents, taken: Cents, line: OrderLine, quantity: number): Cents {
  if (line.returned + quantity >= line.product_quantity) return whole - taken;
  return Math.round((whole * quantity) / line.product_quantity);
}

/**
 * A part of a line: the unit figures of the snapshot times the quantity; the VAT and the coupon share
 * (charged on the line) as `partOfFigure` takes them, so returns take back exactly the line's VAT.
 */
export function partOf(line: OrderLine, quantity: number): ReturnedPart {
  const share = line.coupon_share === null ? null : toCents(Number(line.coupon_share));
  return {
    line,
    quantity,
    lineTotal: toCents(Number(line.unit_price)) * quantity,
    vat: partOfFigure(toCents(Number(line.vat_amount)), toCents(Number(line.returned_vat)), line, quantity),
    discount: toCents(Number(line.discount)) * quantity,
    cost: toCents(Number(line.unit_cost)) * quantity,
    couponShare: share === null ? null : partOfFigure(share, toCents(Number(line.returned_share)), line, quantity),
  };
}

/**
 * For an order placed before coupons were shared over its lines (its lines' couponShare is null).
 * The coupon's share of goods returned: couponAmount × their total / the order's goods, never more than
 * what the order's other returns left of it; the return that brings the last unit back takes the rest.
 * A return resent keeps its goods' share on the order (the shopper keeps the coupon), so it counts its
 * share as used; the others count the share they took.
 */
export async function couponShare(
  tx: DbOrTx,
  order: { id: number; coupon: Cents; goods: Cents },
  returnedTotal: Cents,
  last: boolean,
  exceptReturnId = 0,
): Promise<Cents> {
  if (order.coupon <= 0 || order.goods <= 0) return 0;
  const [used] = await rawRows<{ cents: number }>(
    tx,
    sql`select coalesce(sum(case when r.return_cart_order_status in ('RESEND', 'RESENDED')
          then round(${order.coupon}::numeric * (select sum(l.line_total) from return_cart_order_product l where l.return_cart_order_id = r.id) * 100
            / ${order.goods})
          else r.coupon_amount * 100 end), 0)::int as cents
      from return_cart_order r where r.cart_order_id = ${order.id} and r.return_cart_order_status <> 'REJECTED' and r.id <> ${exceptReturnId}`,
  );
  const left = Math.max(0, order.coupon - Number(used!.cents));
  if (last) return left;
  return Math.min(left, Math.round((order.coupon * returnedTotal) / order.goods));
}

interface LockedOrder {
  id: number;
  customer_id: number;
  order_status: string;
  coupon_amount: string;
  product_amount: string;
}

export interface CreatedReturn {
  returnId: number;
  repeat: boolean;
}

/** The lines of an order with what was returned of each so far (returns not REJECTED), in id order. */
export const orderLinesWithReturns = (tx: DbOrTx, orderId: number) =>
  rawRows<OrderLine>(
    tx,
    sql`select l.id, l.product_id, l.product_variant_id, p.name, l.color_id, l.attribute_value_ids, l.product_quantity, l.product_sale_price::text,
        l.product_vat::text, l.discount_type, l.discount::text, l.unit_price::text, l.vat_amount::text, l.unit_cost::text,
        l.coupon_share::text, coalesce(b.units, 0)::int as returned, coalesce(b.vat, 0)::text as returned_vat,
        coalesce(b.share, 0)::text as returned_share
      from cart_order_product l join product p on p.id = l.product_id
      left join lateral (select sum(rl.product_quantity) as units, sum(rl.vat_amount) as vat, sum(rl.coupon_share) as share
        from return_cart_order_product rl join return_cart_order r on r.id = rl.return_cart_order_id
        where rl.cart_order_product_id = l.id and r.return_cart_order_status <> 'REJECTED') b on true
      where l.invoice_id = ${orderId} order by l.id`,
  );

/**
 * POST return-cart-order (reference 3.18, defects fixed): a shopper asks to send back lines of a
 * DELIVERED order of their own. The order's row is locked first, so the quantity left to return of
 * each line is counted and taken under one lock (two returns racing for the last unit: one gets it).
 * Amounts come from the order lines' snapshots per unit, with the coupon's share. PENDING until staff
 * receive the goods; the shopper is mailed.
 */
export async function createReturn(
  tx: DbOrTx,
  customerId: number,
  input: ReturnOrderInput,
  today: string,
  publicUrl: string,
): Promise<CreatedReturn> {
  const [order] = await rawRows<LockedOrder>(
    tx,
    sql`select id, customer_id, order_status, coupon_amount::text, product_amount::text from cart_order where id = ${input.cartOrderId} for update`,
  );
  // another shopper's order is not found, like one that does not exist
  if (!order || order.customer_id !== customerId) throw notFound(`Order ${input.cartOrderId}`);
  if (order.order_status === 'RETURNED')
    throw conflict(`Every item of order #${order.id} has already been returned`, { cartOrderId: 'is already returned' });
  if (order.order_status !== 'DELIVERED')
    throw badRequest(`Order #${order.id} is ${order.order_status}: it needs to be delivered first to be returned`, {
      cartOrderId: 'needs to be delivered first',
    });
  const lines = await orderLinesWithReturns(tx, order.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const parts = input.returnCartOrderProduct.map((wanted, index) => {
    const line = byId.get(wanted.cartOrderProductId);
    if (!line)
      throw fieldError(`returnCartOrderProduct.${index}.cartOrderProductId`, `is not a line of order #${order.id}`, returnOrderLabels);
    const left = line.product_quantity - line.returned;
    if (left <= 0)
      throw conflict(`${line.name} is already returned: all ${line.product_quantity} of it`, {
        [`returnCartOrderProduct.${index}.productQuantity`]: 'nothing is left to return',
      });
    if (wanted.productQuantity > left)
      throw conflict(`Only ${left} of ${line.name} can still be returned (${line.product_quantity} ordered, ${line.returned} returned)`, {
        [`returnCartOrderProduct.${index}.productQuantity`]: `must be at most ${left}`,
      });
    return partOf(line, wanted.productQuantity);
  });
  const total = (pick: (p: ReturnedPart) => Cents) => parts.reduce((s, p) => s + pick(p), 0);
  const goods = total((p) => p.lineTotal);
  const unitsLeft = lines.reduce((s, l) => s + l.product_quantity - l.returned, 0) - total((p) => p.quantity);
  // each line's own share of the coupon; an order placed before shares prorates the order's coupon (couponShare)
  const share = parts.every((p) => p.couponShare !== null)
    ? total((p) => p.couponShare!)
    : await couponShare(
        tx,
        { id: order.id, coupon: toCents(Number(order.coupon_amount)), goods: toCents(Number(order.product_amount)) },
        goods,
        unitsLeft === 0,
      );
  const header = {
    date: today,
    cart_order_id: order.id,
    customer_id: customerId,
    return_type: input.returnType,
    total_amount: fromCents(goods - share),
    total_vat_amount: fromCents(total((p) => p.vat)),
    total_discount_amount: fromCents(total((p) => p.discount)),
    coupon_amount: fromCents(share),
    cost: fromCents(total((p) => p.cost)),
    note: input.note ?? null,
  };
  const rows = parts.map((p) => ({
    cart_order_product_id: p.line.id,
    product_id: p.line.product_id,
    product_variant_id: p.line.product_variant_id,
    color_id: p.line.color_id,
    attribute_value_ids: p.line.attribute_value_ids,
    product_quantity: p.quantity,
    product_sale_price: Number(p.line.product_sale_price),
    product_vat: Number(p.line.product_vat),
    discount_type: p.line.discount_type,
    discount: fromCents(p.discount),
    unit_price: Number(p.line.unit_price),
    line_total: fromCents(p.lineTotal),
    vat_amount: fromCents(p.vat),
    coupon_share: p.couponShare === null ? null : fromCents(p.couponShare),
    unit_cost: Number(p.line.unit_cost),
  }));
  const [written] = await rawRows<{ id: number }>(
    tx,
    sql`with r as (
      insert into return_cart_order (date, cart_order_id, customer_id, return_type, total_amount, total_vat_amount, total_discount_amount,
        coupon_amount, cost, note)
      select h.date, h.cart_order_id, h.customer_id, h.return_type, h.total_amount, h.total_vat_amount, h.total_discount_amount,
        h.coupon_amount, h.cost, h.note
      from json_to_record(${JSON.stringify(header)}::json) as h(date date, cart_order_id int, customer_id int, return_type text,
        total_amount numeric, total_vat_amount numeric, total_discount_amount numeric, coupon_amount numeric, cost numeric, note text)
      returning id),
    l as (
      insert into return_cart_order_product (return_cart_order_id, cart_order_product_id, product_id, product_variant_id, color_id, attribute_value_ids,
        product_quantity, product_sale_price, product_vat, discount_type, discount, unit_price, line_total, vat_amount, coupon_share, unit_cost)
      select r.id, x.cart_order_product_id, x.product_id, x.product_variant_id, x.color_id, x.attribute_value_ids, x.product_quantity, x.product_sale_price,
        x.product_vat, x.discount_type, x.discount, x.unit_price, x.line_total, x.vat_amount, x.coupon_share, x.unit_cost
      from r, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(cart_order_product_id int, product_id int, product_variant_id int, color_id int,
        attribute_value_ids int[], product_quantity int, product_sale_price numeric, product_vat numeric, discount_type text,
        discount numeric, unit_price numeric, line_total numeric, vat_amount numeric, coupon_share numeric, unit_cost numeric)
      order by x.cart_order_product_id)
    select id from r`,
  );
  const returnId = Number(written!.id);
  await returnMail(tx, returnId, 'PENDING', publicUrl);
  return { returnId, repeat: false };
}
