import { discountContract, identityResources, labelOf, type ResourceContract, resources } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { form } from './product-fixtures.ts';
import { makeReferences, type References, sample } from './resources-samples.ts';
import { paymentMethods, referenceProduct } from './sale-fixtures.ts';

/**
 * What a person reads when input is refused: the message names the field as the screen labels it
 * ("Sale price must not be negative"), never by its code name, and a bad value is refused, never
 * changed into a good one. The `fields` keys stay the code names (they are the API's).
 */
const t = useTestApp();
let owner: string;
let refs: References;

beforeAll(async () => {
  owner = await t.ownerToken();
  refs = await makeReferences(t, owner);
});

/** camelCase words outside quotes ('deliveryBoy' quoted as an allowed value is fine). */
const codeNames = (text: string) => text.replace(/'[^']*'/g, '').match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? [];

/** The error and every field text of a refusal, checked for code names. */
function expectPlainWords(answer: { status: number; body: any }, what: string) {
  expect([400, 404, 409], `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
  const texts = [answer.body.error as string, ...Object.values((answer.body.fields ?? {}) as Record<string, string>)];
  for (const text of texts) expect(codeNames(text), `${what}: ${text}`).toEqual([]);
}

/** Values no field takes: the wrong type, out of range, control characters, too long. */
const badValues: unknown[] = [{}, [1], true, -5, 1e20, 1.234, 'not\u0000allowed', 'bell\u0007', 'x'.repeat(25_000), '2024-02-30'];

const contracts: [string, ResourceContract][] = [
  ...Object.entries(resources),
  ['discount', discountContract],
  ['role', identityResources.role],
];

describe.each(contracts)('%s: refusals name the field by its label', (_key, contract) => {
  const url = `/v1/${contract.path}`;

  test('create, update and list', async () => {
    const good = sample(contract, 70, refs, 'Msg');
    const created = await t.call('POST', url, { token: owner, body: good });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const field of Object.keys(contract.input.shape)) {
      const label = labelOf(field, contract.labels);
      for (const value of badValues) {
        const answer = await t.call('POST', url, { token: owner, body: { ...sample(contract, 71, refs, 'Msg'), [field]: value } });
        // a value this field happens to take (a long comment, a whole number) is not the point here
        if (answer.status === 201) continue;
        expectPlainWords(answer, `${contract.path} ${field}=${JSON.stringify(value).slice(0, 40)}`);
        if (answer.body.fields?.[field]) expect(answer.body.error).toBe(`${label} ${answer.body.fields[field]}`);
        const put = await t.call('PUT', `${url}/${created.body.id}`, { token: owner, body: { [field]: value } });
        if (put.status !== 200) expectPlainWords(put, `PUT ${contract.path} ${field}`);
      }
    }
    const queries: Record<string, string>[] = [
      { startDate: '2024-13-01' },
      { startDate: '2024-05-02', endDate: '2024-05-01' },
      { sort: 'nope' },
      { page: '0' },
      { count: '5000' },
      { query: 'search' },
      { key: 'a\u0000b' },
      { status: 'maybe' },
    ];
    for (const query of queries) {
      expectPlainWords(await t.call('GET', url, { token: owner, query }), `GET ${contract.path} ${JSON.stringify(query)}`);
    }
  });
});

describe('products', () => {
  const post = (body: unknown) => t.call('POST', '/v1/product', { token: owner, body });

  test('a negative sale price is refused, not turned into 0.00', async () => {
    const answer = await post({ name: 'Minus mug', sku: 'MSG-NEG', productSalePrice: -5 });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ productSalePrice: 'must not be negative' });
    expect(answer.body.error).toBe('Sale price must not be negative');
    const list = await t.call('GET', '/v1/product', { token: owner, query: { key: 'MSG-NEG' } });
    expect(list.body.totalProduct).toBe(0);
  });

  test('every product field refuses bad values in plain words, on create, update and the lists', async () => {
    const made = await post({ name: 'Message mug', sku: 'MSG-1', productSalePrice: 3 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const fields = ['name', 'sku', 'description', 'productSubCategoryId', 'productBrandId', 'reorderQuantity', 'productSalePrice'];
    for (const field of [...fields, 'uomId', 'uomValue', 'productVatId', 'discountId', 'colors', 'productAttributeValueId']) {
      for (const value of badValues) {
        const answer = await post({ name: 'Bad mug', sku: 'MSG-BAD', [field]: value });
        if (answer.status === 201) {
          await t.call('PATCH', `/v1/product/${answer.body.id}`, { token: owner, body: { status: 'false' } });
          await t.call('PUT', `/v1/product/${answer.body.id}`, { token: owner, body: { sku: `MSG-GONE-${answer.body.id}` } });
          continue;
        }
        expectPlainWords(answer, `product ${field}=${JSON.stringify(value).slice(0, 40)}`);
        if (answer.body.fields?.[field]) expect(answer.body.error).toBe(`${labelOf(field)} ${answer.body.fields[field]}`);
        const put = await t.call('PUT', `/v1/product/${made.body.id}`, { token: owner, body: { [field]: value } });
        if (put.status !== 200) expectPlainWords(put, `PUT product ${field}`);
      }
    }
    const staff: Record<string, string>[] = [
      { endDate: '2024-01-01', startDate: '2024-02-01' },
      { productBrandId: 'x' },
      { lowStock: 'maybe' },
      { key: '\u0000' },
    ];
    for (const query of staff) {
      expectPlainWords(await t.call('GET', '/v1/product', { token: owner, query }), `GET product ${JSON.stringify(query)}`);
    }
    const shoppers: Record<string, string>[] = [{ priceRange: '50-10' }, { price: 'cheap' }, { color: 'red' }, { key: 'mug\u0000' }];
    for (const query of shoppers) {
      expectPlainWords(await t.call('GET', '/v1/product/public', { query }), `GET product/public ${JSON.stringify(query)}`);
    }
  });

  test('a NUL in a product name, a public search key and a plain name is a 400 naming the field', async () => {
    const product = await post({ name: 'Mug\u0000', sku: 'MSG-NUL' });
    expect([product.status, product.body.fields]).toEqual([400, { name: 'must not contain control characters' }]);
    expect(product.body.error).toBe('Name must not contain control characters');

    const search = await t.call('GET', '/v1/product/public', { query: { key: 'mug\u0000' } });
    expect([search.status, search.body.fields]).toEqual([400, { key: 'must not contain control characters' }]);
    expect(search.body.error).toBe('Search text must not contain control characters');

    const brand = await t.call('POST', '/v1/product-brand', { token: owner, body: { name: 'Acme\u0000' } });
    expect([brand.status, brand.body.error]).toEqual([400, 'Name must not contain control characters']);
  });

  test('a multi-line field keeps line breaks and tabs, a one-line field refuses them', async () => {
    const lines = await post({ name: 'Lined mug', sku: 'MSG-LINES', description: 'First line\r\nsecond\tline' });
    expect(lines.status, JSON.stringify(lines.body)).toBe(201);
    expect(lines.body.description).toBe('First line\r\nsecond\tline');
    const tab = await post({ name: 'Tabbed\tmug', sku: 'MSG-TAB' });
    expect([tab.status, tab.body.error]).toEqual([400, 'Name must not contain control characters']);
  });
});

test('a 150 % VAT rate is refused with the field named, not saved as 100 %', async () => {
  const answer = await t.call('POST', '/v1/product-vat', { token: owner, body: { title: 'Too much', percentage: 150 } });
  expect(answer.status).toBe(400);
  expect(answer.body.fields).toEqual({ percentage: 'must be at most 100' });
  expect(answer.body.error).toBe('Percentage must be at most 100');
  const list = await t.call('GET', '/v1/product-vat', { token: owner, query: { key: 'Too much' } });
  expect(list.body.totalProductVat).toBe(0);
});

test('a batch names the refused item and its field by label', async () => {
  const answer = await t.call('POST', '/v1/product-color?query=createmany', {
    token: owner,
    body: [
      { name: 'Batch fine', colorCode: '#123456' },
      { name: 'Batch bad', colorCode: 'blue' },
    ],
  });
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe('Item 2: Colour must be a colour like #1a2b3c');
});

describe('settings text', () => {
  for (const field of ['tagLine', 'address', 'phone', 'footer', 'companyName', 'website']) {
    test(`a NUL in ${field} is a 400 naming it (JSON and form data)`, async () => {
      const answer = await t.call('POST', '/v1/setting', { token: owner, body: { [field]: 'Open\u0000daily' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.fields).toEqual({ [field]: 'must not contain control characters' });
      expect(answer.body.error).toBe(`${labelOf(field)} must not contain control characters`);
      const data = new FormData();
      data.append(field, 'Open\u0000daily');
      const request = new Request('http://localhost/', { method: 'POST', body: data });
      const form = await t.call('POST', '/v1/setting', {
        token: owner,
        body: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      expect([form.status, form.body.fields]).toEqual([400, { [field]: 'must not contain control characters' }]);
    });
  }

  test('the address and footer keep their line breaks; the tag line refuses them', async () => {
    const ok = await t.call('POST', '/v1/setting', { token: owner, body: { address: '1 High Street\nTown', footer: 'Thanks\r\nSee you' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.address).toBe('1 High Street\nTown');
    const tag = await t.call('POST', '/v1/setting', { token: owner, body: { tagLine: 'Two\nlines' } });
    expect([tag.status, tag.body.error]).toEqual([400, 'Tag line must not contain control characters']);
    const read = await t.call('GET', '/v1/setting', { token: owner });
    expect(read.body.tagLine).not.toBe('Two\nlines');
  });
});

describe('staff accounts and login', () => {
  test('a login password over 200 characters gets the real reason', async () => {
    const answer = await t.login('owner', 'p'.repeat(201));
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ password: 'must be at most 200 characters' });
    expect(answer.body.error).toBe('Password must be at most 200 characters');
    const blank = await t.login('owner', '');
    expect([blank.status, blank.body.error]).toEqual([400, 'Password is required']);
  });

  test('a refused registration names its fields by label', async () => {
    const register = (body: Record<string, unknown>) => t.call('POST', '/v1/user/register', { token: owner, body });
    const base = { firstName: 'Ada', lastName: 'Lovelace', username: 'ada.msg', password: 'long enough pass', roleId: refs.roleId ?? 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'First name is required'],
      [{ password: 'x'.repeat(201) }, 'Password must be at most 200 characters'],
      [{ employmentStatusId: 999_999 }, 'Employment status does not exist'],
      [{ joinDate: '2024-02-30' }, 'Join date must be a real calendar date'],
      [{ lastName: 'Love\u0000lace' }, 'Last name must not contain control characters'],
    ];
    for (const [change, message] of cases) {
      const answer = await register({ ...base, ...change });
      expect([answer.status, answer.body.error], JSON.stringify(change)).toEqual([400, message]);
    }
  });
});

/**
 * Numbers come in as decimal text only: JavaScript's Number() reads '0x10' as 16, '7e0' as 7 and
 * 'Infinity', none of which a person types as an amount or an id. Each spelling here names a value
 * the field would take when written in decimals, so only the spelling is refused.
 */
const otherSpellings = (value: number) => [`0x${value.toString(16)}`, `${value}e0`, `0b${value.toString(2)}`, ` 0o${value.toString(8)}`];

describe.each(contracts)('%s: number fields take decimal text only', (_key, contract) => {
  test('hex, exponent, binary and octal text are refused, naming the field', async () => {
    let n = 300;
    const good = sample(contract, n, refs, 'Num');
    const numbers = Object.keys(good).filter((field) => typeof good[field] === 'number');
    for (const field of numbers) {
      for (const text of otherSpellings(Math.floor(good[field] as number))) {
        const body = { ...sample(contract, ++n, refs, 'Num'), [field]: text };
        const answer = await t.call('POST', `/v1/${contract.path}`, { token: owner, body });
        expect([answer.status, answer.body.fields?.[field]], `${contract.path} ${field}=${text}`).toEqual([400, expect.any(String)]);
        expect(answer.body.error).toBe(`${labelOf(field, contract.labels)} ${answer.body.fields[field]}`);
      }
    }
  });
});

describe('decimal text only, wherever numbers come in', () => {
  test('a product form field, a path id and a list filter refuse hex', async () => {
    const brand = await t.call('POST', '/v1/product-brand', { token: owner, body: { name: 'Hex brand' } });
    const brandId = brand.body.id as number;
    const cases: [string, string][] = [
      ['productSalePrice', '0x10'],
      ['productSalePrice', 'Infinity'],
      ['productBrandId', `0x${brandId.toString(16)}`],
      ['reorderQuantity', '1e1'],
    ];
    for (const [field, text] of cases) {
      const { body, headers } = await form({ name: 'Hex mug', sku: `HEX-${field}`, productSalePrice: '3', [field]: text });
      const answer = await t.call('POST', '/v1/product', { token: owner, body, headers });
      expect([answer.status, Object.keys(answer.body.fields ?? {})], `${field}=${text}`).toEqual([400, [field]]);
    }
    const path = await t.call('GET', `/v1/product-brand/0x${brandId.toString(16)}`, { token: owner });
    expect([path.status, path.body.fields]).toEqual([400, { id: 'must be a positive whole number' }]);
    const filter = await t.call('GET', '/v1/product', { token: owner, query: { productBrandId: `0x${brandId.toString(16)}` } });
    expect([filter.status, Object.keys(filter.body.fields ?? {})]).toEqual([400, ['productBrandId']]);
  });

  test('the documents refuse quantities, amounts and ids that are not decimal, naming the field', async () => {
    const p = await referenceProduct(t);
    const { cash } = await paymentMethods(t, owner);
    const hex = `0x${p.id.toString(16)}`;
    const cases: [string, unknown, string][] = [
      ['sale-invoice', { saleInvoiceProduct: [{ productId: hex, productQuantity: 1 }], paidAmount: [] }, 'saleInvoiceProduct.0.productId'],
      [
        'sale-invoice',
        { saleInvoiceProduct: [{ productId: p.id, productQuantity: '0x2' }], paidAmount: [] },
        'saleInvoiceProduct.0.productQuantity',
      ],
      [
        'sale-invoice',
        { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: '1e1' }] },
        'paidAmount.0.amount',
      ],
      [
        'adjust-inventory',
        { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: '0x1', adjustType: 'increment' }] },
        'adjustInvoiceProduct.0.adjustQuantity',
      ],
      ['transaction', { date: '2026-01-02', particulars: 'Hex', debitId: 1, creditId: 2, amount: 'Infinity' }, 'amount'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
      expect([answer.status, Object.keys(answer.body.fields ?? {})], `${path} ${field}`).toEqual([400, [field]]);
    }
  });

  test('a CSV import refuses a price or a quantity that is not decimal, naming the line and column', async () => {
    const csv = ['name,sku,productQuantity,productSalePrice', 'Hex tea,HEX-CSV-1,1,0x10', 'Exp tea,HEX-CSV-2,1e1,2'].join('\r\n');
    const data = new FormData();
    data.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const answer = await t.call('POST', '/v1/product/import', {
      token: owner,
      query: { query: 'preview' },
      body: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ good: 0, bad: 2 });
    expect(answer.body.rows.map((r: { line: number; errors?: object }) => [r.line, Object.keys(r.errors ?? {})])).toEqual([
      [2, ['productSalePrice']],
      [3, ['productQuantity']],
    ]);
  });

  test('a customer payment of 1e-400, of 0 or spelt in hex is refused and records nothing', async () => {
    const { cash } = await paymentMethods(t, owner);
    const p = await referenceProduct(t);
    const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Tiny payer ${Date.now()}` } });
    const sale = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { customerId: buyer.body.id, saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [] },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const saleInvoiceNo = sale.body.createdInvoice.id;
    const pay = (payload: string) =>
      t.call('POST', '/v1/payment-sale-invoice', { token: owner, body: payload, headers: { 'content-type': 'application/json' } });
    const tenders = [`1e-400`, `"1e-400"`, `0`, `"0x10"`, `"0.00"`];
    for (const amount of tenders) {
      const answer = await pay(`{"saleInvoiceNo": ${saleInvoiceNo}, "paidAmount": [{"paymentType": ${cash}, "amount": ${amount}}]}`);
      expect([answer.status, Object.keys(answer.body.fields ?? {})], `amount ${amount}`).toEqual([
        400,
        [expect.stringMatching(/^paidAmount/)],
      ]);
    }
    const none = await pay(`{"saleInvoiceNo": ${saleInvoiceNo}, "paidAmount": [{"paymentType": ${cash}, "amount": 0}]}`);
    expect([none.body.error, none.body.fields]).toEqual(['Paid amount must be above 0', { paidAmount: 'must be above 0' }]);
    const payments = await t.call('GET', '/v1/payment-sale-invoice', { token: owner, query: { saleInvoiceId: String(saleInvoiceNo) } });
    expect(payments.body.totalPaymentSaleInvoice).toBe(0);
    const paid = await pay(`{"saleInvoiceNo": ${saleInvoiceNo}, "paidAmount": [{"paymentType": ${cash}, "amount": "1.50"}]}`);
    expect([paid.status, paid.body.amount]).toEqual([201, 1.5]);
  });
});
