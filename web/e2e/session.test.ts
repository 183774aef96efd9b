import { messages } from '@tillbook/contract';
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, ownerPassword, ownerUsername, type Product, startProduct } from './harness.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser?.close();
});

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }) as Record<string, string>);

/** Opens the Colours screen from the menu and waits for its rows (the demo colours). */
async function openColours(page: Page) {
  await openScreen(page, 'Colours');
  await page.waitForURL(/\/admin\/colour/);
}

/**
 * Counts the refresh calls the page makes (observed only, never answered by the test), the most in
 * flight at once, and when the first was sent.
 */
function countRefreshes(page: Page) {
  const seen = { refreshes: 0, inFlight: 0, mostAtOnce: 0, firstAt: 0 };
  const isRefresh = (url: string) => new URL(url).pathname === '/v1/user/refresh-token';
  page.on('request', (request) => {
    if (!isRefresh(request.url())) return;
    seen.refreshes++;
    seen.firstAt ||= Date.now();
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.inFlight);
  });
  const ended = (request: Request) => {
    if (isRefresh(request.url())) seen.inFlight--;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return seen;
}

/**
 * The refreshes a page working since the first one may need: that one, plus one per access token life
 * (2 s) gone by since, which a slow machine can reach before the page has loaded.
 */
const refreshesAllowed = (seen: { firstAt: number }) => 1 + Math.floor((Date.now() - seen.firstAt) / 2_000);

/** Just past the access token's life (2 s): the one wait that has to be a sleep. */
const outliveAccessToken = () => new Promise((resolve) => setTimeout(resolve, 3_000));

describe('with access tokens that live 2 seconds', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ ACCESS_TOKEN_TTL: '2s' });
  });
  afterAll(async () => {
    await product?.close();
  });

  test('an expired access token is refreshed once and the page keeps working', async () => {
    const { page } = browser;
    await loginAs(page, product.url);
    const before = (await storage(page))['access-token'];
    const seen = countRefreshes(page);
    await outliveAccessToken();
    await openColours(page);
    await page.getByRole('cell', { name: 'Black', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Red', exact: true }).waitFor();
    const after = await storage(page);
    expect(after['access-token']).toBeTruthy();
    expect(after['access-token']).not.toBe(before);
    expect(after.isLogged).toBe('true');
    // the calls that met the expired token shared one refresh
    expect(seen.mostAtOnce).toBe(1);
    expect(seen.refreshes).toBeGreaterThanOrEqual(1);
    expect(seen.refreshes).toBeLessThanOrEqual(refreshesAllowed(seen));
    expect(new URL(page.url()).pathname).toBe('/admin/colour');
  });

  test('a refresh that fails clears local storage and sends the browser to the login page', async () => {
    const { page, context } = browser;
    await loginAs(page, product.url);
    await outliveAccessToken();
    await context.clearCookies();
    await openColours(page);
    await page.waitForURL(`${product.url}/admin/auth/login`);
    await page.getByRole('button', { name: /login/i }).waitFor();
    expect(await storage(page)).toEqual({});
  });
});

describe('with access tokens of the default life', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(async () => {
    await product?.close();
  });

  test('logout clears local storage, says so, and the server refuses the ended session afterwards', async () => {
    const { page, context } = browser;
    await loginAs(page, product.url);
    const cookie = (await context.cookies(`${product.url}/v1/user/refresh-token`)).find((c) => c.name === 'refreshToken');
    expect(cookie?.value).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText(messages.logoutSuccess).waitFor();
    expect(messages.logoutSuccess).toBe('LogOut Successfully Done');
    await page.waitForURL(`${product.url}/admin/auth/login`);
    expect(await storage(page)).toEqual({});

    // the browser's cookie is gone, and the token it held is revoked on the server
    expect(await page.evaluate(() => fetch('/v1/user/refresh-token', { credentials: 'include' }).then((r) => r.status))).toBe(401);
    const replay = await fetch(`${product.url}/v1/user/refresh-token`, { headers: { cookie: `refreshToken=${cookie!.value}` } });
    expect(replay.status).toBe(401);

    // the admin area is closed again
    await page.goto(`${product.url}/admin/dashboard`);
    await page.waitForURL(`${product.url}/admin/auth/login`);
  });

  test('the demo shortcut saves the session from the address, then takes the token out of it', async () => {
    const { page } = browser;
    const login = await fetch(`${product.url}/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
    });
    const owner = (await login.json()) as { token: string; id: number; roleId: number; role: string };
    const query = new URLSearchParams({
      demo: '',
      token: owner.token,
      id: String(owner.id),
      roleId: String(owner.roleId),
      role: owner.role,
    });
    await page.goto(`${product.url}/admin/colour?${query}`);
    await page.getByRole('cell', { name: 'Black', exact: true }).waitFor();
    expect(await storage(page)).toMatchObject({
      'access-token': owner.token,
      id: String(owner.id),
      roleId: String(owner.roleId),
      role: owner.role,
      isLogged: 'true',
    });
    expect(page.url()).toBe(`${product.url}/admin/colour`);
  });

  test('outside the admin area a 401 removes only id, access-token, role, user and isLogged; the cart stays', async () => {
    const { page } = browser;
    await page.goto(`${product.url}/`);
    await page.getByTestId('home-categories').waitFor();
    const session = {
      'access-token': 'bogus-token',
      id: '5',
      role: 'customer',
      user: '{"id":5}',
      isLogged: 'true',
      roleId: '3',
      cart: '[{"id":1,"productId":2,"productQuantity":1}]',
      'pf-user-email': 'shopper@shop.test',
    };
    await page.evaluate((values) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, session);

    // The header reads a signed-in shopper's cart, a customer route: its 401 removes the session keys, with
    // no retry and no trip to the staff login; the cart, the role id and the remembered e-mail stay.
    const left = { roleId: '3', cart: session.cart, 'pf-user-email': 'shopper@shop.test' };
    await page.reload();
    await page.getByTestId('home-categories').waitFor();
    await expect.poll(() => storage(page)).toEqual(left);
    await page.getByTestId('store-account').getByRole('link', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // So does the profile's: the page shows the shopper logged out.
    await page.evaluate((values) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, session);
    await page.goto(`${product.url}/profile`);
    await page.getByTestId('shopper-logged-out').waitFor();
    await expect.poll(() => storage(page)).toEqual(left);
    expect(new URL(page.url()).pathname).toBe('/profile');
  });
});
