import { type DiscountType, formatMoney, type PriceDiscount, toCents, unitPrice } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { finalPriceWithVatSql } from '../src/modules/catalogue/price-sql.ts';
import { rawRows } from '../src/platform/queries.ts';
import { useTestApp } from './harness.ts';

/**
 * The SQL price expression (used to filter and sort the storefront by the price the shopper sees)
 * must give exactly what the contract's `unitPrice` gives. Thousands of combinations go through the
 * database in one query: percentages with decimals, flat amounts above the price, VAT rates with
 * decimals, no VAT, windows that end yesterday, start tomorrow, or start and end today.
 */
const t = useTestApp();
const today = '2026-03-10';

interface Case {
  price: string;
  vat: string | null;
  discount: PriceDiscount | null;
}

const amount = (cents: number) => formatMoney(cents);
const prices = [0, 1, 5, 99, 100, 999, 1000, 1995, 3333, 12345, 99999, 1234567891].map(amount);
const vats = [null, '0.00', '5.00', '7.50', '10.00', '12.75', '15.00', '19.99', '33.33', '100.00'];
const march = { startDate: '2026-03-01', endDate: '2026-03-31' };
const discounts: { type: DiscountType; value: string }[] = [
  ...['0.00', '1.00', '10.00', '12.50', '15.55', '33.33', '50.00', '66.67', '99.99', '100.00'].map((value) => ({
    type: 'percentage' as const,
    value,
  })),
  ...['0.00', '0.01', '0.50', '2.50', '10.00', '19.95', '1000.00'].map((value) => ({ type: 'flat' as const, value })),
];
const windows = [
  { startDate: today, endDate: today },
  { startDate: today, endDate: '2026-12-31' },
  { startDate: '2026-01-01', endDate: today },
  { startDate: '2026-01-01', endDate: '2026-03-09' },
  { startDate: '2026-03-11', endDate: '2026-04-30' },
];

function cases(): Case[] {
  const all: Case[] = [];
  for (const price of prices) {
    for (const vat of vats) {
      all.push({ price, vat, discount: null });
      for (const d of discounts) all.push({ price, vat, discount: { type: d.type, value: Number(d.value), ...march } });
      for (const w of windows) {
        all.push({ price, vat, discount: { type: 'percentage', value: 12.5, ...w } });
        all.push({ price, vat, discount: { type: 'flat', value: 2.5, ...w } });
      }
    }
  }
  // and a reproducible spread of arbitrary cents and basis points
  let seed = 20260310;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  for (let n = 0; n < 2000; n++) {
    const type: DiscountType = next(2) === 0 ? 'percentage' : 'flat';
    const value = type === 'percentage' ? next(10_001) / 100 : next(20_000) / 100;
    all.push({
      price: amount(next(1_000_000)),
      vat: next(5) === 0 ? null : amount(next(10_001)),
      discount: next(6) === 0 ? null : { type, value, ...windows[next(windows.length)]! },
    });
  }
  return all;
}

test('the SQL final price equals unitPrice for every combination', async () => {
  const all = cases();
  const records = all.map((c, i) => ({
    i,
    price: c.price,
    vat: c.vat,
    has_discount: c.discount ? 1 : null,
    dtype: c.discount?.type ?? null,
    dvalue: c.discount ? amount(toCents(c.discount.value)) : null,
    dstart: c.discount?.startDate ?? null,
    dend: c.discount?.endDate ?? null,
  }));
  const column = (name: string) => sql.raw(`t.${name}`);
  const expression = finalPriceWithVatSql(
    {
      salePrice: column('price'),
      vatPercentage: column('vat'),
      discountId: column('has_discount'),
      discountType: column('dtype'),
      discountValue: column('dvalue'),
      startDate: column('dstart'),
      endDate: column('dend'),
    },
    today,
  );
  const rows = await rawRows<{ i: number; final: string }>(
    t.database.db,
    sql`select t.i, (${expression})::text as final
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as t(i int, price numeric(14,2), vat numeric(5,2), has_discount int, dtype text, dvalue numeric(14,2), dstart date, dend date)
        order by t.i`,
  );
  expect(rows).toHaveLength(all.length);
  const mismatches = rows.flatMap((row) => {
    const c = all[row.i]!;
    const expected = unitPrice({
      salePrice: Number(c.price),
      vatPercentage: c.vat === null ? null : Number(c.vat),
      discount: c.discount,
      date: today,
    });
    return toCents(row.final) === toCents(expected.finalPriceWithVat)
      ? []
      : [{ ...c, sql: row.final, unitPrice: expected.finalPriceWithVat }];
  });
  expect(mismatches.slice(0, 5)).toEqual([]);
  // the combinations really cover discounts that run, that do not run, and a flat one above the price
  const ran = all.filter((c) => c.discount && unitPrice({ salePrice: Number(c.price), discount: c.discount, date: today }).activeDiscount);
  expect(ran.length).toBeGreaterThan(1000);
  expect(all.some((c) => c.discount?.type === 'flat' && c.discount.value > Number(c.price) && c.discount.startDate === today)).toBe(true);
});
