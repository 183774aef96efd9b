import { describe, expect, test } from 'vitest';
import { formatMoney, fromCents, toCents } from '../src/money.ts';

describe('toCents', () => {
  test('whole amounts and two decimals', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(12)).toBe(1200);
    expect(toCents(12.34)).toBe(1234);
    expect(toCents('12.34')).toBe(1234);
    expect(toCents(' 7.5 ')).toBe(750);
    expect(toCents('1234567890.12')).toBe(123456789012);
  });

  test('binary floating point noise does not leak into cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.1 * 3)).toBe(330);
    expect(toCents(0.07 * 100) / 100).toBe(7);
    expect(toCents(19.99 * 3)).toBe(5997);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1.15)).toBe(115);
  });

  test('rounds half away from zero at the third decimal', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('1.004')).toBe(100);
    expect(toCents('2.675')).toBe(268);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents('-1.004')).toBe(-100);
    expect(toCents('0.125')).toBe(13);
    expect(toCents('-0.125')).toBe(-13);
  });

  test('negatives', () => {
    expect(toCents(-12.34)).toBe(-1234);
    expect(toCents('-0.01')).toBe(-1);
    expect(toCents(-(0.1 + 0.2))).toBe(-30);
  });

  test('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,50', '1.2.3', '.5', '1e3', '--1', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => toCents(bad as never), String(bad)).toThrow(RangeError);
    }
  });
});

describe('fromCents', () => {
  test('turns cents into an amount with two decimals', () => {
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(30)).toBe(0.3);
    expect(fromCents(-1)).toBe(-0.01);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });

  test('round trips every cent of a range', () => {
    for (let cents = -2000; cents <= 2000; cents++) expect(toCents(fromCents(cents))).toBe(cents);
  });
});

describe('formatMoney', () => {
  test('two decimals, with the sign in front', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(1234)).toBe('12.34');
    expect(formatMoney(100000)).toBe('1000.00');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(-1234)).toBe('-12.34');
    expect(formatMoney(toCents(0.1 + 0.2))).toBe('0.30');
  });
});
