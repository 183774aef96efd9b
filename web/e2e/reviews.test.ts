import { messages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { must, placeOrder, registerShopper } from './shop-api.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * Reviews (issue 21): a shopper who received a chopping board writes a review with a photo on its page,
 * staff reply in the admin, and the page shows the average, the bar chart and the reply, at 1366 and 390 px.
 */
let product: Product;
let browser: Browser;
let staff: string;
const problems: string[] = [];
const ids = { board: 0 };
const rita = { username: 'Rita Reviewer', email: 'rita@example.com', password: 'Shopper-pass1!' };

type Rows<K extends string> = Record<K, Record<string, unknown>[]>;
const idIn = (rows: Record<string, unknown>[], field: string, value: unknown) => Number(rows.find((r) => r[field] === value)!.id);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  staff = await ownerToken(product);
  const get = <K extends string>(path: string) => must<Rows<K>>(product, staff, 'GET', path);
  const fees = await get<'getAllDeliveryFee'>('delivery-fee?query=all');
  const couriers = await get<'getAllCourierMedium'>('courier-medium?query=all');
  const methods = await get<'getAllPaymentMethod'>('payment-method?query=all');
  ids.board = (
    await must<{ id: number }>(product, staff, 'POST', 'product', {
      name: 'Walnut chopping board',
      sku: 'BOARD-WALNUT',
      productQuantity: 10,
      productPurchasePrice: 12,
      productSalePrice: 30,
    })
  ).id;
  // Rita's board is delivered: she may review it, and her review is a verified purchase
  const shopper = await registerShopper(product, rita.username, rita.email);
  const orderId = await placeOrder(product, shopper.token, 'rita-1', {
    lines: [{ productId: ids.board, productQuantity: 1 }],
    deliveryFeeId: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    paymentMethodId: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
    deliveryAddress: '7 Oak Lane',
    customerPhone: '+44 7000 333',
  });
  const courierMediumId = idIn(couriers.getAllCourierMedium, 'courierMediumName', 'Own delivery');
  for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED']) {
    await must(product, staff, 'PATCH', 'cart-order/order', { invoiceId: orderId, orderStatus, courierMediumId });
  }
  // an earlier review of three stars by another shopper
  const other = await registerShopper(product, 'Otto Other', 'otto@example.com');
  const form = new FormData();
  form.append('productId', String(ids.board));
  form.append('rating', '3');
  form.append('review', 'Fine, a little small');
  await api(product, other.token, 'POST', 'review-rating', form);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Nothing is wider than a 390 px phone; a screenshot at each width. */
async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `${name}-phone`);
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
}

test('a shopper who received the board writes a review with a photo on its page', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(rita.email);
  await page.getByLabel('Password').fill(rita.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, messages.loginSuccess);

  await page.goto(`${product.url}/product/${ids.board}`);
  const reviews = page.getByTestId('product-reviews');
  await reviews.getByTestId('review').first().waitFor();
  expect(await reviews.getByTestId('average-rating').textContent()).toBe('3.0');
  const form = reviews.getByTestId('review-form');
  await form.waitFor();
  await form.getByRole('button', { name: 'Post review' }).click();
  await form.getByText('Choose a rating from 1 to 5 stars').waitFor();
  await form.locator('.ant-rate-star').nth(3).click();
  await form.getByLabel('Review').fill('Solid walnut, oiled and heavy. Love it.');
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  await form.getByTestId('review-photos').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: photo });
  // choosing the stars clears the refusal
  expect(await form.getByText('Choose a rating from 1 to 5 stars').count()).toBe(0);
  await atBothWidths(page, 'review-form');
  await form.getByRole('button', { name: 'Post review' }).click();
  await notice(page, 'Thank you for your review');

  // the form is gone (one review each), the review is first with its photo and the verified mark
  await form.waitFor({ state: 'detached' });
  const mine = reviews.getByTestId('review').first();
  await mine.getByText('Solid walnut, oiled and heavy. Love it.').waitFor();
  await mine.getByText('Verified purchase').waitFor();
  expect(await mine.getByText(rita.username).count()).toBe(1);
  await mine.locator('.review-photos img').first().waitFor();
  expect(await mine.locator('.review-photos img').first().getAttribute('src')).toMatch(/^\/v1\/uploads\/.+\.webp$/);
  await expect.poll(() => reviews.getByTestId('average-rating').textContent()).toBe('3.5');
  await atBothWidths(page, 'product-reviews-written');
  expect(problems).toEqual([]);
});

test('staff find the review, reply to it, and the product page shows the average, the bars and the reply', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  // the shopper logs out (the session keys go) before staff log in on this browser
  await page.evaluate(() => localStorage.clear());
  await signIn(page, product.url, '/admin/review-rating');
  const row = page.getByRole('row').filter({ hasText: rita.username });
  await row.getByText('Verified', { exact: true }).waitFor();
  await row.getByText('Walnut chopping board').waitFor();
  await page.getByRole('row').filter({ hasText: 'Otto Other' }).getByText('Not verified').waitFor();
  await page.getByLabel('Verified purchase').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Verified purchases' }).click();
  await page.waitForURL((url) => url.searchParams.get('verifiedPurchase') === 'true');
  await page.getByText('1 in all').waitFor();
  await atBothWidths(page, 'review-list');

  await row.getByRole('link', { name: 'Open' }).click();
  const detail = page.getByTestId('review-page');
  await detail.waitFor();
  await detail.getByTestId('review-text').getByText('Solid walnut').waitFor();
  await detail.getByRole('img', { name: 'Photo 1' }).waitFor();
  await detail.getByLabel('Reply').fill('Thank you, Rita! Oil it once a month.');
  await detail.getByRole('button', { name: 'Post reply' }).click();
  await notice(page, 'Reply posted');
  await detail.getByTestId('staff-reply').getByText('Thank you, Rita! Oil it once a month.').waitFor();
  await atBothWidths(page, 'review-page');

  // the shop's product page: the average, the bar chart per star, the reply under Rita's review
  await page.goto(`${product.url}/product/${ids.board}`);
  const reviews = page.getByTestId('product-reviews');
  await reviews.getByTestId('review-reply').getByText('Thank you, Rita! Oil it once a month.').waitFor();
  expect(await reviews.getByTestId('average-rating').textContent()).toBe('3.5');
  expect(await page.getByTestId('product-rating').textContent()).toContain('3.5 (2 reviews)');
  const bar = (stars: number) => reviews.getByTestId(`rating-bar-${stars}`);
  expect(await bar(4).locator('.reviews-bar-count').textContent()).toBe('1');
  expect(await bar(3).locator('.reviews-bar-count').textContent()).toBe('1');
  expect(await bar(5).locator('.reviews-bar-count').textContent()).toBe('0');
  expect(await reviews.getByTestId('review').count()).toBe(2);
  await atBothWidths(page, 'product-reviews-replied');
  expect(problems).toEqual([]);
});
