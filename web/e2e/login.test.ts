import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@tillbook/contract';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, ownerPassword, ownerUsername, type Product, screenshot, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser?.close();
});

const loginUrl = () => `${product.url}/admin/auth/login`;
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Sets a logo file through the settings call, as the owner; answers the logo URL. */
async function uploadLogo(): Promise<string> {
  const login = await fetch(`${product.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('logo', new Blob([tinyPng], { type: 'image/png' }), 'logo.png');
  const saved = await fetch(`${product.url}/v1/setting`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(saved.status).toBe(200);
  const { logo } = (await saved.json()) as { logo: string };
  expect((await fetch(`${product.url}${logo}`)).status).toBe(200);
  return logo;
}

test('the login form names both missing fields, word for word', async () => {
  const { page } = browser;
  await page.goto(loginUrl());
  await page.getByRole('heading', { name: 'Welcome to Tillbook' }).waitFor();
  await page.getByText('Powered by Tillbook').waitFor();
  await page.getByRole('button', { name: /login/i }).click();
  await page.getByText('Please input your username!', { exact: true }).waitFor();
  await page.getByText('Please input password!', { exact: true }).waitFor();
  expect(messages.loginUsernameRequired).toBe('Please input your username!');
  expect(messages.loginPasswordRequired).toBe('Please input password!');
  await screenshot(page, 'login');
});

test('a wrong password keeps the form with the typed username, stops the loading and shows an error notice', async () => {
  const { page } = browser;
  await page.goto(loginUrl());
  await page.getByLabel('Email').fill(ownerUsername);
  await page.getByLabel('Password').fill('not-the-password');
  const button = page.getByRole('button', { name: /login/i });
  await button.click();
  await page.getByRole('status').getByText('username or password is incorrect').waitFor();
  await page.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
  expect(await button.isEnabled()).toBe(true);
  expect(await page.getByLabel('Email').inputValue()).toBe(ownerUsername);
  expect(new URL(page.url()).pathname).toBe('/admin/auth/login');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('a good login lands on the dashboard with the session stored', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await page.getByText(messages.loginSuccess).waitFor();
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(Object.keys(stored).sort()).toEqual(['access-token', 'id', 'isLogged', 'role', 'roleId', 'user']);
  expect(stored).toMatchObject({
    role: 'super-admin',
    isLogged: 'true',
    roleId: expect.stringMatching(/^\d+$/),
    id: expect.stringMatching(/^\d+$/),
  });
  expect(stored['access-token']!.split('.')).toHaveLength(3);
  expect(JSON.parse(stored.user!)).toMatchObject({ id: Number(stored.id), username: ownerUsername });
  await page.getByTestId('display-name').getByText('Shop Owner').waitFor();
  await screenshot(page, 'dashboard');
});

test('the login page redirects to /admin when the logged-in flag is already stored', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await page.goto(loginUrl());
  await page.waitForURL(`${product.url}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
});

test('the login page shows the text title without a logo, and when the logo file is gone; the logo when it loads', async () => {
  const { page } = browser;
  await page.goto(loginUrl());
  await page.getByTestId('login-title').filter({ hasText: 'Corner Shop (demo)' }).waitFor();
  expect(await page.getByTestId('login-logo').count()).toBe(0);

  const missing = await uploadLogo();
  await fs.rm(path.join(product.dataDir, 'uploads', path.basename(missing)));
  await page.goto(loginUrl());
  await page.getByTestId('login-title').filter({ hasText: 'Corner Shop (demo)' }).waitFor();
  expect(await page.getByTestId('login-logo').count()).toBe(0);

  const present = await uploadLogo();
  await page.goto(loginUrl());
  const logo = page.getByTestId('login-logo');
  await logo.waitFor();
  expect(await logo.getAttribute('src')).toBe(present);
  await page.waitForFunction(() => (document.querySelector('[data-testid="login-logo"]') as HTMLImageElement | null)?.naturalWidth === 1);
  expect(await page.getByTestId('login-title').count()).toBe(0);
});
