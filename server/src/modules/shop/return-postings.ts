import type { Cents } from '@tillbook/contract';
import type { Posting, VatShare } from '../accounting/index.ts';

/** A received return's figures, in cents. */
export interface ReturnFigures {
  orderId: number;
  returnId: number;
  date: string;
  /** The goods returned net of VAT, catalogue discount and (its lines' shares of) the coupon. */
  net: Cents;
  /** The VAT charged on the lines for the quantity returned, per rate. */
  vat: VatShare[];
  /** An order placed before coupons were shared over lines: the coupon's share of the goods returned, given back as a discount given; else 0. */
  coupon: Cents;
  /** The goods at the cost they left at. */
  cost: Cents;
}

/** A return's postings belong to its order (type orderReturn, relatedId the order's id), beside the order's own. */
const base = (orderId: number, date: string) => ({ date, type: 'orderReturn' as const, relatedId: orderId });
const about = (f: { orderId: number; returnId: number }) => `Web order #${f.orderId}: return #${f.returnId}`;

/**
 * RECEIVED: the checkout's postings reversed for the part returned: the goods back into inventory at the
 * cost they left at; sales (net after the coupon share) and VAT (per rate, exactly what the lines were
 * charged) off the receivable; for an order placed before shares, the coupon's share back on it.
 * The order's receivable then holds what the shop owes the shopper for the return (its total).
 */
export function returnReceivedPostings(f: ReturnFigures): Posting[] {
  const b = base(f.orderId, f.date);
  const what = about(f);
  return [
    { ...b, debit: 'inventory', credit: 'costOfSales', amount: f.cost, particulars: `${what}: goods back at cost` },
    { ...b, debit: 'sales', credit: 'accountsReceivable', amount: f.net, particulars: `${what}: sales returned` },
    ...f.vat.map(
      (v): Posting => ({
        ...b,
        debit: 'tax',
        credit: 'accountsReceivable',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `${what}: VAT ${v.rate} % returned`,
      }),
    ),
    { ...b, debit: 'accountsReceivable', credit: 'discountGiven', amount: f.coupon, particulars: `${what}: coupon share` },
  ];
}

/** REFUNDED: the return's total paid back out of the order's payment method's account, off what the shop owes. */
export function returnRefundPosting(f: { orderId: number; returnId: number; date: string }, subAccountId: number, amount: Cents): Posting {
  return {
    ...base(f.orderId, f.date),
    debit: 'accountsReceivable',
    credit: { subAccountId },
    amount,
    particulars: `${about(f)}: refunded`,
  };
}

/**
 * RESEND of a return of an order placed before coupons were shared over lines: the shopper keeps the
 * coupon on goods replaced: its share goes back to the order as a discount given (the return's credit
 * grows by it). Since shares, the share goes with the goods to the replacement order and nothing is posted.
 */
export function returnCouponKeptPosting(f: { orderId: number; returnId: number; date: string }, coupon: Cents): Posting {
  return {
    ...base(f.orderId, f.date),
    debit: 'discountGiven',
    credit: 'accountsReceivable',
    amount: coupon,
    particulars: `${about(f)}: coupon kept on the replacement`,
  };
}

/**
 * RESENDED: the return's credit pays the replacement order. The ledger has no entry from the receivable
 * to itself, so the credit passes through the order's payment method's account, in and out on the same
 * day (it nets to nothing there): paid out on the returned order, paid in on the replacement.
 */
export function replacementPaidPostings(
  f: { orderId: number; returnId: number; replacementId: number; date: string },
  subAccountId: number,
  amount: Cents,
): Posting[] {
  return [
    {
      ...base(f.orderId, f.date),
      debit: 'accountsReceivable',
      credit: { subAccountId },
      amount,
      particulars: `${about(f)}: credit to replacement order #${f.replacementId}`,
    },
    {
      date: f.date,
      type: 'order',
      relatedId: f.replacementId,
      debit: { subAccountId },
      credit: 'accountsReceivable',
      amount,
      particulars: `Web order #${f.replacementId}: paid by return #${f.returnId} of order #${f.orderId}`,
    },
  ];
}
