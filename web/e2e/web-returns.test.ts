import { messages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { must, placeOrder, registerShopper } from './shop-api.ts';
import { ownerToken } from './stock-api.ts';

/**
 * A web order's return, as the shopper and the staff live it (issue 21): the shopper sends one kettle of a
 * delivered order back for a refund on the order's page; staff receive it and refund it on the return's page;
 * the shopper sees it refunded, and the order's books hold the refund. At 1366 px and 390 px.
 */
let product: Product;
let browser: Browser;
let staff: string;
let orderId = 0;
let returnId = 0;
let rita = { id: 0, token: '' };
const problems: string[] = [];
const shopper = { username: 'Rita Returner', email: 'rita@example.com', password: 'Shopper-pass1!' };

type Rows<K extends string> = Record<K, Record<string, unknown>[]>;
const idIn = (rows: Record<string, unknown>[], field: string, value: unknown) => Number(rows.find((r) => r[field] === value)!.id);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  staff = await ownerToken(product);
  const get = <K extends string>(path: string) => must<Rows<K>>(product, staff, 'GET', path);
  const vats = await get<'getAllProductVat'>('product-vat?query=all');
  const fees = await get<'getAllDeliveryFee'>('delivery-fee?query=all');
  const couriers = await get<'getAllCourierMedium'>('courier-medium?query=all');
  const methods = await get<'getAllPaymentMethod'>('payment-method?query=all');
  // 10.00 + 10 % VAT: 11.00 a kettle
  const kettle = await must<{ id: number }>(product, staff, 'POST', 'product', {
    name: 'Steel kettle',
    sku: 'KETTLE-STEEL',
    productQuantity: 20,
    productPurchasePrice: 6,
    productSalePrice: 10,
    productVatId: idIn(vats.getAllProductVat, 'percentage', 10),
  });
  rita = await registerShopper(product, shopper.username, shopper.email);
  // 2 × 11.00 + 3.50 to the city centre = 25.50, cash to the courier, delivered
  orderId = await placeOrder(product, rita.token, 'rita-1', {
    lines: [{ productId: kettle.id, productQuantity: 2 }],
    deliveryFeeId: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    paymentMethodId: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
    deliveryAddress: '9 Quay Street',
    customerPhone: '+44 7000 333',
  });
  const courierMediumId = idIn(couriers.getAllCourierMedium, 'courierMediumName', 'Own delivery');
  for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED'])
    await must(product, staff, 'PATCH', 'cart-order/order', { invoiceId: orderId, orderStatus, courierMediumId });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
const figure = (page: Page, section: string, label: string) =>
  page.getByLabel(section).locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]').innerText();

/** Nothing is wider than a 390 px phone: the page never scrolls sideways; a screenshot at each width. */
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

/** The shopper logs in on the storefront (after anyone else's session is gone). */
async function shopperLogIn(page: Page) {
  await page.goto(`${product.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, messages.loginSuccess);
}

test('the shopper sends one kettle of a delivered order back for a refund, from the order’s page', async () => {
  const { page } = browser;
  await shopperLogIn(page);
  await page.goto(`${product.url}/orders/${orderId}`);
  await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByTestId('return-form');
  await form.waitFor();

  // nothing chosen: each field says what it needs
  await form.getByRole('button', { name: 'Send the return' }).click();
  await form.getByText('Choose at least one item to return').waitFor();
  await form.getByText('Choose a replacement or a refund').waitFor();
  await form.getByText('Reason is required').waitFor();
  // more than was delivered: the line's quantity says how many may go back
  const line = form.getByTestId('return-line').filter({ hasText: 'Steel kettle' });
  await line.getByText('2 of 2 can be returned').waitFor();
  await line.getByRole('checkbox').check();
  await form.getByLabel('Quantity of Steel kettle').fill('3');
  await form.getByRole('radio', { name: 'Refund my money' }).check();
  await form.getByLabel('Reason').fill('The lid does not close');
  await form.getByRole('button', { name: 'Send the return' }).click();
  await form.getByText('Quantity of Steel kettle can be at most 2').waitFor();
  await form.getByLabel('Quantity of Steel kettle').fill('1');
  await atBothWidths(page, 'web-return-form');

  await form.getByRole('button', { name: 'Send the return' }).click();
  await form.waitFor({ state: 'detached' });
  const asked = page.getByTestId('order-return');
  await asked.getByTestId('return-status').filter({ hasText: 'Requested' }).waitFor();
  expect(await asked.getByTestId('return-type').textContent()).toBe('Refund');
  expect(await asked.getByTestId('return-amount').textContent()).toBe('$11.00');
  await asked.getByText('Steel kettle × 1').waitFor();
  returnId = Number((await asked.locator('strong').first().textContent())?.replace(/\D/g, ''));
  expect(returnId).toBeGreaterThan(0);
  // one kettle is still the shopper's to send back
  await page.getByRole('button', { name: 'Return items' }).waitFor();
  await atBothWidths(page, 'web-return-asked');
  expect(problems).toEqual([]);
});

test('staff find it under Web returns, receive the kettle and refund it; the order’s books hold the refund', async () => {
  const { page } = browser;
  await page.evaluate(() => localStorage.clear());
  await signIn(page, product.url, '/admin/return-cart-order');
  await page.getByRole('tab', { name: 'Pending (1)' }).click();
  await page.waitForURL((url) => url.searchParams.get('returnCartOrderStatus') === 'PENDING');
  const listed = row(page, `Return #${returnId}`);
  await listed.getByText('Rita Returner').waitFor();
  await listed.getByText('The lid does not close').waitFor();
  await atBothWidths(page, 'web-returns');
  await listed.getByRole('link', { name: `Return #${returnId}` }).click();
  await page.waitForURL(`${product.url}/admin/return-cart-order/${returnId}`);
  await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
  expect((await row(page, 'Steel kettle').locator('td').allInnerTexts()).slice(0, 2).map((t) => t.trim())).toEqual(['Steel kettle', '1']);
  const details = page.getByLabel('Return details');
  await details.getByRole('link', { name: `Order #${orderId}` }).waitFor();
  // a refund was asked for: no replacement to offer
  expect(await page.getByRole('button', { name: 'Send a replacement' }).count()).toBe(0);
  await atBothWidths(page, 'web-return-pending');

  const step = async (button: string, tag: string) => {
    await page.getByLabel('Return actions').getByRole('button', { name: button }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: button }).click();
    await page.locator('.ant-tag', { hasText: tag }).first().waitFor();
  };
  await step('Goods received', 'Received');
  await step('Refund', 'Refunded');
  // the end of the road: nothing more to do
  await page.getByLabel('Return actions').waitFor({ state: 'detached' });
  await atBothWidths(page, 'web-return-refunded');

  // the order: its return, and the refund in its ledger
  await details.getByRole('link', { name: `Order #${orderId}` }).click();
  await page.waitForURL(`${product.url}/admin/cart-order/${orderId}`);
  await page
    .getByLabel('Returns', { exact: true })
    .getByRole('row')
    .filter({ hasText: `Return #${returnId}` })
    .getByText('Refunded')
    .waitFor();
  // the books: the sale reversed for the kettle (net and VAT), the goods back at cost, the money paid back
  const ledger = page.getByLabel('Ledger');
  const entry = (what: string) => ledger.getByRole('row').filter({ hasText: `Web order #${orderId}: return #${returnId}: ${what}` });
  await entry('refunded').waitFor();
  expect(await entry('refunded').innerText()).toContain('$11.00');
  expect(await entry('sales returned').innerText()).toContain('$10.00');
  expect(await entry('VAT 10 % returned').innerText()).toContain('$1.00');
  expect(await entry('goods back at cost').innerText()).toContain('$6.00');
  // the order's figures: 25.50, of which 11.00 came back and was paid back; nothing due either way
  expect(await figure(page, 'Order figures', 'Returned')).toBe('-$11.00');
  expect(await figure(page, 'Order figures', 'Paid')).toBe('$14.50');
  expect(await figure(page, 'Order figures', 'Due')).toBe('$0.00');
  await atBothWidths(page, 'web-return-order');
  expect(problems).toEqual([]);
});

test('a replacement asked for is made on the Resends screen, which links to the new order', async () => {
  const { page } = browser;
  // the other kettle, back for a replacement, received and due to be resent
  const order = await must<{ singleCartOrder: { cartOrderProduct: { id: number }[] } }>(
    product,
    rita.token,
    'GET',
    `cart-order/${orderId}`,
  );
  const asked = await must<{ singleReturnCartOrder: { id: number } }>(
    product,
    rita.token,
    'POST',
    'return-cart-order',
    {
      cartOrderId: orderId,
      returnType: 'PRODUCT',
      note: 'The handle is loose',
      returnCartOrderProduct: [{ cartOrderProductId: order.singleCartOrder.cartOrderProduct[0]!.id, productQuantity: 1 }],
    },
    { 'Idempotency-Key': 'rita-return-2' },
  );
  const resendId = asked.singleReturnCartOrder.id;
  for (const returnCartOrderStatus of ['RECEIVED', 'RESEND'])
    await must(product, staff, 'PATCH', `return-cart-order/${resendId}`, { returnCartOrderStatus });

  await openScreen(page, 'Resends');
  await page.waitForURL(`${product.url}/admin/return-cart-order/resend`);
  const due = row(page, `Return #${resendId}`);
  await due.getByText('Rita Returner').waitFor();
  await atBothWidths(page, 'web-resends');
  await due.getByRole('button', { name: 'Make the replacement order' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Make it' }).click();
  // made: it leaves the list, and the screen links to the new order
  await due.waitFor({ state: 'detached' });
  const made = page.getByRole('alert').filter({ hasText: `Return #${resendId}: replacement` });
  const link = made.getByRole('link', { name: /Order #\d+/ });
  const replacement = (await link.textContent())!.replace(/\D/g, '');
  expect(Number(replacement)).toBeGreaterThan(orderId);
  await link.click();
  await page.waitForURL(`${product.url}/admin/cart-order/${replacement}`);
  await page.getByRole('heading', { name: `Order #${replacement}` }).waitFor();
  await row(page, 'Steel kettle').waitFor();
  // the return names its replacement
  await page.goto(`${product.url}/admin/return-cart-order/${resendId}`);
  await page.locator('.ant-tag', { hasText: 'Resent' }).waitFor();
  await page
    .getByLabel('Return details')
    .getByRole('link', { name: `Order #${replacement}` })
    .waitFor();
  expect(problems).toEqual([]);
});

test('the shopper sees the return refunded on the order and under My returns', async () => {
  const { page } = browser;
  await shopperLogIn(page);
  await page.goto(`${product.url}/orders/${orderId}`);
  const done = page.getByTestId('order-return').filter({ hasText: `Return #${returnId}` });
  await done.getByTestId('return-status').filter({ hasText: 'Refunded' }).waitFor();
  await done.getByText('Your money has been refunded.').waitFor();
  // the other kettle went back for a replacement, now sent
  const resent = page.getByTestId('order-return').filter({ hasText: 'Replacement sent' });
  await resent.waitFor();
  // and it leads to the replacement order
  expect(await resent.getByTestId('replacement-order').getAttribute('href')).toMatch(/^\/orders\/\d+$/);
  // both kettles came back: one refunded, one paying for its replacement
  expect(await page.getByTestId('order-returned').textContent()).toBe('−$22.00');
  expect(await page.getByTestId('order-paid').textContent()).toBe('$3.50');
  expect(await page.getByTestId('order-due').textContent()).toBe('$0.00');
  await page.goto(`${product.url}/orders`);
  await page.getByRole('link', { name: 'My returns' }).click();
  await page.waitForURL(`${product.url}/returns`);
  const mine = page.getByTestId('return-row').filter({ hasText: `Return #${returnId} · order #${orderId}` });
  await mine.waitFor();
  expect(await mine.getByTestId('return-status').textContent()).toBe('Refunded');
  await atBothWidths(page, 'web-returns-mine');
  expect(problems).toEqual([]);
});
