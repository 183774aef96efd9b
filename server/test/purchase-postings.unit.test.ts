import { describe, expect, test } from 'vitest';
import { averageWithout, movingAverage } from '../src/modules/inventory/index.ts';
import { purchasePostings, purchaseReturnPostings } from '../src/modules/purchasing/purchase-postings.ts';

/** The pure parts of purchasing: the moving average (per product, in cents, half up) and the postings of 3.8 and 3.9. */
describe('moving average', () => {
  test('(onHand × oldCost + qty × unitCost) / (onHand + qty), rounded half up in cents', () => {
    expect(movingAverage(0, 0, 10, 500)).toBe(500);
    expect(movingAverage(10, 500, 5, 800)).toBe(600);
    expect(movingAverage(3, 100, 1, 103)).toBe(101); // 100.75 → 101
    expect(movingAverage(3, 500, 1, 501)).toBe(500); // 500.25 → 500
    expect(movingAverage(1, 100, 1, 101)).toBe(101); // 100.5 → 101
  });

  test('an undo takes the purchase back out of the average; nothing left keeps the cost', () => {
    expect(averageWithout(15, 600, 5, 800)).toBe(500);
    expect(averageWithout(4, 400, 4, 400)).toBe(400);
  });
});

describe('postings', () => {
  test('a purchase: goods and VAT (once per rate) against payables, each amount paid from its account', () => {
    const postings = purchasePostings({
      invoiceId: 7,
      number: 5,
      date: '2026-05-02',
      net: 5000,
      tax: [
        { rate: 10, amount: 200 },
        { rate: 15, amount: 300 },
      ],
      paid: [{ amount: 3000, account: 'cash' }],
    });
    expect(postings.map((p) => [p.debit, p.credit, p.amount, p.type, p.relatedId, p.vatRate])).toEqual([
      ['inventory', 'accountsPayable', 5000, 'purchase', 7, undefined],
      ['tax', 'accountsPayable', 200, 'purchase', 7, 10],
      ['tax', 'accountsPayable', 300, 'purchase', 7, 15],
      ['accountsPayable', 'cash', 3000, 'purchase', 7, undefined],
    ]);
  });

  test('a purchase return: payables against goods and VAT, money paid back into its account', () => {
    const postings = purchaseReturnPostings({
      invoiceId: 7,
      purchaseNumber: 5,
      returnNumber: 2,
      date: '2026-05-03',
      net: 1000,
      tax: [{ rate: 10, amount: 100 }],
      instant: [{ amount: 300, account: { subAccountId: 2 } }],
    });
    expect(postings.map((p) => [p.debit, p.credit, p.amount, p.type, p.vatRate])).toEqual([
      ['accountsPayable', 'inventory', 1000, 'purchaseReturn', undefined],
      ['accountsPayable', 'tax', 100, 'purchaseReturn', 10],
      [{ subAccountId: 2 }, 'accountsPayable', 300, 'purchaseReturn', undefined],
    ]);
  });
});
