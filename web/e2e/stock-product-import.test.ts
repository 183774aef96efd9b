import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, downloadedText, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let tempDir: string;
const problems: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-import-'));
  const token = await ownerToken(product);
  await api(product, token, 'POST', 'product', {
    name: 'Export teapot',
    sku: 'EXP-01',
    productQuantity: 7,
    reorderQuantity: 2,
    productPurchasePrice: 3,
    productSalePrice: 9,
  });
  await api(product, token, 'POST', 'product', { name: 'Export saucer', sku: 'EXP-02', productQuantity: 3, productSalePrice: 4 });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

test('the product list exports its filtered rows as CSV', async () => {
  const { page } = browser;
  await signIn(page, product.url, `/admin/product?key=EXP-01`);
  await page.getByRole('row').filter({ hasText: 'EXP-01' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = await downloadedText(download);
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^name,sku,/);
  expect(lines.length).toBe(2);
  expect(lines[1]).toContain('Export teapot');
  expect(lines[1]).toContain('EXP-01');
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
});

test('a CSV file is previewed with its bad rows, imported in slices with progress, and its good rows listed', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/product`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.waitForURL(`${product.url}/admin/product/import`);
  await page
    .getByTestId('sample-header')
    .getByText(/name,sku,description/)
    .waitFor();

  // 2 bad rows among 120 good ones: more than one slice of 100 file lines
  const header = 'name,sku,brand,productQuantity,reorderQuantity,productSalePrice,productPurchasePrice';
  const good = Array.from({ length: 120 }, (_, i) => `Imported mug ${i + 1},IMP-${String(i + 1).padStart(3, '0')},,5,1,4.50,2`);
  const rows = [
    ...good.slice(0, 2),
    'Brandless bowl,BAD-01,No such brand,1,1,3,1',
    ...good.slice(2, 110),
    'Second mug,IMP-001,,1,1,3,1',
    ...good.slice(110),
  ];
  const csvPath = path.join(tempDir, 'products.csv');
  await fs.writeFile(csvPath, `${[header, ...rows].join('\n')}\n`);
  await page.locator('input[type=file]').setInputFiles(csvPath);
  await page.getByText('products.csv').waitFor();

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('import-preview');
  await preview.getByText('120 good').waitFor();
  await preview.getByText('2 bad').waitFor();
  const brandRow = preview.getByRole('row').filter({ hasText: 'BAD-01' });
  await brandRow.getByRole('cell', { name: '4', exact: true }).waitFor();
  await brandRow.getByText(/Brand no brand named 'No such brand'/).waitFor();
  expect(await brandRow.evaluate((row) => getComputedStyle(row).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await screenshot(page, 'product-import-preview');

  // every percentage the bar shows, to see it move after each slice's answer
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector(
        '[data-testid=import-progress] .ant-progress-indicator, [data-testid=import-progress] .ant-progress-text',
      )?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByTestId('import-summary');
  await summary.getByText('120 created, 2 failed').waitFor();
  expect(await page.getByTestId('import-progress').getByText('100%').count()).toBe(1);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.at(-1)).toBe('100%');
  expect(seen.some((text) => text !== '0%' && text !== '100%')).toBe(true);
  await summary.getByText(/^Line 4: Brand no brand named 'No such brand'/).waitFor();
  await summary.getByText(/^Line 113: SKU repeats line 2/).waitFor();
  await screenshot(page, 'product-import-summary');

  await summary.getByRole('link', { name: 'Back to the product list' }).click();
  await page.waitForURL(`${product.url}/admin/product`);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('IMP-1');
  await search.press('Enter');
  await page.getByRole('row').filter({ hasText: 'IMP-120' }).waitFor();
  await page.getByText('21 in all').waitFor();
  expect(problems).toEqual([]);
});

test('on a phone: export, change a price, import with "update existing"; the preview keeps what happens to each row in view', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await ownerToken(product);
  const exported = await fetch(`${product.url}/v1/product/export?key=EXP-0`, { headers: { Authorization: `Bearer ${token}` } });
  const [header, ...lines] = (await exported.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  const columns = header!.split(',');
  expect(lines).toHaveLength(2);
  const edited = lines.map((line) => {
    const cells = line.split(',');
    if (cells[columns.indexOf('sku')] === 'EXP-01') cells[columns.indexOf('productSalePrice')] = '11.50';
    return cells.join(',');
  });
  const csvPath = path.join(tempDir, 'prices.csv');
  await fs.writeFile(csvPath, `${[header, ...edited].join('\r\n')}\r\n`);

  await page.goto(`${product.url}/admin/product/import`);
  await page.locator('input[type=file]').setInputFiles(csvPath);
  await page.getByText('prices.csv').waitFor();
  await page.getByRole('radio', { name: /update existing ones/ }).check();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('import-preview');
  await preview.getByText('2 good').waitFor();
  await preview.getByRole('columnheader', { name: 'Sale price' }).waitFor();
  expect(await preview.getByRole('columnheader', { name: 'productSalePrice' }).count()).toBe(0);
  const teapot = preview.getByRole('row').filter({ hasText: 'EXP-01' });
  const outcome = teapot.getByTestId('row-outcome');
  await outcome.getByText('Update', { exact: true }).waitFor();
  await outcome.getByText('Sale price', { exact: true }).waitFor();
  await preview.getByRole('row').filter({ hasText: 'EXP-02' }).getByTestId('row-outcome').getByText('No change').waitFor();
  // the result column stays on screen although the file's columns are wider than the phone
  const box = await outcome.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'product-import-update-phone');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByTestId('import-summary').getByText('0 created, 1 updated, 1 unchanged, 0 failed').waitFor();
  const list = await api<{ getAllProduct: { id: number; sku: string; productSalePrice: number }[] }>(
    product,
    token,
    'GET',
    'product?key=EXP-01',
  );
  expect(list.getAllProduct[0]).toMatchObject({ sku: 'EXP-01', productSalePrice: 11.5 });
  const detail = await api<{ stockMovements: unknown[] }>(product, token, 'GET', `product/${list.getAllProduct[0]!.id}`);
  expect(detail.stockMovements).toHaveLength(1);
  expect(problems).toEqual([]);
});
