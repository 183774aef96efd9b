import { customerMessages, formatMoney, toCents } from '@tillbook/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { cartMessages } from '../src/storefront/cart/cart-messages.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * One shop, one set of books (issue 29), as its people see it. A shopper on a phone (390 px) signs up
 * with a name, orders with a coupon and stays signed in past the access token's life (2 seconds here);
 * the owner (1366 px) reads the order's invoice, whose totals add up on the page, and finds the order in
 * the dashboard's web sales and in the VAT report's output VAT on sales.
 */
let product: Product;
let browser: Browser | undefined;
const problems: string[] = [];
let lampId = 0;
/** What the dashboard and the VAT report said before the order (the demo shop may hold trade of its own). */
let before = { webSales: 0, webOrders: 0, outputVatOnSales: 0, otherVat: 0 };
let orderId = 0;

type Dashboard = { channels: { web: { sales: number; invoices: number } } };
type Vat = { output: { sales: number }; other: number };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Each setup call with a fresh owner token: one lives only 2 seconds. */
const asOwner = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  api<T>(product, await ownerToken(product), method, path, body);

beforeAll(async () => {
  product = await startProduct({ ACCESS_TOKEN_TTL: '2s' });
  const vats = await asOwner<{ getAllProductVat: { id: number; percentage: number }[] }>('GET', 'product-vat?query=all');
  // 20.00 + 10 % VAT = 22.00 a lamp
  const lamp = await asOwner<{ id: number }>('POST', 'product', {
    name: 'Journey lamp',
    sku: 'JOURNEY-LAMP',
    productQuantity: 10,
    productPurchasePrice: 9,
    productSalePrice: 20,
    productVatId: vats.getAllProductVat.find((v) => Number(v.percentage) === 10)!.id,
  });
  lampId = lamp.id;
  await asOwner('POST', 'coupon', { couponCode: 'JOURNEY5', type: 'flat', value: 5, startDate: day(-1), endDate: day(5) });
  const dashboard = await asOwner<Dashboard>('GET', 'dashboard');
  const vat = await asOwner<Vat>('GET', 'product-vat/statement');
  before = {
    webSales: toCents(dashboard.channels.web.sales),
    webOrders: dashboard.channels.web.invoices,
    outputVatOnSales: toCents(vat.output.sales),
    otherVat: toCents(vat.other),
  };
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
  expect(problems).toEqual([]);
});

async function open(width: number) {
  browser = await openBrowser();
  await browser.page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return browser.page;
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
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
/** An amount as printed ('$1,234.50', '−$5.00'), in cents, without its sign. */
const cents = (text: string) => Math.abs(toCents(Number(text.replace(/[^0-9.]/g, ''))));
const dollars = (amount: number) => `$${formatMoney(amount as Parameters<typeof formatMoney>[0])}`;
const fitsWidth = (page: Page, width: number) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('on a phone a shopper signs up with a name, orders with a coupon and stays signed in past the token’s life', async () => {
  const page = await open(390);
  await page.goto(`${product.url}/register`);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quill');
  await page.getByLabel('Username').fill('nora-q');
  await page.getByLabel('Email').fill('nora@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Nora-pass-1');
  await page.getByLabel('Confirm password').fill('Nora-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await notice(page, customerMessages.registered);
  await expect.poll(async () => (await storage(page)).isLogged).toBe('true');

  await page.goto(`${product.url}/product/${lampId}`);
  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await notice(page, cartMessages.productAdded);

  // the checkout's first calls meet an expired token: the session is renewed, not ended
  await outliveAccessToken(page);
  await page.goto(`${product.url}/checkout`);
  const checkout = page.getByTestId('checkout-page');
  await checkout.getByTestId('checkout-goods').filter({ hasText: '$22.00' }).waitFor();
  await checkout.getByLabel('Delivery address').fill('9 Harbour Road\nWhitby');
  await checkout.getByLabel('Phone').fill('+44 7000 929');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'City centre ($3.50)' });
  await checkout.getByRole('radio', { name: /Cash on delivery/ }).check();
  await checkout.getByLabel('Coupon code').fill('journey5');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await checkout.getByTestId('coupon-applied').filter({ hasText: 'Coupon JOURNEY5: $5.00 off' }).waitFor();
  // the server's quote: 22.00 − 5.00 + 3.50
  await checkout.getByTestId('checkout-total').filter({ hasText: '$20.50' }).waitFor();
  await fitsWidth(page, 390);
  await screenshot(page, 'one-shop-checkout-390');
  await checkout.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByTestId('order-placed');
  await placed.waitFor();
  orderId = Number((await placed.getByTestId('order-number').textContent())!.replace('#', ''));
  expect(await placed.getByTestId('order-placed-total').textContent()).toBe('$20.50');

  // past the token's life again: My orders still lists the order, and the shopper is still signed in
  await outliveAccessToken(page);
  await page.goto(`${product.url}/orders`);
  const row = page.getByTestId('order-row').filter({ hasText: `Order #${orderId}` });
  await row.waitFor();
  expect(await row.getByTestId('order-row-total').textContent()).toBe('$20.50');
  expect(await page.getByTestId('shopper-logged-out').count()).toBe(0);
  expect(await storage(page)).toMatchObject({ isLogged: 'true', role: 'customer' });
  await fitsWidth(page, 390);
  await screenshot(page, 'one-shop-my-orders-390');
});

/** The invoice's figures, in cents, by their test ids; one the page leaves out (no discount) is 0. */
async function figures(paper: Locator) {
  const read = async (key: string) => {
    const cell = paper.getByTestId(key);
    return (await cell.count()) === 0 ? 0 : cents(await cell.innerText());
  };
  return {
    goods: await read('bill-goods'),
    discount: await read('bill-discount'),
    coupon: await read('bill-coupon'),
    delivery: await read('bill-delivery'),
    vat: await read('bill-vat'),
    total: await read('bill-total'),
  };
}

test('the owner reads the invoice (its totals add up), and finds the order on the dashboard and in the VAT report', async () => {
  expect(orderId).toBeGreaterThan(0);
  const page = await open(1366);
  await signIn(page, product.url, `/admin/cart-order/${orderId}/print/invoice`);
  const paper = page.getByLabel(`Invoice of order ${orderId}`);
  await paper.getByTestId('bill-goods').waitFor();
  await paper.getByTestId('customer-name').getByText('Nora Quill').waitFor();
  const bill = await figures(paper);
  expect(bill.goods - bill.discount - bill.coupon + bill.delivery, JSON.stringify(bill)).toBe(bill.total);
  // 22.00 − 5.00 + 3.50 = 20.50; the VAT is on the 17.00 paid for the lamp, not on its 22.00
  expect(bill).toMatchObject({ goods: 2200, discount: 0, coupon: 500, delivery: 350, total: 2050 });
  expect(bill.vat).toBe(Math.round((1700 * 10) / 110));
  await screenshot(page, 'one-shop-invoice-1366');

  // the dashboard counts the order as a web sale: its goods after the coupon, with VAT, without delivery
  await page.goto(`${product.url}/admin/dashboard`);
  const webSales = dollars(before.webSales + bill.total - bill.delivery);
  await page
    .locator('[data-split="sales"]')
    .filter({ hasText: `web ${webSales}` })
    .waitFor();
  expect(await page.locator('[data-split="invoices"]').textContent()).toContain(`${before.webOrders + 1} web orders`);
  await screenshot(page, 'one-shop-dashboard-1366');

  // the VAT report's output VAT on sales holds the invoice's VAT; nothing of it is left in "other"
  await page.goto(`${product.url}/admin/vat-report`);
  const outputRow = page.getByRole('row').filter({ hasText: 'Output VAT on sales' });
  await outputRow.getByText(dollars(before.outputVatOnSales + bill.vat)).waitFor();
  const other = page.getByRole('row').filter({ hasText: 'Other entries to Tax' });
  expect(cents(await other.getByRole('cell').nth(1).innerText())).toBe(Math.abs(before.otherVat));
  await page.getByRole('region', { name: 'By rate' }).getByRole('row').filter({ hasText: '10 %' }).waitFor();
  await screenshot(page, 'one-shop-vat-report-1366');

  // the same report on a phone: nothing wider than the screen, the figure still there
  await page.setViewportSize({ width: 390, height: 844 });
  await outputRow.getByText(dollars(before.outputVatOnSales + bill.vat)).waitFor();
  await fitsWidth(page, 390);
  await screenshot(page, 'one-shop-vat-report-390');
});
