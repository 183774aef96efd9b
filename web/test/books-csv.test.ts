import { expect, test } from 'vitest';
import { csvCell, csvFileName, toCsv } from '../src/admin/books/csv.ts';

test('a statement CSV: comma-separated cells, CRLF lines, numbers as written, empty cells for missing values', () => {
  const text = toCsv([
    ['Trial balance', '2026-11-01', '2026-11-22'],
    ['Asset', 'Cash', 110, null, undefined],
    ['', 'Total', -12.5],
  ]);
  expect(text).toBe('Trial balance,2026-11-01,2026-11-22\r\nAsset,Cash,110,,\r\n,Total,-12.5\r\n');
});

test('a cell with a comma, a quote or a line break is quoted, its quotes doubled', () => {
  expect(csvCell('Rent, office')).toBe('"Rent, office"');
  expect(csvCell('The "big" shop')).toBe('"The ""big"" shop"');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('Plain')).toBe('Plain');
});

test('a text a spreadsheet would run as a formula stays text; a negative number stays a number', () => {
  expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
  expect(csvCell('-Loss')).toBe("'-Loss");
  expect(csvCell(-3)).toBe('-3');
});

test('the file is named for the statement and the day it was exported', () => {
  expect(csvFileName('trial-balance', '2026-11-22')).toBe('trial-balance-2026-11-22.csv');
});
