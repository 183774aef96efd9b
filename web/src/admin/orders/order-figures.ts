import { billFigures } from '../../lib/bill-figures.ts';
import { money } from '../../lib/format.ts';
import type { OrderDetail } from './order-types.ts';

/**
 * An order's figures in the order the shopper's bill reads them (the server's `bill`: goods at full price
 * with VAT, discount, coupon, delivery fee, total, VAT included), then what came back, paid and due.
 */
export function orderFigures(d: OrderDetail): [string, string][] {
  const order = d.singleCartOrder;
  return [
    ...billFigures(d.bill, { web: true, couponCode: order.couponCode }).map((f): [string, string] => [f.label, money(f.amount)]),
    // goods that came back (the server's figure, from the order's ledger): paid and due already count the money given back for them
    ...(order.returnAmount > 0 ? [['Returned', money(-order.returnAmount)] as [string, string]] : []),
    ['Paid', money(d.totalPaidAmount)],
    ['Due', money(d.dueAmount)],
  ];
}
