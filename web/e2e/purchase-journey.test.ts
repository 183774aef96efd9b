import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
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
  const vats = await api<{ getAllProductVat: { id: number; percentage: number }[] }>(product, token, 'GET', 'product-vat?query=all');
  mugId = (
    await api<{ id: number }>(product, token, 'POST', 'product', {
      name: 'Green mug',
      sku: 'MUG-GREEN',
      productQuantity: 0,
      productPurchasePrice: 0,
      productSalePrice: 9,
      reorderQuantity: 1,
      productVatId: vats.getAllProductVat.find((v) => v.percentage === 10)!.id,
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Chooses Card in the "Paid by" select and waits for its list to close. */
async function payByCard(page: Browser['page']) {
  await page.getByLabel('Paid by').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Card$/ })
    .click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

test('a supplier is added, a purchase is entered by SKU at its VAT and paid by card, listed with paid and due, partly returned, paid off and deleted', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, product.url, '/admin/supplier');
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
  // the line's VAT starts from the mug's VAT type (10 %)
  await expect.poll(() => row.getByLabel('VAT of Green mug').inputValue()).toBe('10');
  await page.getByText('Amount $50.00 · VAT $5.00 · Total $55.00').waitFor();
  await page.getByLabel('Paid now').fill('30');
  await payByCard(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'purchase-new-phone');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.getByRole('button', { name: 'Save purchase' }).click();
  await page.waitForURL(`${product.url}/admin/purchase-invoice`);

  const listed = page.getByRole('row').filter({ hasText: 'Mugs Wholesale' });
  await listed.getByText('25.00').waitFor();
  // one set of status words: the list row says what its page says (not "Active")
  await listed.locator('.ant-tag', { hasText: /^Partly paid$/ }).waitFor();
  expect(await listed.getByText('Active').count()).toBe(0);
  const stock = await api<{ productQuantity: number; productPurchasePrice: number }>(product, token, 'GET', `product/${mugId}`);
  expect(stock).toMatchObject({ productQuantity: 10, productPurchasePrice: 5 });

  await listed.getByRole('button', { name: /expand/i }).click();
  // paid by card: the money left the bank, not the till's cash
  await page.getByRole('row').filter({ hasText: 'Bank' }).filter({ hasText: '30.00' }).last().waitFor();
  await expect.poll(() => page.locator('.ant-tag', { hasText: /^Partly paid$/ }).count()).toBe(2);
  // one mug goes back: 5.00 and 0.50 VAT off the due
  await page.getByLabel('Return of Green mug').fill('1');
  await page.getByRole('button', { name: 'Return to supplier' }).click();
  await page.getByText('Purchase return added').waitFor();
  await listed.getByText('19.50').waitFor();
  expect((await api<{ productQuantity: number }>(product, token, 'GET', `product/${mugId}`)).productQuantity).toBe(9);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Paid by').scrollIntoViewIfNeeded();
  await screenshot(page, 'purchase-pay-phone');
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.getByLabel('Payment amount').fill('25');
  await page.getByRole('button', { name: 'Pay supplier' }).click();
  await page.getByText('Amount cannot be greater than due!').waitFor();
  await page.getByLabel('Payment amount').fill('19.5');
  await payByCard(page);
  await page.getByRole('button', { name: 'Pay supplier' }).click();
  await page.getByText('Payment added successfully').waitFor();
  await page.getByRole('row').filter({ hasText: 'Bank' }).filter({ hasText: '19.50' }).last().waitFor();
  await listed.getByText('0.00').first().waitFor();
  await expect.poll(() => page.locator('.ant-tag', { hasText: /^Paid$/ }).count()).toBe(2);
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
  await page.setViewportSize({ width: 1366, height: 800 });
  await openScreen(page, 'Purchase returns');
  await page.waitForURL(`${product.url}/admin/purchase-return`);
  await page.getByRole('heading', { name: 'Purchase returns' }).waitFor();
  await page.getByRole('row').filter({ hasText: '0.50' }).getByText('5.00').waitFor();
  // the purchase was deleted, so its payments no longer count
  await openScreen(page, 'Supplier payments');
  await page.waitForURL(`${product.url}/admin/supplier-payment`);
  await page.getByRole('heading', { name: 'Supplier payments' }).waitFor();
  expect(await page.getByRole('row').filter({ hasText: 'Bank' }).count()).toBe(0);
  expect((await api<{ productQuantity: number }>(product, token, 'GET', `product/${mugId}`)).productQuantity).toBe(0);
  expect(problems).toEqual([]);
});
