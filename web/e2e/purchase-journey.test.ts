import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
let mugId: number;
const problems: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  mugId = (
    await api<{ id: number }>(product, token, 'POST', 'product', {
      name: 'Green mug',
      sku: 'MUG-GREEN',
      productQuantity: 0,
      productPurchasePrice: 0,
      productSalePrice: 9,
      reorderQuantity: 1,
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('a supplier is added, a purchase is entered by SKU, listed with paid and due, partly returned, paid off and deleted', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Suppliers');
  await page.waitForURL(`${product.url}/admin/supplier`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Mugs Wholesale');
  await dialog.getByLabel('Phone').fill('+44 1234 567');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.supplierAdded).waitFor();

  await openScreen(page, 'Purchase invoices');
  await page.waitForURL(`${product.url}/admin/purchase-invoice`);
  await page.getByRole('button', { name: 'New purchase' }).click();
  await page.waitForURL(`${product.url}/admin/purchase-invoice/new`);
  await page.getByLabel('Supplier', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Mugs Wholesale' }).click();
  const finder = page.getByLabel('Find product');
  await finder.fill('MUG-GREEN');
  await finder.press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'MUG-GREEN' });
  await row.waitFor();
  await row.getByLabel('Quantity of Green mug').fill('10');
  await row.getByLabel('Unit cost of Green mug').fill('5');
  await row.getByLabel('VAT of Green mug').fill('10');
  await page.getByText('Amount $50.00 · VAT $5.00 · Total $55.00').waitFor();
  await page.getByLabel('Paid in cash').fill('30');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'purchase-new-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Save purchase' }).click();
  await page.waitForURL(`${product.url}/admin/purchase-invoice`);

  const listed = page.getByRole('row').filter({ hasText: 'Mugs Wholesale' });
  await listed.getByText('25.00').waitFor();
  const stock = await api<{ productQuantity: number; productPurchasePrice: number }>(product, token, 'GET', `product/${mugId}`);
  expect(stock).toMatchObject({ productQuantity: 10, productPurchasePrice: 5 });

  await listed.getByRole('button', { name: /expand/i }).click();
  // one mug goes back: 5.00 and 0.50 VAT off the due
  await page.getByLabel('Return of Green mug').fill('1');
  await page.getByRole('button', { name: 'Return to supplier' }).click();
  await page.getByText('Purchase return added').waitFor();
  await listed.getByText('19.50').waitFor();
  expect((await api<{ productQuantity: number }>(product, token, 'GET', `product/${mugId}`)).productQuantity).toBe(9);
  await page.getByLabel('Payment amount').fill('25');
  await page.getByRole('button', { name: 'Pay supplier' }).click();
  await page.getByText('Amount cannot be greater than due!').waitFor();
  await page.getByLabel('Payment amount').fill('19.5');
  await page.getByRole('button', { name: 'Pay supplier' }).click();
  await page.getByText('Payment added successfully').waitFor();
  await listed.getByText('0.00').first().waitFor();
  await screenshot(page, 'purchase-list');

  // the supplier's statement: bought 55.00, returned 5.50, paid 30 + 19.50, nothing due
  await openScreen(page, 'Supplier statements');
  const statement = page.getByRole('row').filter({ hasText: 'Mugs Wholesale' });
  await statement.getByText('55.00').waitFor();
  await statement.getByText('5.50').waitFor();
  await statement.getByText('49.50').waitFor();
  await openScreen(page, 'Purchase invoices');
  await listed.waitFor();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(messages.purchaseDeleted).waitFor();
  await screenshot(page, 'purchase-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openScreen(page, 'Purchase returns');
  await page.waitForURL(`${product.url}/admin/purchase-return`);
  await page.getByRole('heading', { name: 'Purchase returns' }).waitFor();
  await page.getByRole('row').filter({ hasText: '0.50' }).getByText('5.00').waitFor();
  // the purchase was deleted, so its payments no longer count
  await openScreen(page, 'Supplier payments');
  await page.waitForURL(`${product.url}/admin/supplier-payment`);
  await page.getByRole('heading', { name: 'Supplier payments' }).waitFor();
  expect(await page.getByRole('row').filter({ hasText: 'Cash' }).count()).toBe(0);
  expect((await api<{ productQuantity: number }>(product, token, 'GET', `product/${mugId}`)).productQuantity).toBe(0);
  expect(problems).toEqual([]);
});
