import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { customerMessages, messages } from '@tillbook/contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readMessage, startSmtp, type TestSmtp } from '../../server/test/smtp-server.ts';
import { type Browser, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let smtp: TestSmtp;
const problems: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  product = await startProduct({ MAIL_POLL_MS: '200' });
  await api(product, await ownerToken(product), 'POST', 'email-config', {
    emailConfigName: 'test',
    emailHost: '127.0.0.1',
    emailPort: smtp.port,
    emailEncryption: 'none',
    fromAddress: 'shop@example.com',
  });
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  await smtp?.close();
});

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Logs in through the storefront's form (opened first unless the page already shows it). */
async function logIn(page: Page, login: string, password: string, open = true) {
  if (open) await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, messages.loginSuccess);
}

async function logOut(page: Page) {
  await page.getByTestId('store-account').getByRole('button', { name: 'Logout' }).click();
  await notice(page, customerMessages.loggedOut);
  await page.getByTestId('store-account').getByRole('link', { name: 'Log in' }).waitFor();
}

/**
 * The recovery link of the newest password-reset mail to `email`, as the test SMTP server received it;
 * the link's origin is the server's PUBLIC_URL, so only its path and query are followed here.
 */
async function resetLinkFor(email: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const mail = smtp.received.findLast(
          (m) => m.recipients.includes(email) && /^Reset your password/.test(readMessage(m.raw).headers.subject ?? ''),
        );
        text = mail
          ? (readMessage(mail.raw)
              .parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))
              ?.body.toString('utf8') ?? '')
          : '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toMatch(/reset-password\?token=/);
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${product.url}${url.pathname}${url.search}`;
}

test('a shopper registers, logs out and in, edits the profile with a photo, changes the password and logs in with it', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/`);
  await page.getByTestId('store-account').getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL(`${product.url}/login`);
  // this shop has no Google client id: no Google button
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  expect(await page.getByTestId('google-signin').count()).toBe(0);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(`${product.url}/register`);

  // the password rules are checked before anything is sent
  await page.getByLabel('Username').fill('annie');
  await page.getByLabel('Email').fill('annie@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  // the form asks for the shopper's name: invoices carry it, not the username
  await page.getByText('First name is required').waitFor();
  await page.getByText('Last name is required').waitFor();
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');

  await page.getByLabel('Password', { exact: true }).fill('Annie-pass-1');
  await page.getByLabel('Confirm password').fill('Annie-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await notice(page, customerMessages.registered);
  // signed in at once: the header shows the shopper by the name given
  await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('Ann Lee');
  expect(await page.evaluate(() => [localStorage.getItem('role'), localStorage.getItem('isLogged')])).toEqual(['customer', 'true']);

  // a second account with the same e-mail is refused on the field
  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await page.goto(`${product.url}/register`);
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Other');
  await page.getByLabel('Username').fill('annie2');
  await page.getByLabel('Email').fill('annie@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Annie-pass-1');
  await page.getByLabel('Confirm password').fill('Annie-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Email already exists').waitFor();

  // a wrong password reads as the spec says
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill('annie@example.com');
  await page.getByLabel('Password').fill('Not-her-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, customerMessages.loginFailed);

  await logIn(page, 'annie@example.com', 'Annie-pass-1');
  await page.getByTestId('store-shopper').click();
  await page.waitForURL(`${product.url}/profile`);
  await page.getByTestId('profile-email').getByText('annie@example.com').waitFor();
  await page.getByLabel('First name').fill('Annie');
  await page.getByLabel('Last name').fill('Hall');
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  await page.getByLabel('Address').fill('1 Harbour Street\nBristol');
  const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Photo').setInputFiles({ name: 'annie.png', mimeType: 'image/png', buffer: photo });
  // the preview shows the chosen file before it is sent
  expect(await page.getByTestId('profile-photo').getAttribute('src')).toMatch(/^blob:/);
  await page.getByRole('button', { name: 'Save' }).click();
  await notice(page, messages.updated);
  // saved: the header takes the new name, and the photo is the server's copy
  await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('Annie Hall');
  await expect.poll(() => page.getByTestId('profile-photo').getAttribute('src')).not.toMatch(/^blob:/);
  const photoSrc = await page.getByTestId('profile-photo').getAttribute('src');
  const served = await page.request.get(new URL(photoSrc!, product.url).href);
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  await screenshot(page, 'shopper-profile');

  // after a reload the profile holds what was saved
  await page.reload();
  expect(await page.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');
  expect(await page.getByLabel('Address').inputValue()).toBe('1 Harbour Street\nBristol');

  await page.getByRole('link', { name: 'Change password' }).click();
  await page.waitForURL(`${product.url}/change-password`);
  await page.getByLabel('Current password').fill('Wrong-pass-9');
  await page.getByLabel('New password', { exact: true }).fill('Annie-new-2');
  await page.getByLabel('Confirm new password').fill('Annie-new-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('alert').first().waitFor();
  expect(page.url()).toBe(`${product.url}/change-password`);
  await page.getByLabel('Current password').fill('Annie-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await notice(page, customerMessages.passwordChanged);
  await page.waitForURL(/\/login/);

  // the old password no longer works; the new one does
  await page.getByLabel('Email').fill('annie@example.com');
  await page.getByLabel('Password').fill('Annie-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, customerMessages.loginFailed);
  await logIn(page, 'annie', 'Annie-new-2');
  await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('Annie Hall');
  await logOut(page);
  expect(problems).toEqual([]);
});

test('at 390 px: forgot password, the link from the mail, a new password, and a 401 on the profile', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // a shopper to recover
    await page.goto(`${product.url}/register`);
    await page.getByLabel('First name').fill('Bertie');
    await page.getByLabel('Last name').fill('Wooster');
    await page.getByLabel('Username').fill('bertie');
    await page.getByLabel('Email').fill('bertie@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Bertie-pass-1');
    await page.getByLabel('Confirm password').fill('Bertie-pass-1');
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-register-390');
    await page.getByRole('button', { name: 'Create account' }).click();
    await notice(page, customerMessages.registered);
    await page.getByTestId('store-shopper').waitFor();
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-header-390');
    await logOut(page);

    await page.goto(`${product.url}/login`);
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-login-390');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${product.url}/forgot-password`);
    // the login page (with its own Email field) stays shown until the recovery page's code has loaded
    await page.getByTestId('shopper-forgot-password').waitFor();
    await page.getByLabel('Email').fill('bertie@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await notice(page, customerMessages.forgotRequested);
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-forgot-390');

    const link = await resetLinkFor('bertie@example.com');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Bertie-new-2');
    await page.getByLabel('Confirm new password').fill('Bertie-new-2');
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-reset-390');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await notice(page, customerMessages.passwordRecovered);
    await page.waitForURL(`${product.url}/login`);

    // the link works once
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Bertie-other-3');
    await page.getByLabel('Confirm new password').fill('Bertie-other-3');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText(/already been used/).waitFor();

    await logIn(page, 'bertie@example.com', 'Bertie-new-2');
    await page.goto(`${product.url}/profile`);
    await page.getByTestId('profile-form').waitFor();
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-profile-390');
    await page.goto(`${product.url}/change-password`);
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-change-password-390');

    // a token the server refuses and no refresh cookie to renew it with (a 401 with a good cookie refreshes, see
    // shopper-session.test.ts): the 401 removes the session keys (the cart stays) and the profile says so
    await browser.context.clearCookies();
    await page.evaluate(() => {
      localStorage.setItem('access-token', 'not-a-token');
      localStorage.setItem('cart', '[]');
    });
    await page.goto(`${product.url}/profile`);
    await page.getByTestId('shopper-logged-out').waitFor();
    await page.getByTestId('store-account').getByRole('link', { name: 'Log in' }).waitFor();
    expect(
      await page.evaluate(() => ['id', 'access-token', 'role', 'user', 'isLogged', 'cart'].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null, null, null, '[]']);
    await expectNoOverflow(page);
    await screenshot(page, 'shopper-logged-out-390');
    await page.getByTestId('shopper-logged-out').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${product.url}/login?next=%2Fprofile`);
    // back where the shopper was after logging in
    await logIn(page, 'bertie', 'Bertie-new-2', false);
    await page.waitForURL(`${product.url}/profile`);
    await page.getByTestId('profile-form').waitFor();
    expect(problems).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

/**
 * Google sign-in with a client id configured. The browser cannot reach Google here, so Google's
 * script is answered by a stand-in with the same API (initialize, renderButton) whose button hands the
 * page a token signed by a key of this test; the server checks it against this test's JWKS.
 */
test('with a Google client id the login page shows the Google button, and its token signs the shopper in', async () => {
  const clientId = 'tillbook-e2e.apps.googleusercontent.com';
  const keys = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  const jwks = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const googleShop = await startProduct({
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
  });
  const { page } = browser;
  try {
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: '1100000000000000042',
      email: 'gina@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Gold',
      iat: now - 10,
      exp: now + 3600,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key', typ: 'JWT' })
      .sign(keys.privateKey);
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(options) { window.gsiOptions = options; },
          renderButton(parent) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Sign in with Google';
            button.onclick = () => window.gsiOptions.callback({ credential: ${JSON.stringify(credential)} });
            parent.append(button);
          },
        } } };`,
      }),
    );
    await page.goto(`${googleShop.url}/login`);
    await page.getByTestId('google-signin').getByRole('button', { name: 'Sign in with Google' }).click();
    await notice(page, messages.loginSuccess);
    await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('Gina Gold');
    await screenshot(page, 'shopper-google-signed-in');
    await page.getByTestId('store-shopper').click();
    await page.getByTestId('profile-email').getByText('gina@example.com').waitFor();
    expect(problems).toEqual([]);
  } finally {
    await page.unroute('https://accounts.google.com/gsi/client');
    await page.evaluate(() => localStorage.clear());
    await googleShop.close();
    await new Promise<void>((resolve) => jwks.close(() => resolve()));
  }
});
