import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resourceScreens } from '../src/admin/resources/screens.ts';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, ownerPassword, ownerUsername, type Product, screenshot, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
/** Page errors and console errors (failed calls included) since the last check. */
let problems: string[] = [];

/** A call to the API as the owner, for rows the demo data does not hold. */
async function api<T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer as T;
}

async function idOf(token: string, path: string, listName: string, field: string, value: string): Promise<number> {
  const list = await api<Record<string, Record<string, unknown>[]>>(token, 'GET', `${path}?query=all`);
  const row = list[`getAll${listName}`]!.find((r) => r[field] === value);
  if (!row) throw new Error(`${path}: no ${value}`);
  return Number(row.id);
}

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  browser.page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });

  // the history screens have no demo rows: give the owner one of each
  const login = await fetch(`${product.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
  });
  const { token, id: userId } = (await login.json()) as { token: string; id: number };
  const designationId = await idOf(token, 'designation', 'Designation', 'name', 'Cashier');
  const awardId = await idOf(token, 'award', 'Award', 'name', 'Employee of the month');
  await api(token, 'POST', 'designation-history', { userId, designationId, startDate: '2024-01-01', comment: 'First post' });
  await api(token, 'POST', 'award-history', { userId, awardId, awardedDate: '2024-03-31' });
  await api(token, 'POST', 'education', {
    userId,
    degree: 'BSc',
    institution: 'City College',
    fieldOfStudy: 'Retail management',
    result: 'First',
    studyStartDate: '2015-09-01',
    studyEndDate: '2018-06-30',
  });
  await api(token, 'POST', 'salary-history', { userId, salary: 2500.5, startDate: '2024-01-01' });
  await api(token, 'POST', 'lead-source', { name: 'Trade fair' });
  await api(token, 'POST', 'supplier', { name: 'Mugs Wholesale', phone: '+44 20 7946 0000', email: 'orders@mugs.example' });
  await api(token, 'POST', 'coupon', {
    couponCode: 'SPRING10',
    type: 'percentage',
    value: 10,
    startDate: '2024-03-01',
    endDate: '2024-05-31',
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/**
 * One row each screen must show: its first text is a whole cell that finds the row, and the row must hold every text
 * (formatted values and the names behind reference ids).
 */
const expectedRows: Record<string, string[]> = {
  department: ['Shop floor'],
  designation: ['Cashier'],
  'designation-history': ['First post', 'owner', 'Cashier', '2024-01-01'],
  'employment-status': ['Full time', '#2e7d32'],
  shift: ['Morning', '08:00', '14:00', '6'],
  award: ['Employee of the month'],
  'award-history': ['2024-03-31', 'owner', 'Employee of the month'],
  education: ['BSc', 'owner', 'City College', '2015-09-01', '2018-06-30'],
  'salary-history': ['$2,500.50 per month', 'owner', '2024-01-01'],
  colour: ['Black', '#000000'],
  category: ['Household'],
  'sub-category': ['Kitchen', 'Household'],
  brand: ['Acme'],
  unit: ['kg'],
  vat: ['Standard', '10%'],
  attribute: ['Size'],
  'attribute-value': ['M', 'Size'],
  coupon: ['SPRING10', 'Percentage', '10%', '2024-03-01', '2024-05-31'],
  'delivery-fee': ['City centre', '3.50'],
  'courier-medium': ['Own delivery', 'Delivery boy', '+10000000000'],
  'payment-method': ['Cash on delivery', 'Pay the courier on delivery.'],
  currency: ['YEN', '¥'],
  'page-size': ['A4', '8.27', '11.69', 'inches'],
  'terms-and-conditions': ['Returns', 'Goods may be returned within 14 days'],
  'lead-source': ['Trade fair'],
  till: ['Till 1', '80mm'],
  supplier: ['Mugs Wholesale', '+44 20 7946 0000', 'orders@mugs.example'],
};

test('every plain screen is in the menu and shows its rows, formatted and with referenced names, without an error', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  expect(resourceScreens.map((s) => s.path).sort()).toEqual(Object.keys(expectedRows).sort());
  for (const screen of resourceScreens) {
    problems = [];
    await openScreen(page, screen.label!);
    await page.waitForURL(`${product.url}/admin/${screen.path}`);
    const [first, ...rest] = expectedRows[screen.path]!;
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: first, exact: true }) })
      .first();
    await row.waitFor();
    // the names behind ids arrive with their own list
    for (const text of rest) await row.getByText(text).first().waitFor();
    await screenshot(page, `plain-${screen.path}`);
    const notices = await page.locator('[role="status"]').allTextContents();
    expect(
      notices.filter((text) => text !== messages.loginSuccess),
      screen.path,
    ).toEqual([]);
    expect(problems, screen.path).toEqual([]);
  }
});

test('a sub-category is created under a chosen category, shows its name, and the category filter narrows the list', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/sub-category`);
  await page.getByRole('row').filter({ hasText: 'Kitchen' }).waitFor();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.getByText('Category is required').waitFor();

  await dialog.getByLabel('Name').fill('Tablets');
  await dialog.getByLabel('Category').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Electronics' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Sub-category added successfully').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Tablets' });
  await row.getByText('Electronics').waitFor();
  await screenshot(page, 'sub-category-created');
  await dialog.waitFor({ state: 'hidden' });

  await page.getByLabel('Category').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Household' }).click();
  await page.waitForURL(/productCategoryId=\d+/);
  await page.getByRole('row').filter({ hasText: 'Kitchen' }).waitFor();
  await row.waitFor({ state: 'detached' });
  expect(await page.getByRole('row').filter({ hasText: 'Electronics' }).count()).toBe(0);
});

test('a currency update takes the list back to page 1, count 10', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/currency?page=2&count=5`);
  const rows = page.locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(5);
  await rows.first().getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Symbol').fill('¤');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Currency updated successfully').waitFor();
  await page.waitForURL((url) => url.searchParams.get('page') === '1' && url.searchParams.get('count') === '10');
  await expect.poll(() => rows.count()).toBe(10);
  await page.getByText('14 in all').waitFor();
  // the record's History is under its form: who changed the symbol, from what to what (issue 34)
  await page.goto(`${product.url}/admin/currency?page=2&count=5`);
  await rows.first().getByRole('button', { name: 'Edit' }).click();
  const history = page.getByRole('dialog').getByRole('region', { name: 'History' });
  await history.getByText(/symbol: .+ → ¤/i).waitFor();
  await screenshot(page, 'plain-record-history');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
});

test('a hard-deleted record asks first, then is gone', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/salary-history`);
  const row = page.getByRole('row').filter({ hasText: '2,500.50' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Delete this record for good?').waitFor();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Salary record deleted successfully').waitFor();
  await row.waitFor({ state: 'detached' });
  expect(await page.getByRole('switch').count()).toBe(0);
});
