import { describe, expect, test } from 'vitest';
import { code128Bars, code128Patterns, code128Values, code128Widths } from '../src/admin/selling/till/code128.ts';

describe('Code 128 B', () => {
  test('the table: 107 symbols, each 11 modules of three bars and three spaces (the stop 13), all different', () => {
    expect(code128Patterns).toHaveLength(107);
    for (const [value, pattern] of code128Patterns.entries()) {
      const sum = [...pattern].reduce((s, w) => s + Number(w), 0);
      expect(sum, `value ${value}`).toBe(value === 106 ? 13 : 11);
      expect(pattern).toMatch(value === 106 ? /^[1-4]{7}$/ : /^[1-4]{6}$/);
    }
    expect(new Set(code128Patterns).size).toBe(107);
    // start B, start C, stop as the standard prints them
    expect([code128Patterns[104], code128Patterns[105], code128Patterns[106]]).toEqual(['211214', '211232', '2331112']);
  });

  test('"PJJ123C" is start B, its characters, the check symbol and the stop', () => {
    // check: (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  test('an invoice number: "42" is start B, 20, 18, check (104 + 20 + 36) mod 103 = 57, stop', () => {
    expect(code128Values('42')).toEqual([104, 20, 18, 57, 106]);
    // 4 symbols of 11 modules and the stop of 13
    expect(code128Widths('42').reduce((s, w) => s + w, 0)).toBe(57);
    expect(code128Widths('42').slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
  });

  test('bars start at 0, alternate with spaces and end with the termination bar', () => {
    const { bars, modules } = code128Bars('7');
    expect(modules).toBe(3 * 11 + 13);
    expect(bars[0]).toEqual([0, 2]);
    expect(bars.at(-1)).toEqual([modules - 2, 2]);
    // every symbol has three bars; the stop four
    expect(bars).toHaveLength(3 * 3 + 4);
  });

  test('refuses what code set B cannot hold', () => {
    expect(() => code128Values('é')).toThrow(/cannot encode/);
  });
});
