import { randomBytes } from 'node:crypto';
import type { Cents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { type Posting, postingStatement } from '../accounting/index.ts';
import { goodsKey, moveStocks } from '../inventory/index.ts';
import { orderDocument } from './order-doc.ts';

/** A payment record's own id (`manual_transaction_id`): ten letters and digits, unique in its table. */
export const manualTransactionId = () =>
  randomBytes(8)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .slice(0, 10)
    .toUpperCase();

/**
 * The goods of a new order leave the stock: every product (or variant) once, in id order (moveStocks locks
 * them so), never below zero (409 insufficient_stock naming the product). Answers each one's unit cost as it
 * left, in cents, keyed by `goodsKey`.
 */
export async function takeOrderGoods(
  tx: DbOrTx,
  orderId: number,
  lines: readonly { productId: number; productVariantId?: number | null; quantity: number }[],
  userId?: number,
): Promise<Map<string, Cents>> {
  const units = new Map<string, { productId: number; productVariantId: number | null; quantity: number }>();
  for (const l of lines) {
    const seen = units.get(goodsKey(l));
    units.set(goodsKey(l), {
      productId: l.productId,
      productVariantId: l.productVariantId ?? null,
      quantity: (seen?.quantity ?? 0) + l.quantity,
    });
  }
  const moved = await moveStocks(
    tx,
    [...units.values()]
      .sort((a, b) => a.productId - b.productId || (a.productVariantId ?? 0) - (b.productVariantId ?? 0))
      .map((g) => ({
        productId: g.productId,
        productVariantId: g.productVariantId,
        quantity: -g.quantity,
        reason: 'order' as const,
        documentType: orderDocument,
        documentId: orderId,
        userId,
      })),
  );
  return new Map(moved.map((m) => [goodsKey(m), Math.round(m.unitCost * 100)]));
}

/** The order's row as the writer reads it (snake_case; money as numbers, not cents). */
export interface OrderRow {
  id: number;
  date: string;
  customer_id: number;
  payment_method_id: number;
  is_cod: boolean;
  product_amount: number;
  total_vat_amount: number;
  total_discount_amount: number;
  coupon_id: number | null;
  coupon_amount: number;
  delivery_fee_id: number | null;
  delivery_area: string | null;
  delivery_fee: number;
  total_amount: number;
  /** What the order's postings leave paid and due: a new order's kept figures equal its postings. */
  paid_amount: number;
  due_amount: number;
  cost: number;
  profit: number;
  delivery_address: string | null;
  customer_phone: string | null;
  note: string | null;
  is_re_ordered: boolean;
  previous_cart_order_id: number | null;
}

/** A line as the writer reads it: the price, VAT and discount snapshots and the cost it left at. */
export interface OrderLineRow {
  product_id: number;
  /** The variant sold, for a product sold by variants. */
  product_variant_id?: number | null;
  color_id: number | null;
  attribute_value_ids: number[];
  product_quantity: number;
  product_sale_price: number;
  product_vat: number;
  discount_type: string | null;
  discount: number;
  unit_price: number;
  line_total: number;
  vat_amount: number;
  /** The line's share of the order's coupon (null: an order placed before coupons were shared over lines). */
  coupon_share: number | null;
  unit_cost: number;
}

/** The order's payment record: the shopper's (Pending) or one staff settle at once (a replacement paid by its return's credit). */
export interface PaymentRow {
  customer_id: number;
  payment_method_id: number;
  amount: number;
  manual_transaction_id: string;
  customer_account: string | null;
  customer_transaction_id: string | null;
  is_verified: 'Pending' | 'Accept';
  verified_by: number | null;
}

export interface NewOrder {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  payment: PaymentRow;
  /** Who put it in PENDING (null: the shopper's checkout). */
  userId: number | null;
  /** The order's postings, written by the same statement. */
  postings: readonly Posting[];
  /** The cart it came from, deleted by the same statement. */
  cartId?: number;
}

/**
 * Writes a new order (the checkout's and the replacement's, `cart-order/reOrder`) in ONE statement: the
 * order, its lines in their order, its first status (PENDING), its payment record, its postings, and
 * deletes the cart it came from. The stock has left before (`takeOrderGoods`). Answers the lines' ids in
 * their order and the time written.
 */
export async function writeOrder(tx: DbOrTx, o: NewOrder): Promise<{ lineIds: number[]; createdAt: Date }> {
  const books = postingStatement(o.postings);
  const [written] = await executePrepared<{ posted: number; line_ids: number[] | null; created_at: string | Date }>(
    tx,
    sql`
    with o as (
      insert into cart_order (id, date, customer_id, payment_method_id, is_cod, product_amount, total_vat_amount, total_discount_amount,
        coupon_id, coupon_amount, delivery_fee_id, delivery_area, delivery_fee, total_amount, paid_amount, due_amount, cost, profit,
        delivery_address, customer_phone, note, is_re_ordered, previous_cart_order_id)
      overriding system value
      select r.id, r.date, r.customer_id, r.payment_method_id, r.is_cod, r.product_amount, r.total_vat_amount, r.total_discount_amount,
        r.coupon_id, r.coupon_amount, r.delivery_fee_id, r.delivery_area, r.delivery_fee, r.total_amount, r.paid_amount, r.due_amount,
        r.cost, r.profit, r.delivery_address, r.customer_phone, r.note, r.is_re_ordered, r.previous_cart_order_id
      from json_to_record(${JSON.stringify(o.order)}::json) as r(id int, date date, customer_id int, payment_method_id int, is_cod boolean,
        product_amount numeric, total_vat_amount numeric, total_discount_amount numeric, coupon_id int, coupon_amount numeric,
        delivery_fee_id int, delivery_area text, delivery_fee numeric, total_amount numeric, paid_amount numeric, due_amount numeric,
        cost numeric, profit numeric, delivery_address text, customer_phone text, note text, is_re_ordered boolean,
        previous_cart_order_id int)
      returning id),
    l as (
      insert into cart_order_product (invoice_id, product_id, product_variant_id, color_id, attribute_value_ids, product_quantity, product_sale_price,
        product_vat, discount_type, discount, unit_price, line_total, vat_amount, coupon_share, unit_cost)
      select o.id, r.product_id, r.product_variant_id, r.color_id, r.attribute_value_ids, r.product_quantity, r.product_sale_price, r.product_vat,
        r.discount_type, r.discount, r.unit_price, r.line_total, r.vat_amount, r.coupon_share, r.unit_cost
      from o, jsonb_to_recordset(${JSON.stringify(o.lines.map((l, n) => ({ ...l, n })))}::jsonb) as r(product_id int, product_variant_id int,
        color_id int, attribute_value_ids int[], product_quantity int, product_sale_price numeric, product_vat numeric, discount_type text,
        discount numeric, unit_price numeric, line_total numeric, vat_amount numeric, coupon_share numeric, unit_cost numeric, n int)
      order by r.n
      returning id),
    s as (insert into order_status_history (cart_order_id, order_status, user_id) select o.id, 'PENDING', ${o.userId}::int from o),
    m as (
      insert into manual_payment (cart_order_id, customer_id, payment_method_id, amount, manual_transaction_id, customer_account,
        customer_transaction_id, is_verified, verified_by)
      select o.id, r.customer_id, r.payment_method_id, r.amount, r.manual_transaction_id, r.customer_account, r.customer_transaction_id,
        r.is_verified, r.verified_by
      from o, json_to_record(${JSON.stringify(o.payment)}::json) as r(customer_id int, payment_method_id int, amount numeric,
        manual_transaction_id text, customer_account text, customer_transaction_id text, is_verified text, verified_by int)),
    gone as (delete from cart where id = ${o.cartId ?? null}::int),
    b as (${books ? books.sql : sql`select null::int as id where false`})
    select (select count(*)::int from b) as posted, (select array_agg(id order by id) from l) as line_ids, now() as created_at`,
  );
  books?.check(Number(written!.posted));
  return { lineIds: (written!.line_ids ?? []).map(Number), createdAt: new Date(written!.created_at) };
}
