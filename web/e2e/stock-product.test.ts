import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
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
  await signIn(page, product.url, '/admin/product');
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
  await movements.getByRole('row').filter({ hasText: 'Opening stock' }).getByText('+20', { exact: true }).waitFor();
  await movements.getByRole('row').filter({ hasText: 'Adjustment' }).getByText('-3', { exact: true }).waitFor();
  await page.getByRole('row').filter({ hasText: 'In stock' }).getByText('17', { exact: true }).waitFor();
  await movements
    .getByRole('row')
    .filter({ hasText: 'Adjustment' })
    .getByRole('link', { name: /Adjustment #\d+/ })
    .waitFor();
  await screenshot(page, 'stock-product-page');
  expect(problems).toEqual([]);
});

test('the owner edits the purchase price; the form shows the current thumbnail; the page shows the revaluation', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/product/${kettleId}/edit`);
  await page.getByRole('heading', { name: 'Edit product' }).waitFor();
  const current = page.getByRole('figure', { name: 'Current thumbnail' }).locator('img');
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const cost = page.getByLabel('Purchase price');
  expect(await cost.inputValue()).toBe('12.00');
  await cost.fill('15');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${product.url}/admin/product/${kettleId}`);
  await page.getByLabel('Product details').getByRole('row').filter({ hasText: 'Purchase price' }).getByText('15.00').waitFor();
  const movements = page.getByRole('region', { name: 'Stock movements' });
  const changes = movements.getByRole('row').filter({ hasText: 'Purchase price change' });
  await changes
    .filter({ has: page.getByRole('cell', { name: '-17', exact: true }) })
    .getByText('12.00')
    .waitFor();
  await changes
    .filter({ has: page.getByRole('cell', { name: '+17', exact: true }) })
    .getByText('15.00')
    .waitFor();
  await page.getByRole('row').filter({ hasText: 'In stock' }).getByText('17', { exact: true }).waitFor();
  expect(problems).toEqual([]);
});

test('a product on discount shows the price to pay; the owner hides it from its page, it leaves the shop, and comes back from the list', async () => {
  const { page } = browser;
  const token = await ownerToken(product);
  const vat = await api<{ id: number }>(product, token, 'POST', 'product-vat', { title: 'Lantern VAT', percentage: 10 });
  const discount = await api<{ id: number }>(product, token, 'POST', 'discount', {
    name: 'Harbour 20',
    type: 'percentage',
    value: 20,
    startDate: '2000-01-01',
    endDate: '2099-12-31',
  });
  const lantern = await api<{ id: number }>(product, token, 'POST', 'product', {
    name: 'Harbour Lantern',
    sku: 'LAN-07',
    productSalePrice: 50,
    productQuantity: 3,
    productPurchasePrice: 20,
    productVatId: vat.id,
    discountId: discount.id,
  });

  await page.goto(`${product.url}/product/${lantern.id}`);
  await page.getByTestId('product-page').getByRole('heading', { name: 'Harbour Lantern' }).waitFor();
  await page.goto(`${product.url}/admin/product/${lantern.id}`);
  await page.getByRole('heading', { name: 'Harbour Lantern' }).waitFor();
  const details = page.getByLabel('Product details');
  await details.getByText('Lantern VAT (10%)').waitFor();
  await details.getByRole('row').filter({ hasText: 'Price with VAT' }).getByText('55.00').waitFor();
  const discountRow = details.getByRole('row').filter({ hasText: 'Discount' });
  await discountRow.getByText('Harbour 20: 20% off, 2000-01-01 to 2099-12-31').waitFor();
  await discountRow.getByText('Active today').waitFor();
  const toPay = details.getByRole('row').filter({ hasText: 'Price to pay today' });
  await toPay.getByText('44.00').waitFor();
  expect(await toPay.locator('del').textContent()).toBe('$55.00');
  await screenshot(page, 'stock-product-discount');

  await page.getByRole('button', { name: 'Hide Harbour Lantern' }).click();
  await page.getByText('Hide this product? It leaves the online shop at once.').waitFor();
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await page.getByText('Product hidden from the shop').waitFor();
  await page.getByRole('row').filter({ hasText: 'Status' }).getByText('Hidden', { exact: true }).waitFor();

  await page.goto(`${product.url}/product/${lantern.id}`);
  await page.getByRole('heading', { name: '404' }).waitFor();
  const listed = page.waitForResponse((r) => r.url().includes('/v1/product/public?'));
  await page.goto(`${product.url}/products?key=Harbour`);
  const names = ((await (await listed).json()) as { getAllProduct: { name: string }[] }).getAllProduct.map((p) => p.name);
  expect(names).not.toContain('Harbour Lantern');
  await page.getByTestId('catalogue-empty').waitFor();
  expect(await page.getByText('Harbour Lantern').count()).toBe(0);

  await page.goto(`${product.url}/admin/product`);
  const row = page.getByRole('row').filter({ hasText: 'LAN-07' });
  await page.getByRole('row').filter({ hasText: 'KET-01' }).waitFor();
  expect(await row.count()).toBe(0);
  await page.getByLabel('Status').getByText('Hidden', { exact: true }).click();
  await page.waitForURL(/status=false/);
  await row.getByText('Hidden', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Reactivate Harbour Lantern' }).click();
  await page.getByText('Reactivate this product? It is back in the online shop at once.').waitFor();
  await page.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await page.getByText('Product reactivated').waitFor();
  await row.waitFor({ state: 'detached' });

  await page.goto(`${product.url}/product/${lantern.id}`);
  await page.getByTestId('product-page').getByRole('heading', { name: 'Harbour Lantern' }).waitFor();
  expect(problems).toEqual([]);
});

test('at 390 px the product page and the edit form fit the screen', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`${product.url}/admin/product/${kettleId}`);
    await page.getByRole('heading', { name: 'Steel kettle' }).waitFor();
    await page.getByRole('region', { name: 'Stock movements' }).getByRole('row').filter({ hasText: 'Opening stock' }).waitFor();
    await screenshot(page, 'stock-product-page-phone');
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.goto(`${product.url}/admin/product/${kettleId}/edit`);
    await page.getByRole('heading', { name: 'Edit product' }).waitFor();
    await page.getByRole('figure', { name: 'Current thumbnail' }).waitFor();
    await screenshot(page, 'stock-product-form-phone');
    expect(await overflow()).toBeLessThanOrEqual(390);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
