import type { TillReport } from '@tillbook/contract';
import { describe, expect, test } from 'vitest';
import { zWithLateSale } from '../src/modules/till/late-sale.ts';
import { lateSalePostings } from '../src/modules/till/till-postings.ts';

/** A late sale (issue 33) counted into a closed session's Z, and its correction in the books. */
const closed: TillReport = {
  sessionId: 9,
  tillId: 2,
  tillName: 'Back',
  status: 'CLOSED',
  openedAt: '2031-03-14T08:00:00.000Z',
  closedAt: '2031-03-14T18:00:00.000Z',
  dates: ['2031-03-14'],
  openingFloat: 0,
  sales: 13.2,
  returns: 0,
  byPaymentMethod: [
    { paymentMethodId: 1, name: 'Cash', sales: 13.2, refunds: 0, expected: 13.2, counted: 27.4, variance: 14.2 },
    { paymentMethodId: 2, name: 'Card', sales: 0, refunds: 0, expected: 0, counted: 0, variance: 0 },
  ],
  byVatRate: [{ rate: 10, net: 12, vat: 1.2 }],
  discounts: 0,
  counts: { sales: 1, returns: 0, voids: 0, noSales: 0 },
  cashIn: 0,
  cashOut: 0,
  drops: 0,
  expectedCash: 13.2,
  zNumber: 4,
  countedCash: 27.4,
  variance: 14.2,
  floatLeft: 20,
};

describe('a late sale in the Z', () => {
  test('paid in cash: the figures grow, the variance falls by its cash, which is the correction', () => {
    const { z, correction } = zWithLateSale(closed, {
      total: 1320,
      discount: 0,
      byVatRate: [{ rate: 10, net: 1200, vat: 120 }],
      tenders: [{ paymentMethodId: 1, amount: 1320, intoDrawer: true }],
    });
    expect(correction).toBe(1320);
    expect(z).toMatchObject({ sales: 26.4, expectedCash: 26.4, variance: 1, lateSales: { count: 1, total: 13.2 } });
    expect(z.counts.sales).toBe(2);
    expect(z.byVatRate).toEqual([{ rate: 10, net: 24, vat: 2.4 }]);
    expect(z.byPaymentMethod[0]).toMatchObject({ sales: 26.4, expected: 26.4, variance: 1 });
    expect(z.byPaymentMethod[1]).toEqual(closed.byPaymentMethod[1]);
  });

  test('paid by card at a new VAT rate: no cash, so no correction; the card counted short', () => {
    const once = zWithLateSale(closed, {
      total: 500,
      discount: 50,
      byVatRate: [{ rate: 0, net: 500, vat: 0 }],
      tenders: [{ paymentMethodId: 2, amount: 500, intoDrawer: false }],
    });
    expect(once.correction).toBe(0);
    expect(once.z).toMatchObject({ expectedCash: 13.2, variance: 14.2, discounts: 0.5 });
    expect(once.z.byVatRate.map((r) => r.rate)).toEqual([0, 10]);
    expect(once.z.byPaymentMethod[1]).toMatchObject({ sales: 5, expected: 5, counted: 0, variance: -5 });
    // a second late sale adds to the first
    const twice = zWithLateSale(once.z, { total: 100, discount: 0, byVatRate: [], tenders: [] });
    expect(twice.z.lateSales).toEqual({ count: 2, total: 6 });
  });

  test("the correction takes the close's over back out of Cash Over and Short, from the drawer", () => {
    const [p] = lateSalePostings({ sessionId: 9, tillName: 'Back', drawer: 70, date: '2031-03-15', zNumber: 4, correction: 1320 });
    expect(p).toMatchObject({ debit: 'cashOverShort', credit: { subAccountId: 70 }, amount: 1320, type: 'till', tillSessionId: 9 });
  });
});
