import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoLowStockSku } from '../../server/src/seed/demo-catalogue.ts';
import { reorderTexts } from '../src/admin/stock/texts.ts';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  // two at or below their level, one well stocked
  for (const [name, sku, qty, level] of [
    ['Green tea', 'TEA-G', 2, 5],
    ['Black tea', 'TEA-B', 5, 5],
    ['Coffee', 'COF-1', 40, 5],
  ] as const) {
    await api(product, token, 'POST', 'product', {
      name,
      sku,
      productQuantity: qty,
      reorderQuantity: level,
      productPurchasePrice: 3,
      productSalePrice: 6,
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('the reorder list shows what is at or below its level, and chosen lines become a purchase request that can be deleted', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Reorder list');
  await page.waitForURL(`${product.url}/admin/reorder`);
  const green = page.getByRole('row').filter({ hasText: 'TEA-G' });
  const black = page.getByRole('row').filter({ hasText: 'TEA-B' });
  await green.waitFor();
  await black.waitFor();
  // and the demo shop's one product at its level
  await page.getByRole('row').filter({ hasText: demoLowStockSku }).waitFor();
  await page.getByText('3 to reorder').waitFor();
  expect(await page.getByRole('row').filter({ hasText: 'COF-1' }).count()).toBe(0);
  // the suggestion fills up to twice the reorder level
  expect(await green.getByLabel('Quantity of Green tea').inputValue()).toBe('8');
  const make = page.getByRole('button', { name: 'Make a purchase request' });
  expect(await make.isDisabled()).toBe(true);

  await green.getByRole('checkbox').check();
  await black.getByRole('checkbox').check();
  await black.getByLabel('Quantity of Black tea').fill('12');
  await make.click();
  await page.getByText(reorderTexts.requested('PR-000001')).waitFor();

  const requests = page.getByRole('region', { name: 'Purchase requests' });
  const request = requests.getByRole('row').filter({ hasText: 'PR-000001' });
  await request.waitFor();
  await request.getByRole('button', { name: /expand/i }).click();
  await requests.getByRole('row').filter({ hasText: 'Black tea (TEA-B)' }).getByRole('cell', { name: '12', exact: true }).waitFor();
  await requests.getByRole('row').filter({ hasText: 'Green tea (TEA-G)' }).getByRole('cell', { name: '8', exact: true }).waitFor();
  await screenshot(page, 'stock-reorder');

  const saved = await api<{ productList: { productId: number; reorderProductQuantity: number }[] }>(
    product,
    token,
    'GET',
    'purchase-reorder-invoice/PR-000001',
  );
  expect(saved.productList.map((l) => l.reorderProductQuantity).sort((a, b) => a - b)).toEqual([8, 12]);

  await request.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(reorderTexts.deleted('PR-000001')).waitFor();
  await request.waitFor({ state: 'detached' });
  await requests.getByText('No purchase requests').waitFor();
  expect(problems).toEqual([]);
});
