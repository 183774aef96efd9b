import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@tillbook/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';

/**
 * The shop owner's journey of issue 4 in one go: create a product with images in the admin, find it
 * in the storefront at its VAT-inclusive price, take stock away with an adjustment, and see the
 * movement on the product's page.
 */
let product: Product;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-journey-'));
  product = await startProduct();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test('create a product with images, find it in the storefront with VAT, adjust its stock down and see the movement', async () => {
  const { page } = browser;
  const thumbnail = path.join(dir, 'lamp.png');
  const side = path.join(dir, 'lamp-side.png');
  await fs.writeFile(
    thumbnail,
    await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 250, g: 200, b: 40 } } })
      .png()
      .toBuffer(),
  );
  await fs.writeFile(
    side,
    await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } } })
      .png()
      .toBuffer(),
  );

  await signIn(page, product.url, `/admin/product/new`);
  await page.getByLabel('Name', { exact: true }).fill('Journey lamp');
  await page.getByLabel('SKU', { exact: true }).fill('JRN-LAMP');
  await page.getByLabel('Sub-category', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Kitchen' }).click();
  await page.getByLabel('VAT', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Standard' }).click();
  await page.getByLabel('Sale price', { exact: true }).fill('20');
  await page.getByLabel('Purchase price', { exact: true }).fill('8');
  await page.getByLabel('Opening stock', { exact: true }).fill('6');
  const fileInput = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).locator('input[type=file]');
  await fileInput('Thumbnail').setInputFiles(thumbnail);
  await fileInput('Gallery images').setInputFiles(side);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.productAdded).waitFor();
  await page.waitForURL(/\/admin\/product\/\d+$/);
  const adminPage = page.url();

  // the storefront: 20.00 with 10 % VAT is 22.00, with its picture
  await page.goto(`${product.url}/products?key=Journey`);
  const card = page.getByTestId('product-card').filter({ hasText: 'Journey lamp' });
  await card.waitFor();
  expect(await card.getByTestId('product-price').textContent()).toMatch(/22\.00$/);
  const picture = card.locator('img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'journey-storefront');

  // take 2 away: a scanner types the SKU into the finder; a new line is a decrement of 1
  await page.goto(`${product.url}/admin/adjust-inventory/new`);
  await page.getByLabel('Find product').click();
  await page.keyboard.type('JRN-LAMP');
  await page.keyboard.press('Enter');
  const line = page.getByRole('row').filter({ hasText: 'JRN-LAMP' });
  await line.waitFor();
  await line.getByLabel('Quantity of Journey lamp').fill('2');
  await line.getByLabel('Reason for Journey lamp').fill('Dropped');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await page.getByText(messages.adjustAdded).waitFor();

  await page.goto(adminPage);
  const movements = page.getByRole('region', { name: 'Stock movements' });
  await movements.getByRole('row').filter({ hasText: 'Opening stock' }).getByText('+6', { exact: true }).waitFor();
  await movements
    .getByRole('row')
    .filter({ hasText: 'Adjustment' })
    .getByText('-2', { exact: true })
    .or(movements.getByRole('row').filter({ hasText: 'Adjustment' }).getByText('−2', { exact: true }))
    .first()
    .waitFor();
  await screenshot(page, 'journey-movements');

  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const id = adminPage.split('/').pop();
  const detail = (await (await fetch(`${product.url}/v1/product/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    productQuantity: number;
  };
  expect(detail.productQuantity).toBe(4);
});
