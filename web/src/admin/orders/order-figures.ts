import { money } from '../../lib/format.ts';
import type { OrderDetail } from './order-types.ts';

/**
 * An order's figures in the order the shopper's bill reads them: the goods (with VAT, after catalogue
 * discounts), of which VAT and the discount given, the coupon, the delivery fee, the total, what came back, paid and due.
 */
export function orderFigures(d: OrderDetail): [string, string][] {
  const order = d.singleCartOrder;
  const coupon = order.couponCode ? `Coupon ${order.couponCode}` : 'Coupon';
  return [
    ['Goods', money(order.productAmount)],
    ['VAT included', money(d.totalVatAmount)],
    ['Discount given', money(d.totalDiscountAmount)],
    [coupon, money(-d.totalCouponAmount)],
    ['Delivery fee', money(d.deliveryFee)],
    ['Total', money(d.totalAmount)],
    // goods that came back (the server's figure, from the order's ledger): paid and due already count the money given back for them
    ...(order.returnAmount > 0 ? [['Returned', money(-order.returnAmount)] as [string, string]] : []),
    ['Paid', money(d.totalPaidAmount)],
    ['Due', money(d.dueAmount)],
  ];
}
