import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminNav, openMenuGroups, openScreen } from './admin-nav.ts';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { call, must, placeOrder, registerShopper } from './shop-api.ts';
import { ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let staff: string;
const problems: string[] = [];
/** The orders: paid on delivery (2 red kettles, size L), paid by card (verified on the payments screen), with the coupon made on its screen. */
const orders = { cod: 0, card: 0, coupon: 0 };
const ids = { kettle: 0, courier: 0, city: 0, outskirts: 0, cod: 0, card: 0, red: 0, large: 0 };
let bella = { id: 0, token: '' };

type Rows<K extends string> = Record<K, Record<string, unknown>[]>;
const idIn = (rows: Record<string, unknown>[], field: string, value: unknown) => Number(rows.find((r) => r[field] === value)!.id);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  staff = await ownerToken(product);
  const get = <K extends string>(path: string) => must<Rows<K>>(product, staff, 'GET', path);

  const vats = await get<'getAllProductVat'>('product-vat?query=all');
  const colours = await get<'getAllProductColor'>('product-color?query=all');
  const values = await get<'getAllProductAttributeValue'>('product-attribute-value?query=all');
  const fees = await get<'getAllDeliveryFee'>('delivery-fee?query=all');
  const couriers = await get<'getAllCourierMedium'>('courier-medium?query=all');
  const methods = await get<'getAllPaymentMethod'>('payment-method?query=all');
  Object.assign(ids, {
    red: idIn(colours.getAllProductColor, 'name', 'Red'),
    large: idIn(values.getAllProductAttributeValue, 'name', 'L'),
    city: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'City centre'),
    outskirts: idIn(fees.getAllDeliveryFee, 'deliveryArea', 'Outskirts'),
    courier: idIn(couriers.getAllCourierMedium, 'courierMediumName', 'Own delivery'),
    cod: idIn(methods.getAllPaymentMethod, 'methodName', 'Cash on delivery'),
    card: idIn(methods.getAllPaymentMethod, 'methodName', 'Bank transfer'),
  });
  // 10.00 + 10 % VAT: 11.00 a kettle at the shop
  ids.kettle = (
    await must<{ id: number }>(product, staff, 'POST', 'product', {
      name: 'Blue kettle',
      sku: 'KETTLE-BLUE',
      productQuantity: 20,
      productPurchasePrice: 6,
      productSalePrice: 10,
      productVatId: idIn(vats.getAllProductVat, 'percentage', 10),
      colors: [ids.red],
      productAttributeValueId: [ids.large],
    })
  ).id;

  bella = await registerShopper(product, 'Bella Buyer', 'bella@example.com');
  // 2 × 11.00 + 3.50 to the city centre = 25.50, cash to the courier
  orders.cod = await placeOrder(product, bella.token, 'bella-1', {
    lines: [{ productId: ids.kettle, productQuantity: 2, colorId: ids.red, productAttributeValueId: [ids.large] }],
    deliveryFeeId: ids.city,
    paymentMethodId: ids.cod,
    deliveryAddress: '12 Harbour Road\nFlat 3',
    customerPhone: '+44 7000 222',
  });
  // 11.00 + 6.00 to the outskirts = 17.00, paid by card beforehand
  orders.card = await placeOrder(product, bella.token, 'bella-2', {
    lines: [{ productId: ids.kettle, productQuantity: 1 }],
    deliveryFeeId: ids.outskirts,
    paymentMethodId: ids.card,
    deliveryAddress: '4 Mill Lane',
    customerPhone: '+44 7000 222',
    CustomerAccount: '01700-555111',
    CustomerTransactionId: 'TX-48151623',
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Nothing is wider than a 390 px phone: the page never scrolls sideways. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, name);
  } finally {
    await page.setViewportSize({ width: 1366, height: 800 });
  }
}

async function wide(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await screenshot(page, name);
}

const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
const figure = (page: Page, section: string, label: string) =>
  page.getByLabel(section).locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');

test('the order list has a tab per status with its count, searches by shopper and order, and keeps it all in the address', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, product.url, '/admin/cart-order');
  await page.getByRole('tab', { name: 'Pending (2)' }).waitFor();
  await page.getByRole('tab', { name: 'Received (0)' }).waitFor();
  const cod = row(page, `Order #${orders.cod}`);
  await cod.getByText('Bella Buyer').waitFor();
  const cells = (await cod.locator('td').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  expect([cells[1], ...cells.slice(3)]).toEqual([
    'Pending',
    'Bella Buyer',
    'City centre',
    '$25.50',
    '$25.50',
    'Cash on delivery Accepted at delivery',
    '',
  ]);
  await row(page, `Order #${orders.card}`).getByText('To verify').waitFor();
  // the totals are over both orders: 25.50 + 17.00
  expect(await figure(page, 'Order totals', 'Total').innerText()).toBe('$42.50');
  expect(await figure(page, 'Order totals', 'Orders').innerText()).toBe('2');

  await page.getByRole('tab', { name: 'Pending (2)' }).click();
  await page.waitForURL((url) => url.searchParams.get('orderStatus') === 'PENDING');
  await page.getByRole('tab', { name: 'Pending (2)', selected: true }).waitFor();
  await page.getByText('2 in all').waitFor();
  await wide(page, 'order-list');
  await fitsPhone(page, 'order-list-phone');

  // by order number: only that order, and the tab stays
  await page.getByLabel('Search orders').fill(String(orders.card));
  await page.getByLabel('Search orders').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('key') === String(orders.card) && url.searchParams.get('orderStatus') === 'PENDING');
  await page.getByText('1 in all').waitFor();
  await row(page, `Order #${orders.card}`).waitFor();
  // a reload shows the same
  await page.reload();
  await page.getByText('1 in all').waitFor();
  // by the shopper's name; nothing before the shop opened
  await page.goto(`${product.url}/admin/cart-order?key=Bella`);
  await page.getByText('2 in all').waitFor();
  await page.goto(`${product.url}/admin/cart-order?startDate=2000-01-01&endDate=2000-01-31`);
  await page.getByText('No order matches').waitFor();
  expect(problems).toEqual([]);
});

test('staff take a cash-on-delivery order from pending through received (courier, new fee), shipped and delivered', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/cart-order?orderStatus=PENDING`);
  await row(page, `Order #${orders.cod}`)
    .getByRole('link', { name: `Order #${orders.cod}` })
    .click();
  await page.waitForURL(`${product.url}/admin/cart-order/${orders.cod}`);
  await page.getByRole('heading', { name: `Order #${orders.cod}` }).waitFor();
  // the line with its colour and size, the shopper and where it goes
  const line = row(page, 'Blue kettle (Red, L)');
  expect((await line.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
    'Blue kettle (Red, L)',
    '2',
    '$11.00',
    '$0.00',
    '10 % / $2.00',
    '$22.00',
  ]);
  const details = page.getByLabel('Order details');
  await details.getByText('12 Harbour Road').waitFor();
  await details.getByText('+44 7000 222').waitFor();
  await details.getByText('bella@example.com').waitFor();
  await details.getByText('Accepted at delivery').waitFor();
  expect(await figure(page, 'Order figures', 'Goods').innerText()).toBe('$22.00');
  expect(await figure(page, 'Order figures', 'Delivery fee').innerText()).toBe('$3.50');
  expect(await figure(page, 'Order figures', 'Total').innerText()).toBe('$25.50');
  await page.getByLabel('Status history').getByText('Pending').waitFor();
  await wide(page, 'order-pending');
  await fitsPhone(page, 'order-pending-phone');

  // received: the courier is asked for, and the fee may change
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await dialog.getByText('Choose the courier who takes it').waitFor();
  await dialog.getByLabel('Courier').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Own delivery' }).click();
  await dialog.getByLabel('Delivery fee').fill('4');
  await wide(page, 'order-receive-dialog');
  await fitsPhone(page, 'order-receive-dialog-phone');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.ant-tag', { hasText: 'Received' }).waitFor();
  await details.getByText('Own delivery').waitFor();
  await expect.poll(() => figure(page, 'Order figures', 'Total').innerText()).toBe('$26.00');
  expect(await figure(page, 'Order figures', 'Delivery fee').innerText()).toBe('$4.00');

  await page.getByRole('button', { name: 'Mark shipped' }).click();
  // the tracking number is optional: shipped without one
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await page.locator('.ant-tag', { hasText: 'Shipped' }).waitFor();
  expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await page.locator('.ant-tag', { hasText: 'Delivered' }).waitFor();
  // the end of the road: no next status
  await page.getByRole('button', { name: 'Mark delivered' }).waitFor({ state: 'detached' });
  expect(await page.getByLabel('Order actions').count()).toBe(0);
  // the courier brought the cash: paid in full
  await expect.poll(() => figure(page, 'Order figures', 'Paid').innerText()).toBe('$26.00');
  expect(await figure(page, 'Order figures', 'Due').innerText()).toBe('$0.00');
  const history = page.getByLabel('Status history');
  for (const status of ['Pending', 'Received', 'Shipped', 'Delivered']) await history.getByText(status, { exact: true }).waitFor();
  // the books: the sale (net), its VAT, the delivery and the cash the courier brought
  const ledger = page.getByLabel('Ledger');
  const entry = (particulars: string) => ledger.getByRole('row').filter({ hasText: particulars });
  expect(await entry(`Web order #${orders.cod}: sales`).innerText()).toContain('$20.00');
  expect(await entry(`Web order #${orders.cod}: VAT 10 %`).innerText()).toContain('$2.00');
  expect(await entry(`Web order #${orders.cod}: paid by Cash on delivery`).innerText()).toContain('$26.00');
  await wide(page, 'order-delivered');
  await fitsPhone(page, 'order-delivered-phone');

  // the list's tabs follow
  await page.goto(`${product.url}/admin/cart-order`);
  await page.getByRole('tab', { name: 'Delivered (1)' }).waitFor();
  await page.getByRole('tab', { name: 'Pending (1)' }).waitFor();
  expect(problems).toEqual([]);
});

test('the packing slip and the invoice print the order without the admin around it', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/cart-order/${orders.cod}`);
  await page.getByRole('button', { name: 'Packing slip' }).click();
  await page.waitForURL(`${product.url}/admin/cart-order/${orders.cod}/print/packing-slip`);
  const slip = page.getByLabel(`Packing slip of order ${orders.cod}`);
  await slip.getByText('Blue kettle (Red, L)').waitFor();
  await slip.getByText('Courier: Own delivery').waitFor();
  // no prices on the slip
  expect(await slip.getByText('$11.00').count()).toBe(0);
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByTestId('admin-nav').isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  await wide(page, 'order-packing-slip-print');
  await page.emulateMedia({ media: 'screen' });
  await wide(page, 'order-packing-slip');

  await page.getByRole('button', { name: 'Invoice' }).click();
  await page.waitForURL(`${product.url}/admin/cart-order/${orders.cod}/print/invoice`);
  const invoice = page.getByLabel(`Invoice of order ${orders.cod}`);
  await invoice.getByText('$22.00').first().waitFor();
  const billed = (label: string) => invoice.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText();
  expect(await billed('Total')).toBe('$26.00');
  expect(await billed('Delivery fee')).toBe('$4.00');
  expect(await billed('Due')).toBe('$0.00');
  await wide(page, 'order-invoice');
  await fitsPhone(page, 'order-invoice-phone');
  expect(problems).toEqual([]);
});

test('a card payment is accepted on the manual payments screen, and the order says so', async () => {
  const { page } = browser;
  // before: the order says its payment waits to be verified
  const waiting = "The shopper's payment is not accepted yet: verify it under Manual payments before receiving the order.";
  await page.goto(`${product.url}/admin/cart-order/${orders.card}`);
  await page.getByText(waiting).waitFor();
  await page.getByLabel('Order details').getByText('To verify').waitFor();
  await openScreen(page, 'Manual payments');
  await page.waitForURL(`${product.url}/admin/manual-payment`);
  const card = row(page, 'TX-48151623');
  await card.getByText('To verify').waitFor();
  await card.getByText('01700-555111').waitFor();
  await card.getByText('$17.00').waitFor();
  // cash on delivery: nothing to verify before, the courier collects it
  const cod = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${orders.cod}`, exact: true }) });
  await cod.getByText('Accepted at delivery').waitFor();
  expect(await cod.getByRole('button').count()).toBe(0);
  await wide(page, 'manual-payments');
  await fitsPhone(page, 'manual-payments-phone');

  // only the payments still to verify, then only card payments
  await page.getByLabel('Verification').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'To verify' }).click();
  await page.waitForURL((url) => url.searchParams.get('isVerified') === 'Pending');
  await card.waitFor();
  await page.getByLabel('Payment method').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Bank transfer$/ })
    .click();
  await page.waitForURL((url) => url.searchParams.get('paymentMethodId') === String(ids.card));
  await page.getByText('1 in all').waitFor();

  await card.getByRole('button', { name: 'Accept' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Accept' }).click();
  // accepted: it leaves the "to verify" list
  await card.waitFor({ state: 'detached' });
  await page.goto(`${product.url}/admin/manual-payment`);
  await card.getByText('Accepted').waitFor();
  expect(await card.getByRole('button', { name: 'Accept' }).count()).toBe(0);

  await card.getByRole('link', { name: `Order #${orders.card}` }).click();
  await page.waitForURL(`${product.url}/admin/cart-order/${orders.card}`);
  await page.getByLabel('Order details').getByText('Accepted', { exact: true }).waitFor();
  expect(await page.getByText(waiting).count()).toBe(0);
  // accepting the payment took the order's money
  expect(await figure(page, 'Order figures', 'Paid').innerText()).toBe('$17.00');
  expect(await figure(page, 'Order figures', 'Due').innerText()).toBe('$0.00');
  expect(problems).toEqual([]);
});

test('a payment that cannot be found is rejected: the order still owes it and says so', async () => {
  const { page } = browser;
  const doubtful = await placeOrder(product, bella.token, 'bella-4', {
    lines: [{ productId: ids.kettle, productQuantity: 1 }],
    deliveryFeeId: ids.city,
    paymentMethodId: ids.card,
    deliveryAddress: '4 Mill Lane',
    customerPhone: '+44 7000 222',
    CustomerAccount: '01700-999000',
    CustomerTransactionId: 'TX-NOT-FOUND',
  });
  await page.goto(`${product.url}/admin/manual-payment?key=TX-NOT-FOUND`);
  const payment = row(page, 'TX-NOT-FOUND');
  await payment.getByRole('button', { name: 'Reject' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reject' }).click();
  await payment.getByText('Rejected').waitFor();
  expect(await payment.getByRole('button').count()).toBe(0);
  await page.goto(`${product.url}/admin/cart-order/${doubtful}`);
  await page.getByLabel('Order details').getByText('Rejected').waitFor();
  expect(await figure(page, 'Order figures', 'Due').innerText()).toBe('$14.50');
  await page.getByText("The shopper's payment is not accepted yet").waitFor();
  // it goes no further: cancelled, the tab counts it
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.ant-tag', { hasText: 'Cancelled' }).waitFor();
  expect(problems).toEqual([]);
});

test('a move another desk made first is refused with the server’s words, and the page shows the order as it now is', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/cart-order/${orders.card}`);
  await page.getByRole('button', { name: 'Receive' }).waitFor();
  // meanwhile, someone else receives it
  await must(product, staff, 'PATCH', 'cart-order/order', {
    invoiceId: orders.card,
    orderStatus: 'RECEIVED',
    courierMediumId: ids.courier,
  });
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Courier').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Own delivery' }).click();
  await dialog.getByRole('button', { name: 'Receive' }).click();
  const refused = await call<{ error: string; code: string }>(product, staff, 'PATCH', 'cart-order/order', {
    invoiceId: orders.card,
    orderStatus: 'RECEIVED',
    courierMediumId: ids.courier,
  });
  expect(refused.status).toBe(409);
  await page.getByRole('alert').filter({ hasText: refused.body.error }).waitFor();
  await page.locator('.ant-tag', { hasText: 'Received' }).waitFor();
  await page.getByRole('button', { name: 'Mark shipped' }).waitFor();
  await wide(page, 'order-refused');

  // cancelled: asked first, then the tab counts it
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.ant-tag', { hasText: 'Cancelled' }).waitFor();
  await page.goto(`${product.url}/admin/cart-order`);
  await page.getByRole('tab', { name: 'Cancelled (2)' }).waitFor();
  expect(problems).toEqual([]);
});

test('a coupon made on the coupon screen takes its money off the next order', async () => {
  const { page } = browser;
  await openScreen(page, 'Coupons');
  await page.waitForURL(`${product.url}/admin/coupon`);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Code').fill('WELCOME5');
  await dialog.getByLabel('Type').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Flat amount' }).click();
  await dialog.getByRole('spinbutton', { name: 'Value' }).fill('5');
  for (const [label, value] of [
    ['Start date', '2020-01-01'],
    ['End date', '2099-12-31'],
  ]) {
    const input = dialog.getByLabel(label!);
    await input.click();
    await input.fill(value!);
    await input.press('Enter');
  }
  await dialog.getByRole('spinbutton', { name: 'Uses in all' }).fill('100');
  await dialog.getByRole('spinbutton', { name: 'Uses per shopper' }).fill('1');
  await dialog.getByRole('spinbutton', { name: 'Minimum order' }).fill('20');
  await dialog.getByLabel('Description').fill('Five off a first order of 20 or more');
  await wide(page, 'coupon-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Coupon added successfully').waitFor();
  const coupon = row(page, 'WELCOME5');
  await coupon.getByText('Flat amount').waitFor();
  await coupon.getByText('$5.00').waitFor();
  await coupon.getByText('2099-12-31').waitFor();
  await wide(page, 'coupons');
  await fitsPhone(page, 'coupons-phone');

  // 2 kettles (22.00) with the coupon: 5.00 off, 3.50 delivery: 20.50
  orders.coupon = await placeOrder(product, bella.token, 'bella-3', {
    lines: [{ productId: ids.kettle, productQuantity: 2 }],
    deliveryFeeId: ids.city,
    paymentMethodId: ids.cod,
    deliveryAddress: '12 Harbour Road',
    customerPhone: '+44 7000 222',
    couponCode: 'WELCOME5',
  });
  await page.goto(`${product.url}/admin/cart-order/${orders.coupon}`);
  expect(await figure(page, 'Order figures', 'Coupon WELCOME5').innerText()).toBe('-$5.00');
  expect(await figure(page, 'Order figures', 'Total').innerText()).toBe('$20.50');
  expect(problems).toEqual([]);
});

test('the payment methods screen says which method is cash on delivery', async () => {
  const { page } = browser;
  await openScreen(page, 'Payment methods');
  await page.getByRole('columnheader', { name: 'Cash on delivery' }).waitFor();
  // the rows come after the headers
  await page.getByRole('cell', { name: 'Bank transfer', exact: true }).waitFor();
  const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const cellsOf = async (name: string) => {
    const cells = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
      .locator('td');
    const texts = (await cells.allInnerTexts()).map((t) => t.trim());
    return ['Offered at checkout', 'Offered at the till', 'Cash on delivery'].map((h) => texts[headers.indexOf(h)]);
  };
  // the courier collects it: offered at checkout, not at the till; the card only at the till; a transfer only online
  expect(await cellsOf('Cash on delivery')).toEqual(['Yes', 'No', 'Yes']);
  expect(await cellsOf('Card')).toEqual(['No', 'Yes', 'No']);
  expect(await cellsOf('Bank transfer')).toEqual(['Yes', 'No', 'No']);
});

test('the dashboard shows the online shop: orders placed, cancelled ones apart, total, due, and each status opening its orders', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/dashboard`);
  const shop = page.getByLabel('Online shop', { exact: true });
  const figure = (title: string) => shop.locator(`[data-figure="${title}"]`);
  // delivered (26.00) and the coupon's order (20.50, due); the card and the rejected orders were cancelled
  await expect.poll(() => figure('Web orders').textContent()).toBe('2');
  await shop.getByText('2 cancelled orders apart').waitFor();
  expect(await figure('Web order total').textContent()).toBe('$46.50');
  await shop.getByText('Due $20.50').waitFor();
  await wide(page, 'dashboard-online');
  await fitsPhone(page, 'dashboard-online-phone');
  await shop.getByRole('link', { name: 'Cancelled: 2' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/cart-order' && url.searchParams.get('orderStatus') === 'CANCELLED');
  await page.getByText('2 in all').waitFor();
  expect(problems).toEqual([]);
});

test('a role that may only read orders sees the orders in the menu, not the payments or coupons, and no buttons that move an order', async () => {
  const { page } = browser;
  const viewer = { username: 'order-viewer', password: 'order-viewer-pass-1' };
  const role = await must<{ id: number }>(product, staff, 'POST', 'role', { name: 'Order viewer' });
  const all = await must<{ getAllPermission: { id: number; name: string }[] }>(product, staff, 'GET', 'permission?query=all');
  const wanted = ['readAll-cartOrder', 'readSingle-cartOrder'];
  const permissionId = all.getAllPermission.filter((p) => wanted.includes(p.name)).map((p) => p.id);
  await must(product, staff, 'POST', 'role-permission', { roleId: role.id, permissionId });
  await must(product, staff, 'POST', 'user/register', { firstName: 'Order', lastName: 'Viewer', ...viewer, roleId: role.id });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${product.url}/admin/auth/login`);
  await signIn(page, product.url, '/admin', viewer.username, viewer.password);
  // the only screen the role may open is where the admin area opens
  await page.waitForURL(`${product.url}/admin/cart-order`);
  const nav = await openMenuGroups(page);
  expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['Orders']);
  await (await adminNav(page)).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: `Order #${orders.card}` }).click();
  await page.getByRole('heading', { name: `Order #${orders.card}` }).waitFor();
  await page.getByLabel('Order figures').waitFor();
  expect(await page.getByLabel('Order actions').count()).toBe(0);
  // the payment's screen is not theirs: no link to it
  expect(await page.getByRole('link', { name: 'Manual payments' }).count()).toBe(0);
  await page.goto(`${product.url}/admin/manual-payment`);
  await page.getByText('No access').waitFor();
  expect(problems).toEqual([]);
});
