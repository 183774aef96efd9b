import fs from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser?.close();
});

describe('with a working server', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(async () => {
    await product?.close();
  });

  test("an unknown shop path shows the 404 page, whose link leads to the shop's home", async () => {
    const { page } = browser;
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole('heading', { name: '404', exact: true }).waitFor();
    await page.getByText("Look like you're lost !", { exact: true }).waitFor();
    await page.getByText('the page you are looking for not avaible!', { exact: true }).waitFor();
    // 'Go to Dashboard' belongs to the admin's 404 page; a shopper is led back to the shop
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);
    const link = page.getByRole('link', { name: "Go to the shop's home page", exact: true });
    expect(await link.getAttribute('href')).toBe('/');
    await screenshot(page, 'not-found');
    await link.click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('heading', { name: 'New products' }).waitFor();
  });

  test('an unknown admin path shows the 404 page inside the admin area', async () => {
    const { page } = browser;
    await signIn(page, product.url, `/admin/no-such-screen`);
    await page.getByRole('heading', { name: '404', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard', exact: true }).click();
    await page.waitForURL(`${product.url}/admin/dashboard`);
  });

  test('the full-screen spinner shows while the settings load', async () => {
    const { page } = browser;
    // the settings call is held (not answered by the test) until the spinner has been seen
    let release!: () => void;
    const spinnerSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/setting', async (route: Route) => {
      await spinnerSeen;
      await route.continue();
    });
    await page.goto(`${product.url}/admin/auth/login`);
    await page.getByTestId('full-screen-spinner').waitFor();
    // a large spinner, alone on the page
    const spinner = page.getByTestId('full-screen-spinner').getByRole('progressbar', { name: 'Loading' });
    expect((await spinner.boundingBox())!.width).toBeGreaterThanOrEqual(40);
    expect(await page.getByRole('button', { name: /login/i }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: /login/i }).waitFor();
    await page.getByTestId('full-screen-spinner').waitFor({ state: 'detached' });
  });

  test('the storefront home shows the public categories and brands of the demo shop', async () => {
    const { page } = browser;
    await page.goto(`${product.url}/`);
    const categories = page.getByTestId('home-categories');
    for (const name of ['Household', 'Electronics', 'Personal care']) await categories.getByText(name, { exact: true }).waitFor();
    await categories.getByText(/Cleaning · Kitchen|Kitchen · Cleaning/).waitFor();
    for (const name of ['Household', 'Electronics', 'Personal care'])
      await page.getByTestId('store-categories').getByText(name, { exact: true }).waitFor();
    const brands = page.getByTestId('home-brands');
    for (const name of ['Acme', 'Northwind', 'Globex']) await brands.getByText(name, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Corner Shop (demo)' }).first().waitFor();
    await screenshot(page, 'storefront-home');
  });
});

describe('when the settings cannot be loaded', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(async () => {
    // the database is already closed: close the rest and remove the data folder
    await product?.booted.app.close();
    await fs.rm(product?.dataDir, { recursive: true, force: true });
  });

  test('the 500 page shows', async () => {
    const { page } = browser;
    await product.booted.database.close();
    const answer = await fetch(`${product.url}/v1/setting`);
    expect(answer.status).toBe(500);
    for (const path of ['/admin/auth/login', '/']) {
      await page.goto(`${product.url}${path}`);
      await page.getByRole('heading', { name: '500', exact: true }).waitFor();
      await page.getByText('Internal Server Error. Sorry something went wrong.', { exact: true }).waitFor();
      expect(await page.getByTestId('full-screen-spinner').count()).toBe(0);
    }
    await screenshot(page, 'server-error');
  });
});
