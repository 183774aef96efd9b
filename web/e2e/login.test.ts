import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loginAs, openBrowser, screenshot, startProduct, type Browser, type Product } from './harness.ts';

let product: Product;
let browser: Browser;
beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('the login form names both missing fields, then a good login lands on the dashboard with the session stored', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/auth/login`);
  await page.getByRole('heading', { name: 'Welcome to Tillbook' }).waitFor();
  await page.getByRole('button', { name: /login/i }).click();
  await page.getByText(messages.loginUsernameRequired).waitFor();
  await page.getByText(messages.loginPasswordRequired).waitFor();
  await screenshot(page, 'login');
  await loginAs(page, product.url);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored).toMatchObject({ role: 'super-admin', isLogged: 'true', roleId: expect.any(String), id: expect.any(String) });
  expect(stored['access-token']).toBeTruthy();
  await page.getByTestId('display-name').getByText('Shop Owner').waitFor();
  await screenshot(page, 'dashboard');
});
