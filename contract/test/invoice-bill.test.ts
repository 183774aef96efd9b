import { describe, expect, test } from 'vitest';
import { invoiceBill } from '../src/invoice-bill.ts';
import { toCents } from '../src/money.ts';

const addsUp = (b: ReturnType<typeof invoiceBill>) =>
  toCents(b.goods) - toCents(b.discount) - toCents(b.coupon) + toCents(b.deliveryFee) === toCents(b.total);

describe('invoiceBill: goods − discount − coupon + delivery = total', () => {
  test('a web order: VAT per unit, a catalogue discount, a coupon and a delivery fee', () => {
    // 3 × 10.00 at 15% (11.50 with VAT), sold at 20% off: 9.20 a unit, 27.60; coupon 2.76; delivery 5.00
    const bill = invoiceBill({
      lines: [{ quantity: 3, unitNet: 10, vatPercent: 15 }],
      vatRoundedPer: 'unit',
      total: 29.84,
      vat: 3.6,
      coupon: 2.76,
      deliveryFee: 5,
    });
    expect(bill).toEqual({ goods: 34.5, discount: 6.9, coupon: 2.76, deliveryFee: 5, total: 29.84, vatIncluded: 3.6 });
    expect(addsUp(bill)).toBe(true);
  });

  test('VAT rounded per unit or on the line gives each document its own goods', () => {
    const lines = [{ quantity: 3, unitNet: 1.05, vatPercent: 10 }];
    // per unit: 1.05 + 0.11 = 1.16, × 3 = 3.48; on the line: 3.15 + 0.32 = 3.47
    expect(invoiceBill({ lines, vatRoundedPer: 'unit', total: 3.48, vat: 0.33 })).toMatchObject({ goods: 3.48, discount: 0 });
    expect(invoiceBill({ lines, vatRoundedPer: 'line', total: 3.47, vat: 0.32 })).toMatchObject({ goods: 3.47, discount: 0 });
  });

  test('a till sale: a line discount and a whole-sale discount show as one discount with VAT', () => {
    // 2 × 50.00 at 10% = 110.00 with VAT; 5.00 off the line and 10.00 off the sale before VAT: 85.00 + 8.50
    const bill = invoiceBill({
      lines: [
        { quantity: 2, unitNet: 50, vatPercent: 10 },
        { quantity: 1, unitNet: 0.99, vatPercent: 0 },
      ],
      vatRoundedPer: 'line',
      total: 94.49,
      vat: 8.5,
    });
    expect(bill).toEqual({ goods: 110.99, discount: 16.5, coupon: 0, deliveryFee: 0, total: 94.49, vatIncluded: 8.5 });
    expect(addsUp(bill)).toBe(true);
  });

  test('no lines, no money: every figure is zero', () => {
    expect(invoiceBill({ lines: [], vatRoundedPer: 'line', total: 0, vat: 0 })).toEqual({
      goods: 0,
      discount: 0,
      coupon: 0,
      deliveryFee: 0,
      total: 0,
      vatIncluded: 0,
    });
  });
});
