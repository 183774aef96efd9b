import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { latestMovements } from '../src/modules/catalogue/product-detail.ts';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, make, product } from './product-fixtures.ts';

/** The owner's product admin: hide and reactivate, the purchase price, the product page's prices and movements. */
const t = useTestApp({ invariants: true });
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
});

const staffList = (query: Record<string, string>) => t.call('GET', '/v1/product', { token: owner, query });
const skus = (body: { getAllProduct: { sku: string }[] }) => body.getAllProduct.map((p) => p.sku);
const detail = (id: number) => t.call('GET', `/v1/product/${id}`, { token: owner });
const adjust = (productId: number, adjustQuantity: number, adjustType: 'increment' | 'decrement', token = owner) =>
  t.call('POST', '/v1/adjust-inventory', { token, body: { adjustInvoiceProduct: [{ productId, adjustQuantity, adjustType }] } });

describe('hide and reactivate (PATCH product/{id} status)', () => {
  test('a hidden product leaves the storefront at once and the staff list shows it under hidden; reactivating brings it back', async () => {
    const p = await product(t, owner, { name: 'Lantern', sku: 'HIDE-LANTERN', productSalePrice: '12.00' });
    const publicSkus = async () => skus((await t.call('GET', '/v1/product/public', { query: { count: '1000' } })).body);
    expect(await publicSkus()).toContain('HIDE-LANTERN');
    expect((await t.call('GET', `/v1/product/public/${p.id}`)).status).toBe(200);

    const hidden = await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'false' } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: p.id, status: 'false' });
    expect(await publicSkus()).not.toContain('HIDE-LANTERN');
    expect((await t.call('GET', `/v1/product/public/${p.id}`)).status).toBe(404);
    expect(skus((await t.call('GET', '/v1/product/public', { query: { key: 'Lantern' } })).body)).toEqual([]);
    expect(skus((await staffList({ key: 'HIDE-LANTERN' })).body)).toEqual([]);
    const hiddenRows = (await staffList({ status: 'false', key: 'HIDE-LANTERN' })).body;
    expect(hiddenRows.getAllProduct).toMatchObject([{ sku: 'HIDE-LANTERN', status: 'false' }]);
    expect((await detail(p.id)).body.status).toBe('false');

    const shown = await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'true' } });
    expect(shown.status).toBe(200);
    expect(shown.body.status).toBe('true');
    expect(await publicSkus()).toContain('HIDE-LANTERN');
    expect((await t.call('GET', `/v1/product/public/${p.id}`)).status).toBe(200);
    expect(skus((await staffList({ key: 'HIDE-LANTERN' })).body)).toEqual(['HIDE-LANTERN']);
    expect((await t.call('PATCH', '/v1/product/999999', { token: owner, body: { status: 'false' } })).status).toBe(404);
  });
});

describe('the purchase price after creation', () => {
  test('with stock on hand: the cost changes, the stock stays and is revalued in movements and the books', async () => {
    const p = await product(t, owner, { name: 'Kettle', sku: 'COST-KETTLE', productQuantity: '4', productPurchasePrice: '1.00' });
    const answer = await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productPurchasePrice: 2.5 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ productPurchasePrice: 2.5, productQuantity: 4 });
    const [newest, outgoing] = answer.body.stockMovements;
    expect(outgoing).toMatchObject({ quantity: -4, unitCost: 1, reason: 'adjustment', documentType: 'costChange', balanceAfter: 0 });
    expect(newest).toMatchObject({ quantity: 4, unitCost: 2.5, reason: 'adjustment', documentType: 'costChange', balanceAfter: 4 });
    const posted = await t.database.db.execute(sql`
      select t.amount::text as amount, d.system_key as debit, c.system_key as credit from transaction t
      join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
      where t.related_id = ${String(p.id)} and t.particulars like 'Purchase price of COST-KETTLE%'`);
    expect((posted as unknown as { rows: unknown[] }).rows).toEqual([{ amount: '6.00', debit: 'inventory', credit: 'stockAdjustment' }]);
    await expectInvariants(t);

    const lower = await t.call('POST', `/v1/product/${p.id}`, { token: owner, body: { productPurchasePrice: '0.75' } });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body).toMatchObject({ productPurchasePrice: 0.75, productQuantity: 4 });
    await expectInvariants(t);
  });

  test('without stock only the cost changes; the same cost again moves nothing; stock itself is still refused', async () => {
    const p = await product(t, owner, { name: 'Spoon', sku: 'COST-SPOON', productPurchasePrice: '1.00' });
    const answer = await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productPurchasePrice: 3 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ productPurchasePrice: 3, productQuantity: 0, stockMovements: [] });
    const filled = await product(t, owner, { name: 'Fork', sku: 'COST-FORK', productQuantity: '2', productPurchasePrice: '1.00' });
    const same = await t.call('PUT', `/v1/product/${filled.id}`, { token: owner, body: { productPurchasePrice: 1, name: 'Fork!' } });
    expect(same.body.stockMovements).toHaveLength(1);
    const quantity = await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productQuantity: 10 } });
    expect(quantity.status).toBe(400);
    expect(quantity.body.fields.productQuantity).toMatch(/adjustment/);
    const bad = await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productPurchasePrice: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('productPurchasePrice');
    await expectInvariants(t);
  });
});

describe('GET product/{id}: prices today and movements', () => {
  test('the price with VAT, and the price to pay while a discount runs (business date from the clock)', async () => {
    const summer = await make(t, owner, 'discount', {
      name: 'Admin summer 20',
      type: 'percentage',
      value: 20,
      startDate: '2030-06-10',
      endDate: '2030-06-20',
    });
    const p = await product(t, owner, {
      name: 'Parasol',
      sku: 'PRICE-PARASOL',
      productSalePrice: '10.00',
      productVatId: String(c.vat10),
      discountId: String(summer),
      colors: String(c.redId),
      productAttributeValueId: String(c.sizeLargeId),
    });
    try {
      t.config.clock = fixedClock('2030-06-15T12:00:00Z');
      const during = (await detail(p.id)).body;
      expect(during).toMatchObject({
        productSalePriceWithVat: 11,
        discountActive: 'true',
        discountAmount: 2,
        finalPriceWithVat: 8.8,
        productVat: { title: 'Test ten', percentage: 10 },
        discount: { name: 'Admin summer 20', type: 'percentage', value: 20, startDate: '2030-06-10', endDate: '2030-06-20' },
        colors: [{ id: c.redId, name: 'Test red' }],
        productAttributeValues: [{ id: c.sizeLargeId, name: 'Large', productAttributeName: 'Size' }],
      });
      t.config.clock = fixedClock('2030-06-21T12:00:00Z');
      expect((await detail(p.id)).body).toMatchObject({
        productSalePriceWithVat: 11,
        discountActive: 'false',
        discountAmount: 0,
        finalPriceWithVat: 11,
      });
    } finally {
      t.config.clock = systemClock;
    }
    const plain = await product(t, owner, { name: 'Bucket', sku: 'PRICE-BUCKET', productSalePrice: '3.33' });
    expect((await detail(plain.id)).body).toMatchObject({
      productSalePriceWithVat: 3.33,
      discountActive: 'false',
      finalPriceWithVat: 3.33,
      discount: null,
      productVat: null,
    });
  });

  test('each movement carries its user name and the on-hand balance after it, right even for the latest few', async () => {
    const p = await product(t, owner, { name: 'Crate', sku: 'MOVE-CRATE', productQuantity: '5', productPurchasePrice: '2.00' });
    const staff = await t.staffWith(['create-adjust']);
    expect((await adjust(p.id, 3, 'increment', staff.token)).status).toBe(201);
    expect((await adjust(p.id, 2, 'decrement')).status).toBe(201);
    expect((await adjust(p.id, 6, 'decrement', staff.token)).status).toBe(201);
    const page = (await detail(p.id)).body;
    expect(page.productQuantity).toBe(0);
    expect(
      page.stockMovements.map((m: { quantity: number; balanceAfter: number; userName: string; reason: string }) => [
        m.reason,
        m.quantity,
        m.balanceAfter,
        m.userName,
      ]),
    ).toEqual([
      ['adjustment', -6, 0, 'Test Staff'],
      ['adjustment', -2, 6, 'Shop Owner'],
      ['adjustment', 3, 8, 'Test Staff'],
      ['opening', 5, 5, 'Shop Owner'],
    ]);
    expect(page.stockMovements[0]).toMatchObject({ documentType: 'adjust', productId: p.id });
    const latestTwo = await latestMovements(t.database.db, p.id, 2);
    expect(latestTwo.map((m) => [m.quantity, m.balanceAfter])).toEqual([
      [-6, 0],
      [-2, 6],
    ]);
  });
});
