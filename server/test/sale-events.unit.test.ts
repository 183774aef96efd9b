import { describe, expect, test } from 'vitest';
import { saleEvents } from '../src/modules/selling/sale-events.ts';
import type { PricedLine, PricedSale } from '../src/modules/selling/sale-pricing.ts';

const line = (over: Partial<PricedLine>): PricedLine => ({
  productId: 1,
  productVariantId: null,
  variantSku: null,
  name: 'Mug',
  sku: 'MUG',
  quantity: 2,
  unitPrice: 1200,
  listUnitPrice: 1200,
  vatPercent: 10,
  discount: 0,
  share: 0,
  net: 2400,
  vat: 240,
  ...over,
});
const sale = (lines: PricedLine[], over: Partial<PricedSale> = {}) =>
  ({ lines, saleDiscount: 0, discountAlertPercent: 20, session: { id: 7 }, ...over }) as PricedSale;
const actions = (s: PricedSale) => saleEvents(s, 99).map((e) => e.action);

describe('the till events of a priced sale', () => {
  test.each([
    ['a plain sale', sale([line({})]), []],
    ['a price typed over', sale([line({ unitPrice: 950 })]), ['priceOverride']],
    ['a line discount of 20 % at a threshold of 20 %', sale([line({ discount: 480 })]), []],
    ['a line discount of 20.01 %', sale([line({ discount: 481 })]), ['largeDiscount']],
    ['a sale discount of half the goods', sale([line({})], { saleDiscount: 1200 }), ['largeDiscount']],
    ['any discount with the alert off', sale([line({ discount: 2000 })], { discountAlertPercent: 0 }), []],
    [
      'a typed price and a large discount on one line',
      sale([line({ unitPrice: 1000, discount: 1000 })]),
      ['priceOverride', 'largeDiscount'],
    ],
  ])('%s', (_, priced, expected) => {
    expect(actions(priced)).toEqual(expected);
  });

  test('each names the sale, the product, what it replaced and the session', () => {
    const [event] = saleEvents(sale([line({ unitPrice: 950 })]), 99);
    expect(event).toMatchObject({ entity: 'saleInvoice', id: 99, action: 'priceOverride' });
    expect(event!.changes).toEqual(
      expect.arrayContaining([
        { field: 'unitPrice', old: 12, new: 9.5 },
        { field: 'product', old: null, new: 'Mug' },
        { field: 'tillSessionId', old: null, new: 7 },
      ]),
    );
    // outside a session there is none to name
    expect(saleEvents(sale([line({ unitPrice: 950 })], { session: null }), 99)[0]!.changes.map((c) => c.field)).not.toContain(
      'tillSessionId',
    );
  });
});
