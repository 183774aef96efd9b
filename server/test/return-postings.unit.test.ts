import { expect, test } from 'vitest';
import type { Posting } from '../src/modules/accounting/index.ts';
import {
  replacementPaidPostings,
  returnCouponKeptPosting,
  returnReceivedPostings,
  returnRefundPosting,
} from '../src/modules/shop/return-postings.ts';

/** The pure part of a web return: what its goods coming back, its refund, its resend and its replacement post. */

const receivable = (postings: readonly Posting[], orderId: number) =>
  postings
    .filter((p) => p.relatedId === orderId)
    .reduce((sum, p) => sum + (p.debit === 'accountsReceivable' ? p.amount : 0) - (p.credit === 'accountsReceivable' ? p.amount : 0), 0);

const step = { orderId: 9, returnId: 4, date: '2026-03-10' };

test('received: goods back at cost, sales and VAT per rate off the receivable, the coupon share back on it', () => {
  const postings = returnReceivedPostings({
    ...step,
    net: 4000,
    vat: [
      { rate: 10, amount: 250 },
      { rate: 15, amount: 150 },
    ],
    coupon: 440,
    cost: 2500,
  });
  expect(postings.map((p) => [p.debit, p.credit, p.amount])).toEqual([
    ['inventory', 'costOfSales', 2500],
    ['sales', 'accountsReceivable', 4000],
    ['tax', 'accountsReceivable', 250],
    ['tax', 'accountsReceivable', 150],
    ['accountsReceivable', 'discountGiven', 440],
  ]);
  // every entry belongs to the order, as orderReturn, and names the return
  for (const p of postings) {
    expect(p).toMatchObject({ date: '2026-03-10', type: 'orderReturn', relatedId: 9 });
    expect(p.particulars).toMatch(/^Web order #9: return #4: /);
  }
  expect(postings.map((p) => p.vatRate)).toEqual([undefined, undefined, 10, 15, undefined]);
  // the receivable falls by the return's total (goods with VAT − the coupon's share): what the shop owes
  expect(receivable(postings, 9)).toBe(-(4400 - 440));
});

test('refunded: the return total goes back out of the payment method account, off what the shop owes', () => {
  const refund = returnRefundPosting(step, 14, 3960);
  expect(refund).toMatchObject({
    debit: 'accountsReceivable',
    credit: { subAccountId: 14 },
    amount: 3960,
    type: 'orderReturn',
    relatedId: 9,
  });
  expect(receivable([refund], 9)).toBe(3960);
});

test('resend keeps the coupon share on the order; the replacement is paid by the credit through the method account, netting to nothing there', () => {
  const kept = returnCouponKeptPosting(step, 440);
  expect(kept).toMatchObject({ debit: 'discountGiven', credit: 'accountsReceivable', amount: 440, type: 'orderReturn', relatedId: 9 });
  const [out, into] = replacementPaidPostings({ ...step, replacementId: 12 }, 14, 4400);
  expect(out).toMatchObject({ debit: 'accountsReceivable', credit: { subAccountId: 14 }, amount: 4400, type: 'orderReturn', relatedId: 9 });
  expect(into).toMatchObject({ debit: { subAccountId: 14 }, credit: 'accountsReceivable', amount: 4400, type: 'order', relatedId: 12 });
  expect(into!.particulars).toContain('return #4 of order #9');
  // the returned order owes the shopper nothing more, the replacement is paid
  expect(receivable([kept, out!], 9)).toBe(4400 - 440);
  expect(receivable([into!], 12)).toBe(-4400);
});
