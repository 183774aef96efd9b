import { money } from '../../lib/format.ts';
import { returnedAmount } from '../../lib/returned.ts';
import type { OrderDetail } from './order-types.ts';

/**
 * An order's figures in the order the shopper's bill reads them: the goods (with VAT, after catalogue
 * discounts), of which VAT and the discount given, the coupon, the delivery fee, the total, what came back, paid and due.
 */
export function orderFigures(d: OrderDetail): [string, string][] {
  const order = d.singleCartOrder;
  const coupon = order.couponCode ? `Coupon ${order.couponCode}` : 'Coupon';
  const returned = returnedAmount(order.returnCartOrder);
  return [
    ['Goods', money(order.productAmount)],
    ['VAT included', money(d.totalVatAmount)],
    ['Discount given', money(d.totalDiscountAmount)],
    [coupon, money(-d.totalCouponAmount)],
    ['Delivery fee', money(d.deliveryFee)],
    ['Total', money(d.totalAmount)],
    // goods that came back: what is paid and due already counts the money given back for them
    ...(returned > 0 ? [['Returned', money(-returned)] as [string, string]] : []),
    ['Paid', money(d.totalPaidAmount)],
    ['Due', money(d.dueAmount)],
  ];
}
