import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { expectInventoryMatchesLedger, expectLedgerBalanced, expectStockMatchesMovements } from './invariants.ts';

/** A real PNG of one colour. */
export const png = (width = 64, height = 48, colour = { r: 200, g: 40, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A PNG of random pixels: does not compress, so it is big. */
export const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

export interface FilePart {
  field: string;
  data: Buffer;
  name?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it; list values become repeated fields. */
export async function form(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  for (const f of files) data.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name ?? 'image.png');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function sendForm(
  t: TestApp,
  token: string,
  method: string,
  url: string,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const { body, headers } = await form(fields, files);
  return t.call(method, url, { token, body, headers });
}

export const uploads = async (t: TestApp) => (await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).sort();

/** Creates a plain record through its API and answers its id. */
export async function make(t: TestApp, token: string, url: string, body: Record<string, unknown>): Promise<number> {
  const answer = await t.call('POST', `/v1/${url}`, { token, body });
  if (answer.status !== 201) throw new Error(`${url}: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

export interface Catalogue {
  categoryId: number;
  otherCategoryId: number;
  subCategoryId: number;
  otherSubCategoryId: number;
  brandId: number;
  otherBrandId: number;
  vat10: number;
  vat15: number;
  redId: number;
  blueId: number;
  sizeSmallId: number;
  sizeLargeId: number;
  uomId: number;
}

/** The references a product points at. */
export async function catalogue(t: TestApp, token: string): Promise<Catalogue> {
  const categoryId = await make(t, token, 'product-category', { name: 'Drinks' });
  const otherCategoryId = await make(t, token, 'product-category', { name: 'Snacks' });
  const sizeId = await make(t, token, 'product-attribute', { name: 'Size' });
  return {
    categoryId,
    otherCategoryId,
    subCategoryId: await make(t, token, 'product-sub-category', { name: 'Juice', productCategoryId: categoryId }),
    otherSubCategoryId: await make(t, token, 'product-sub-category', { name: 'Crisps', productCategoryId: otherCategoryId }),
    brandId: await make(t, token, 'product-brand', { name: 'Sunny' }),
    otherBrandId: await make(t, token, 'product-brand', { name: 'Crunch' }),
    vat10: await make(t, token, 'product-vat', { title: 'Test ten', percentage: 10 }),
    vat15: await make(t, token, 'product-vat', { title: 'Test fifteen', percentage: 15 }),
    redId: await make(t, token, 'product-color', { name: 'Test red', colorCode: '#ff0000' }),
    blueId: await make(t, token, 'product-color', { name: 'Test blue', colorCode: '#0000ff' }),
    sizeSmallId: await make(t, token, 'product-attribute-value', { productAttributeId: sizeId, name: 'Small' }),
    sizeLargeId: await make(t, token, 'product-attribute-value', { productAttributeId: sizeId, name: 'Large' }),
    uomId: await make(t, token, 'uom', { name: 'Test box' }),
  };
}

/** Creates a product by form data (no images) and answers the product. */
export async function product(t: TestApp, token: string, fields: Record<string, string | string[]>) {
  const answer = await sendForm(t, token, 'POST', '/v1/product', fields);
  if (answer.status !== 201) throw new Error(`product: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function expectInvariants(t: TestApp): Promise<void> {
  await expectStockMatchesMovements(t);
  await expectLedgerBalanced(t);
  await expectInventoryMatchesLedger(t);
}

/** The stored name of an uploads URL. */
export const storedName = (url: string) => {
  expect(url).toMatch(/^\/v1\/uploads\//);
  return url.replace('/v1/uploads/', '');
};
