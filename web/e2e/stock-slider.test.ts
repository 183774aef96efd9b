import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sliderTexts } from '../src/admin/stock/texts.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];
let dir: string;

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 400, height: 160, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-slides-'));
  await fs.writeFile(path.join(dir, 'red.png'), await png(200, 20, 20));
  await fs.writeFile(path.join(dir, 'blue.png'), await png(20, 20, 200));
  await fs.writeFile(path.join(dir, 'notes.png'), 'not an image at all');
  const token = await ownerToken(product);
  const body = new FormData();
  body.set('image', new Blob([await png(20, 200, 20)], { type: 'image/png' }), 'green.png');
  body.set('linkUrl', '/catalogue?brand=1');
  body.set('index', '5');
  await api(product, token, 'POST', 'slider-images', body);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test('a slider image is uploaded with its thumbnail, replaced, and deleted after a confirmation', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/slider-images');
  await page.getByRole('cell', { name: '/catalogue?brand=1', exact: true }).waitFor();
  await page.getByText('1 in all').waitFor();

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(sliderTexts.imageNeeded).waitFor();
  // the server checks the content: a text file named .png is refused
  await dialog.getByLabel('Image').setInputFiles(path.join(dir, 'notes.png'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Image must be a PNG, JPEG, GIF or WebP image').waitFor();
  await dialog.getByLabel('Image').setInputFiles(path.join(dir, 'red.png'));
  await dialog.getByLabel('Link').fill('not a link');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(/Link must be an http\(s\) address/).waitFor();
  await dialog.getByLabel('Link').fill('/catalogue?category=2');
  await dialog.getByLabel('Order').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(sliderTexts.added).waitFor();
  await page.getByText('2 in all').waitFor();

  // ordered by index: the new slide (1) comes before the first one (5); its thumbnail loads
  const rows = page.locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.first().textContent()).toContain('/catalogue?category=2');
  const thumb = rows.first().locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const before = await thumb.getAttribute('src');

  await rows.first().getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Image').setInputFiles(path.join(dir, 'blue.png'));
  await dialog.getByLabel('Order').fill('9');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(sliderTexts.updated).waitFor();
  const moved = page.getByRole('row').filter({ hasText: '/catalogue?category=2' });
  await expect.poll(() => rows.last().textContent()).toContain('/catalogue?category=2');
  await expect.poll(() => moved.locator('img').getAttribute('src')).not.toBe(before);
  await screenshot(page, 'stock-slider-list');

  await moved.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(sliderTexts.deleted).waitFor();
  await moved.waitFor({ state: 'detached' });
  await page.getByText('1 in all').waitFor();
  expect(problems).toEqual([]);
});
