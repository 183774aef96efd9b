import { type Cents, type checkoutInput, fromCents, orderLabels } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { vatByRate } from '../accounting/index.ts';
import { goodsKey } from '../inventory/index.ts';
import { readStoredCart } from './cart-read.ts';
import { lockCoupon, lookUpCheckout } from './checkout-lookup.ts';
import { type CreatedOrder, createdOrder } from './created-order.ts';
import { couponOff, goodsOf, orderMoney, priceCart } from './order-figures.ts';
import { orderPlacedMail } from './order-mail.ts';
import { orderPostings } from './order-postings.ts';
import { manualTransactionId, takeOrderGoods, writeOrder } from './order-write.ts';
import { keepShopperName } from './shopper-name.ts';

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
  const costs = await takeOrderGoods(
    tx,
    orderId,
    priced.map((p) => ({ productId: p.line.productId, productVariantId: p.line.productVariantId, quantity: p.line.productQuantity })),
  );
  // the writes: the name the shopper gave (when the account had none), then the order
  await keepShopperName(tx, customerId, input);
  // the coupon shared over the lines by their amounts; each line's VAT and net are on what the shopper pays for it
  const fee = Math.round(found.fee.deliveryFee * 100);
  const money = orderMoney(priced, coupon?.amount ?? 0, fee);
  const { goods, net, vat, discount, total, lines: paid } = money;
  const cost = priced.reduce((s, p) => s + costs.get(goodsKey(p.line))! * p.line.productQuantity, 0);
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
    paid_amount: 0,
    due_amount: fromCents(total),
    cost: fromCents(cost),
    profit: fromCents(profit),
    delivery_address: input.deliveryAddress ?? shopper.address,
    customer_phone: input.customerPhone ?? shopper.phone,
    note: input.note ?? null,
    is_re_ordered: false,
    previous_cart_order_id: null,
  };
  const lines = priced.map((p, i) => ({
    product_id: p.line.productId,
    product_variant_id: p.line.productVariantId,
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
    unit_cost: fromCents(costs.get(goodsKey(p.line))!),
  }));
  const payment = {
    customer_id: customerId,
    payment_method_id: method.id,
    amount: fromCents(total),
    manual_transaction_id: manualTransactionId(),
    customer_account: method.isCod ? null : (input.CustomerAccount ?? null),
    customer_transaction_id: method.isCod ? null : (input.CustomerTransactionId ?? null),
    is_verified: 'Pending' as const,
    verified_by: null,
  };
  const postings = orderPostings({
    orderId,
    date: today,
    net,
    vat: vatByRate(priced.map((p, i) => ({ rate: p.vatPercent, vat: paid[i]!.vat }))),
    deliveryFee: fee,
    cost,
  });
  // the order, its lines, its first status, its payment record and its postings in one statement; the cart goes with them
  const written = await writeOrder(tx, { order: header, lines, payment, userId: null, postings, cartId: cart.id });
  if (shopper.email) await orderPlacedMail(tx, orderId, publicUrl);
  const created = createdOrder({
    header,
    shopper,
    method,
    couponCode: coupon?.code ?? null,
    profit,
    priced,
    lines,
    lineIds: written.lineIds,
    createdAt: written.createdAt,
  });
  return { orderId, repeat: false, created };
}
