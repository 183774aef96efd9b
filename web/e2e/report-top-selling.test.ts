import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const made: Record<string, number> = {};
  for (const [name, sku] of [
    ['Report kettle', 'REP-KET'],
    ['Report toaster', 'REP-TOA'],
  ] as const) {
    made[sku] = (
      await api<{ id: number }>(product, token, 'POST', 'product', {
        name,
        sku,
        productQuantity: 20,
        productPurchasePrice: 8,
        productSalePrice: 20,
      })
    ).id;
  }
  // the kettle sells 2 on the 1st of March; the toaster 1 that day and 4 on the 5th
  // not paid at the till: a named customer owes them
  const buyer = await api<{ id: number }>(product, token, 'POST', 'customer', { username: 'Report Buyer' });
  const sell = (date: string, lines: [string, number][]) =>
    api(product, token, 'POST', 'sale-invoice', {
      date,
      customerId: buyer.id,
      saleInvoiceProduct: lines.map(([sku, productQuantity]) => ({ productId: made[sku], productQuantity })),
    });
  await sell('2026-03-01', [
    ['REP-KET', 2],
    ['REP-TOA', 1],
  ]);
  await sell('2026-03-05', [['REP-TOA', 4]]);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('Top selling ranks products by units sold over the chosen sale dates; a product page shows its own sales', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/top-selling');
  await page.getByRole('heading', { name: 'Top selling products' }).waitFor();
  const kettle = page.getByRole('row').filter({ hasText: 'REP-KET' });
  const toaster = page.getByRole('row').filter({ hasText: 'REP-TOA' });
  // rank, product, SKU, units sold, price with VAT today, in stock
  const cells = (row: typeof kettle) => row.getByRole('cell').allInnerTexts();
  await toaster.waitFor();
  await kettle.waitFor();
  const order = async () =>
    (await page.getByRole('row').allInnerTexts()).filter((t) => t.includes('REP-')).map((t) => t.match(/REP-\w+/)![0]);
  expect(await order()).toEqual(['REP-TOA', 'REP-KET']);
  expect((await cells(toaster)).slice(1)).toEqual(['Report toaster', 'REP-TOA', '5', '$20.00', '15']);
  expect((await cells(kettle)).slice(1)).toEqual(['Report kettle', 'REP-KET', '2', '$20.00', '18']);
  expect(Number((await cells(toaster))[0])).toBeLessThan(Number((await cells(kettle))[0]));

  // only the 1st of March: the kettle sold more that day
  const from = page.getByPlaceholder('Start date');
  await from.click();
  await from.fill('2026-03-01');
  await from.press('Enter');
  const to = page.getByPlaceholder('End date');
  await to.fill('2026-03-01');
  await to.press('Enter');
  await page.waitForURL(/startDate=2026-03-01&endDate=2026-03-01/);
  await expect.poll(order).toEqual(['REP-KET', 'REP-TOA']);
  expect((await cells(toaster))[3]).toBe('1');
  expect((await cells(kettle))[3]).toBe('2');
  await screenshot(page, 'report-top-selling');

  // nothing sold in a later period
  await page.goto(`${product.url}/admin/top-selling?startDate=2026-04-01`);
  await page.getByText('Nothing sold in this period').waitFor();

  // the toaster's own page: 5 sold for 100.00 before VAT, bought at 8.00 each
  await page.goto(`${product.url}/admin/top-selling`);
  await toaster.getByRole('link', { name: 'Report toaster' }).click();
  await page.waitForURL(/\/admin\/product\/\d+$/);
  const sales = page.getByRole('region', { name: 'Sales' });
  await sales.getByText('100.00').waitFor();
  await sales.getByText('60.00').waitFor();
  expect(await sales.locator('.ant-descriptions-item-content').first().innerText()).toBe('5');
  await sales.getByPlaceholder('Start date').fill('2026-03-05');
  await sales.getByPlaceholder('Start date').press('Enter');
  await sales.getByPlaceholder('End date').fill('2026-03-31');
  await sales.getByPlaceholder('End date').press('Enter');
  await sales.getByText('80.00').waitFor();
  expect(await sales.locator('.ant-descriptions-item-content').first().innerText()).toBe('4');
  expect(problems).toEqual([]);
});

test('the report is not public (401 without a token), and the screen fits a 390 px phone', async () => {
  const answer = await fetch(`${product.url}/v1/product-reports?query=top-selling-products`);
  expect(answer.status).toBe(401);

  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${product.url}/admin/top-selling`);
  await page.getByRole('row').filter({ hasText: 'REP-TOA' }).waitFor();
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(viewport).toBe(390);
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
  await screenshot(page, 'phone-report-top-selling');
  expect(problems).toEqual([]);
});
