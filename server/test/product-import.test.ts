import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseCsv, writeCsv } from '../src/modules/catalogue/product-csv.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, expectInvariants, product } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let c: Catalogue;
beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  await product(t, owner, { name: 'Existing cola', sku: 'EX-1', productSalePrice: '1' });
});

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const counts = async () =>
  (
    await rows(
      sql`select (select count(*) from product)::int as p, (select count(*) from stock_movement)::int as m, (select count(*) from transaction)::int as t`,
    )
  )[0];

/** Sends CSV text as an uploaded file. */
async function upload(csv: string | Buffer, query?: Record<string, string>, token = owner, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'products.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  const body = Buffer.from(await request.arrayBuffer());
  return t.call('POST', '/v1/product/import', { token, body, query, headers: { 'content-type': request.headers.get('content-type')! } });
}

// line 1 header; line 2 good; line 3 bad price; line 4 missing name; line 5 SKU of an existing product;
// line 6 good, with a quoted description over two lines (so line 7 is inside it); line 8 repeats line 2's SKU;
// line 9 unknown brand; line 10 good, no opening stock
const mixed = [
  'name,sku,description,subCategory,brand,uom,vat,productQuantity,reorderQuantity,productSalePrice,productPurchasePrice',
  'Mango juice,MJ-1,Sweet,juice,SUNNY,Test box,Test ten,10,2,3.50,2.00',
  'Bad price,BP-1,,,,,,1,0,abc,1',
  ',NO-NAME,,,,,,1,0,1,1',
  'Copy cola,ex-1,,,,,,1,0,1,1',
  'Lime juice,LJ-1,"A ""fresh"", zesty',
  'drink",Juice,Crunch,,,4,1,2.25,1.10',
  'Mango again,mj-1,,,,,,1,0,1,1',
  'Nobody brand,NB-1,,,Nobody,,,1,0,1,1',
  'Plain tea,PT-1,,,,,,,,0.99,',
].join('\r\n');

describe('POST /product/import', () => {
  test('preview reports every bad row with its line and field, and writes nothing', async () => {
    const before = await counts();
    const answer = await upload(mixed, { query: 'preview' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ good: 3, bad: 5 });
    const byLine = Object.fromEntries(answer.body.rows.map((r: { line: number }) => [r.line, r]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 8, 9, 10]);
    expect(byLine[2]).toMatchObject({ ok: true, values: { name: 'Mango juice', brand: 'SUNNY' } });
    expect(byLine[2].errors).toBeUndefined();
    expect(Object.keys(byLine[3].errors)).toEqual(['productSalePrice']);
    expect(Object.keys(byLine[4].errors)).toEqual(['name']);
    expect(byLine[5].errors).toEqual({ sku: 'already exists' });
    expect(byLine[6]).toMatchObject({ ok: true, values: { description: 'A "fresh", zesty\r\ndrink' } });
    expect(byLine[8].errors).toEqual({ sku: 'repeats line 2 of this file' });
    expect(Object.keys(byLine[9].errors)).toEqual(['brand']);
    expect(byLine[10].ok).toBe(true);
    expect(await counts()).toEqual(before);
  });

  test('import keeps the good rows, reports each bad one, and stock and ledger hold', async () => {
    const answer = await upload(mixed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.imported).toBe(3);
    expect(answer.body.failed.map((f: { line: number }) => f.line)).toEqual([3, 4, 5, 8, 9]);
    expect(answer.body.failed.find((f: { line: number }) => f.line === 5).errors).toEqual({ sku: 'already exists' });
    const list = await t.call('GET', '/v1/product', { token: owner, query: { query: 'all' } });
    const names = list.body.getAllProduct.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Existing cola', 'Lime juice', 'Mango juice', 'Plain tea']);
    const mango = list.body.getAllProduct.find((p: { sku: string }) => p.sku === 'MJ-1');
    const detail = await t.call('GET', `/v1/product/${mango.id}`, { token: owner });
    expect(detail.body).toMatchObject({
      productQuantity: 10,
      reorderQuantity: 2,
      productSalePrice: 3.5,
      productPurchasePrice: 2,
      description: 'Sweet',
      productSubCategoryId: c.subCategoryId,
      productBrandId: c.brandId,
      uomId: c.uomId,
      productVatId: c.vat10,
    });
    expect(detail.body.stockMovements).toHaveLength(1);
    expect(detail.body.stockMovements[0]).toMatchObject({ quantity: 10, reason: 'opening', unitCost: 2 });
    const lime = list.body.getAllProduct.find((p: { sku: string }) => p.sku === 'LJ-1');
    expect(lime).toMatchObject({ description: 'A "fresh", zesty\r\ndrink', productBrandId: c.otherBrandId, productQuantity: 4 });
    await expectInvariants(t);
    // the same file again: every row is now a duplicate or bad, nothing new
    const again = await upload(mixed);
    expect(again.body.imported).toBe(0);
    expect(again.body.failed).toHaveLength(8);
    await expectInvariants(t);
  });

  test('fromLine/toLine import a slice of the rows (for a progress bar); line numbers stay those of the file', async () => {
    const csv = ['name,sku,productSalePrice', 'Slice a,SL-A,1', 'Slice b,SL-B,x', 'Slice c,SL-C,1', 'Slice d,SL-D,1'].join('\n');
    const first = await t.call('POST', '/v1/product/import', { token: owner, query: { fromLine: '2', toLine: '3' }, body: { csv } });
    expect(first.body).toEqual({
      imported: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: [{ line: 3, errors: { productSalePrice: 'must be an amount' } }],
    });
    const rest = await t.call('POST', '/v1/product/import', { token: owner, query: { fromLine: '4', toLine: '5' }, body: { csv } });
    expect(rest.body).toMatchObject({ imported: 2, created: 2, failed: [] });
    expect(
      (await t.call('POST', '/v1/product/import', { token: owner, query: { fromLine: '5', toLine: '4' }, body: { csv } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/v1/product/import', { token: owner, query: { fromLine: 'x' }, body: { csv } })).status).toBe(400);
    await expectInvariants(t);
  });

  test('JSON {csv} with a BOM, LF line ends and header names in any case', async () => {
    const answer = await t.call('POST', '/v1/product/import', {
      token: owner,
      body: { csv: '\uFEFFName,SKU,Product Sale Price\nJson item,JS-1,5\n\n' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ imported: 1, created: 1, failed: [] });
  });

  test('400 for a missing required column, an unknown column, an empty file, a broken quote', async () => {
    const missing = await upload('name,productSalePrice\nA,1\n');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('sku');
    const unknown = await upload('name,sku,flavour\nA,B,mint\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('flavour');
    for (const empty of ['', '\uFEFF', '\r\n\r\n']) {
      const answer = await upload(empty);
      expect(answer.status, JSON.stringify(empty)).toBe(400);
    }
    expect((await upload('name,sku\n')).status).toBe(400);
    const quote = await upload('name,sku\nA,B\n"open,C\n');
    expect(quote.status).toBe(400);
    expect(quote.body.error).toContain('Line 3');
    expect((await t.call('POST', '/v1/product/import', { token: owner, body: {} })).status).toBe(400);
    expect((await upload('name,sku\nA,B\n', undefined, owner, 'other')).status).toBe(400);
    expect((await upload('name,sku\nA,B\n', { query: 'nonsense' })).status).toBe(400);
  });

  test('413 for a file over the upload limit or too many rows; nothing written', async () => {
    const before = await counts();
    const big = `name,sku,description\n${'x'.repeat(300 * 1024)},Y,Z\n`;
    expect((await upload(big)).status).toBe(413);
    expect((await t.call('POST', '/v1/product/import', { token: owner, body: { csv: big } })).status).toBe(413);
    const many = ['name,sku', ...Array.from({ length: 5001 }, (_, i) => `n${i},s${i}`)].join('\n');
    const answer = await upload(many);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain('5000');
    expect(await counts()).toEqual(before);
  });

  test('401 without a token, 403 without create-product', async () => {
    expect((await upload('name,sku\nA,B\n', undefined, '')).status).toBe(401);
    const staff = await t.staffWith(['readAll-product']);
    expect((await upload('name,sku\nA,B\n', { query: 'preview' }, staff.token)).status).toBe(403);
  });
});

describe('the CSV reader and writer', () => {
  test('quotes, doubled quotes, commas, CRLF and LF inside quotes, BOM, line numbers', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",2\n"",\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', '2'] },
      { line: 6, fields: ['', ''] },
    ]);
    expect(() => parseCsv('a\n"b"c\n')).toThrow(/Line 2/);
    const cells = [['plain', 'with,comma', 'with "quote"', 'two\r\nlines', ' padded', null, 3]];
    const written = writeCsv(cells);
    expect(written.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(written)[0]!.fields).toEqual(['plain', 'with,comma', 'with "quote"', 'two\r\nlines', ' padded', '', '3']);
  });
});
