import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { acceptedText, freePort, readMessage, startSmtp, type TestSmtp } from '../../server/test/smtp-server.ts';
import { openScreen } from './admin-nav.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let smtp: TestSmtp;
const problems: string[] = [];
const ids = { sale: 0 };

type Sale = { createdInvoice: { id: number } };

beforeAll(async () => {
  smtp = await startSmtp();
  // one try only, so that a mail to a dead server fails at once
  product = await startProduct({ MAIL_POLL_MS: '200', MAIL_MAX_ATTEMPTS: '1' });
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => api<T>(product, token, method, path, body);
  const methods = await call<{ getAllPaymentMethod: { id: number; methodName: string }[] }>('GET', 'payment-method?query=all');
  const cash = methods.getAllPaymentMethod.find((m) => m.methodName === 'Cash')!.id;
  const vats = await call<{ getAllProductVat: { id: number; percentage: number }[] }>('GET', 'product-vat?query=all');
  const kettle = await call<{ id: number }>('POST', 'product', {
    name: 'Green kettle',
    sku: 'KETTLE-GREEN',
    productQuantity: 10,
    productPurchasePrice: 6,
    productSalePrice: 10,
    productVatId: vats.getAllProductVat.find((v) => Number(v.percentage) === 10)!.id,
  });
  const bob = await call<{ id: number }>('POST', 'customer', { username: 'Bob Buyer', email: 'bob@example.com' });
  // 1 kettle at 10.00 + 10 % VAT = 11.00, paid in cash
  ids.sale = (
    await call<Sale>('POST', 'sale-invoice', {
      customerId: bob.id,
      saleInvoiceProduct: [{ productId: kettle.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: cash, amount: 11 }],
    })
  ).createdInvoice.id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  await smtp?.close();
});

/** Nothing is wider than a 390 px phone: the page never scrolls sideways. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, name);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

const received = (to: string, subject: string) =>
  smtp.received.find((m) => m.recipients.includes(to) && readMessage(m.raw).headers.subject?.includes(subject));

test('e-mail settings are added on their screen, the password only shows as set, and a test mail shows the server’s own answer', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/email-config');
  await page.getByRole('button', { name: 'Add settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Settings name', { exact: true }).fill('Shop mail');
  await dialog.getByLabel('SMTP host', { exact: true }).fill('127.0.0.1');
  await dialog.getByLabel('Port', { exact: true }).fill(String(smtp.port));
  await dialog.getByLabel('Encryption', { exact: true }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^none$/ })
    .click();
  await dialog.getByLabel('User name', { exact: true }).fill('shop');
  await dialog.getByLabel('Password', { exact: true }).fill('s3cret pass');
  await dialog.getByLabel('From name', { exact: true }).fill('Corner Shop');
  await dialog.getByLabel('From address', { exact: true }).fill('shop@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Shop mail' });
  await row.getByText(`127.0.0.1:${smtp.port}`).waitFor();
  await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('set');

  // editing with the password left empty keeps it (the server logs in with it)
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect.poll(() => dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
  await dialog.getByText('Password: set. Leave empty to keep it.').waitFor();
  await dialog.getByLabel('From name', { exact: true }).fill('Corner Shop Ltd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await row.getByText('Corner Shop Ltd').waitFor();
  await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('set');

  await row.getByRole('button', { name: 'Send a test mail' }).click();
  await page.getByLabel('Test recipient', { exact: true }).fill('owner@example.com');
  await page.getByRole('button', { name: 'Send test mail' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'The mail server took the mail' });
  await outcome.waitFor();
  // the SMTP server's own words, as it answered
  expect(await outcome.innerText()).toContain(acceptedText);
  const test = smtp.received.find((m) => m.recipients.includes('owner@example.com'))!;
  expect(test.user).toBe('shop');
  expect(test.password).toBe('s3cret pass');
  await fitsPhone(page, 'mail-settings-test-phone');
  await page.keyboard.press('Escape');
  await fitsPhone(page, 'mail-settings-phone');
});

test('a mail written with a file reaches the SMTP server and shows sent in the outbox', async () => {
  const { page } = browser;
  await openScreen(page, 'Write an e-mail');
  await page.waitForURL(`${product.url}/admin/email/compose`);
  await page.getByLabel('Send with', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Shop mail' }).click();
  await page.getByLabel('To', { exact: true }).fill('carol@example.com');
  await page.getByLabel('Cc', { exact: true }).fill('dave@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Your order is ready');
  await page.getByLabel('Message', { exact: true }).fill('<p>Come by any time.</p>');
  await page.locator('input[type=file]').setInputFiles({ name: 'list.txt', mimeType: 'text/plain', buffer: Buffer.from('two kettles') });
  await page.getByText('list.txt').waitFor();
  await fitsPhone(page, 'mail-compose-phone');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('The mail to carol@example.com is queued').waitFor();
  await page.waitForURL(`${product.url}/admin/outbox`);

  // the worker sends it; the outbox screen looks again while a mail waits
  const row = page.getByRole('row').filter({ hasText: 'Your order is ready' });
  await row.getByText('sent', { exact: true }).waitFor({ timeout: 20_000 });
  expect(await row.innerText()).toContain(acceptedText);
  const mail = received('carol@example.com', 'Your order is ready')!;
  expect(mail.recipients).toEqual(expect.arrayContaining(['carol@example.com', 'dave@example.com']));
  const file = readMessage(mail.raw).parts.find((p) => /list\.txt/.test(p.headers['content-disposition'] ?? ''))!;
  expect(file.body.toString('utf8')).toBe('two kettles');

  // the state filter: Bob's welcome mail failed (he was added before there were any e-mail settings, one try only)
  await page.locator('.ant-segmented-item').filter({ hasText: 'Failed' }).click();
  const welcome = page.getByRole('row').filter({ hasText: 'bob@example.com' }).filter({ hasText: 'welcome' });
  await welcome.getByText('failed', { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  expect(await welcome.locator('td').nth(6).innerText()).toBe('1');
  await page.locator('.ant-segmented-item').filter({ hasText: 'Sent' }).click();
  await row.waitFor();
  await welcome.waitFor({ state: 'detached' });
  // now that there are settings, Retry sends it
  await page.locator('.ant-segmented-item').filter({ hasText: 'All' }).click();
  await welcome.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('The mail is queued again').waitFor();
  await welcome.getByText('sent', { exact: true }).waitFor({ timeout: 20_000 });
  expect(await welcome.locator('td').nth(6).innerText()).toBe('2');
  await expect.poll(() => received('bob@example.com', 'Welcome')).toBeTruthy();
  await fitsPhone(page, 'mail-outbox-phone');
});

test("a sale's invoice is e-mailed from its page to the customer's address, with the PDF attached", async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/sale-invoice/${ids.sale}`);
  await page.getByRole('button', { name: 'E-mail this invoice' }).click();
  const dialog = page.getByRole('dialog');
  // the recipient comes from the customer's record
  await expect.poll(() => dialog.getByLabel('Recipient', { exact: true }).inputValue()).toBe('bob@example.com');
  await dialog.getByLabel('Subject', { exact: true }).fill('Your kettle invoice');
  await dialog.getByLabel('Message', { exact: true }).fill('<p>Thank you, Bob.</p>');
  await fitsPhone(page, 'mail-invoice-phone');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await expect.poll(() => received('bob@example.com', 'Your kettle invoice'), { timeout: 20_000 }).toBeTruthy();
  const message = readMessage(received('bob@example.com', 'Your kettle invoice')!.raw);
  const pdf = message.parts.find((p) => /application\/pdf/i.test(p.headers['content-type'] ?? ''))!;
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // the PDF downloads from the same page
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await fitsPhone(page, 'mail-sale-detail-phone');
  expect(problems).toEqual([]);
});

test('settings for a server that is not there: the test send shows the error, the mail fails in the outbox and Retry tries it again', async () => {
  const { page } = browser;
  const token = await ownerToken(product);
  const deadPort = await freePort();
  await api(product, token, 'POST', 'email-config', {
    emailConfigName: 'Dead mail',
    emailHost: '127.0.0.1',
    emailPort: deadPort,
    emailEncryption: 'none',
    fromAddress: 'shop@example.com',
  });
  await page.goto(`${product.url}/admin/email-config`);
  await page.getByRole('row').filter({ hasText: 'Dead mail' }).getByRole('button', { name: 'Send a test mail' }).click();
  await page.getByLabel('Test recipient', { exact: true }).fill('owner@example.com');
  await page.getByRole('button', { name: 'Send test mail' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'The mail was not sent' });
  await outcome.waitFor();
  // the connection's own error (nothing listens on that port)
  expect(await outcome.innerText()).toMatch(/ECONNREFUSED|connect/i);
  await page.keyboard.press('Escape');

  const form = new FormData();
  form.append('receiverEmail', 'erin@example.com');
  form.append('subject', 'Going nowhere');
  form.append('body', '<p>Hello</p>');
  await api(product, token, 'POST', 'email?emailConfigName=Dead%20mail', form);
  await page.goto(`${product.url}/admin/outbox`);
  await page.locator('.ant-segmented-item').filter({ hasText: 'Failed' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Going nowhere' });
  // the worker tried once (MAIL_MAX_ATTEMPTS 1): failed, one attempt, the error beside it
  await row.getByText('failed', { exact: true }).waitFor({ timeout: 20_000 });
  expect(await row.locator('td').nth(6).innerText()).toBe('1');
  expect(await row.innerText()).toMatch(/ECONNREFUSED|connect/i);
  await row.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('The mail is queued again').waitFor();
  await page.locator('.ant-segmented-item').filter({ hasText: 'All' }).click();
  // tried once more, and failed again: two attempts
  await expect.poll(() => row.locator('td').nth(6).innerText(), { timeout: 20_000 }).toBe('2');
  await row.getByText('failed', { exact: true }).waitFor();
  expect(problems).toEqual([]);
});
