import { toCents } from '@tillbook/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { must, placeOrder, registerShopper } from './shop-api.ts';
import { ownerToken } from './stock-api.ts';

/**
 * An invoice a shop may hand out, on the web order's printed invoice and the till's A4 invoice, at 1366
 * and 390 px: the shop's name, address and VAT number, the customer's name (not the username), and totals
 * that add up on the page: goods − discount − coupon + delivery = total.
 */
let product: Product;
let browser: Browser;
const problems: string[] = [];
const ids = { order: 0, sale: 0, a4: 0, lamp: 0, city: 0, cod: 0 };
let staffToken = '';
/** A shopper who signed up without a name (an older client), with one order placed. */
const eve = { email: 'eve@example.com', password: 'Shopper-pass1!', token: '' };
const shop = { companyName: 'Corner Shop', address: '1 High Street\nLeeds LS1 1AA', vatNumber: 'GB 123 4567 89' };

type Rows<K extends string> = Record<K, Record<string, unknown>[]>;
const idIn = (rows: Record<string, unknown>[], field: string, value: unknown) => Number(rows.find((r) => r[field] === value)!.id);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const staff = await ownerToken(product);
  staffToken = staff;
  const get = <K extends string>(path: string) => must<Rows<K>>(product, staff, 'GET', path);
  const post = (path: string, body: unknown) => must<{ id: number }>(product, staff, 'POST', path, body);
  await must(product, staff, 'POST', 'setting', shop);

  const vats = await get<'getAllProductVat'>('product-vat?query=all');
  const fees = await get<'getAllDeliveryFee'>('delivery-fee?query=all');
  const methods = await get<'getAllPaymentMethod'>('payment-method?query=all');
  const sizes = await get<'getAllPageSize'>('page-size?query=all');
  ids.a4 = idIn(sizes.getAllPageSize, 'pageSizeName', 'A4');
  const vat10 = idIn(vats.getAllProductVat, 'percentage', 10);
  // 20.00 + 10 % VAT = 22.00 a lamp; 2.00 off before VAT: 19.80 to pay
  const flat = await post('discount', { name: 'Lamp week', type: 'flat', value: 2, startDate: day(-2), endDate: day(2) });
  const lamp = await post('product', {
    name: 'Desk lamp',
    sku: 'INV-LAMP',
    productQuantity: 10,
    productPurchasePrice: 9,
    productSalePrice: 20,
    productVatId: vat10,
    discountId: flat.id,
  });
  await post('coupon', { couponCode: 'THANKS5', type: 'flat', value: 5, startDate: day(-1), endDate: day(5) });

  // the shopper signs up with a name; the username is not what the invoice shows
  const password = 'Shopper-pass1!';
  const shopper = await must<{ token: string }>(product, null, 'POST', 'customer/register', {
    username: 'dora99',
    email: 'dora@example.com',
    password,
    confirmPassword: password,
    firstName: 'Dora',
    lastName: 'Marsh',
  });
  // 2 × 19.80 = 39.60 − coupon 5.00 + 3.50 to the city centre = 38.10
  ids.order = await placeOrder(product, shopper.token, 'dora-1', {
    lines: [{ productId: lamp.id, productQuantity: 2 }],
    deliveryFeeId: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    paymentMethodId: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
    deliveryAddress: '7 Canal Walk\nYork',
    customerPhone: '+44 7000 111',
    couponCode: 'THANKS5',
  });

  // at the till: 3 lamps for a named customer, 1.00 off the line, paid in cash
  const buyer = await post('customer', { username: 'till-buyer-7', firstName: 'Ravi', lastName: 'Shah', address: '3 Park Row' });
  const sale = await must<{ createdInvoice: { id: number } }>(product, staff, 'POST', 'sale-invoice', {
    customerId: buyer.id,
    saleInvoiceProduct: [{ productId: lamp.id, productQuantity: 3, productDiscount: 1 }],
    paidAmount: [{ paymentType: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash'), amount: 100 }],
  });
  ids.sale = sale.createdInvoice.id;

  Object.assign(ids, {
    lamp: lamp.id,
    city: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    cod: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
  });
  eve.token = (await registerShopper(product, 'eve-no-name', eve.email)).token;
  await placeOrder(product, eve.token, 'eve-1', {
    lines: [{ productId: lamp.id, productQuantity: 1 }],
    deliveryFeeId: ids.city,
    paymentMethodId: ids.cod,
    deliveryAddress: '5 Old Lane\nHull',
    customerPhone: '+44 7000 555',
  });
  await must(product, eve.token, 'POST', 'cart', { cartProduct: [{ productId: lamp.id, productQuantity: 1 }] });
  await loginAs(browser.page, product.url);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** An amount as printed ('$1,234.50', '-$2.20'), in cents. */
const cents = (text: string) => toCents(text.replace(/[^0-9.-]/g, ''));

/** The figures the page prints, by their test ids; a figure the page leaves out (a till sale's coupon) is 0. */
async function figures(paper: Locator) {
  const read = async (key: string) => {
    const cell = paper.getByTestId(key);
    return (await cell.count()) === 0 ? 0 : Math.abs(cents(await cell.innerText()));
  };
  return {
    goods: await read('bill-goods'),
    discount: await read('bill-discount'),
    coupon: await read('bill-coupon'),
    delivery: await read('bill-delivery'),
    total: await read('receipt-total').then(async (t) => t || read('bill-total')),
    vat: await read('bill-vat'),
  };
}

async function checkInvoice(page: Page, paper: Locator, customer: string, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await paper.getByTestId('bill-goods').waitFor();
    expect(await paper.getByTestId('shop-name').innerText()).toBe(shop.companyName);
    expect(await paper.getByTestId('shop-address').innerText()).toBe(shop.address);
    expect(await paper.getByTestId('shop-vat-number').innerText()).toContain(shop.vatNumber);
    expect(await paper.getByTestId('customer-name').innerText()).toContain(customer);
    const f = await figures(paper);
    expect(f.goods - f.discount - f.coupon + f.delivery, JSON.stringify(f)).toBe(f.total);
    expect(f.vat).toBeGreaterThan(0);
    // the page itself is no wider than the screen: the A4 sheet scrolls inside it
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

test("the web order's invoice: the shop, the shopper by name, and goods − discount − coupon + delivery = total", async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/cart-order/${ids.order}/print/invoice`);
  const paper = page.getByLabel(`Invoice of order ${ids.order}`);
  await checkInvoice(page, paper, 'Dora Marsh', 'invoice-web-order');
  expect(await paper.innerText()).not.toContain('dora99');
  // 44.00 at full price − 4.40 (2.00 off each, with VAT) − 5.00 + 3.50 = 38.10; the lines carry their VAT rate
  expect(await figures(paper)).toMatchObject({ goods: 4400, discount: 440, coupon: 500, delivery: 350, total: 3810 });
  await paper.getByRole('columnheader', { name: 'VAT rate' }).waitFor();
  await paper.getByRole('cell', { name: '10%', exact: true }).waitFor();
  await paper.getByTestId('invoice-number').getByText(`Invoice number ${ids.order}`).waitFor();
  expect(problems).toEqual([]);
});

test("the till's A4 invoice: the shop, the customer by name, and goods − discount = total", async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/sale-invoice/${ids.sale}/receipt?size=${ids.a4}`);
  const paper = page.locator('.receipt-screen .receipt-invoice');
  await checkInvoice(page, paper, 'Ravi Shah', 'invoice-till-a4');
  expect(await paper.innerText()).not.toContain('till-buyer-7');
  await paper.getByText('3 Park Row').waitFor();
  // 3 × 18.00 (the lamp's week price) + 10 % = 59.40; 1.00 off + its VAT = 1.10; 58.30 to pay, of which VAT 5.30
  expect(await figures(paper)).toEqual({ goods: 5940, discount: 110, coupon: 0, delivery: 0, total: 5830, vat: 530 });
  await paper.getByRole('columnheader', { name: 'VAT rate' }).waitFor();
  expect(problems).toEqual([]);
});

test("a shopper without a name is asked for it at checkout, which offers the last order's address and phone", async () => {
  const { page } = browser;
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(eve.email);
  await page.getByLabel('Password').fill(eve.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('eve-no-name');
  await page.goto(`${product.url}/checkout`);
  const checkout = page.getByTestId('checkout-page');
  await checkout.getByTestId('checkout-name').waitFor();
  expect(await checkout.getByLabel('Delivery address').inputValue()).toBe('5 Old Lane\nHull');
  expect(await checkout.getByLabel('Phone').inputValue()).toBe('+44 7000 555');
  await checkout.getByLabel('Delivery area').selectOption({ label: 'City centre ($3.50)' });
  await checkout.getByRole('radio', { name: /Cash on delivery/ }).check();
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await checkout.getByText('First name is required').waitFor();
  await checkout.getByText('Last name is required').waitFor();
  await checkout.getByLabel('First name').fill('Eve');
  await checkout.getByLabel('Last name').fill('Stone');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'checkout-asks-name-390');
  await page.setViewportSize({ width: 1366, height: 800 });
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await page.getByTestId('order-placed').waitFor();
  // the header and the order's invoice now name her
  await expect.poll(() => page.getByTestId('store-shopper').textContent()).toBe('Eve Stone');
  const orderId = Number(/\/orders\/(\d+)\/placed/.exec(page.url())![1]);
  const detail = await must<{ billTo: { name: string; address: string } }>(product, staffToken, 'GET', `cart-order/${orderId}`);
  expect(detail.billTo).toEqual({ name: 'Eve Stone', address: '5 Old Lane\nHull' });
  expect(problems).toEqual([]);
});
