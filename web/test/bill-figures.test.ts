import { describe, expect, test } from 'vitest';
import { billFigures } from '../src/lib/bill-figures.ts';

const order = { goods: 34.5, discount: 6.9, coupon: 2.76, deliveryFee: 5, total: 29.84, vatIncluded: 3.6 };
const sale = { goods: 39.6, discount: 1.1, coupon: 0, deliveryFee: 0, total: 38.5, vatIncluded: 3.5 };

describe('billFigures: the totals in the order they add up', () => {
  test('a web order shows every figure, what is taken off negative, the coupon under its code', () => {
    expect(billFigures(order, { web: true, couponCode: 'SAVE10' })).toEqual([
      { key: 'goods', label: 'Goods (with VAT)', amount: 34.5 },
      { key: 'discount', label: 'Discount', amount: -6.9 },
      { key: 'coupon', label: 'Coupon SAVE10', amount: -2.76 },
      { key: 'delivery', label: 'Delivery fee', amount: 5 },
      { key: 'total', label: 'Total', amount: 29.84 },
      { key: 'vat', label: 'VAT included', amount: 3.6 },
    ]);
  });

  test('a web order without a coupon still shows the coupon line, at zero (never "-0")', () => {
    const figures = billFigures({ ...order, coupon: 0, discount: 0 }, { web: true });
    expect(figures.find((f) => f.key === 'coupon')).toEqual({ key: 'coupon', label: 'Coupon', amount: 0 });
    expect(Object.is(figures.find((f) => f.key === 'discount')?.amount, 0)).toBe(true);
  });

  test('a till sale leaves out the coupon and delivery it cannot have', () => {
    expect(billFigures(sale).map((f) => f.key)).toEqual(['goods', 'discount', 'total', 'vat']);
  });
});
