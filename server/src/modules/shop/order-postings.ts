import type { Cents } from '@tillbook/contract';
import type { Posting, VatShare } from '../accounting/index.ts';

/** What a web order posts when it is placed, in cents. */
export interface OrderFigures {
  orderId: number;
  date: string;
  /** The goods net of VAT and catalogue discounts. */
  net: Cents;
  vat: VatShare[];
  deliveryFee: Cents;
  coupon: Cents;
  /** The goods at the average cost they left at. */
  cost: Cents;
}

const base = (orderId: number, date: string) => ({ date, type: 'order' as const, relatedId: orderId });

/**
 * A web order's postings when it is placed (stock leaves then): the cost of the goods against
 * inventory; the receivable against sales (net), VAT output (per rate) and delivery income; the
 * coupon as a discount given off the receivable. The receivable then holds exactly what the shopper
 * owes: goods with VAT − coupon + delivery fee. Revenue is counted once (reference defect 20).
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
    { ...b, debit: 'discountGiven', credit: 'accountsReceivable', amount: o.coupon, particulars: `${about}: coupon` },
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
