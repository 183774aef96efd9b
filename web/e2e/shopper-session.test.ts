import { messages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { must } from './shop-api.ts';

/**
 * A shopper stays signed in past the access token's life (issue 29): the storefront renews the session with
 * the shoppers' refresh cookie, as the admin does with its own, and the cart and My orders stay. The product
 * runs with access tokens of 2 seconds, so the test outlives one with a short wait.
 */
let product: Product;
let browser: Browser;
const problems: string[] = [];
const shopper = { username: 'staysignedin', email: 'stay.signed.in@shop.test', password: 'Shopper-pass1!' };
let orderId = 0;

type Rows = Record<string, Record<string, unknown>[]>;
const rowsOf = (answer: Rows) => Object.values(answer).find(Array.isArray)!;
const idIn = (answer: Rows, field: string, value: unknown) => Number(rowsOf(answer).find((r) => r[field] === value)!.id);

/** A fresh shopper token for each call of the setup: one lives only 2 seconds. */
const shopperToken = async () =>
  (await must<{ token: string }>(product, null, 'POST', 'customer/login', { email: shopper.email, password: shopper.password })).token;

beforeAll(async () => {
  product = await startProduct({ ACCESS_TOKEN_TTL: '2s' });
  await must(product, null, 'POST', 'customer/register', { ...shopper, confirmPassword: shopper.password });
  const products = await must<Rows>(product, null, 'GET', 'product/public?count=100');
  const fees = await must<Rows>(product, null, 'GET', 'delivery-fee/public');
  const methods = await must<Rows>(product, null, 'GET', 'payment-method/public');
  const soap = idIn(products, 'name', 'Dish Soap Lemon 500 ml');
  await must(product, await shopperToken(), 'POST', 'cart', { cartProduct: [{ productId: soap, productQuantity: 1 }] });
  const placed = await must<{ createdCartOrder: { id: number } }>(
    product,
    await shopperToken(),
    'POST',
    'cart-order',
    {
      deliveryFeeId: idIn(fees, 'deliveryArea', 'City centre'),
      paymentMethodId: idIn(methods, 'methodName', 'Cash on delivery'),
      deliveryAddress: '4 Long Lane',
      customerPhone: '+44 7000 444',
    },
    { 'Idempotency-Key': 'stay-signed-in-1' },
  );
  orderId = placed.createdCartOrder.id;
  // two of the soap wait in the cart
  await must(product, await shopperToken(), 'POST', 'cart', { cartProduct: [{ productId: soap, productQuantity: 2 }] });
});
afterAll(async () => {
  await product?.close();
});
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser?.close();
  expect(problems).toEqual([]);
});

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
/**
 * Until the access token the page holds has expired: the one wait that has to pass time, as long as the
 * token has left (at most its 2 s life). The server counts whole seconds, so a token is refused once the
 * clock reaches its `exp` second.
 */
async function outliveAccessToken(page: Page) {
  const token = (await storage(page))['access-token'];
  if (!token) throw new Error('the page holds no access token');
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  const left = exp * 1000 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Counts the shoppers' refresh calls a page makes (observed, never answered by the test). */
function countRefreshes(page: Page) {
  const seen = { refreshes: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/customer/refresh-token') seen.refreshes++;
  });
  return seen;
}

async function logIn(page: Page) {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('status').filter({ hasText: messages.loginSuccess }).first().waitFor();
  await expect.poll(async () => (await storage(page)).isLogged).toBe('true');
}

/** Signed in as the shopper: the header offers Logout (not Log in), the cart holds the two soaps and My orders the order. */
async function expectSignedIn(page: Page) {
  await page.goto(`${product.url}/orders`);
  await page
    .getByTestId('order-row')
    .filter({ hasText: `Order #${orderId}` })
    .waitFor();
  await page.getByTestId('store-account').getByRole('button', { name: 'Logout' }).waitFor();
  // (waited for, not polled: the first call meets the expired token, refreshes and is sent again)
  await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).first().waitFor();
  await page.goto(`${product.url}/cart`);
  const lines = page.getByTestId('cart-page').getByTestId('cart-line');
  await lines.first().waitFor();
  expect(await lines.count()).toBe(1);
  expect(await lines.getByTestId('cart-line-quantity').textContent()).toBe('2');
  expect(await page.getByTestId('store-account').getByRole('link', { name: 'Log in' }).count()).toBe(0);
  const kept = await storage(page);
  expect(kept).toMatchObject({ isLogged: 'true', role: 'customer' });
  expect(kept['access-token']).toBeTruthy();
}

test('past the access token’s life the shopper is still signed in, with the cart and My orders', async () => {
  const { page } = browser;
  await logIn(page);
  const first = (await storage(page))['access-token'];
  const seen = countRefreshes(page);

  await outliveAccessToken(page);
  await expectSignedIn(page);
  expect((await storage(page))['access-token']).not.toBe(first);
  expect(seen.refreshes).toBeGreaterThanOrEqual(1);

  // and again: each access token's end is met by the next refresh
  await outliveAccessToken(page);
  await expectSignedIn(page);
  await screenshot(page, 'shopper-session-cart-after-refresh');
});

test('two tabs meeting the expiry at once both stay signed in (the second refresh of one cookie gets the same successor)', async () => {
  const { page, context } = browser;
  await logIn(page);
  const other = await context.newPage();
  other.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await other.goto(`${product.url}/orders`);
  await other.getByTestId('order-row').first().waitFor();

  await outliveAccessToken(page);
  // both tabs load at once with the expired token: each refreshes with the same cookie
  await Promise.all([page.reload(), other.reload()]);
  await Promise.all([
    page.getByTestId('store-account').getByRole('button', { name: 'Logout' }).waitFor(),
    other
      .getByTestId('order-row')
      .filter({ hasText: `Order #${orderId}` })
      .waitFor(),
  ]);
  // the cookie both now hold works on: past the next expiry both are still signed in
  await outliveAccessToken(page);
  await expectSignedIn(page);
  await expectSignedIn(other);
});

test('a session whose refresh cookie is gone ends at the next 401: the session keys go, the cart in the browser stays', async () => {
  const { page, context } = browser;
  await logIn(page);
  await page.evaluate(() => localStorage.setItem('cart', '[]'));
  await context.clearCookies();
  await outliveAccessToken(page);
  await page.goto(`${product.url}/orders`);
  await page.getByTestId('shopper-logged-out').waitFor();
  await expect.poll(async () => (await storage(page)).isLogged).toBeUndefined();
  expect(await storage(page)).toMatchObject({ cart: '[]' });
  expect(new URL(page.url()).pathname).toBe('/orders');
});
