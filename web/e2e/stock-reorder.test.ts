import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoLowStockSku } from '../../server/src/seed/demo-catalogue.ts';
import { reorderTexts } from '../src/admin/stock/texts.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
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
  await signIn(page, product.url, '/admin/reorder');
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

test('an open request is received through the purchase form: stock comes in, the request and the reorder list say received', async () => {
  const { page } = browser;
  await api(product, token, 'POST', 'supplier', { name: 'Tea Traders', phone: '+44 20 7000 1000' });
  await page.goto(`${product.url}/admin/reorder`);
  const green = page.getByRole('row').filter({ hasText: 'TEA-G' });
  await green.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Make a purchase request' }).click();
  await page.getByText(reorderTexts.requested('PR-000002')).waitFor();
  await green.getByText('Requested').waitFor();
  await green.getByText('PR-000002').waitFor();

  const requests = page.getByRole('region', { name: 'Purchase requests' });
  const request = requests.getByRole('row').filter({ hasText: 'PR-000002' });
  await request.getByRole('button', { name: 'Receive' }).click();
  await page.waitForURL(`${product.url}/admin/purchase-invoice/new?request=PR-000002`);
  await page.getByRole('heading', { name: 'Receive purchase request PR-000002' }).waitFor();
  // the request's line, at the product's cost now; fewer came than were asked for
  const quantity = page.getByLabel('Quantity of Green tea');
  await page.waitForFunction(
    () => (document.querySelector('input[aria-label="Quantity of Green tea"]') as HTMLInputElement | null)?.value === '8',
  );
  expect(await page.getByLabel('Unit cost of Green tea').inputValue()).toBe('3');
  await quantity.fill('2');
  await page.getByLabel('Supplier', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Tea Traders' }).click();
  await page.getByRole('button', { name: 'Save purchase' }).click();
  await page.getByText('Purchase invoice added: purchase request PR-000002 received').waitFor();
  await page.waitForURL(`${product.url}/admin/reorder`);

  // 2 + 2 is still at or below the level of 5: the product stays on the list, its request received
  await green.getByRole('cell', { name: '4', exact: true }).waitFor();
  await green.getByText('Received').waitFor();
  await request.getByText('Received').waitFor();
  await request.getByText('Purchase #1').waitFor();
  expect(await request.getByRole('button', { name: 'Receive' }).count()).toBe(0);
  expect(await request.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await screenshot(page, 'stock-reorder-received');

  const products = await api<{ getAllProduct: { sku: string; productQuantity: number }[] }>(product, token, 'GET', 'product?key=TEA-G');
  expect(products.getAllProduct.find((p) => p.sku === 'TEA-G')?.productQuantity).toBe(4);
  const saved = await api<{ state: string; purchaseInvoiceId: number }>(product, token, 'GET', 'purchase-reorder-invoice/PR-000002');
  expect(saved).toMatchObject({ state: 'received', purchaseInvoiceId: 1 });
  expect(problems).toEqual([]);
});
