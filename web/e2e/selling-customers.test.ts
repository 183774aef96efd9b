import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await browser.page.setViewportSize({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('customers on a phone: the walk-in customer is listed and staff add one', async () => {
  const { page } = browser;
  await signIn(page, product.url, `/admin/customer`);
  await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Walk-in customer', exact: true }).waitFor();
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Username is required').waitFor();
  await dialog.getByLabel('Username').fill('Grace Hopper');
  await dialog.getByLabel('E-mail').fill('grace@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Customer added successfully').waitFor();
  await page.getByRole('row', { name: /Grace Hopper/ }).waitFor();
  await screenshot(page, 'phone-admin-customers');
  expect(problems).toEqual([]);
});
