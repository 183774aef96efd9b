import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];
let kettleId: number;

async function idOf(token: string, path: string, listName: string, name: string): Promise<number> {
  const list = await api<Record<string, { id: number; name: string }[]>>(product, token, 'GET', `${path}?query=all`);
  return list[`getAll${listName}`]!.find((r) => r.name === name)!.id;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const kitchen = await idOf(token, 'product-sub-category', 'ProductSubCategory', 'Kitchen');
  const acme = await idOf(token, 'product-brand', 'ProductBrand', 'Acme');
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Steel kettle',
    sku: 'KET-01',
    productQuantity: '20',
    reorderQuantity: '5',
    productPurchasePrice: '12',
    productSalePrice: '25',
    productSubCategoryId: String(kitchen),
    productBrandId: String(acme),
  }))
    form.set(name, value);
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .png()
    .toBuffer();
  form.set('productThumbnailImage', new Blob([image], { type: 'image/png' }), 'kettle.png');
  kettleId = (await api<{ id: number }>(product, token, 'POST', 'product', form)).id;
  await api(product, token, 'POST', 'product', {
    name: 'Paper filters',
    sku: 'FIL-01',
    productQuantity: 2,
    reorderQuantity: 10,
    productPurchasePrice: 1,
    productSalePrice: 2,
  });
  await api(product, token, 'POST', 'adjust-inventory', {
    note: 'Dented',
    adjustInvoiceProduct: [{ productId: kettleId, adjustQuantity: 3, adjustType: 'decrement', reason: 'Dented in transit' }],
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('the product list shows thumbnails, filters by search, category, brand and low stock, and a product page shows its movements', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Products');
  await page.waitForURL(`${product.url}/admin/product`);
  const kettle = page.getByRole('row').filter({ hasText: 'KET-01' });
  const filters = page.getByRole('row').filter({ hasText: 'FIL-01' });
  await kettle.waitFor();
  await filters.getByText('Low stock').waitFor();
  expect(await kettle.getByText('Low stock').count()).toBe(0);
  await kettle.getByText('Kitchen').waitFor();
  await kettle.getByText('Acme').waitFor();
  await kettle.getByText('25.00').waitFor();
  await expect.poll(() => kettle.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByLabel('Low stock only').click();
  await page.waitForURL(/lowStock=true/);
  await kettle.waitFor({ state: 'detached' });
  await filters.waitFor();
  await page.getByLabel('Low stock only').click();
  await kettle.waitFor();

  await page.getByLabel('Brand').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Acme' }).click();
  await page.waitForURL(/productBrandId=\d+/);
  await filters.waitFor({ state: 'detached' });
  await kettle.waitFor();

  await page.goto(`${product.url}/admin/product`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('fil-01');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await kettle.waitFor({ state: 'detached' });
  await filters.waitFor();
  await screenshot(page, 'stock-product-list');

  await page.goto(`${product.url}/admin/product`);
  await kettle.getByRole('link', { name: 'Steel kettle' }).click();
  await page.waitForURL(`${product.url}/admin/product/${kettleId}`);
  await page.getByRole('heading', { name: 'Steel kettle' }).waitFor();
  const movements = page.getByRole('region', { name: 'Stock movements' });
  await movements.getByRole('row').filter({ hasText: 'Opening stock' }).getByText('+20').waitFor();
  await movements.getByRole('row').filter({ hasText: 'Adjustment' }).getByText('-3').waitFor();
  await page.getByText('17', { exact: true }).waitFor();
  await screenshot(page, 'stock-product-page');
  expect(problems).toEqual([]);
});
