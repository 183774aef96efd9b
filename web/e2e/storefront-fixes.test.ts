import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];
let kitchenId = 0;
let teapotId = 0;

type Named = { id: number; name: string };
const rowsOf = <T>(answer: Record<string, unknown>) => Object.values(answer).find(Array.isArray) as T[];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const vats = rowsOf<Named>(await api(product, token, 'GET', 'product-vat?query=all'));
  const categories = rowsOf<Named & { productSubCategory: Named[] }>(await api(product, token, 'GET', 'product-category/public'));
  kitchenId = categories.find((c) => c.name === 'Household')!.productSubCategory.find((s) => s.name === 'Kitchen')!.id;
  const white = rowsOf<Named>(await api(product, token, 'GET', 'product-color/public')).find((c) => c.name === 'White')!;
  // 14 products named alike: their search fills two pages of 12 in the catalogue
  for (let n = 1; n <= 14; n++) {
    const made = await api<{ id: number }>(product, token, 'POST', 'product', {
      name: `Zephyr teapot ${n}`,
      sku: `FIX-${n}`,
      productVatId: vats[0]!.id,
      productSubCategoryId: kitchenId,
      productSalePrice: n,
      productQuantity: 1,
      colors: [white.id],
    });
    teapotId = made.id;
  }
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('a page past the end says so and links to the first and the last page, keeping the filters', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/products?key=Zephyr&page=7`);
  const notice = page.getByTestId('catalogue-past-end');
  await notice.getByText('No products on page 7; there are 2 pages.').waitFor();
  expect(await page.getByTestId('catalogue-empty').count()).toBe(0);
  await screenshot(page, 'catalogue-past-end');
  await notice.getByRole('link', { name: 'Go to the last page (2)' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('key') === 'Zephyr');
  await page.getByTestId('catalogue-products').getByTestId('product-card').nth(1).waitFor();
  expect(await page.getByTestId('catalogue-products').getByTestId('product-card').count()).toBe(2);

  await page.goto(`${product.url}/products?key=Zephyr&page=40`);
  await notice.getByText('No products on page 40; there are 2 pages.').waitFor();
  await notice.getByRole('link', { name: 'Go to page 1' }).click();
  await page.waitForURL((url) => url.searchParams.get('key') === 'Zephyr' && !url.searchParams.has('page'));
  await page.getByTestId('catalogue-products').getByTestId('product-card').nth(11).waitFor();
  expect(await page.getByTestId('catalogue-products').getByTestId('product-card').count()).toBe(12);
  expect(problems).toEqual([]);
});

test('the sub-category filter is labelled as such, also once a sub-category is chosen; so is the product page', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/products?productSubCategoryId=${kitchenId}`);
  const filters = page.getByTestId('catalogue-filters');
  await filters.getByText('Sub-category', { exact: true }).waitFor();
  await filters.getByText('Kitchen', { exact: true }).waitFor();
  await filters.getByLabel('Sub-category', { exact: true }).waitFor();
  await page.goto(`${product.url}/product/${teapotId}`);
  const row = page.getByRole('row').filter({ has: page.getByText('Sub-category', { exact: true }) });
  await row.getByRole('link', { name: 'Kitchen' }).waitFor();
  expect(problems).toEqual([]);
});

test('the white colour chip is readable: dark text and a border', async () => {
  const { page } = browser;
  for (const where of ['/', `/product/${teapotId}`]) {
    await page.goto(`${product.url}${where}`);
    const chip = page.getByTestId('colour-chip').filter({ hasText: 'White' }).first();
    await chip.waitFor();
    const style = await chip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, color: s.color, border: s.borderTopColor, width: s.borderTopWidth };
    });
    expect(style.background).toBe('rgb(255, 255, 255)');
    expect(style.color).not.toBe(style.background);
    expect(style.color).toBe('rgb(34, 34, 34)');
    expect(style.border).not.toBe('rgb(255, 255, 255)');
    expect(style.width).toBe('1px');
  }
});

test("an unknown product leads to the shop's home, not to the admin", async () => {
  const { page } = browser;
  await page.goto(`${product.url}/product/999999`);
  await page.getByRole('heading', { name: '404', exact: true }).waitFor();
  expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);
  await page.getByRole('link', { name: "Go to the shop's home page" }).click();
  await page.waitForURL(`${product.url}/`);
});

test("the slider's link placeholder is a storefront path that exists", async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Slider images');
  await page.getByRole('button', { name: 'Add' }).click();
  const placeholder = (await page.getByRole('dialog').getByLabel('Link').getAttribute('placeholder')) ?? '';
  const example = placeholder.split(' ')[0]!;
  expect(example).toMatch(/^\/products\?/);
  await page.goto(`${product.url}${example}`);
  await page.getByTestId('catalogue-heading').waitFor();
  expect(await page.getByRole('heading', { name: '404' }).count()).toBe(0);
  expect(problems).toEqual([]);
});
