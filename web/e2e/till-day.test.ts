import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * The till's day in the browser (issue 31): a device chooses its till, opens it with the counted float, sells,
 * prints the X report, counts the drawer by denomination, closes, and prints the Z report; at 1366 and 390 px.
 */
let product: Product;
let browser: Browser;
let token: string;
let tillId: number;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  token = await ownerToken(product);
  await api(product, token, 'POST', 'product', {
    name: 'Day Candle',
    sku: 'DAY-1',
    productSalePrice: 10,
    productQuantity: 20,
    productPurchasePrice: 4,
  });
  tillId = (await api<{ id: number }>(product, token, 'POST', 'till', { name: 'Counter 2' })).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const fits = (page: Browser['page']) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('open the till with a float, sell, print the X, count the drawer by notes and close, print the Z', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, product.url, '/admin/pos');
  // two tills in the shop: this device says which it is, once
  await page.getByText('Which till is this?').waitFor();
  await page.getByLabel("This device's till").click();
  await page.getByTitle('Counter 2').click();
  await page.getByText('Open the till first: Counter 2').waitFor();
  // nothing is sold before the till is open
  expect(await page.getByLabel('Find product').count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await fits(page);
  await screenshot(page, 'till-open-first-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Opening float').fill('50');
  await page.getByRole('button', { name: 'Open till' }).click();
  const bar = page.getByRole('region', { name: 'Till session' });
  await bar.getByText(/Session #\d+ open/).waitFor();
  const sessionId = Number(/#(\d+)/.exec(await bar.getByText(/Session #\d+ open/).innerText())![1]);
  expect(await page.evaluate(() => localStorage.getItem('tillbook.device-till'))).toBe(String(tillId));

  const box = page.getByLabel('Find product');
  await box.fill('DAY-1');
  await box.press('Enter');
  await page.getByRole('row').filter({ hasText: 'DAY-1' }).waitFor();
  await page.getByTestId('till-total').filter({ hasText: '10.00' }).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('10');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  const sales = await api<{ getAllSaleInvoice: { tillSessionId?: number; id: number }[] }>(product, token, 'GET', 'sale-invoice?count=1');
  expect(sales.getAllSaleInvoice.length).toBe(1);

  await page.keyboard.press('F2');
  await bar.getByRole('button', { name: 'X report' }).click();
  await page.waitForURL(`${product.url}/admin/till-session/${sessionId}`);
  await page.getByRole('heading', { name: 'X report' }).waitFor();
  await page.locator('.receipt-screen').getByText('$60.00').first().waitFor();
  await screenshot(page, 'till-x-report-80mm');
  await page.getByRole('button', { name: 'Back to the till' }).click();

  await bar.getByRole('button', { name: 'Close till' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close the till' });
  await dialog.getByLabel('Pieces of 50', { exact: true }).fill('1');
  await dialog.getByLabel('Pieces of 10', { exact: true }).fill('1');
  await dialog.getByTestId('cash-counted').filter({ hasText: '$60.00' }).waitFor();
  await dialog.getByLabel('Float left').fill('50');
  await screenshot(page, 'till-close-count');
  await dialog.getByRole('button', { name: 'Close and print Z' }).click();
  await page.waitForURL(`${product.url}/admin/till-session/${sessionId}`);
  await page.getByRole('heading', { name: 'Z report 1' }).waitFor();
  const z = await api<{ zNumber: number; variance: number; countedCash: number; expectedCash: number }>(
    product,
    token,
    'GET',
    `till-session/${sessionId}/z-report`,
  );
  expect(z).toMatchObject({ zNumber: 1, variance: 0, countedCash: 60, expectedCash: 60 });
  for (const paper of ['A4', '58mm', '80mm']) {
    await page.getByLabel('Paper').getByText(paper, { exact: true }).click();
    await screenshot(page, `till-z-report-${paper}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await fits(page);
  await screenshot(page, 'till-z-report-390');
  // the sessions list, by till: the closed one with its Z, at a phone's width too
  await page.goto(`${product.url}/admin/till-session`);
  await page.getByRole('link', { name: `#${sessionId}` }).waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: `#${sessionId}` })
    .getByText('Z 1')
    .waitFor();
  await fits(page);
  await screenshot(page, 'till-sessions-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  // the till asks for the next day's float again
  await page.goto(`${product.url}/admin/pos`);
  await page.getByText('Open the till first: Counter 2').waitFor();
});
