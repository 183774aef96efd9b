import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let lampId = 0;
const problems: string[] = [];
const longShopName = 'The Corner Shop of Greater Manchester and District Household Goods';

type Named = { id: number; name: string };
const rowsOf = <T>(answer: Record<string, unknown>) => Object.values(answer).find(Array.isArray) as T[];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  await api(product, token, 'POST', 'setting', { companyName: longShopName });
  const vats = rowsOf<Named>(await api(product, token, 'GET', 'product-vat?query=all'));
  const categories = rowsOf<Named & { productSubCategory: Named[] }>(await api(product, token, 'GET', 'product-category/public'));
  const kitchen = categories.find((c) => c.name === 'Household')!.productSubCategory.find((s) => s.name === 'Kitchen')!;
  const colours = rowsOf<Named>(await api(product, token, 'GET', 'product-color/public'));
  for (const [index, name] of ['Stainless Steel Electric Kettle With Extra Long Name', 'Soft Sponge', 'Desk Lamp'].entries()) {
    const made = await api<{ id: number }>(product, token, 'POST', 'product', {
      name,
      sku: `PHONE-${index}`,
      productVatId: vats[0]!.id,
      productSubCategoryId: kitchen.id,
      productSalePrice: 10 + index,
      productQuantity: 4,
      colors: colours.map((c) => c.id),
      description: 'Sturdy, and easy to clean. '.repeat(8),
    });
    lampId = made.id;
  }
  await browser.page.setViewportSize({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  // a resize lays the page out again a moment later (antd's breakpoints re-render): the settled width is what counts
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
};
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 390×844 the storefront home fits: the whole shop name, the search box, categories in a drawer, two products a row', async () => {
  const { page } = browser;
  await page.goto(product.url);
  const grid = page.getByTestId('home-products');
  await grid.getByTestId('product-card').nth(2).waitFor();
  await expectNoOverflow(page);
  // the long shop name is whole (on more lines), the search box on a line of its own below it
  const name = page.getByTestId('shop-name');
  expect(await name.textContent()).toBe(longShopName);
  expect(await name.locator('span').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  const search = await box(page.getByTestId('store-search'));
  expect(search.y).toBeGreaterThanOrEqual((await box(name)).y + (await box(name)).height);
  expect(search.width).toBeGreaterThan(300);
  expect((await box(page.locator('header'))).height).toBeLessThanOrEqual(160);
  // one or two columns: the cards start at no more than two places across
  const lefts = new Set<number>();
  for (const card of await grid.getByTestId('product-card').all()) lefts.add(Math.round((await box(card)).x));
  expect(lefts.size).toBe(2);
  await screenshot(page, 'phone-store-home');

  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Household', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.has('productCategoryId'));
  await drawer.waitFor({ state: 'hidden' });
  await page.getByTestId('catalogue-products').getByTestId('product-card').first().waitFor();
  expect(problems).toEqual([]);
});

test('at 390×844 the catalogue fits, its filters folded under a button', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/products`);
  await page.getByTestId('catalogue-products').getByTestId('product-card').nth(2).waitFor();
  await expectNoOverflow(page);
  // the first product shows on the first screen, above the fold
  expect((await box(page.getByTestId('product-card').first())).y).toBeLessThan(844);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByText('Sub-category', { exact: true }).waitFor();
  await expectNoOverflow(page);
  await screenshot(page, 'phone-store-catalogue');
  expect(problems).toEqual([]);
});

test('at 390×844 the product page is readable: the name across the screen, the price, the description', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/product/${lampId}`);
  const title = page.getByRole('heading', { name: 'Desk Lamp' });
  await title.waitFor();
  await expectNoOverflow(page);
  expect((await box(title)).width).toBeGreaterThan(300);
  await page.getByTestId('product-price').first().waitFor();
  expect((await box(page.getByTestId('product-description'))).width).toBeGreaterThan(300);
  await screenshot(page, 'phone-store-product');
  expect(problems).toEqual([]);
});

test('at 390×844 the staff login fits: the form across the screen, 16 px fields, the button full width', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/auth/login`);
  await page.getByRole('heading', { name: 'Welcome to Tillbook' }).waitFor();
  await expectNoOverflow(page);
  const email = await box(page.getByLabel('Email'));
  const button = await box(page.getByRole('button', { name: /login/i }));
  expect(email.x).toBeGreaterThanOrEqual(0);
  expect(email.width).toBeGreaterThan(300);
  expect(button.width).toBeGreaterThan(300);
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  // phones zoom into a field whose text is under 16 px
  expect(await page.getByLabel('Email').evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
  await page.getByRole('button', { name: /login/i }).click();
  await page.getByText('Please input your username!', { exact: true }).waitFor();
  await expectNoOverflow(page);
  await screenshot(page, 'phone-login');
});

test('at 390×844 the admin has a drawer menu beside the titles, a product list that scrolls inside its card and a one-column form', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await expectNoOverflow(page);
  // the menu lives in a drawer: opened from the header, closed after a choice
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  await openScreen(page, 'Products');
  await page.waitForURL(`${product.url}/admin/product`);
  await page.getByTestId('admin-nav').waitFor({ state: 'hidden' });
  const title = page.getByRole('heading', { name: 'Products', exact: true });
  await page.getByRole('link', { name: 'Desk Lamp' }).waitFor();
  await expectNoOverflow(page);
  expect(overlap(await box(menuButton), await box(title))).toBe(false);
  // the table is wider than the screen and scrolls inside its card
  const scroller = page.locator('.ant-table-content').first();
  const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(widths.client).toBeLessThanOrEqual(390);
  await screenshot(page, 'phone-admin-products');

  await page.getByRole('button', { name: 'Add product' }).click();
  await page.waitForURL(`${product.url}/admin/product/new`);
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.waitFor();
  await expectNoOverflow(page);
  // one column: each field is below the one before it, as wide as the others
  const fields = ['Name', 'SKU', 'Sub-category', 'Brand', 'VAT', 'Sale price'];
  const boxes = [];
  for (const label of fields)
    boxes.push(await box(page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) })));
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    expect(Math.round(boxes[i]!.width)).toBe(Math.round(boxes[0]!.width));
  }
  expect(overlap(await box(menuButton), await box(page.getByRole('heading', { name: 'Add product' })))).toBe(false);
  await screenshot(page, 'phone-admin-product-form');
  expect(problems).toEqual([]);
});

test('at 390×844 the till fits: the scan box, the cart scrolling inside its card, the totals and payment below', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/pos`);
  const scanBox = page.getByLabel('Find product');
  await scanBox.fill('PHONE-0');
  await scanBox.press('Enter');
  await page.getByRole('row').filter({ hasText: 'PHONE-0' }).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('50');
  await page.getByTestId('till-change').waitFor();
  await expectNoOverflow(page);
  // one column: the payment comes below the cart
  expect((await box(page.getByLabel('Customer and payment'))).y).toBeGreaterThan((await box(page.getByRole('table', { name: 'Cart' }))).y);
  await screenshot(page, 'phone-till');
  expect(problems).toEqual([]);
});
