import { expect, test } from 'vitest';
import type { Posting } from '../src/modules/accounting/index.ts';
import { deliveryFeeChange, orderPaymentPosting, orderPostings } from '../src/modules/shop/order-postings.ts';

/** The pure part of a web order: what it posts when placed, when its money comes in and when its delivery fee changes. */

/** What the postings leave on the receivable (debits less credits), in cents. */
const receivable = (postings: readonly Posting[]) =>
  postings.reduce(
    (sum, p) => sum + (p.debit === 'accountsReceivable' ? p.amount : 0) - (p.credit === 'accountsReceivable' ? p.amount : 0),
    0,
  );

test('an order posts cost, sales net of the coupon, VAT once per rate on what is paid and the delivery fee; the receivable holds what the shopper owes', () => {
  // the coupon is already out of net and VAT (shared over the lines): no discount-given posting
  const postings = orderPostings({
    orderId: 9,
    date: '2026-03-04',
    net: 12000,
    vat: [
      { rate: 10, amount: 700 },
      { rate: 15, amount: 750 },
    ],
    deliveryFee: 500,
    cost: 8000,
  });
  expect(postings.map((p) => [p.debit, p.credit, p.amount])).toEqual([
    ['costOfSales', 'inventory', 8000],
    ['accountsReceivable', 'sales', 12000],
    ['accountsReceivable', 'tax', 700],
    ['accountsReceivable', 'tax', 750],
    ['accountsReceivable', 'deliveryIncome', 500],
  ]);
  for (const p of postings) expect(p).toMatchObject({ date: '2026-03-04', type: 'order', relatedId: 9 });
  expect(postings.map((p) => p.vatRate)).toEqual([undefined, undefined, 10, 15, undefined]);
  // goods with VAT after the coupon (13450) + delivery fee
  expect(receivable(postings)).toBe(13450 + 500);
});

test('without a delivery fee its posting is zero (post skips them); the receivable is the goods with VAT', () => {
  const postings = orderPostings({
    orderId: 3,
    date: '2026-03-04',
    net: 1000,
    vat: [{ rate: 20, amount: 200 }],
    deliveryFee: 0,
    cost: 600,
  });
  expect(postings.filter((p) => p.amount !== 0).map((p) => [p.debit, p.credit, p.amount])).toEqual([
    ['costOfSales', 'inventory', 600],
    ['accountsReceivable', 'sales', 1000],
    ['accountsReceivable', 'tax', 200],
  ]);
  expect(receivable(postings)).toBe(1200);
});

test('the money in settles the receivable from the payment method account; a new delivery fee posts the difference, either way', () => {
  const paid = orderPaymentPosting(9, '2026-03-06', 14, 12605, 'bKash');
  expect(paid).toMatchObject({
    debit: { subAccountId: 14 },
    credit: 'accountsReceivable',
    amount: 12605,
    type: 'order',
    relatedId: 9,
    date: '2026-03-06',
  });
  expect(paid.particulars).toContain('bKash');
  expect(receivable([paid])).toBe(-12605);
  const more = deliveryFeeChange(9, '2026-03-05', 250);
  expect(more).toMatchObject({ debit: 'accountsReceivable', credit: 'deliveryIncome', amount: 250, type: 'order', relatedId: 9 });
  // a lower fee is a negative amount: post writes it as the reverse entry
  expect(deliveryFeeChange(9, '2026-03-05', -200)).toMatchObject({ debit: 'accountsReceivable', credit: 'deliveryIncome', amount: -200 });
});
