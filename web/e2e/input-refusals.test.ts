import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';

/**
 * Out-of-range values are refused, never quietly changed: the field says why under its label, a
 * notice says what failed, the first wrong field is brought into view, and fixing a field clears
 * its error before the next save.
 */
let product: Product;
let browser: Browser;
const problems: string[] = [];
beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await loginAs(browser.page, product.url);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** True when the element is inside the window (not scrolled away). */
const inView = (locator: import('playwright-core').Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

test('a 150 % VAT rate is refused on its field and not saved as 100 %; fixing it clears the error', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/vat`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Luxury rate');
  const rate = dialog.getByLabel('Percentage');
  await rate.fill('150');
  await dialog.getByLabel('Title').click();
  expect(Number(await rate.inputValue())).toBe(150);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Percentage must be at most 100').waitFor();
  await page.getByText('Not saved: Percentage needs fixing').waitFor();
  await screenshot(page, 'input-vat-refused');
  expect(await dialog.isVisible()).toBe(true);

  await rate.fill('20');
  await dialog.getByText('Percentage must be at most 100').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.vatAdded).waitFor();
  await page
    .getByRole('row', { name: /Luxury rate/ })
    .getByText('20')
    .waitFor();
});

test('a sale price of -5 is refused on the product form: the field comes into view, a notice says so, and fixing it clears the error', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto(`${product.url}/admin/product/new`);
  await page.getByRole('heading', { name: 'Add product' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Minus pan');
  await page.getByLabel('SKU', { exact: true }).fill('MINUS-1');
  const price = page.getByLabel('Sale price', { exact: true });
  await price.fill('-5');
  await page.getByLabel('SKU', { exact: true }).click();
  expect(Number(await price.inputValue())).toBe(-5);

  await page.getByRole('button', { name: 'Save' }).click();
  const field = page.locator('.ant-form-item').filter({ has: price });
  await field.getByText('Sale price must not be negative').waitFor();
  await page.getByRole('alert').filter({ hasText: 'Not saved: Sale price needs fixing' }).waitFor();
  await expect.poll(() => inView(price)).toBe(true);
  expect(page.url()).toBe(`${product.url}/admin/product/new`);
  await screenshot(page, 'input-product-price-refused');

  await price.fill('12.5');
  await field.getByText('Sale price must not be negative').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.productAdded).waitFor();
  await page.waitForURL(/\/admin\/product\/\d+$/);
  expect(problems).toEqual([]);
});
