import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoDiscounts } from '../../server/src/seed/demo-catalogue.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];
/** The demo shop's own discounts, listed with the test's. */
const demo = Object.keys(demoDiscounts).length;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  // more than one page of discounts, so the reload after an update can be seen
  for (let n = 1; n <= 12; n++) {
    await api(product, token, 'POST', 'discount', {
      name: `Promo ${String(n).padStart(2, '0')}`,
      type: 'flat',
      value: n,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

async function pickDate(label: string, value: string) {
  const { page } = browser;
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a discount is added, updated (back to page 1, count 10, active) and hidden, with the spec texts', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/discount');
  await page.getByText(`${12 + demo} in all`).waitFor();

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // the name may be left blank (it is made from the type and value); the value may not
  await dialog.getByText('Value is required').waitFor();
  expect(await dialog.getByText('Name is required').count()).toBe(0);

  await dialog.getByLabel('Name').fill('Summer sale');
  await dialog.getByLabel('Type').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Percentage' }).click();
  await dialog.getByRole('spinbutton', { name: 'Value' }).fill('150');
  await pickDate('Start date', '2026-06-01');
  await pickDate('End date', '2026-08-31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // a percentage above 100 is refused by the server, on the field
  await dialog.getByText(/Value must be at most 100/).waitFor();
  await dialog.getByRole('spinbutton', { name: 'Value' }).fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.discountAdded).waitFor();
  await page.getByText(`${13 + demo} in all`).waitFor();

  // edit from the second page of five, all statuses: the list goes back to page 1, count 10, active
  await page.goto(`${product.url}/admin/discount?page=2&count=5&status=true,false&sort=name&order=asc`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Promo 06', exact: true }) });
  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Name').fill('Promo six');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.discountUpdated).waitFor();
  await page.waitForURL(
    (url) => url.searchParams.get('page') === '1' && url.searchParams.get('count') === '10' && url.searchParams.get('status') === 'true',
  );
  await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(10);
  await page.goto(`${product.url}/admin/discount?count=20`);
  await page.getByRole('cell', { name: 'Promo six', exact: true }).waitFor();
  await screenshot(page, 'stock-discount-list');

  const summer = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Summer sale', exact: true }) });
  await summer.getByText('Percentage').waitFor();
  await summer.getByText('2026-06-01').waitFor();
  await summer.getByRole('switch', { name: 'Hide' }).click();
  await page.getByText('Discount hidden successfully').waitFor();
  await summer.waitFor({ state: 'detached' });

  await page.getByText('All', { exact: true }).click();
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Summer sale', exact: true }) })
    .getByRole('switch', { name: 'Activate' })
    .click();
  await page.getByText('Discount is activated successfully').waitFor();
  expect(problems).toEqual([]);
});

test('a discount saved without a name is named from its type and value', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/discount`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton', { name: 'Value' }).fill('7.5');
  await pickDate('Start date', '2026-09-01');
  await pickDate('End date', '2026-09-30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.discountAdded).waitFor();
  await page.goto(`${product.url}/admin/discount?key=${encodeURIComponent('7.50% off')}`);
  await page.getByRole('cell', { name: '7.50% off', exact: true }).waitFor();
  expect(problems).toEqual([]);
});
