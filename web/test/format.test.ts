import { describe, expect, test } from 'vitest';
import { count, groupedMoney, money, moneyOfCents } from '../src/lib/format.ts';

// no settings are loaded here, so the amounts carry no currency symbol
describe('money in the admin', () => {
  test('thousands separators in every amount, two decimals', () => {
    expect(groupedMoney(0)).toBe('0.00');
    expect(groupedMoney(5)).toBe('0.05');
    expect(groupedMoney(99999)).toBe('999.99');
    expect(groupedMoney(100000)).toBe('1,000.00');
    expect(groupedMoney(1834565)).toBe('18,345.65');
    expect(groupedMoney(123456789012)).toBe('1,234,567,890.12');
  });

  test('the API value (a number or its text) and cents read the same, the minus sign in front', () => {
    expect(money(1234567.8)).toBe('1,234,567.80');
    expect(money('2500.5')).toBe('2,500.50');
    expect(money(-1234.5)).toBe('-1,234.50');
    expect(money(12.5)).toBe('12.50');
    expect(moneyOfCents(-100000)).toBe('-1,000.00');
    expect(money(null)).toBe('');
    expect(money('')).toBe('');
  });

  test('counts group their thousands too', () => {
    expect(count(4512)).toBe('4,512');
  });
});
