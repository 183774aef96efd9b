import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { must, placeOrder, registerShopper } from './shop-api.ts';
import { ownerToken } from './stock-api.ts';

/**
 * Issue 29's smaller things a shopper and the owner meet: the phone's ☰ menu with My orders and Wishlist
 * and the whole shop name, the header's search with its titled result page, and "Mark shipped" with a
 * tracking number that the shopper then reads on their order.
 */
let product: Product;
let browser: Browser;
let staff: string;
let orderId = 0;
let category = { id: 0, name: '' };
const problems: string[] = [];
const shopName = 'The Corner Shop of Greater Manchester and District Household Goods';
const lamp = 'Brass reading lamp';
const shopper = { username: 'walker', email: 'walker@shop.test', password: 'Shopper-pass1!' };
const tracking = '1Z 999 AA1 0123 4567 84';

type Rows<K extends string> = Record<K, Record<string, unknown>[]>;
const idIn = (rows: Record<string, unknown>[], field: string, value: unknown) => Number(rows.find((r) => r[field] === value)!.id);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  staff = await ownerToken(product);
  const get = <K extends string>(path: string) => must<Rows<K>>(product, staff, 'GET', path);
  await must(product, staff, 'POST', 'setting', { companyName: shopName });
  const vats = await get<'getAllProductVat'>('product-vat?query=all');
  const fees = await get<'getAllDeliveryFee'>('delivery-fee?query=all');
  const couriers = await get<'getAllCourierMedium'>('courier-medium?query=all');
  const methods = await get<'getAllPaymentMethod'>('payment-method?query=all');
  const categories = await get<'getAllProductCategory'>('product-category/public');
  const household = categories.getAllProductCategory.find((c) => c.name === 'Household')!;
  category = { id: Number(household.id), name: String(household.name) };
  const sub = (household.productSubCategory as { id: number }[])[0]!;
  const made = await must<{ id: number }>(product, staff, 'POST', 'product', {
    name: lamp,
    sku: 'LAMP-BRASS',
    productQuantity: 10,
    productPurchasePrice: 6,
    productSalePrice: 10,
    productVatId: idIn(vats.getAllProductVat, 'percentage', 10),
    productSubCategoryId: sub.id,
  });
  const { token } = await registerShopper(product, shopper.username, shopper.email);
  orderId = await placeOrder(product, token, 'walk-1', {
    lines: [{ productId: made.id, productQuantity: 1 }],
    deliveryFeeId: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    paymentMethodId: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
    deliveryAddress: '12 Harbour Road',
    customerPhone: '+44 7000 222',
  });
  await must(product, staff, 'PATCH', 'cart-order/order', {
    invoiceId: orderId,
    orderStatus: 'RECEIVED',
    courierMediumId: idIn(couriers.getAllCourierMedium, 'courierMediumName', 'Own delivery'),
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
};

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

async function shopperLogin(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('store-shopper').waitFor();
}

test("at 390 px the shop's name is whole and the ☰ menu leads to My orders and Wishlist", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(product.url);
  await shopperLogin(page);
  await page.goto(product.url);
  // the long name is all there, on as many lines as it takes, inside the screen and not clipped
  const name = page.getByTestId('shop-name').locator('span');
  await expect.poll(() => name.textContent()).toBe(shopName);
  const clipped = await name.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(clipped).toBe(false);
  const named = await box(name);
  expect(named.x).toBeGreaterThanOrEqual(0);
  expect(named.x + named.width).toBeLessThanOrEqual(390);
  // the header's own links for orders and wishlist are not on a phone's line: the menu has them
  expect(await page.getByTestId('store-account').getByRole('link', { name: 'My orders' }).isVisible()).toBe(false);
  await expectNoOverflow(page);
  await screenshot(page, 'walk-header-390');

  await page.getByRole('button', { name: 'Menu' }).click();
  const account = page.getByRole('dialog').getByTestId('store-drawer-account');
  await account.getByRole('link', { name: 'My orders' }).click();
  await page.waitForURL(`${product.url}/orders`);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByText(`#${orderId}`).first().waitFor();

  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoOverflow(page);
  await screenshot(page, 'walk-menu-390');
  await account.getByRole('link', { name: 'Wishlist' }).click();
  await page.waitForURL(`${product.url}/wishlist`);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect(problems).toEqual([]);
});

test('the header searches the catalogue at 1366 and 390 px; the result page is titled with the term or the category', async () => {
  const { page } = browser;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await page.goto(product.url);
    const search = page.getByTestId('store-search').getByLabel('Search the shop');
    await search.fill('brass');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('key') === 'brass');
    await page.getByTestId('catalogue-products').getByText(lamp).waitFor();
    await expect.poll(() => page.getByTestId('catalogue-heading').textContent()).toBe('Results for “brass”');
    await expect.poll(() => page.title()).toBe(`Results for “brass” · ${shopName}`);
    // the box shows what was searched for
    expect(await search.inputValue()).toBe('brass');
    await expectNoOverflow(page);
    await screenshot(page, `walk-search-${width}`);

    // a category's page is titled with its name
    if (width > 400) await page.getByTestId('store-categories').getByRole('link', { name: category.name, exact: true }).click();
    else {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: category.name, exact: true }).click();
    }
    await page.waitForURL((url) => url.searchParams.get('productCategoryId') === String(category.id));
    await expect.poll(() => page.getByTestId('catalogue-heading').textContent()).toBe(category.name);
    await expect.poll(() => page.title()).toBe(`${category.name} · ${shopName}`);
    expect(await search.inputValue()).toBe('');
  }
  // leaving the catalogue gives the page its title back
  await page.goto(`${product.url}/products`);
  await expect.poll(() => page.getByTestId('catalogue-heading').textContent()).toBe('Products');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});

test("the add-user form offers every staff role but not the storefront customers' one, and asks the salary's period", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, product.url, `/admin/user`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.filter({ hasText: 'manager' }).first().waitFor();
  const roles = await options.allTextContents();
  expect(roles).toEqual(expect.arrayContaining(['admin', 'manager']));
  expect(roles).not.toContain('customer');
  await page.keyboard.press('Escape');
  expect(await dialog.getByLabel('Salary period').count()).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await screenshot(page, 'walk-add-user-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
});

test('"Mark shipped" takes a tracking number; the admin and the shopper read it on the order, at 1366 and 390 px', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/admin/cart-order/${orderId}`);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tracking number').fill(`  ${tracking} `);
  await screenshot(page, 'walk-ship-dialog-1366');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.ant-tag', { hasText: 'Shipped' }).waitFor();
  await expect.poll(() => page.getByTestId('order-tracking').textContent()).toBe(tracking);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('order-tracking').waitFor();
  await expectNoOverflow(page);
  await screenshot(page, 'walk-admin-order-390');

  await shopperLogin(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await page.goto(`${product.url}/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-tracking').textContent()).toBe(tracking);
    await page.getByTestId('order-history').getByText('Shipped').waitFor();
    await expectNoOverflow(page);
    await screenshot(page, `walk-shopper-order-${width}`);
  }
  expect(problems).toEqual([]);
});
