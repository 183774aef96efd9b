import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, make, product } from './product-fixtures.ts';

/**
 * The storefront's prices: the public list and product carry the price before discount
 * (`productSalePriceWithVat`), the discount running today and the price to pay (`finalPriceWithVat`);
 * the price filter and sort use the price to pay. The clock is stopped in March 2026, shop time UTC.
 */
const t = useTestApp();
let owner: string;
let c: Catalogue;
const ids: Record<string, number> = {};
const noon = (day: string) => fixedClock(`${day}T12:00:00Z`);
const march = { startDate: '2026-03-01', endDate: '2026-03-31' };

beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  expect((await t.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } })).status).toBe(200);
  const summer = await make(t, owner, 'discount', { name: 'Summer 20%', type: 'percentage', value: 20, ...march });
  const flat = await make(t, owner, 'discount', { name: 'Flat 2.50', type: 'flat', value: 2.5, ...march });
  ids.flatDiscount = flat;
  const huge = await make(t, owner, 'discount', { name: 'Giveaway', type: 'flat', value: 1000, ...march });
  const past = await make(t, owner, 'discount', {
    name: 'Last winter',
    type: 'percentage',
    value: 50,
    startDate: '2025-12-01',
    endDate: '2026-02-28',
  });
  const hidden = await make(t, owner, 'discount', { name: 'Withdrawn', type: 'percentage', value: 50, ...march });
  expect((await t.call('PATCH', `/v1/discount/${hidden}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
  const made: [string, string, Record<string, string>][] = [
    ['Beach towel', 'TWL-0420', { productSalePrice: '10.00', productVatId: String(c.vat10), discountId: String(summer) }],
    ['Sun hat', 'HAT-1', { productSalePrice: '4.00', discountId: String(flat) }],
    ['Free sample', 'SMP-1', { productSalePrice: '5.00', productVatId: String(c.vat15), discountId: String(huge) }],
    ['Wool scarf', 'SCF-1', { productSalePrice: '6.00', discountId: String(past) }],
    ['Flip flops', 'FLP-1', { productSalePrice: '3.00', discountId: String(hidden) }],
    ['Parasol', 'PAR-1', { productSalePrice: '7.00' }],
  ];
  for (const [name, sku, fields] of made) ids[sku] = (await product(t, owner, { name, sku, ...fields })).id;
});
afterEach(() => {
  t.config.clock = systemClock;
});

const list = async (query: Record<string, string> = {}) => {
  const answer = await t.call('GET', '/v1/product/public', { query: { count: '100', ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.getAllProduct as { sku: string; productSalePriceWithVat: number; finalPriceWithVat: number; discount: unknown }[];
};
const skus = async (query: Record<string, string> = {}) => (await list(query)).map((p) => p.sku);
const bySku = async (sku: string) => (await list()).find((p) => p.sku === sku)!;

describe('public prices with discounts', () => {
  test('a running percentage discount: the price before it, the discount and the price to pay, on the list and the page', async () => {
    t.config.clock = noon('2026-03-10');
    const expected = {
      sku: 'TWL-0420',
      productSalePrice: 10,
      vatPercentage: 10,
      productSalePriceWithVat: 11,
      discountId: expect.any(Number),
      // amountOff: what the shopper sees come off, VAT included (11.00 − 8.80)
      discount: { type: 'percentage', value: 20, startDate: '2026-03-01', endDate: '2026-03-31', amountOff: 2.2 },
      // 10.00 − 20 % = 8.00, + 10 % VAT = 8.80
      finalPriceWithVat: 8.8,
    };
    expect(await bySku('TWL-0420')).toMatchObject(expected);
    const page = await t.call('GET', `/v1/product/public/${ids['TWL-0420']}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject(expected);
    expect(page.body.discount).not.toHaveProperty('name');
  });

  test('flat discounts come off per unit and never below zero; past and hidden discounts do nothing', async () => {
    t.config.clock = noon('2026-03-10');
    expect(await bySku('HAT-1')).toMatchObject({
      productSalePriceWithVat: 4,
      discount: { type: 'flat', value: 2.5, amountOff: 2.5 },
      finalPriceWithVat: 1.5,
    });
    expect(await bySku('SMP-1')).toMatchObject({
      productSalePriceWithVat: 5.75,
      discount: { type: 'flat', value: 1000, amountOff: 5.75 },
      finalPriceWithVat: 0,
    });
    // 2.50 off before VAT is 2.75 off the 22.00 the shopper sees (20.00 + 10 %): 19.25 to pay
    const lamp = await product(t, owner, {
      name: 'Desk lamp',
      sku: 'LMP-1',
      productSalePrice: '20.00',
      productVatId: String(c.vat10),
      discountId: String(ids.flatDiscount),
    });
    expect(await bySku('LMP-1')).toMatchObject({
      productSalePriceWithVat: 22,
      discount: { type: 'flat', value: 2.5, amountOff: 2.75 },
      finalPriceWithVat: 19.25,
    });
    // the lamp leaves the shop again: the other tests count the products above
    expect((await t.call('PATCH', `/v1/product/${lamp.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect(await bySku('SCF-1')).toMatchObject({ productSalePriceWithVat: 6, discount: null, finalPriceWithVat: 6 });
    expect(await bySku('FLP-1')).toMatchObject({ productSalePriceWithVat: 3, discount: null, finalPriceWithVat: 3 });
    expect(await bySku('PAR-1')).toMatchObject({ productSalePriceWithVat: 7, discount: null, finalPriceWithVat: 7 });
    const page = await t.call('GET', `/v1/product/public/${ids['SCF-1']}`);
    expect(page.body).toMatchObject({ discount: null, finalPriceWithVat: 6, discountId: expect.any(Number) });
  });

  test('the window counts whole business days in the shop, both ends included', async () => {
    const towel = async () => (await t.call('GET', `/v1/product/public/${ids['TWL-0420']}`)).body.finalPriceWithVat;
    t.config.clock = noon('2026-02-28');
    expect(await towel()).toBe(11);
    t.config.clock = fixedClock('2026-03-01T00:00:00Z');
    expect(await towel()).toBe(8.8);
    t.config.clock = fixedClock('2026-03-31T23:59:59Z');
    expect(await towel()).toBe(8.8);
    t.config.clock = fixedClock('2026-04-01T00:00:00Z');
    expect(await towel()).toBe(11);
    // 23:30 UTC on 31 March is already 1 April in Tokyo: the sale is over there, in the list filter too
    t.config.clock = fixedClock('2026-03-31T23:30:00Z');
    await t.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'Asia/Tokyo' } });
    try {
      expect(await towel()).toBe(11);
      expect(await skus({ priceRange: '8-9' })).toEqual([]);
    } finally {
      await t.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } });
    }
    expect(await towel()).toBe(8.8);
  });

  test('the price filter and the price sort use the price to pay', async () => {
    t.config.clock = noon('2026-03-10');
    const cheapest = ['SMP-1', 'HAT-1', 'FLP-1', 'SCF-1', 'PAR-1', 'TWL-0420'];
    expect(await skus({ price: 'LowToHigh' })).toEqual(cheapest);
    expect(await skus({ price: 'HighToLow' })).toEqual([...cheapest].reverse());
    expect(await skus({ sort: 'productSalePrice', order: 'asc' })).toEqual(cheapest);
    expect(await skus({ sort: 'productSalePrice', order: 'desc' })).toEqual([...cheapest].reverse());
    // the towel costs 11.00 before its discount and 8.80 with it
    expect(await skus({ priceRange: '8-9' })).toEqual(['TWL-0420']);
    expect(await skus({ priceRange: '10-12' })).toEqual([]);
    expect(await skus({ priceRange: '1.5-1.5' })).toEqual(['HAT-1']);
    expect(await skus({ priceRange: '0-3', price: 'HighToLow' })).toEqual(['FLP-1', 'HAT-1', 'SMP-1']);
    const page = await t.call('GET', '/v1/product/public', { query: { priceRange: '0-6', price: 'LowToHigh', count: '2', page: '2' } });
    expect(page.body).toMatchObject({ totalProduct: 4, getAllProduct: [{ sku: 'FLP-1' }, { sku: 'SCF-1' }] });
    // once the sale is over the towel is back at 11.00, and sorts so
    t.config.clock = noon('2026-04-02');
    expect((await skus({ price: 'HighToLow' }))[0]).toBe('TWL-0420');
    expect(await skus({ priceRange: '10-12' })).toEqual(['TWL-0420']);
    expect(await skus({ priceRange: '8-9' })).toEqual([]);
  });

  test('the search key finds products by SKU as well as by name', async () => {
    t.config.clock = noon('2026-03-10');
    expect(await skus({ key: 'twl-04' })).toEqual(['TWL-0420']);
    expect(await skus({ key: 'TWL-0420' })).toEqual(['TWL-0420']);
    expect(await skus({ key: 'towel' })).toEqual(['TWL-0420']);
    expect(await skus({ key: '-1', price: 'LowToHigh' })).toEqual(['SMP-1', 'HAT-1', 'FLP-1', 'SCF-1', 'PAR-1']);
    expect(await skus({ key: 'no such thing' })).toEqual([]);
  });
});
