import type { InvoiceBill } from '@tillbook/contract';

export type BillFigureKey = 'goods' | 'discount' | 'coupon' | 'delivery' | 'total' | 'vat';

export interface BillFigure {
  key: BillFigureKey;
  label: string;
  /** The amount as the page prints it: what is taken off is shown negative. */
  amount: number;
}

/**
 * An invoice's totals in the order they add up (goods − discount − coupon + delivery = total), then the
 * VAT the total includes. Every amount is the server's (`bill`); this only labels, orders and signs them.
 * A document without a coupon or a delivery (a till sale) leaves those lines out unless `web` is set.
 */
export function billFigures(bill: InvoiceBill, options: { web?: boolean; couponCode?: string | null } = {}): BillFigure[] {
  const { web = false, couponCode } = options;
  const taken = (amount: number) => (amount === 0 ? 0 : -amount);
  return [
    { key: 'goods', label: 'Goods (with VAT)', amount: bill.goods },
    { key: 'discount', label: 'Discount', amount: taken(bill.discount) },
    ...(web || bill.coupon !== 0
      ? [{ key: 'coupon' as const, label: couponCode ? `Coupon ${couponCode}` : 'Coupon', amount: taken(bill.coupon) }]
      : []),
    ...(web || bill.deliveryFee !== 0 ? [{ key: 'delivery' as const, label: 'Delivery fee', amount: bill.deliveryFee }] : []),
    { key: 'total', label: 'Total', amount: bill.total },
    { key: 'vat', label: 'VAT included', amount: bill.vatIncluded },
  ];
}
