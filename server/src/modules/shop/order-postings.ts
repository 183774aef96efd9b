import type { Cents } from '@tillbook/contract';
import type { Posting, VatShare } from '../accounting/index.ts';

/** What a web order posts when it is placed, in cents. */
export interface OrderFigures {
  orderId: number;
  date: string;
  /** The goods net of VAT, catalogue discounts and the coupon (each line's share of it, shareDiscount). */
  net: Cents;
  /** The VAT on what the shopper pays for the goods, per rate. */
  vat: VatShare[];
  deliveryFee: Cents;
  /** The goods at the average cost they left at. */
  cost: Cents;
}

const base = (orderId: number, date: string) => ({ date, type: 'order' as const, relatedId: orderId });

/**
 * A web order's postings when it is placed (stock leaves then): the cost of the goods against
 * inventory; the receivable against sales (net after the coupon), VAT output (per rate, on what is
 * paid) and delivery income. The coupon is no posting of its own: it lowers sales and VAT line by line
 * (orders placed before that posted it as a discount given: those postings stay). The receivable then
 * holds exactly what the shopper owes: goods with VAT − coupon + delivery fee. Revenue is counted once
 * (reference defect 20).
 */
export function orderPostings(o: OrderFigures): Posting[] {
  const b = base(o.orderId, o.date);
  const about = `Web order #${o.orderId}`;
  return [
    { ...b, debit: 'costOfSales', credit: 'inventory', amount: o.cost, particulars: `${about}: cost of goods sold` },
    { ...b, debit: 'accountsReceivable', credit: 'sales', amount: o.net, particulars: `${about}: sales` },
    ...o.vat.map(
      (v): Posting => ({
        ...b,
        debit: 'accountsReceivable',
        credit: 'tax',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `${about}: VAT ${v.rate} %`,
      }),
    ),
    { ...b, debit: 'accountsReceivable', credit: 'deliveryIncome', amount: o.deliveryFee, particulars: `${about}: delivery` },
  ];
}

/** The money of an order coming in: into the payment method's account, off the receivable. */
export function orderPaymentPosting(orderId: number, date: string, subAccountId: number, amount: Cents, method: string): Posting {
  return {
    ...base(orderId, date),
    debit: { subAccountId },
    credit: 'accountsReceivable',
    amount,
    particulars: `Web order #${orderId}: paid by ${method}`,
  };
}

/** A new delivery fee when staff receive the order: the difference on the receivable and delivery income (negative: less). */
export function deliveryFeeChange(orderId: number, date: string, difference: Cents): Posting {
  return {
    ...base(orderId, date),
    debit: 'accountsReceivable',
    credit: 'deliveryIncome',
    amount: difference,
    particulars: `Web order #${orderId}: delivery fee changed`,
  };
}
