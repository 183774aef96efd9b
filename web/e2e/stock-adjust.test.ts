import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];
const ids: Record<string, number> = {};

const stockOf = async (sku: string) =>
  (await api<{ productQuantity: number }>(product, token, 'GET', `product/${ids[sku]}`)).productQuantity;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  for (const [name, sku, qty, cost] of [
    ['Blue mug', 'MUG-BLUE', 5, 2],
    ['Red mug', 'MUG-RED', 3, 2.5],
    ['Tea towel', 'TT-01', 10, 1.5],
  ] as const) {
    const created = await api<{ id: number }>(product, token, 'POST', 'product', {
      name,
      sku,
      productQuantity: qty,
      productPurchasePrice: cost,
      productSalePrice: cost * 2,
      reorderQuantity: 1,
    });
    ids[sku] = created.id;
  }
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('an adjustment is built by name search and scanner input, refused beyond stock, saved and reversed', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/adjust-inventory');
  await page.getByRole('button', { name: 'New adjustment' }).click();
  await page.waitForURL(`${product.url}/admin/adjust-inventory/new`);

  const finder = page.getByLabel('Find product');
  // a name shared by two products offers both
  await finder.fill('mug');
  await finder.press('Enter');
  await page.getByRole('button', { name: 'Blue mug (MUG-BLUE)' }).click();
  const blue = page.getByRole('row').filter({ hasText: 'MUG-BLUE' });
  await blue.waitFor();
  // a scanner types the code and Enter into the focused field; a second scan adds one more
  await finder.click();
  await page.keyboard.type('TT-01');
  await page.keyboard.press('Enter');
  const towel = page.getByRole('row').filter({ hasText: 'TT-01' });
  await towel.waitFor();
  await page.keyboard.type('tt-01');
  await page.keyboard.press('Enter');
  await expect.poll(() => towel.getByLabel('Quantity of Tea towel').inputValue()).toBe('2');
  await finder.fill('no such thing');
  await finder.press('Enter');
  await page.getByText('No product matches "no such thing"').waitFor();

  await towel.getByLabel('Change of Tea towel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Increment' }).click();
  await towel.getByLabel('Reason for Tea towel').fill('Found in the back room');
  await blue.getByLabel('Quantity of Blue mug').fill('9');
  await blue.getByLabel('Reason for Blue mug').fill('Broken');
  await page.getByLabel('Note').fill('Stock take');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  // the server's 409 names the product
  await page.getByText('Not enough stock of Blue mug: 5 on hand, 9 needed').waitFor();
  expect(await stockOf('MUG-BLUE')).toBe(5);

  await blue.getByLabel('Quantity of Blue mug').fill('2');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await page.getByText(messages.adjustAdded).waitFor();
  await page.waitForURL(`${product.url}/admin/adjust-inventory`);
  const row = page.getByRole('row').filter({ hasText: 'Stock take' });
  await row.getByText('2 / $3.00').waitFor();
  await row.getByText('2 / $4.00').waitFor();
  await row.getByText('Active').waitFor();
  expect(await stockOf('MUG-BLUE')).toBe(3);
  expect(await stockOf('TT-01')).toBe(12);

  // the lines open under the row
  await row.getByRole('button', { name: /expand/i }).click();
  await page.getByRole('cell', { name: 'Found in the back room', exact: true }).waitFor();
  await screenshot(page, 'stock-adjust-list');

  await row.getByRole('button', { name: 'Reverse' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Reverse' }).click();
  await page.getByText(messages.adjustDeleted).waitFor();
  await row.getByText('Reversed').waitFor();
  expect(await row.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
  expect(await stockOf('MUG-BLUE')).toBe(5);
  expect(await stockOf('TT-01')).toBe(10);
  expect(problems).toEqual([]);
});
