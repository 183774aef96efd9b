import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * Who changed what (issue 34): two staff members change a product's price one after the other; the owner reads
 * both changes in the product's History, then finds one of them alone in the Activity screen by filtering on them.
 */
let product: Product;
let browser: Browser;
let productId: number;
const keepers = [
  { username: 'ann-prices', password: 'ann-prices-pass-1' },
  { username: 'bob-prices', password: 'bob-prices-pass-1' },
];

async function tokenOf(who: { username: string; password: string }) {
  const login = await fetch(`${product.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  return ((await login.json()) as { token: string }).token;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  const owner = await ownerToken(product);
  const role = await api<{ id: number }>(product, owner, 'POST', 'role', { name: 'Price keeper' });
  const all = await api<{ getAllPermission: { id: number; name: string }[] }>(product, owner, 'GET', 'permission?query=all');
  const wanted = ['readAll-product', 'readSingle-product', 'update-product'];
  const permissionId = all.getAllPermission.filter((p) => wanted.includes(p.name)).map((p) => p.id);
  await api(product, owner, 'POST', 'role-permission', { roleId: role.id, permissionId });
  for (const [i, keeper] of keepers.entries())
    await api(product, owner, 'POST', 'user/register', { firstName: `Keeper${i}`, lastName: 'Prices', ...keeper, roleId: role.id });
  productId = (
    await api<{ id: number }>(product, owner, 'POST', 'product', {
      name: 'Audit lamp',
      sku: 'AUDIT-LAMP',
      productSalePrice: 10,
      productQuantity: 3,
      productPurchasePrice: 4,
    })
  ).id;
  for (const [keeper, price] of [
    [keepers[0]!, 12],
    [keepers[1]!, 14],
  ] as const)
    await api(product, await tokenOf(keeper), 'PUT', `product/${productId}`, { productSalePrice: price });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test("the owner reads a product's price changes by two staff members in its History, then one of them in the Activity", async () => {
  const { page } = browser;
  await signIn(page, product.url, `/admin/product/${productId}`);
  const history = page.getByRole('region', { name: 'History' });
  await history.getByText('Sale price: 12 → 14').waitFor();
  const rows = history.locator('tr.ant-table-row');
  expect(await rows.count()).toBe(3);
  await expect.poll(() => rows.nth(0).innerText()).toMatch(/bob-prices[\s\S]*Changed[\s\S]*Sale price: 12 → 14/);
  expect(await rows.nth(1).innerText()).toMatch(/ann-prices[\s\S]*Changed[\s\S]*Sale price: 10 → 12/);
  expect(await rows.nth(2).innerText()).toMatch(/Created[\s\S]*Name: Audit lamp/);
  await screenshot(page, 'product-history');

  await page.goto(`${product.url}/admin/activity`);
  const user = page.getByLabel('User', { exact: true });
  await user.click();
  await user.fill('ann-prices');
  await page.locator('.ant-select-item-option', { hasText: 'ann-prices' }).first().click();
  const table = page.locator('.ant-table-tbody');
  await table.getByText('Sale price: 10 → 12').waitFor();
  // her price change, and her sign-in (the one kind of row that expires)
  await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(2);
  await table.getByText('Signed in').waitFor();
  expect(await table.getByText('bob-prices').count()).toBe(0);
  expect(new URL(page.url()).searchParams.get('userId')).not.toBeNull();

  // the screen fits a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'activity-390');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}, 120_000);

test('the owner checks the sales journal: each chain holds, on a phone as well', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/admin/sales-journal`);
  await page.getByRole('button', { name: 'Check the journal' }).click();
  await page.getByText('The journal holds: no sealed document was changed.').waitFor();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  expect(await rows.allInnerTexts()).toEqual([
    expect.stringMatching(/Sale invoices\s+\d+\s+Holds/),
    expect.stringMatching(/Sale returns\s+\d+\s+Holds/),
    expect.stringMatching(/Customer payments\s+\d+\s+Holds/),
    expect.stringMatching(/Web orders\s+\d+\s+Holds/),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sales-journal-390');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}, 60_000);
