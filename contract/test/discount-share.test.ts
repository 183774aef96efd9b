import { describe, expect, test } from 'vitest';
import { discountGrossLines, discountNetLines, shareDiscount, vatIncluded } from '../src/discount-share.ts';

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('shareDiscount: a document discount over its lines by their amounts, to the cent', () => {
  test('in proportion when it divides exactly', () => {
    expect(shareDiscount([1000, 3000], 400)).toEqual([100, 300]);
  });

  test('each share rounded half up; the rounding left goes on the largest line', () => {
    // 100 over three equal lines: 33.3 each → 33, the first of the largest takes the cent left
    expect(shareDiscount([300, 300, 300], 100)).toEqual([34, 33, 33]);
    // 1.00 over 13.20 and 26.40: 33.3 → 33, 66.7 → 67: it adds up without a remainder
    expect(shareDiscount([1320, 2640], 100)).toEqual([33, 67]);
    // rounding up too much: 2 over three 1s rounds to 1 each, the largest (first) gives the cent back
    expect(shareDiscount([1, 1, 1], 2)).toEqual([0, 1, 1]);
    // the largest line is not the first
    expect(shareDiscount([100, 500, 100], 101)).toEqual([14, 73, 14]);
  });

  test('always adds up to the discount and never goes below zero or above a line', () => {
    const cases: [number[], number][] = [
      [[1, 2, 3, 4, 5, 6, 7], 27],
      [[999, 1, 1, 1], 1001],
      [[12345, 6789, 1, 0], 9999],
      [[5, 5], 10],
      [[7, 3, 3, 3, 3], 1],
    ];
    for (const [amounts, discount] of cases) {
      const shares = shareDiscount(amounts, discount);
      expect(sum(shares)).toBe(discount);
      shares.forEach((s, i) => {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(amounts[i]!);
      });
    }
  });

  test('no discount, the whole amount, and a discount that cannot be shared', () => {
    expect(shareDiscount([500, 700], 0)).toEqual([0, 0]);
    expect(shareDiscount([500, 700], 1200)).toEqual([500, 700]);
    expect(() => shareDiscount([500], 501)).toThrow(RangeError);
    expect(() => shareDiscount([500], -1)).toThrow(RangeError);
    expect(() => shareDiscount([500], 1.5)).toThrow(RangeError);
  });
});

describe('vatIncluded: the VAT inside an amount with VAT', () => {
  test('rounded half up to the cent', () => {
    expect(vatIncluded(11500, 15)).toBe(1500);
    expect(vatIncluded(1000, 10)).toBe(91); // 90.9
    expect(vatIncluded(105, 5)).toBe(5);
    expect(vatIncluded(1000, 0)).toBe(0);
    expect(vatIncluded(-1150, 15)).toBe(-150);
  });
});

describe('the discounted lines', () => {
  test('a till discount before VAT: VAT on each line net of its share', () => {
    const lines = discountNetLines(
      [
        { net: 1000, vatPercent: 15 },
        { net: 3000, vatPercent: 5 },
      ],
      400,
    );
    expect(lines).toEqual([
      { share: 100, net: 900, vat: 135 },
      { share: 300, net: 2700, vat: 135 },
    ]);
  });

  test('a coupon off the goods with VAT: each line pays its amount less its share, and its VAT is the VAT in that', () => {
    // 10 % off 137.52 of goods at 14 %, as the issue found it: 16.96 of VAT before the coupon, 15.27 in what is paid
    const lines = discountGrossLines(
      [
        { gross: 11400, vat: 1400, vatPercent: 14 },
        { gross: 2352, vat: 296, vatPercent: 14 },
      ],
      1375,
    );
    expect(lines).toEqual([
      { share: 1140, net: 9000, vat: 1260 },
      { share: 235, net: 1850, vat: 267 },
    ]);
    expect(lines.map((l) => l.net + l.vat + l.share)).toEqual([11400, 2352]);
    // a line without a share keeps its VAT
    expect(discountGrossLines([{ gross: 1320, vat: 120, vatPercent: 10 }], 0)).toEqual([{ share: 0, net: 1200, vat: 120 }]);
  });
});
