import { messages, wishlistMessages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { must, registerShopper } from './shop-api.ts';

/**
 * The wishlist in the browser: a visitor's heart sends them to log in and back; a heart on the catalogue
 * puts the product on /wishlist, where it is removed; the product page's heart at 390 px; the category
 * menu shows each sub-category's count of products; staff see what is wished most.
 */
let product: Product;
let browser: Browser;
const problems: string[] = [];
const email = 'wish.shopper@shop.test';
const soap = 'Dish Soap Lemon 500 ml';
type Sub = { id: number; name: string; productCount: number; productCategory: { id: number; name: string } };
let subs: Sub[];
let soapId: number;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await registerShopper(product, 'wishshopper', email);
  subs = (await must<{ getAllProductSubCategory: Sub[] }>(product, null, 'GET', 'e-commerce/subcategory/sub-category-details'))
    .getAllProductSubCategory;
  const listed = await must<{ getAllProduct: { id: number; name: string }[] }>(product, null, 'GET', 'product/public?count=100');
  soapId = listed.getAllProduct.find((p) => p.name === soap)!.id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
async function expectNoOverflow(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

test('heart a product on the catalogue (logging in first), see it on /wishlist, remove it; the product page at 390 px', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/products?key=Dish%20Soap`);
  const card = page.getByTestId('product-card').filter({ hasText: soap });
  // a visitor is sent to log in, then back to the catalogue
  await card.getByRole('button', { name: `Add ${soap} to wishlist` }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Shopper-pass1!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, messages.loginSuccess);
  await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('key') === 'Dish Soap');
  await card.getByRole('button', { name: `Add ${soap} to wishlist` }).click();
  await notice(page, wishlistMessages.added);
  await card.getByRole('button', { name: `Remove ${soap} from wishlist` }).waitFor();
  // the server's flag says so too, after a reload
  await page.reload();
  expect(await card.getByTestId('wish-heart').getAttribute('aria-pressed')).toBe('true');

  await page.getByRole('link', { name: 'Wishlist' }).click();
  const lines = page.getByTestId('wishlist-line');
  await lines.first().waitFor();
  expect(await lines.allTextContents()).toEqual([expect.stringContaining(soap)]);
  expect(await lines.first().textContent()).toContain('In stock');
  await screenshot(page, 'wishlist-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'wishlist-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: `Remove ${soap} from wishlist` }).click();
  await notice(page, wishlistMessages.removed);
  await expect.poll(() => lines.count()).toBe(0);
  await page.getByText('Your wishlist is empty').waitFor();

  // at 390 px: the product page's heart, then /wishlist from the profile, removed there
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${product.url}/product/${soapId}`);
  await page
    .getByTestId('product-page')
    .getByRole('button', { name: `Add ${soap} to wishlist` })
    .click();
  await notice(page, wishlistMessages.added);
  await expectNoOverflow(page);
  await screenshot(page, 'wishlist-product-390');
  await page.goto(`${product.url}/profile`);
  await page.getByRole('link', { name: 'My wishlist' }).click();
  await lines.first().waitFor();
  await expectNoOverflow(page);
  await page.getByRole('button', { name: `Remove ${soap} from wishlist` }).click();
  await notice(page, wishlistMessages.removed);
  await expect.poll(() => lines.count()).toBe(0);
  // hearted again for the staff's screen below
  await page.goto(`${product.url}/product/${soapId}`);
  await page
    .getByTestId('product-page')
    .getByRole('button', { name: `Add ${soap} to wishlist` })
    .click();
  await notice(page, wishlistMessages.added);
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});

test('the category menu shows each sub-category with its count of products, wide and in the phone drawer', async () => {
  const { page } = browser;
  const sub = subs.find((s) => s.productCount > 0)!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/`);
  const bar = page.getByTestId('store-categories');
  await bar.getByRole('link', { name: sub.productCategory.name, exact: true }).hover();
  const link = bar.getByRole('link', { name: new RegExp(`^${sub.name}`) });
  await expect.poll(() => link.textContent()).toBe(`${sub.name}${sub.productCount}`);
  expect(await link.getByTestId('sub-category-count').isVisible()).toBe(true);
  await screenshot(page, 'category-menu-1366');
  await link.click();
  await page.waitForURL((url) => url.searchParams.get('productSubCategoryId') === String(sub.id));
  await page
    .getByTestId('catalogue-total')
    .filter({ hasText: `${sub.productCount} product` })
    .waitFor();
  // the category's page lists its sub-categories with their counts too
  await page
    .getByTestId('catalogue-sub-categories')
    .getByRole('link', { name: `${sub.name} (${sub.productCount})` })
    .waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog').getByTestId('store-categories');
  await expect
    .poll(() => drawer.getByRole('link', { name: new RegExp(`^${sub.name}`) }).textContent())
    .toBe(`${sub.name}${sub.productCount}`);
  await expectNoOverflow(page);
  await screenshot(page, 'category-menu-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('staff see the most wished products with their count of shoppers, at 1366 and 390 px', async () => {
  const { page } = browser;
  await page.evaluate(() => localStorage.clear());
  await signIn(page, product.url, `/admin/wishlist`);
  const row = page.getByRole('row').filter({ hasText: soap });
  await row.waitFor();
  expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['1']));
  await page.getByLabel('Search products').fill('no such product');
  await page.getByLabel('Search products').press('Enter');
  await page.getByText('No product is on a wishlist yet').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${product.url}/admin/wishlist`);
  await row.waitFor();
  await expectNoOverflow(page);
  await screenshot(page, 'admin-wishlists-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});
