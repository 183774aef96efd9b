import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * The built app under its Content-Security-Policy: the storefront, the admin and the till load and
 * work with no violation in the console (a blocked script or style would be a broken screen).
 */
let product: Product;
let browser: Browser;
const violations: string[] = [];
let productId = 0;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('console', (message) => {
    if (/Content.Security.Policy|violates/i.test(message.text())) violations.push(`${browser.page.url()}: ${message.text()}`);
  });
  browser.page.on('pageerror', (error) => violations.push(`page error at ${browser.page.url()}: ${error.message}`));
  const token = await ownerToken(product);
  productId = (
    await api<{ id: number }>(product, token, 'POST', 'product', {
      name: 'Policy mug',
      sku: 'CSP-MUG',
      productSalePrice: 4,
      productQuantity: 5,
      productPurchasePrice: 1,
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('answers carry the policy, frame-ancestors none, a referrer policy and no HSTS over plain HTTP', async () => {
  const answer = await fetch(`${product.url}/`);
  const policy = answer.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(answer.headers.get('strict-transport-security')).toBeNull();
});

test('the storefront, the admin and the till show no policy violation, at 1366 and 390 px', async () => {
  const { page } = browser;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
    await page.goto(`${product.url}/`);
    await page.getByText('Policy mug').first().waitFor();
    await page.goto(`${product.url}/products`);
    await page.getByText('Policy mug').first().waitFor();
    await page.goto(`${product.url}/product/${productId}`);
    await page.getByRole('heading', { name: 'Policy mug' }).waitFor();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Password').waitFor();
    await screenshot(page, `csp-storefront-${width}`);

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, product.url);
    await page.getByText('Sales').first().waitFor();
    // the charts (recharts, a chunk of their own) draw under the policy too
    await page.locator('figure[aria-label="Sales and profit over time"] svg.recharts-surface').first().waitFor();
    if (width < 992) {
      // the phone's menu is a drawer (antd locks the page's scroll with a style of its own)
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByTestId('admin-nav').waitFor();
      await page.keyboard.press('Escape');
    }
    await screenshot(page, `csp-dashboard-${width}`);
    await page.goto(`${product.url}/admin/pos`);
    const box = page.getByLabel('Find product');
    await box.fill('CSP-MUG');
    await box.press('Enter');
    await page.getByRole('row').filter({ hasText: 'CSP-MUG' }).waitFor();
    await screenshot(page, `csp-till-${width}`);
    // a notice (react-hot-toast) is drawn under the policy too
    await box.fill('no such product anywhere');
    await box.press('Enter');
    await page.getByText('No product matches').waitFor();
  }
  expect(violations).toEqual([]);
});
