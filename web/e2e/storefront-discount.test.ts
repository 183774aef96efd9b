import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * A product on a 20 % discount shows the price to pay and the old price struck through, in the
 * storefront's list and on its page. The discount runs from 30 days ago to 30 days ahead, so it runs
 * today in any time zone.
 */
let product: Product;
let browser: Browser;
const problems: string[] = [];
const ids = { basket: 0, mug: 0 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const vats = await api<{ getAllProductVat: { id: number; title: string; percentage: number }[] }>(
    product,
    token,
    'GET',
    'product-vat?query=all',
  );
  const ten = vats.getAllProductVat.find((v) => v.percentage === 10)!;
  const discount = await api<{ id: number }>(product, token, 'POST', 'discount', {
    type: 'percentage',
    value: '20',
    startDate: day(-30),
    endDate: day(30),
  });
  const make = (body: Record<string, unknown>) => api<{ id: number }>(product, token, 'POST', 'product', body);
  ids.basket = (
    await make({
      name: 'Picnic Basket',
      sku: 'PD-BASKET',
      productSalePrice: 25,
      productVatId: ten.id,
      discountId: discount.id,
      productQuantity: 3,
    })
  ).id;
  ids.mug = (await make({ name: 'Plain Mug', sku: 'PD-MUG', productSalePrice: 5, productVatId: ten.id, productQuantity: 3 })).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const struckThrough = (element: HTMLElement) => getComputedStyle(element).textDecorationLine;

test('the list and the product page show the discounted price and the old price struck through', async () => {
  const { page } = browser;
  // 25.00 + 10 % VAT = 27.50 before; 25.00 − 20 % = 20.00, + 10 % VAT = 22.00 to pay
  await page.goto(`${product.url}/products?key=PD-`);
  const grid = page.getByTestId('catalogue-products');
  const basket = grid.getByTestId('product-card').filter({ hasText: 'Picnic Basket' });
  await basket.waitFor();
  expect(await basket.getByTestId('product-price').textContent()).toMatch(/22\.00$/);
  const old = basket.getByTestId('product-old-price');
  expect(await old.textContent()).toMatch(/27\.50$/);
  expect(await old.locator('del').evaluate(struckThrough)).toBe('line-through');
  expect(await basket.getByTestId('product-discount').textContent()).toBe('-20%');
  const mug = grid.getByTestId('product-card').filter({ hasText: 'Plain Mug' });
  expect(await mug.getByTestId('product-price').textContent()).toMatch(/5\.50$/);
  expect(await mug.getByTestId('product-old-price').count()).toBe(0);
  expect(await mug.getByTestId('product-discount').count()).toBe(0);

  // sorted by the price to pay: the basket (22.00) is dearer than the mug (5.50), cheaper than its old 27.50
  await page.goto(`${product.url}/products?key=PD-&price=HighToLow&priceRange=20-23`);
  await expect.poll(() => grid.getByTestId('product-card').count()).toBe(1);
  await grid.getByText('Picnic Basket').waitFor();
  await screenshot(page, 'storefront-discount-list');

  await basket.click();
  await page.waitForURL(`${product.url}/product/${ids.basket}`);
  const view = page.getByTestId('product-page');
  await view.getByRole('heading', { name: 'Picnic Basket' }).waitFor();
  expect(await view.getByTestId('product-price').textContent()).toMatch(/22\.00$/);
  expect(await view.getByTestId('product-old-price').textContent()).toMatch(/27\.50$/);
  expect(await view.getByTestId('product-old-price').locator('del').evaluate(struckThrough)).toBe('line-through');
  expect(await view.getByTestId('product-discount').textContent()).toBe('-20%');
  await screenshot(page, 'storefront-discount-product');

  await page.goto(`${product.url}/product/${ids.mug}`);
  expect(await page.getByTestId('product-page').getByTestId('product-price').textContent()).toMatch(/5\.50$/);
  expect(await page.getByTestId('product-page').getByTestId('product-old-price').count()).toBe(0);
  expect(problems).toEqual([]);
});

test('on a phone (390 px) the discounted price fits the card and the page', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`${product.url}/products?key=PD-`);
    await page.getByTestId('catalogue-products').getByTestId('product-old-price').first().waitFor();
    const card = page.getByTestId('product-card').filter({ hasText: 'Picnic Basket' });
    const right = async (locator: typeof card) => (await locator.boundingBox())!.x + (await locator.boundingBox())!.width;
    // the price, the old price and the tag wrap within the card rather than run out of it
    for (const part of ['product-price', 'product-old-price', 'product-discount'])
      expect(await right(card.getByTestId(part)), part).toBeLessThanOrEqual(await right(card));
    await page.goto(`${product.url}/product/${ids.basket}`);
    const price = page.getByTestId('product-page').getByTestId('price');
    await price.getByTestId('product-discount').waitFor();
    expect(await right(price)).toBeLessThanOrEqual(390);
    await screenshot(page, 'storefront-discount-phone');
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  expect(problems).toEqual([]);
});
