import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, ownerPassword, ownerUsername, type Product, screenshot, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
let token: string;
/** Page errors, console errors and warnings. */
const problems: string[] = [];

/** A call to the API as the owner, for the rows the journey starts from. */
async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer as T;
}
const idOf = async (path: string, listName: string, name: string) =>
  Number(
    (await api<Record<string, { id: number; name: string }[]>>('GET', `${path}?query=all`))[`getAll${listName}`]!.find(
      (r) => r.name === name,
    )!.id,
  );

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  browser.page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console: ${message.text()}`);
  });
  const login = await fetch(`${product.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Picks an option of a searchable select in the open dialog by typing its name. */
async function choose(page: Page, label: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-item-option', { hasText: option }).first().waitFor();
  await dialog.getByLabel(label, { exact: true }).press('Enter');
}

const period = (page: Page, text: string) => page.getByTestId('designation-period').filter({ hasText: text });

test("a user's designation changes on the staff page and the timeline shows the old period closed, the new one running, at 1366 and 390 px", async () => {
  const { page } = browser;
  const roles = await api<{ getAllRole: { id: number; name: string }[] }>('GET', 'role?query=all');
  const person = await api<{ id: number }>('POST', 'user/register', {
    firstName: 'Robin',
    lastName: 'Timeline',
    username: 'robin',
    password: 'robin-password-1',
    roleId: roles.getAllRole.find((r) => r.name === 'manager')!.id,
    designationId: await idOf('designation', 'Designation', 'Cashier'),
    designationStartDate: '2026-01-01',
    salary: 1800,
    salaryStartDate: '2026-01-01',
    shiftId: await idOf('shift', 'Shift', 'Evening'),
    employmentStatusId: await idOf('employment-status', 'EmploymentStatus', 'Part time'),
  });
  await loginAs(page, product.url);

  // the staff list shows the employment status as a coloured tag
  await page.goto(`${product.url}/admin/user`);
  await page.getByRole('row', { name: /robin/ }).getByText('Part time').waitFor();

  const steps = [
    { width: 1366, to: 'Stock clerk', from: '2026-06-01', closed: ['Cashier', '2026-01-01 – 2026-05-31'] },
    { width: 390, to: 'Store manager', from: '2026-09-01', closed: ['Stock clerk', '2026-06-01 – 2026-08-31'] },
  ];
  for (const step of steps) {
    await page.setViewportSize({ width: step.width, height: step.width > 1000 ? 800 : 844 });
    await page.goto(`${product.url}/admin/user/${person.id}`);
    await page.getByTestId('staff-header').getByText('Evening, 14:00–20:00 (6 h)').waitFor();
    await page.getByRole('tab', { name: 'Designations' }).click();
    await page.getByRole('button', { name: 'Change designation' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'Designation', step.to);
    await dialog.getByLabel('From', { exact: true }).fill(step.from);
    await dialog.getByLabel('From', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Designation history saved').waitFor();

    // the new period runs "now"; the one before ends the day before it starts
    await period(page, step.to)
      .filter({ hasText: `${step.from} – now` })
      .waitFor();
    await period(page, step.closed[0]!).filter({ hasText: step.closed[1]! }).waitFor();
    expect(await page.getByTestId('designation-period').filter({ hasText: '– now' }).count()).toBe(1);
    // the header shows what holds today (these changes began in the past)
    await page.getByTestId('staff-header').getByText(step.to).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(step.width);
    await screenshot(page, `staff-page-${step.width}`);
  }
  expect(problems).toEqual([]);
});

test('a raise, an award and a new shift are added in place on their tabs', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 800 });
  const robin = (await api<{ getAllUser: { id: number; username: string }[] }>('GET', 'user?query=all')).getAllUser.find(
    (u) => u.username === 'robin',
  )!;
  await page.goto(`${product.url}/admin/user/${robin.id}`);
  const dialog = page.getByRole('dialog');

  await page.getByRole('tab', { name: 'Salaries' }).click();
  await page.getByRole('button', { name: 'Change salary' }).click();
  await dialog.getByLabel('Salary', { exact: true }).fill('2000');
  await dialog.getByLabel('From', { exact: true }).fill('2026-10-01');
  await dialog.getByLabel('From', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const salaries = page.getByTestId('salary-period');
  await salaries.filter({ hasText: '$2,000.00 per month' }).filter({ hasText: '2026-10-01 – now' }).waitFor();
  await salaries.filter({ hasText: '$1,800.00' }).filter({ hasText: '2026-01-01 – 2026-09-30' }).waitFor();

  await page.getByRole('tab', { name: 'Awards' }).click();
  await page.getByRole('button', { name: 'Add award' }).click();
  await choose(page, 'Award', 'Employee of the month');
  await dialog.getByLabel('Awarded on', { exact: true }).fill('2026-10-31');
  await dialog.getByLabel('Awarded on', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page
    .getByTestId('award-records')
    .getByRole('row', { name: /Employee of the month.*2026-10-31/ })
    .waitFor();

  await page.getByRole('tab', { name: 'Shift' }).click();
  await page.getByRole('button', { name: 'Change shift' }).click();
  await choose(page, 'Shift', 'Morning');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('staff-header').getByText('Morning, 08:00–14:00 (6 h)').waitFor();
  expect(problems).toEqual([]);
});
