import { describe, expect, test } from 'vitest';
import { discountDefaultName, unitPrice } from '../src/pricing.ts';

const summer = { type: 'percentage', value: 20, startDate: '2026-06-01', endDate: '2026-08-31' } as const;

describe('unitPrice: price, then discount, then VAT on the discounted price', () => {
  test('no discount: the price with VAT is what the shopper pays', () => {
    const p = unitPrice({ salePrice: 10, vatPercentage: 15, date: '2026-07-01' });
    expect(p).toMatchObject({ priceWithVat: 11.5, finalPriceWithVat: 11.5, discountAmount: 0, activeDiscount: null });
  });

  test('a percentage discount comes off the unit price before VAT', () => {
    const p = unitPrice({ salePrice: 10, vatPercentage: 15, discount: summer, date: '2026-07-01' });
    expect(p.discountAmount).toBe(2);
    expect(p.discountedPrice).toBe(8);
    expect(p.vatAmount).toBe(1.2);
    expect(p.finalPriceWithVat).toBe(9.2);
    expect(p.priceWithVat).toBe(11.5);
  });

  test('a flat discount comes off per unit and never below zero', () => {
    const flat = { type: 'flat', value: 2.5, startDate: '2026-01-01', endDate: '2026-12-31' } as const;
    expect(unitPrice({ salePrice: 10, vatPercentage: 10, discount: flat, date: '2026-03-03' }).finalPriceWithVat).toBe(8.25);
    expect(unitPrice({ salePrice: 2, vatPercentage: 10, discount: flat, date: '2026-03-03' }).finalPriceWithVat).toBe(0);
  });

  test('the discount runs from its start date through its end date', () => {
    const at = (date: string) => unitPrice({ salePrice: 10, discount: summer, date }).finalPriceWithVat;
    expect(at('2026-05-31')).toBe(10);
    expect(at('2026-06-01')).toBe(8);
    expect(at('2026-08-31')).toBe(8);
    expect(at('2026-09-01')).toBe(10);
  });

  test('each step rounds half up to the cent', () => {
    // 9.99 − 12.5 % = 9.99 − 1.24875 → 1.25 off → 8.74; VAT 7.5 % of 8.74 = 0.6555 → 0.66
    const p = unitPrice({ salePrice: 9.99, vatPercentage: 7.5, discount: { ...summer, value: 12.5 }, date: '2026-07-01' });
    expect(p.discountAmount).toBe(1.25);
    expect(p.vatAmount).toBe(0.66);
    expect(p.finalPriceWithVat).toBe(9.4);
  });
});

test('a discount without a name is named from its type and value', () => {
  expect(discountDefaultName('percentage', 10)).toBe('10% off');
  expect(discountDefaultName('flat', 2.5)).toBe('2.50 off');
});
