import { fromCents, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { vatByRate } from '../accounting/index.ts';
import { goodsKey } from '../inventory/index.ts';
import { keepOrderFigures } from './order-kept-figures.ts';
import { orderPlacedMail } from './order-mail.ts';
import { orderPostings } from './order-postings.ts';
import { lockOrder } from './order-status.ts';
import { manualTransactionId, takeOrderGoods, writeOrder } from './order-write.ts';
import { returnMail } from './return-mail.ts';
import { replacementPaidPostings } from './return-postings.ts';
import { assertReturnMove, lockReturn, moveReturnStatus } from './return-status.ts';

interface ReturnedLine {
  product_id: number;
  product_variant_id: number | null;
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
    sql`select rl.product_id, rl.product_variant_id, rl.color_id, rl.attribute_value_ids, rl.product_quantity, rl.product_sale_price::text, rl.product_vat::text,
        rl.discount_type, l.discount::text as unit_discount, rl.unit_price::text, (l.vat_amount / l.product_quantity)::text as unit_vat,
        rl.vat_amount::text, rl.coupon_share::text
      from return_cart_order_product rl join cart_order_product l on l.id = rl.cart_order_product_id
      where rl.return_cart_order_id = ${r.id} order by rl.id`,
  );
  const costs = await takeOrderGoods(
    tx,
    replacementId,
    lines.map((l) => ({ productId: l.product_id, productVariantId: l.product_variant_id, quantity: l.product_quantity })),
    userId,
  );
  const priced = lines.map((l) => {
    const q = l.product_quantity;
    const unit = toCents(Number(l.unit_price));
    // the goods at what the shopper paid for them: the line's coupon share and the VAT the return took back go with them
    const shared = l.coupon_share !== null;
    const vat = shared ? toCents(Number(l.vat_amount)) : Math.round(toCents(Number(l.unit_vat))) * q;
    const share = shared ? toCents(Number(l.coupon_share)) : 0;
    return {
      l,
      q,
      goods: unit * q,
      vat,
      share,
      off: toCents(Number(l.unit_discount)) * q,
      cost: costs.get(goodsKey({ productId: l.product_id, productVariantId: l.product_variant_id }))! * q,
    };
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
    coupon_id: null,
    coupon_amount: fromCents(coupon),
    delivery_fee_id: null,
    delivery_area: null,
    delivery_fee: 0,
    total_amount: fromCents(total),
    // paid by the return's credit, posted with it
    paid_amount: fromCents(total),
    due_amount: 0,
    cost: fromCents(cost),
    profit: fromCents(net - cost),
    delivery_address: head!.delivery_address,
    customer_phone: head!.customer_phone,
    note: `Replacement for return #${r.id} of order #${order.id}`,
    is_re_ordered: true,
    previous_cart_order_id: order.id,
  };
  const rows = priced.map((p) => ({
    product_id: p.l.product_id,
    product_variant_id: p.l.product_variant_id,
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
    unit_cost: fromCents(costs.get(goodsKey({ productId: p.l.product_id, productVariantId: p.l.product_variant_id }))!),
  }));
  await writeOrder(tx, {
    order: header,
    lines: rows,
    payment: {
      customer_id: head!.customer_id,
      payment_method_id: order.payment_method_id,
      amount: fromCents(total),
      manual_transaction_id: manualTransactionId(),
      customer_account: null,
      customer_transaction_id: null,
      is_verified: 'Accept',
      verified_by: userId,
    },
    userId,
    postings: [
      ...orderPostings({
        orderId: replacementId,
        date,
        net,
        vat: vatByRate(priced.map((p) => ({ rate: Number(p.l.product_vat), vat: p.vat }))),
        deliveryFee: 0,
        cost,
      }),
      ...replacementPaidPostings({ orderId: order.id, returnId: r.id, replacementId, date }, order.sub_account_id, total),
    ],
  });
  // the return's credit is spent: the returned order no longer owes the shopper it
  await moveReturnStatus(tx, r.id, 'RESENDED', { resendCartOrderId: replacementId });
  await keepOrderFigures(tx, order.id);
  await keepOrderFigures(tx, replacementId);
  await orderPlacedMail(tx, replacementId, publicUrl);
  await returnMail(tx, r.id, 'RESENDED', publicUrl);
  return { orderId: replacementId };
}
