import { describe, expect, test } from 'vitest';
import { optionalLines, optionalText, requiredLines, requiredText } from '../src/fields.ts';
import { humanise, labelOf } from '../src/labels.ts';
import { baseListQuery } from '../src/list-query.ts';
import { settingInput } from '../src/settings.ts';

const refused = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('text fields refuse control characters', () => {
  test('a one-line text refuses every control character, tab and line breaks included', () => {
    for (const c of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f'])
      for (const schema of [requiredText(), optionalText()])
        expect(refused(schema, `a${c}b`), JSON.stringify(c)).toBe('must not contain control characters');
    expect(requiredText().parse('  Ceramic mug  ')).toBe('Ceramic mug');
  });

  test('a multi-line text keeps tab and line breaks, and refuses the rest', () => {
    for (const schema of [requiredLines(), optionalLines()]) {
      expect(schema.parse('one\r\ntwo\tthree\nfour')).toBe('one\r\ntwo\tthree\nfour');
      for (const c of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f'])
        expect(refused(schema, `a${c}b`)).toBe('must not contain control characters');
    }
  });

  test('the settings texts and the search key refuse a NUL', () => {
    for (const field of ['tagLine', 'address', 'phone', 'footer', 'companyName', 'website'])
      expect(settingInput.safeParse({ [field]: 'x\u0000' }).success, field).toBe(false);
    expect(baseListQuery.safeParse({ key: 'mug\u0000' }).success).toBe(false);
  });

  test('a missing or too long text says so, not "is required" for everything', () => {
    expect(refused(requiredText(10), undefined)).toBe('is required');
    expect(refused(requiredText(10), '   ')).toBe('is required');
    expect(refused(requiredText(10), 'x'.repeat(11))).toBe('must be at most 10 characters');
  });
});

test('labels: the screen words, else the code name read as words', () => {
  expect(labelOf('productSalePrice')).toBe('Sale price');
  expect(labelOf('startDate')).toBe('Start date');
  expect(labelOf('productCategoryId')).toBe('Category');
  expect(humanise('employmentStatusId')).toBe('Employment status');
  expect(humanise('productVatId')).toBe('Product VAT');
  expect(labelOf('lines.0.unitPrice')).toBe('Item 1: Unit price');
  expect(labelOf('name', { name: 'Value' })).toBe('Value');
});
