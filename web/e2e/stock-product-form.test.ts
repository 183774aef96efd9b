import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
let dir: string;
const problems: string[] = [];

async function png(name: string, colour: { r: number; g: number; b: number }) {
  const file = path.join(dir, name);
  await fs.writeFile(
    file,
    await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return file;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-images-'));
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test('the product form creates a product with a thumbnail and a gallery image, edits it, and a duplicate SKU is shown on its field', async () => {
  const { page } = browser;
  const thumbnail = await png('thumb.png', { r: 200, g: 40, b: 40 });
  const gallery = await png('side.png', { r: 40, g: 40, b: 200 });
  await loginAs(page, product.url);
  await openScreen(page, 'Products');
  await page.getByRole('link', { name: 'Add product' }).click();
  await page.waitForURL(`${product.url}/admin/product/new`);
  await page.getByRole('heading', { name: 'Add product' }).waitFor();

  await page.getByLabel('Name', { exact: true }).fill('Copper pan');
  await page.getByLabel('SKU', { exact: true }).fill('PAN-77');
  await page.getByLabel('Sub-category', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Kitchen' }).click();
  await page.getByLabel('Sale price', { exact: true }).fill('30');
  await page.getByLabel('Purchase price', { exact: true }).fill('18');
  await page.getByLabel('Opening stock', { exact: true }).fill('7');
  await page.getByLabel('Reorder level', { exact: true }).fill('2');
  const fileInput = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).locator('input[type=file]');
  await fileInput('Thumbnail').setInputFiles(thumbnail);
  await fileInput('Gallery images').setInputFiles(gallery);
  await page
    .locator('.ant-upload-list-item')
    .filter({ hasText: 'side.png' })
    .or(page.locator('.ant-upload-list-item img[alt="side.png"]'))
    .first()
    .waitFor();
  await screenshot(page, 'stock-product-form');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Product added successfully').waitFor();
  await page.waitForURL(/\/admin\/product\/\d+$/);
  await page.getByRole('heading', { name: 'Copper pan' }).waitFor();
  await expect
    .poll(() =>
      page
        .locator('img[alt="Copper pan"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const movements = page.getByRole('region', { name: 'Stock movements' });
  await movements.getByRole('row').filter({ hasText: 'Opening stock' }).getByText('+7', { exact: true }).waitFor();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const detail = (await (
    await fetch(`${product.url}/v1/product/${id}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access-token'))}` },
    })
  ).json()) as { images: unknown[]; productThumbnailImageUrl: string | null };
  expect(detail.images).toHaveLength(1);
  expect(detail.productThumbnailImageUrl).toBeTruthy();

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(`${product.url}/admin/product/${id}/edit`);
  await page.getByLabel('Sale price', { exact: true }).fill('32');
  expect(await page.getByLabel('Opening stock', { exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Remove image 1' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Product updated successfully').waitFor();
  await page.waitForURL(`${product.url}/admin/product/${id}`);
  await page.getByLabel('Product details').getByRole('row').filter({ hasText: 'Sale price' }).getByText('32.00').waitFor();
  const edited = (await (
    await fetch(`${product.url}/v1/product/${id}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access-token'))}` },
    })
  ).json()) as { images: unknown[] };
  expect(edited.images).toEqual([]);

  await page.goto(`${product.url}/admin/product/new`);
  await page.getByLabel('Name', { exact: true }).fill('Another pan');
  await page.getByLabel('SKU', { exact: true }).fill('pan-77');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.ant-form-item').filter({ hasText: 'SKU' }).getByText('SKU already exists').waitFor();
  expect(page.url()).toBe(`${product.url}/admin/product/new`);
  await screenshot(page, 'stock-product-form-duplicate');
  expect(problems).toEqual([]);
});
