import { fallbackErrorText, messages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cartMessages } from '../src/storefront/cart/cart-messages.ts';
import { type Browser, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * The storefront's side of online orders (issue 20): a logged-out shopper's cart in the browser, the
 * cart going to the server at login, the checkout, the order's page and My orders while staff move it on.
 */
let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];
const ids = { sleeve: 0, candle: 0, soap: 0, red: 0, black: 0, sizeM: 0, sizeL: 0 };
const shopper = { username: 'cartshopper', email: 'cart.shopper@shop.test', password: 'Shopper-pass1!' };

type Named = { id: number; name: string };
const rowsOf = <T>(answer: Record<string, unknown>) => Object.values(answer).find(Array.isArray) as T[];

beforeAll(async () => {
  product = await startProduct();
  token = await ownerToken(product);
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const products = rowsOf<Named>(await api(product, token, 'GET', 'product/public?count=100'));
  ids.sleeve = products.find((p) => p.name === 'Laptop Sleeve')!.id;
  ids.soap = products.find((p) => p.name === 'Dish Soap Lemon 500 ml')!.id;
  const sleeve = await api<{ colors: Named[]; productAttributeValues: Named[] }>(product, token, 'GET', `product/public/${ids.sleeve}`);
  ids.red = sleeve.colors.find((c) => c.name === 'Red')!.id;
  ids.black = sleeve.colors.find((c) => c.name === 'Black')!.id;
  ids.sizeM = sleeve.productAttributeValues.find((v) => v.name === 'M')!.id;
  ids.sizeL = sleeve.productAttributeValues.find((v) => v.name === 'L')!.id;
  // a product with one left: the second "Add to cart" is refused
  const vats = rowsOf<Named & { title: string }>(await api(product, token, 'GET', 'product-vat?query=all'));
  ids.candle = (
    await api<{ id: number }>(product, token, 'POST', 'product', {
      name: 'Last Beeswax Candle',
      sku: 'E2E-CANDLE',
      productSalePrice: 8,
      productQuantity: 1,
      productVatId: vats.find((v) => v.title === 'Standard')!.id,
    })
  ).id;
  await api(product, token, 'POST', 'coupon', {
    couponCode: 'SAVE10',
    type: 'percentage',
    value: 10,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

type StoredLine = { productId: number; productQuantity: number; colorId: number | null; productAttributeValueId: number[] };
const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null') as StoredLine[] | null) as Promise<StoredLine[] | null>;

async function closeDrawer(page: Page) {
  await page.getByTestId('cart-drawer').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('cart-drawer').waitFor({ state: 'detached' });
}

/** Chooses a colour and a size on the sleeve's page and adds it. */
async function addSleeve(page: Page, colour: string, size: string) {
  const add = page.getByTestId('add-to-cart');
  await add.getByRole('radio', { name: colour }).check();
  await add.getByRole('radio', { name: size, exact: true }).check();
  await add.getByRole('button', { name: 'Add to cart' }).click();
  await notice(page, cartMessages.itemAdded);
  await page.getByTestId('cart-drawer').waitFor();
}

test('logged out, the cart lives in the browser: the same choice merges, stock runs out, quantities change', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/product/${ids.sleeve}`);
  // a product with colours and sizes asks for both first
  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('alert').filter({ hasText: 'Choose a colour and Size' }).waitFor();
  await addSleeve(page, 'Red', 'M');
  await closeDrawer(page);
  await addSleeve(page, 'Red', 'M');
  const drawer = page.getByTestId('cart-drawer');
  expect(await drawer.getByTestId('cart-line').count()).toBe(1);
  expect(await drawer.getByTestId('cart-line-quantity').textContent()).toBe('2');
  expect(await drawer.getByTestId('cart-line-options').textContent()).toBe('Red · M');
  await closeDrawer(page);
  await addSleeve(page, 'Black', 'L');
  await closeDrawer(page);
  await screenshot(page, 'storefront-product-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'storefront-product-390');
  await page.goto(`${product.url}/`);
  await page.getByTestId('product-card').first().waitFor();
  await expectNoOverflow(page);
  await screenshot(page, 'storefront-home-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(await storedCart(page)).toEqual([
    expect.objectContaining({ productId: ids.sleeve, productQuantity: 2, colorId: ids.red, productAttributeValueId: [ids.sizeM] }),
    expect.objectContaining({ productId: ids.sleeve, productQuantity: 1, colorId: ids.black, productAttributeValueId: [ids.sizeL] }),
  ]);

  // a card's "Add to cart" for a product without choices; one in stock: the second is refused
  await page.goto(`${product.url}/products?key=Beeswax`);
  const card = page.getByTestId('product-card').filter({ hasText: 'Last Beeswax Candle' });
  await card.getByRole('button', { name: 'Add Last Beeswax Candle to cart' }).click();
  await notice(page, cartMessages.itemAdded);
  await closeDrawer(page);
  await card.getByRole('button', { name: 'Add Last Beeswax Candle to cart' }).click();
  await notice(page, messages.stockOut);
  expect(await page.getByTestId('cart-count').textContent()).toBe('4');

  // the cart page: one more, one less, and one less of a single unit removes the line
  await page.goto(`${product.url}/cart`);
  const lines = page.getByTestId('cart-page').getByTestId('cart-line');
  await lines.first().waitFor();
  expect(await lines.count()).toBe(3);
  await page.getByRole('button', { name: 'One more Laptop Sleeve' }).last().click();
  await notice(page, cartMessages.updated);
  expect(await lines.nth(1).getByTestId('cart-line-quantity').textContent()).toBe('2');
  await page.getByRole('button', { name: 'One less Last Beeswax Candle' }).click();
  await notice(page, cartMessages.itemRemoved);
  await expect.poll(() => lines.count()).toBe(2);
  expect(await page.getByTestId('cart-count').textContent()).toBe('4');
  await screenshot(page, 'storefront-cart-1366');
  await screenshot(page, 'storefront-cart-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-drawer').waitFor();
  await screenshot(page, 'storefront-cart-drawer-390');
  await closeDrawer(page);
  await screenshot(page, 'storefront-cart-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});

test('at login the browser cart goes to the server; checkout with cash on delivery; staff move the order on; Buy again', async () => {
  const { page } = browser;
  const registered = await fetch(`${product.url}/v1/customer/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password, firstName: 'Cara', lastName: 'Shopper' }),
  });
  expect(registered.status).toBe(201);
  // the checkout asks a logged-out shopper to log in, and comes back after it
  await page.goto(`${product.url}/checkout`);
  await page.getByTestId('shopper-logged-out').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await notice(page, messages.loginSuccess);
  await page.waitForURL(`${product.url}/checkout`);
  // the server took the cart: the browser's is gone, the server's shows the same lines at its prices
  await expect.poll(() => page.getByTestId('checkout-page').getByTestId('cart-line').count()).toBe(2);
  await expect.poll(() => storedCart(page)).toBeNull();
  // without a reload: the header's count and the drawer already read the server's cart
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('4');
  await page.getByTestId('cart-button').click();
  await expect.poll(() => page.getByTestId('cart-drawer').getByTestId('cart-line').count()).toBe(2);
  await page.getByTestId('cart-drawer').getByRole('link', { name: 'View cart' }).click();
  const lines = page.getByTestId('cart-page').getByTestId('cart-line');
  await lines.first().waitFor();
  expect(await lines.count()).toBe(2);
  expect(await page.getByTestId('cart-count').textContent()).toBe('4');
  expect(await lines.allTextContents()).toEqual([expect.stringContaining('Red · M'), expect.stringContaining('Black · L')]);

  // one more on the server's cart, and a product added while logged in
  await page.getByRole('button', { name: 'One more Laptop Sleeve' }).first().click();
  await notice(page, cartMessages.updated);
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('5');
  await page.goto(`${product.url}/products?key=Dish Soap`);
  await page.getByRole('button', { name: 'Add Dish Soap Lemon 500 ml to cart' }).click();
  await notice(page, cartMessages.productAdded);
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('6');
  const drawer = page.getByTestId('cart-drawer');
  const cartTotal = await drawer.getByTestId('cart-total').textContent();
  await drawer.getByRole('link', { name: 'Checkout' }).click();

  // the checkout: address and phone from the profile (none yet), a delivery area, cash on delivery
  const checkout = page.getByTestId('checkout-page');
  await checkout.waitFor();
  expect(await checkout.getByTestId('checkout-goods').textContent()).toBe(cartTotal);
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await checkout.getByText('Delivery address is required').waitFor();
  await checkout.getByLabel('Delivery address').fill('12 Market Street\nOld Town');
  await checkout.getByLabel('Phone').fill('+15550100');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'City centre ($3.50)' });
  await checkout.getByRole('radio', { name: /Cash on delivery/ }).check();
  // a coupon: an unknown code is refused with the server's words; a good one shows what it takes off
  await checkout.getByLabel('Coupon code').fill('NOPE');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await checkout.getByTestId('coupon-refused').filter({ hasText: 'NOPE' }).waitFor();
  await checkout.getByLabel('Coupon code').fill('save10');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  const applied = checkout.getByTestId('coupon-applied');
  await applied.waitFor();
  expect(await applied.textContent()).toMatch(/^Coupon SAVE10: \$\d+\.\d\d off$/);
  // the figures are the server's quote: wait for the one with the coupon and the delivery fee
  await checkout.getByTestId('checkout-coupon').filter({ hasText: /^−\$/ }).waitFor();
  await checkout.getByTestId('checkout-delivery-fee').filter({ hasText: '$3.50' }).waitFor();
  const off = Number((await checkout.getByTestId('checkout-coupon').textContent())!.replace(/[^\d.]/g, ''));
  const goods = Number(cartTotal!.replace(/[^\d.]/g, ''));
  expect(off).toBe(Math.round(goods * 10) / 100);
  await checkout
    .getByTestId('checkout-total')
    .filter({ hasText: `$${(goods - off + 3.5).toFixed(2)}` })
    .waitFor();
  await screenshot(page, 'storefront-checkout-1366');
  await screenshot(page, 'storefront-checkout-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'storefront-checkout-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  const total = await checkout.getByTestId('checkout-total').textContent();
  await checkout.getByRole('button', { name: 'Place order' }).click();

  const placed = page.getByTestId('order-placed');
  await placed.waitFor();
  const orderId = Number((await placed.getByTestId('order-number').textContent())!.replace('#', ''));
  expect(await placed.getByTestId('order-placed-total').textContent()).toBe(total);
  await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);
  await screenshot(page, 'storefront-placed-1366');

  // My orders lists it; its page shows the lines and the history
  await page.getByTestId('store-account').getByRole('link', { name: 'My orders' }).click();
  const row = page.getByTestId('order-row').filter({ hasText: `Order #${orderId}` });
  await row.waitFor();
  expect(await row.getByTestId('order-status').textContent()).toBe('Placed');
  expect(await row.getByTestId('order-row-total').textContent()).toBe(total);
  await row.click();
  const order = page.getByTestId('order-page');
  await order.waitFor();
  expect(await order.getByTestId('cart-line').count()).toBe(3);
  expect(await order.getByTestId('order-total').textContent()).toBe(total);
  expect(await order.getByTestId('order-coupon').textContent()).toBe(`−$${off.toFixed(2)}`);

  // staff take it on, ship it and deliver it; the shopper sees each status
  const couriers = rowsOf<{ id: number }>(await api(product, token, 'GET', 'courier-medium?query=all'));
  const steps = [
    ['RECEIVED', 'Confirmed'],
    ['SHIPPED', 'Shipped'],
    ['DELIVERED', 'Delivered'],
  ] as const;
  for (const [status, label] of steps) {
    await api(product, token, 'PATCH', 'cart-order/order', {
      invoiceId: orderId,
      orderStatus: status,
      ...(status === 'RECEIVED' && { courierMediumId: couriers[0]!.id }),
    });
    await page.reload();
    await order.getByTestId('order-status').filter({ hasText: label }).waitFor();
  }
  expect(await order.getByTestId('order-history').locator('li strong').allTextContents()).toEqual([
    'Placed',
    'Confirmed',
    'Shipped',
    'Delivered',
  ]);
  await screenshot(page, 'storefront-order-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'storefront-order-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Buy again puts the lines back into the cart at today's prices
  await order.getByRole('button', { name: 'Buy again' }).click();
  await notice(page, cartMessages.productAdded);
  await page.waitForURL(`${product.url}/cart`);
  await expect.poll(() => page.getByTestId('cart-page').getByTestId('cart-line').count()).toBe(3);
  expect(await page.getByTestId('cart-count').textContent()).toBe('6');
  await page
    .getByTestId('cart-page')
    .getByTestId('cart-line')
    .filter({ hasText: 'Dish Soap' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await notice(page, cartMessages.itemRemoved);
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('5');

  // a payment made beforehand: the method's instructions, the shopper's account and the transaction id
  await page.getByTestId('cart-page').getByRole('link', { name: 'Checkout' }).click();
  await checkout.waitFor();
  await checkout.getByLabel('Delivery address').fill('3 Mill Lane');
  await checkout.getByLabel('Phone').fill('+15550199');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'Outskirts ($6.00)' });
  await checkout.getByRole('radio', { name: 'Bank transfer' }).check();
  const manual = checkout.getByTestId('manual-payment');
  await manual.waitFor();
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await manual.getByText('Your account is required').waitFor();
  await manual.getByLabel('Your account').fill('Card ending 4242');
  await manual.getByLabel('Transaction id').fill('TX-778899');
  expect(await manual.getByText('Your account is required').count()).toBe(0);
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await placed.waitFor();
  expect(await placed.textContent()).toContain('paid by Bank transfer: we will check your payment');
  await page.getByRole('link', { name: 'See the order' }).click();
  await order.waitFor();
  expect(await order.getByTestId('order-payment').textContent()).toBe('Bank transfer (payment being checked)');
  // staff refuse the payment: the shopper sends it again from the order's page
  const cardOrderId = Number(page.url().split('/').pop());
  const payments = await api<{ getAllManualPayment: { id: number; cartOrderId: number }[] }>(product, token, 'GET', 'manual-payment');
  const payment = payments.getAllManualPayment.find((p) => p.cartOrderId === cardOrderId)!;
  await api(product, token, 'PUT', `manual-payment/verify/${payment.id}`, { isVerified: 'Reject' });
  await page.reload();
  await order.getByTestId('order-payment').filter({ hasText: 'Bank transfer (payment refused)' }).waitFor();
  const resend = order.getByTestId('resend-payment');
  await resend.getByRole('radio', { name: 'Bank transfer' }).check();
  await resend.getByLabel('Your account').fill('Card ending 4242');
  await resend.getByLabel('Transaction id').fill('TX-778900');
  await resend.getByRole('button', { name: 'Send the payment' }).click();
  await order.getByTestId('order-payment').filter({ hasText: 'Bank transfer (payment being checked)' }).waitFor();
  expect(await resend.count()).toBe(0);
  await page.goto(`${product.url}/orders`);
  await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
  await screenshot(page, 'storefront-orders-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'storefront-orders-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});

test('a cart line says when its price changed or the stock fell below it; the checkout shows the refusal naming the product', async () => {
  const { page } = browser;
  const vats = rowsOf<Named & { title: string }>(await api(product, token, 'GET', 'product-vat?query=all'));
  const pot = await api<{ id: number }>(product, token, 'POST', 'product', {
    name: 'Clay Plant Pot',
    sku: 'E2E-POT',
    productSalePrice: 10,
    productQuantity: 4,
    productVatId: vats.find((v) => v.title === 'Standard')!.id,
  });
  await page.goto(`${product.url}/product/${pot.id}`);
  const add = page.getByTestId('add-to-cart');
  await add.getByRole('button', { name: 'One more' }).click();
  await add.getByRole('button', { name: 'One more' }).click();
  await add.getByRole('button', { name: 'Add to cart' }).click();
  await notice(page, cartMessages.productAdded);
  await closeDrawer(page);

  // staff raise the price and take two off the shelf
  const price = new FormData();
  price.set('productSalePrice', '12');
  await api(product, token, 'POST', `product/${pot.id}`, price);
  await api(product, token, 'POST', 'adjust-inventory', {
    adjustInvoiceProduct: [{ productId: pot.id, adjustQuantity: 2, adjustType: 'decrement', reason: 'Broken' }],
  });

  await page.goto(`${product.url}/cart`);
  const line = page.getByTestId('cart-page').getByTestId('cart-line').filter({ hasText: 'Clay Plant Pot' });
  await line.waitFor();
  expect(await line.getByTestId('cart-price-changed').textContent()).toBe('Price changed since you added it: now $13.20');
  expect(await line.getByTestId('cart-stock-short').textContent()).toBe('Only 2 left');
  expect(await line.getByTestId('cart-line-total').textContent()).toBe('$39.60');
  await screenshot(page, 'storefront-cart-notes-1366');

  await page.getByTestId('cart-page').getByRole('link', { name: 'Checkout' }).click();
  const checkout = page.getByTestId('checkout-page');
  await checkout.getByLabel('Delivery address').fill('3 Mill Lane');
  await checkout.getByLabel('Phone').fill('+15550199');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'Outskirts ($6.00)' });
  await checkout.getByRole('radio', { name: /Cash on delivery/ }).check();
  await checkout.getByRole('button', { name: 'Place order' }).click();
  const refusal = checkout.getByTestId('checkout-refusal');
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('Clay Plant Pot');

  // one less, and the order goes through
  await page.goto(`${product.url}/cart`);
  await page.getByRole('button', { name: 'One less Clay Plant Pot' }).click();
  await notice(page, cartMessages.updated);
  await expect.poll(() => line.getByTestId('cart-stock-short').count()).toBe(0);
  await page.getByTestId('cart-page').getByRole('link', { name: 'Checkout' }).click();
  await checkout.getByLabel('Delivery address').fill('3 Mill Lane');
  await checkout.getByLabel('Phone').fill('+15550199');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'Outskirts ($6.00)' });
  await checkout.getByRole('radio', { name: /Cash on delivery/ }).check();
  // the first answer is lost on the way back (the order was made): the retry sends the same key and gets that order
  const keys: string[] = [];
  await page.route('**/v1/cart-order', async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await checkout.getByTestId('checkout-refusal').filter({ hasText: fallbackErrorText }).waitFor();
  // and a double click places nothing more
  await checkout.getByRole('button', { name: 'Place order' }).dblclick();
  const placed = page.getByTestId('order-placed');
  await placed.waitFor();
  expect(await placed.getByTestId('order-placed-total').textContent()).toBe('$32.40');
  await page.unroute('**/v1/cart-order');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  await page.goto(`${product.url}/orders`);
  await expect.poll(() => page.getByTestId('order-row').count()).toBe(3);

  // Empty cart
  await page.goto(`${product.url}/product/${ids.soap}`);
  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await notice(page, cartMessages.productAdded);
  await closeDrawer(page);
  await page.goto(`${product.url}/cart`);
  await page.getByRole('button', { name: 'Empty cart' }).click();
  await notice(page, cartMessages.emptied);
  await page.getByTestId('cart-page').getByText('Your cart is empty.').waitFor();
  expect(await page.getByTestId('cart-count').count()).toBe(0);
  expect(problems).toEqual([]);
});
