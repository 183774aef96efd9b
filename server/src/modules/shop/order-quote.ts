import { fromCents, orderLabels, type orderQuoteInput, type orderQuoteOut, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { readStoredCart } from './cart-read.ts';
import { couponByCode } from './coupon-check.ts';
import { couponOff, goodsOf, orderMoney, priceCart } from './order-figures.ts';

/**
 * POST cart-order/quote: what the checkout would charge for the caller's cart now, with the delivery
 * area and coupon chosen so far, worked out by the checkout's own code (`priceCart`, `couponOff`,
 * `orderMoney`) and refused as it would be (a 400 naming the field). Reads only; nothing is locked or
 * counted (placing the order checks the coupon's use again, under its lock). An empty cart costs nothing.
 */
export async function quoteOrder(
  db: DbOrTx,
  customerId: number,
  input: z.output<typeof orderQuoteInput>,
  today: string,
): Promise<z.input<typeof orderQuoteOut>> {
  const cart = await readStoredCart(db, customerId);
  const priced = priceCart(cart?.lines ?? [], today);
  let fee = 0;
  if (input.deliveryFeeId) {
    const [area] = await rawRows<{ fee: string; active: boolean }>(
      db,
      sql`select delivery_fee::text as fee, status as active from delivery_fee where id = ${input.deliveryFeeId}`,
    );
    if (!area?.active) throw fieldError('deliveryFeeId', 'is not a delivery area we deliver to', orderLabels);
    fee = toCents(area.fee);
  }
  let coupon = 0;
  let couponCode: string | null = null;
  if (input.couponCode) {
    const terms = await couponByCode(db, input.couponCode, customerId);
    coupon = couponOff(terms, input.couponCode, goodsOf(priced), today);
    couponCode = terms!.couponCode;
  }
  const m = orderMoney(priced, coupon, fee);
  return {
    productAmount: fromCents(m.goods),
    couponCode,
    couponAmount: fromCents(m.coupon),
    deliveryFee: fromCents(m.deliveryFee),
    totalVatAmount: fromCents(m.vat),
    totalAmount: fromCents(m.total),
  };
}
