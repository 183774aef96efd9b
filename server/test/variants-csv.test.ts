import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { parseCsv } from '../src/modules/catalogue/product-csv.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/**
 * Variants in the product CSV (issue 32): the export has a row per variant after its product (its SKU, colour,
 * values, barcode, stock, own price and cost), and an import of such rows makes new variants by their colour's
 * and values' names and sets an existing variant's barcode, price and stock (the stock moved and posted).
 */
const t = useTestApp({ invariants: true });
let owner: string;
let shirt: { id: number; sku: string };
let red: number;
let small: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  const made = async (path: string, body: Record<string, unknown>) =>
    (await t.call('POST', `/v1/${path}`, { token: owner, body })).body.id as number;
  red = await made('product-color', { name: 'Csv red', colorCode: '#aa0000' });
  const size = await made('product-attribute', { name: 'Csv size' });
  small = await made('product-attribute-value', { productAttributeId: size, name: 'Csv S' });
  await made('product-attribute-value', { productAttributeId: size, name: 'Csv M' });
  shirt = await makeProduct(t, { name: 'Csv tee', sku: 'CSV-TEE', productQuantity: 0, productSalePrice: 10 });
  const matrix = await t.call('POST', '/v1/product-variant/matrix', {
    token: owner,
    body: { productId: shirt.id, colorId: [red], productAttributeValueId: [[small]] },
  });
  expect(matrix.body.totalProductVariant).toBe(1);
});

const table = (body: string) => {
  const [header, ...lines] = parseCsv(body);
  return lines.map((r) => Object.fromEntries(header!.fields.map((h, i) => [h.replace('\uFEFF', ''), r.fields[i]])));
};
const importCsv = (csv: string, mode = 'upsert') => t.call('POST', '/v1/product/import', { token: owner, query: { mode }, body: { csv } });
const variant = async (sku: string) =>
  (
    await rows(
      t,
      sql`select id, barcode, product_quantity, product_sale_price::text as price, product_purchase_price::text as cost from product_variant where sku = ${sku}`,
    )
  )[0];

test('the export has a row per variant after its product, naming it, its colour and values', async () => {
  const file = await t.call('GET', '/v1/product/export', { token: owner, query: { query: 'search', key: 'CSV-TEE' } });
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const lines = table(file.body as string);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatchObject({
    sku: 'CSV-TEE-CSV-RED-CSV-S',
    variantOf: 'CSV-TEE',
    colour: 'Csv red',
    attributeValues: 'Csv S',
    productQuantity: '0',
  });
});

test('an import makes a new variant by names and sets an existing one’s barcode, price and stock', async () => {
  const csv = [
    'name,sku,variantOf,colour,attributeValues,barcode,productQuantity,productSalePrice,productPurchasePrice',
    'Csv tee,CSV-TEE-CSV-RED-CSV-S,CSV-TEE,Csv red,Csv S,12345678,5,12.50,4',
    'Csv tee,CSV-TEE-RED-M,CSV-TEE,Csv red,Csv M,,3,,6',
    'Csv tee,CSV-TEE-BLUE,CSV-TEE,No such colour,Csv M,,1,,',
  ].join('\n');
  const preview = await t.call('POST', '/v1/product/import', { token: owner, query: { mode: 'upsert', query: 'preview' }, body: { csv } });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.rows.map((r: { action: string; ok: boolean }) => [r.action, r.ok])).toEqual([
    ['update', true],
    ['create', true],
    ['create', false],
  ]);
  expect(preview.body.rows[2].errors).toHaveProperty('colour');
  const done = await importCsv(csv);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body).toMatchObject({ updated: 1, created: 1, failed: [{ line: 4 }] });
  expect(await variant('CSV-TEE-CSV-RED-CSV-S')).toMatchObject({ barcode: '12345678', product_quantity: 5, price: '12.50', cost: '4.00' });
  expect(await variant('CSV-TEE-RED-M')).toMatchObject({ product_quantity: 3, price: null, cost: '6.00' });
  const detail = await t.call('GET', `/v1/product/${shirt.id}`, { token: owner });
  expect(detail.body.productQuantity).toBe(8);
  // the same file again changes nothing
  const again = await importCsv(csv.split('\n').slice(0, 3).join('\n'));
  expect(again.body).toMatchObject({ unchanged: 2, failed: [] });
});
