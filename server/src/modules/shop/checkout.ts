import { randomBytes } from 'node:crypto';
import { type Cents, type checkoutInput, fromCents, orderLabels, stockDocuments } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { postingStatement, vatByRate } from '../accounting/index.ts';
import { moveStocks } from '../inventory/index.ts';
import { readStoredCart } from './cart-read.ts';
import { lockCoupon, lookUpCheckout } from './checkout-lookup.ts';
import { type CreatedOrder, createdOrder } from './created-order.ts';
import { couponOff, goodsOf, orderMoney, priceCart } from './order-figures.ts';
import { orderPlacedMail } from './order-mail.ts';
import { orderPostings } from './order-postings.ts';

export const orderDocument = stockDocuments.cartOrder;

const manualTransactionId = () =>
  randomBytes(8)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'X')
    .slice(0, 10)
    .toUpperCase();

export interface PlacedOrder {
  orderId: number;
  /** True when the Idempotency-Key named an order already placed: nothing was written (set by the route's `idempotent`). */
  repeat: boolean;
  /** The order as written (a new one), for the answer without reading it back. */
  created?: CreatedOrder;
}

/**
 * POST cart-order: the caller's cart becomes an order, in the caller's transaction. In order:
 * the cart (locked), the shopper, the delivery
 * area and the payment method, the coupon (locked, with its use counted under the lock), then the stock
 * through moveStocks (never below zero on the web: 409 insufficient_stock naming the product), and only
 * then the writes: the order, its lines, its first status, its payment record, its postings; the cart
 * is emptied and the "Order placed" mail queued.
 */
export async function placeOrder(
  tx: DbOrTx,
  customerId: number,
  input: z.output<typeof checkoutInput>,
  today: string,
  publicUrl: string,
): Promise<PlacedOrder> {
  if (input.customerId && input.customerId !== customerId) throw forbidden('An order can only be placed for yourself');
  const cart = await readStoredCart(tx, customerId, true);
  if (input.cartId && cart?.id !== input.cartId) throw notFound(`Cart ${input.cartId}`);
  if (!cart || cart.lines.length === 0) throw badRequest('Your cart is empty', { cartId: 'has no products' });
  const found = await lookUpCheckout(tx, customerId, input.deliveryFeeId, input.paymentMethodId);
  const shopper = found.customer;
  if (!shopper?.active) throw forbidden('Your account is not active');
  if (!found.fee?.active) throw fieldError('deliveryFeeId', 'is not a delivery area we deliver to', orderLabels);
  if (!found.method?.offered) throw fieldError('paymentMethodId', 'is not offered at checkout', orderLabels);
  const method = found.method;
  if (!method.isCod) {
    if (!input.CustomerAccount) throw fieldError('CustomerAccount', `is required to pay by ${method.methodName}`, orderLabels);
    if (!input.CustomerTransactionId) throw fieldError('CustomerTransactionId', `is required to pay by ${method.methodName}`, orderLabels);
  }
  const priced = priceCart(cart.lines, today);
  let coupon: { id: number; amount: Cents; code: string } | null = null;
  if (input.couponCode) {
    const terms = await lockCoupon(tx, input.couponCode, customerId);
    const amount = couponOff(terms, input.couponCode, goodsOf(priced), today);
    coupon = { id: terms!.id, amount, code: terms!.couponCode };
  }
  const orderId = found.orderId;
  // stock first, every product once, in id order (moveStocks locks them so); never below zero on the web
  const units = new Map<number, number>();
  for (const p of priced) units.set(p.line.productId, (units.get(p.line.productId) ?? 0) + p.line.productQuantity);
  const moved = await moveStocks(
    tx,
    [...units.entries()]
      .sort(([a], [b]) => a - b)
      .map(([productId, quantity]) => ({
        productId,
        quantity: -quantity,
        reason: 'order' as const,
        documentType: orderDocument,
        documentId: orderId,
        userId: undefined,
      })),
  );
  // the coupon shared over the lines by their amounts; each line's VAT and net are on what the shopper pays for it
  const fee = Math.round(found.fee.deliveryFee * 100);
  const money = orderMoney(priced, coupon?.amount ?? 0, fee);
  const { goods, net, vat, discount, total, lines: paid } = money;
  const costs = new Map(moved.map((m) => [m.productId, Math.round(m.unitCost * 100)]));
  const cost = priced.reduce((s, p) => s + costs.get(p.line.productId)! * p.line.productQuantity, 0);
  const couponCents = money.coupon;
  const profit = net - cost;
  const header = {
    id: orderId,
    date: today,
    customer_id: customerId,
    payment_method_id: method.id,
    is_cod: method.isCod,
    product_amount: fromCents(goods),
    total_vat_amount: fromCents(vat),
    total_discount_amount: fromCents(discount),
    coupon_id: coupon?.id ?? null,
    coupon_amount: fromCents(couponCents),
    delivery_fee_id: found.fee.id,
    delivery_area: found.fee.deliveryArea,
    delivery_fee: fromCents(fee),
    total_amount: fromCents(total),
    due_amount: fromCents(total),
    cost: fromCents(cost),
    profit: fromCents(profit),
    delivery_address: input.deliveryAddress ?? shopper.address,
    customer_phone: input.customerPhone ?? shopper.phone,
    note: input.note ?? null,
  };
  const lines = priced.map((p, i) => ({
    product_id: p.line.productId,
    color_id: p.line.colorId,
    attribute_value_ids: p.line.attributeValueIds,
    product_quantity: p.line.productQuantity,
    product_sale_price: p.line.product.salePrice,
    product_vat: p.vatPercent,
    discount_type: p.off > 0 ? (p.line.product.discount?.type ?? null) : null,
    discount: fromCents(p.off),
    unit_price: fromCents(p.unitPrice),
    line_total: fromCents(p.unitPrice * p.line.productQuantity),
    vat_amount: fromCents(paid[i]!.vat),
    coupon_share: fromCents(paid[i]!.share),
    unit_cost: fromCents(costs.get(p.line.productId)!),
  }));
  const payment = {
    customer_id: customerId,
    payment_method_id: method.id,
    amount: fromCents(total),
    manual_transaction_id: manualTransactionId(),
    customer_account: method.isCod ? null : input.CustomerAccount,
    customer_transaction_id: method.isCod ? null : input.CustomerTransactionId,
  };
  const books = postingStatement(
    orderPostings({
      orderId,
      date: today,
      net,
      vat: vatByRate(priced.map((p, i) => ({ rate: p.vatPercent, vat: paid[i]!.vat }))),
      deliveryFee: fee,
      cost,
    }),
  );
  // the order, its lines, its first status, its payment record and its postings in one statement; the cart goes with them
  const [written] = await executePrepared<{ posted: number; line_ids: number[] | null; created_at: string | Date }>(
    tx,
    sql`
    with o as (
      insert into cart_order (id, date, customer_id, payment_method_id, is_cod, product_amount, total_vat_amount, total_discount_amount,
        coupon_id, coupon_amount, delivery_fee_id, delivery_area, delivery_fee, total_amount, due_amount, cost, profit,
        delivery_address, customer_phone, note)
      overriding system value
      select r.id, r.date, r.customer_id, r.payment_method_id, r.is_cod, r.product_amount, r.total_vat_amount, r.total_discount_amount,
        r.coupon_id, r.coupon_amount, r.delivery_fee_id, r.delivery_area, r.delivery_fee, r.total_amount, r.due_amount, r.cost, r.profit,
        r.delivery_address, r.customer_phone, r.note
      from json_to_record(${JSON.stringify(header)}::json) as r(id int, date date, customer_id int, payment_method_id int, is_cod boolean,
        product_amount numeric, total_vat_amount numeric, total_discount_amount numeric, coupon_id int, coupon_amount numeric,
        delivery_fee_id int, delivery_area text, delivery_fee numeric, total_amount numeric, due_amount numeric, cost numeric,
        profit numeric, delivery_address text, customer_phone text, note text)
      returning id),
    l as (
      insert into cart_order_product (invoice_id, product_id, color_id, attribute_value_ids, product_quantity, product_sale_price,
        product_vat, discount_type, discount, unit_price, line_total, vat_amount, coupon_share, unit_cost)
      select o.id, r.product_id, r.color_id, r.attribute_value_ids, r.product_quantity, r.product_sale_price, r.product_vat,
        r.discount_type, r.discount, r.unit_price, r.line_total, r.vat_amount, r.coupon_share, r.unit_cost
      from o, jsonb_to_recordset(${JSON.stringify(lines.map((l, n) => ({ ...l, n })))}::jsonb) as r(product_id int, color_id int, attribute_value_ids int[],
        product_quantity int, product_sale_price numeric, product_vat numeric, discount_type text, discount numeric, unit_price numeric,
        line_total numeric, vat_amount numeric, coupon_share numeric, unit_cost numeric, n int)
      order by r.n
      returning id),
    s as (insert into order_status_history (cart_order_id, order_status) select o.id, 'PENDING' from o),
    m as (
      insert into manual_payment (cart_order_id, customer_id, payment_method_id, amount, manual_transaction_id, customer_account,
        customer_transaction_id)
      select o.id, r.customer_id, r.payment_method_id, r.amount, r.manual_transaction_id, r.customer_account, r.customer_transaction_id
      from o, json_to_record(${JSON.stringify(payment)}::json) as r(customer_id int, payment_method_id int, amount numeric,
        manual_transaction_id text, customer_account text, customer_transaction_id text)),
    gone as (delete from cart where id = ${cart.id}),
    b as (${books ? books.sql : sql`select null::int as id where false`})
    select (select count(*)::int from b) as posted, (select array_agg(id order by id) from l) as line_ids, now() as created_at`,
  );
  books?.check(Number(written!.posted));
  if (shopper.email) await orderPlacedMail(tx, orderId, publicUrl);
  const created = createdOrder({
    header,
    shopper,
    method,
    couponCode: coupon?.code ?? null,
    profit,
    priced,
    lines,
    lineIds: (written!.line_ids ?? []).map(Number),
    createdAt: new Date(written!.created_at),
  });
  return { orderId, repeat: false, created };
}
