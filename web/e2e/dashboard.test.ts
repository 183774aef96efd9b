import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];

/**
 * The demo shop has products but no sales or purchases. Today we buy 10 dashboard mugs at 4.00 (40.00,
 * unpaid) and sell 2 and 3 of them at 10.00 without VAT: sales 50.00 over 2 invoices, profit
 * 2 × 6.00 + 3 × 6.00 = 30.00, and the buyer (a named customer: the walk-in customer cannot owe) owes the 50.00.
 */
beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  const mug = await api<{ id: number }>(product, token, 'POST', 'product', {
    name: 'Dashboard mug',
    sku: 'DASH-MUG',
    productQuantity: 0,
    productPurchasePrice: 0,
    productSalePrice: 10,
  });
  const supplier = await api<{ id: number }>(product, token, 'POST', 'supplier', { name: 'Dashboard Wholesale', phone: '+44 1234 999' });
  await api(product, token, 'POST', 'purchase-invoice', {
    supplierId: supplier.id,
    purchaseInvoiceProduct: [{ productId: mug.id, productQuantity: 10, productUnitPurchasePrice: 4, tax: 0 }],
  });
  const buyer = await api<{ id: number }>(product, token, 'POST', 'customer', { username: 'Dashboard Buyer' });
  for (const quantity of [2, 3]) {
    await api(product, token, 'POST', 'sale-invoice', {
      customerId: buyer.id,
      saleInvoiceProduct: [{ productId: mug.id, productQuantity: quantity }],
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const figure = (title: string) => browser.page.locator(`[data-figure="${title}"]`);

test('the dashboard shows this month with charts; the range lives in the URL; a card opens the list behind it', async () => {
  const { page } = browser;
  const month = await api<{ startDate: string; endDate: string; stockValue: number; lowStockCount: number }>(
    product,
    token,
    'GET',
    'dashboard',
  );
  await loginAs(page, product.url);
  await expect.poll(() => figure('Sales').textContent()).toBe('$50.00');
  expect(await figure('Invoices').textContent()).toBe('2');
  // every sale here is the till's: the split says so
  expect(await page.locator('[data-split="sales"]').textContent()).toBe('Till $50.00 · web $0.00');
  expect(await page.locator('[data-split="invoices"]').textContent()).toBe('2 at the till · 0 web orders');
  expect(await figure('Profit').textContent()).toBe('$30.00');
  expect(await figure('Purchases').textContent()).toBe('$40.00');
  expect(await figure('Receivable').textContent()).toBe('$50.00');
  expect(await figure('Payable').textContent()).toBe('$40.00');
  expect(await figure('Stock value').textContent()).toBe(
    `$${month.stockValue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  expect(await figure('Low stock').textContent()).toBe(String(month.lowStockCount));
  for (const chart of ['Sales and profit over time', 'Sales against purchases per day', 'Top products by sales']) {
    await page.locator(`figure[aria-label="${chart}"] svg.recharts-surface`).first().waitFor();
  }
  await page.getByRole('table', { name: 'Top customers' }).getByText('50.00').first().waitFor();
  await screenshot(page, 'dashboard');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('figure[aria-label="Top products by sales"] svg.recharts-surface').first().waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.locator('[data-split="sales"]').isVisible()).toBe(true);
  await screenshot(page, 'dashboard-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // a range with nothing in it, picked in the date picker: zeros, and the range is in the URL
  const [from, to] = [page.getByPlaceholder('From'), page.getByPlaceholder('To')];
  await from.click();
  await from.fill('2020-01-01');
  await from.press('Enter');
  await to.fill('2020-01-31');
  await to.press('Enter');
  await page.waitForURL(/startDate=2020-01-01&endDate=2020-01-31/);
  await expect.poll(() => figure('Sales').textContent()).toBe('$0.00');
  expect(await figure('Invoices').textContent()).toBe('0');
  expect(await figure('Purchases').textContent()).toBe('$0.00');
  expect(await figure('Receivable').textContent()).toBe('$0.00');
  await page.reload();
  await expect.poll(() => figure('Sales').textContent()).toBe('$0.00');
  expect(await from.inputValue()).toBe('2020-01-01');

  // back to this month; the Sales card opens the sale list for the same days
  await page.goto(`${product.url}/admin/dashboard?startDate=${month.startDate}&endDate=${month.endDate}`);
  await expect.poll(() => figure('Sales').textContent()).toBe('$50.00');
  await figure('Sales').click();
  await page.waitForURL(`${product.url}/admin/sale-invoice?startDate=${month.startDate}&endDate=${month.endDate}`);
  await page.getByRole('row').filter({ hasText: '30.00' }).first().waitFor();

  // the Receivable card opens the Accounts Receivable postings up to the range's end, closing at the figure
  await page.goBack();
  await expect.poll(() => figure('Receivable').textContent()).toBe('$50.00');
  await figure('Receivable').click();
  await page.waitForURL(new RegExp(`/admin/account/\\d+\\?endDate=${month.endDate}$`));
  await page.getByRole('heading', { name: /Accounts Receivable/ }).waitFor();
  const closing = page.getByLabel('Account totals').locator('th:has-text("Closing balance") + td');
  await expect.poll(() => closing.textContent()).toBe('$50.00');
  expect(problems).toEqual([]);
});

test('any range answers: the widest is charted per year, its axis in years, at desktop and phone widths', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/admin/dashboard?startDate=0001-01-01&endDate=9999-12-31`);
  await expect.poll(() => figure('Sales').textContent()).toBe('$50.00');
  const chart = page.locator('figure[aria-label="Sales against purchases per year"]');
  await chart.locator('svg.recharts-surface').first().waitFor();
  const year = new Date().getFullYear();
  // the axis names years, never a month and day
  await expect
    .poll(() => chart.locator('.recharts-cartesian-axis-tick-value').allTextContents())
    .toContainEqual(expect.stringMatching(/^\d{4}$/));
  expect((await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents()).some((t) => /^\d{2}-\d{2}$/.test(t))).toBe(false);
  await screenshot(page, 'dashboard-widest');
  await page.setViewportSize({ width: 390, height: 844 });
  await chart.locator('svg.recharts-surface').first().waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'dashboard-widest-phone');

  // half a year is charted per week, from its first day
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/admin/dashboard?startDate=${year}-01-01&endDate=${year}-06-30`);
  await page.locator('figure[aria-label="Sales against purchases per week"] svg.recharts-surface').first().waitFor();
  expect(problems).toEqual([]);
});
