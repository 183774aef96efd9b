import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { readConfig } from '../src/config.ts';
import { parseCsv } from '../src/modules/catalogue/product-csv.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, product } from './product-fixtures.ts';

// a lower limit than the default 20,000, so the test of the limit adds 1,000 products, not 20,000 (their
// search indexes made that one insert about 25 s of CPU on the embedded database)
const exportMaxRows = 1000;
const t = useTestApp({ env: { EXPORT_MAX_ROWS: String(exportMaxRows) } });
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  // JSON, so the bare LF in the description stays (a form would turn it into CRLF); a name is one line
  const tricky = await t.call('POST', '/v1/product', {
    token: owner,
    body: {
      name: 'Tricky, "quoted" name',
      sku: 'TR-1',
      description: 'Line one\r\nline "two",\nthree',
      productSubCategoryId: String(c.subCategoryId),
      productBrandId: String(c.brandId),
      uomId: String(c.uomId),
      uomValue: '1.5',
      productVatId: String(c.vat15),
      productQuantity: '7',
      reorderQuantity: '2',
      productSalePrice: '4.20',
      productPurchasePrice: '3',
    },
  });
  expect(tricky.status, JSON.stringify(tricky.body)).toBe(201);
  await product(t, owner, {
    name: '=SUM(A1)',
    sku: 'FORMULA-1',
    productSubCategoryId: String(c.otherSubCategoryId),
    productBrandId: String(c.otherBrandId),
    productQuantity: '0',
    reorderQuantity: '5',
  });
  await product(t, owner, {
    name: 'Plain soda',
    sku: 'PS-1',
    productBrandId: String(c.otherBrandId),
    productQuantity: '20',
    reorderQuantity: '1',
    productSalePrice: '1',
  });
});

const exportCsv = (query: Record<string, string> = {}, token = owner) => t.call('GET', '/v1/product/export', { token, query });
const table = (body: string) => {
  const [header, ...rows] = parseCsv(body);
  return rows.map((r) => Object.fromEntries(header!.fields.map((h, i) => [h, r.fields[i]])));
};

describe('GET /product/export', () => {
  test('the list as a CSV attachment with names, not ids', async () => {
    const answer = await exportCsv();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const body = answer.body as string;
    expect(
      body.startsWith(
        '\uFEFFname,sku,description,category,subCategory,brand,uom,uomValue,vat,productQuantity,reorderQuantity,productSalePrice,productPurchasePrice\r\n',
      ),
    ).toBe(true);
    const rows = table(body);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.sku === 'TR-1')).toEqual({
      name: 'Tricky, "quoted" name',
      sku: 'TR-1',
      description: 'Line one\r\nline "two",\nthree',
      category: 'Drinks',
      subCategory: 'Juice',
      brand: 'Sunny',
      uom: 'Test box',
      uomValue: '1.5',
      vat: 'Test fifteen',
      productQuantity: '7',
      reorderQuantity: '2',
      productSalePrice: '4.20',
      productPurchasePrice: '3.00',
    });
    // a spreadsheet must not run it as a formula
    expect(rows.find((r) => r.sku === 'FORMULA-1')!.name).toBe("'=SUM(A1)");
  });

  test('honours the filters of GET /product', async () => {
    const skus = async (query: Record<string, string>) => {
      const answer = await exportCsv(query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return table(answer.body)
        .map((r) => r.sku)
        .sort();
    };
    expect(await skus({ productBrandId: String(c.otherBrandId) })).toEqual(['FORMULA-1', 'PS-1']);
    expect(await skus({ productSubCategoryId: String(c.subCategoryId) })).toEqual(['TR-1']);
    expect(await skus({ productCategoryId: String(c.otherCategoryId) })).toEqual(['FORMULA-1']);
    expect(await skus({ lowStock: 'true' })).toEqual(['FORMULA-1']);
    expect(await skus({ key: 'soda' })).toEqual(['PS-1']);
    expect(await skus({ query: 'search', key: 'tr-' })).toEqual(['TR-1']);
    const ps = (await t.call('GET', '/v1/product', { token: owner, query: { key: 'PS-1' } })).body.getAllProduct[0];
    expect((await t.call('PATCH', `/v1/product/${ps.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect(await skus({})).toEqual(['FORMULA-1', 'TR-1']);
    expect(await skus({ status: 'false' })).toEqual(['PS-1']);
    expect((await exportCsv({ lowStock: 'maybe' })).status).toBe(400);
    // only the header when nothing matches
    expect(table((await exportCsv({ key: 'no such thing' })).body)).toEqual([]);
  });

  test('an export imports again: quoted fields round-trip into a fresh name and SKU', async () => {
    const exported = table((await exportCsv({ key: 'TR-1' })).body);
    expect(exported).toHaveLength(1);
    const header = Object.keys(exported[0]!);
    const { writeCsv } = await import('../src/modules/catalogue/product-csv.ts');
    const copy: Record<string, string> = { ...exported[0]!, name: `${exported[0]!.name} copy`, sku: 'TR-2' };
    const csv = writeCsv([header, header.map((h) => copy[h]!)]);
    const imported = await t.call('POST', '/v1/product/import', { token: owner, body: { csv } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ imported: 1, created: 1, updated: 0, unchanged: 0, failed: [] });
    const again = table((await exportCsv({ key: 'TR-' })).body);
    const original = again.find((r) => r.sku === 'TR-1')!;
    const twin = again.find((r) => r.sku === 'TR-2')!;
    expect(twin).toEqual({ ...original, name: 'Tricky, "quoted" name copy', sku: 'TR-2' });
    // the whole export re-imported as it is: every row is a duplicate, nothing new
    const whole = await t.call('POST', '/v1/product/import', { token: owner, body: { csv: (await exportCsv()).body } });
    expect(whole.status).toBe(200);
    expect(whole.body.imported).toBe(0);
    expect(whole.body.failed.every((f: { errors: Record<string, string> }) => f.errors.sku === 'already exists')).toBe(true);
    // the formula-guarded name comes back as it was (names need not be unique)
    const formula = await t.call('POST', '/v1/product/import', {
      token: owner,
      query: { query: 'preview' },
      body: { csv: "name,sku\n'=SUM(A1),formula-1\n" },
    });
    expect(formula.body.rows[0]).toMatchObject({ ok: false, values: { name: '=SUM(A1)' }, errors: { sku: 'already exists' } });
    await expectInvariants(t);
  });

  test('/product/export is not taken for /product/:id', async () => {
    const answer = await exportCsv();
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('text/csv');
  });

  test('401 without a token, 403 without readAll-product', async () => {
    expect((await exportCsv({}, '')).status).toBe(401);
    const staff = await t.staffWith(['readSingle-product']);
    expect((await exportCsv({}, staff.token)).status).toBe(403);
    const reader = await t.staffWith(['readAll-product']);
    expect((await exportCsv({}, reader.token)).status).toBe(200);
  });

  test('at most EXPORT_MAX_ROWS products a file (20,000 unless set): more is refused, naming query; a filter narrows it to a file', async () => {
    expect(readConfig({}).exportMaxRows).toBe(20_000);
    await t.database.db.execute(
      sql`insert into product (name, sku, product_brand_id) select 'Bulk soap ' || i, 'BULK-' || i, ${c.brandId} from generate_series(1, ${exportMaxRows}) i`,
    );
    await t.database.db.execute(sql`insert into product (name, sku) values ('Bulk soap unbranded', 'BULK-LAST')`);
    const all = await exportCsv();
    expect(all.status, String(all.body).slice(0, 200)).toBe(400);
    expect(all.body.fields).toHaveProperty('query');
    expect(all.body.error).toMatch(/at most 1,000 products/);
    const branded = await exportCsv({ productBrandId: String(c.otherBrandId) });
    expect(branded.status).toBe(200);
    expect(table(branded.body).length).toBeGreaterThan(0);
  });
});
