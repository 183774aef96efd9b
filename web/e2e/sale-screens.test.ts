import { sellingMessages } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];
/** The sale with a due (2 kettles, 5.00 paid), the sale to undo, the held cart, the return and the later payment. */
const ids = { owing: 0, paidUp: 0, held: 0, giveBack: 0, payment: 0, alice: 0, kettle: 0, cash: 0 };
/** The documents' numbers, as the screens show them (pages open by id). */
const no = { owing: 0, paidUp: 0, giveBack: 0 };

type Sale = { createdInvoice: { id: number; number: number | null; saleInvoiceProduct: { id: number }[] } };

/** A statement's lists hold the newest 20 rather than 200 (STATEMENT_ROW_LIMIT): the busy customer needs 21 sales, not 201. */
const statementRowLimit = 20;

beforeAll(async () => {
  product = await startProduct({ STATEMENT_ROW_LIMIT: String(statementRowLimit) });
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => api<T>(product, token, method, path, body);

  // the demo shop's Cash (into the Cash account) and Card (into Bank) payment methods
  const methods = await call<{ getAllPaymentMethod: { id: number; methodName: string }[] }>('GET', 'payment-method?query=all');
  const method = (name: string) => methods.getAllPaymentMethod.find((m) => m.methodName === name)!.id;
  const cash = method('Cash');
  const card = method('Card');
  const vats = await call<{ getAllProductVat: { id: number; percentage: number }[] }>('GET', 'product-vat?query=all');
  const kettle = await call<{ id: number }>('POST', 'product', {
    name: 'Blue kettle',
    sku: 'KETTLE-BLUE',
    productQuantity: 10,
    productPurchasePrice: 6,
    productSalePrice: 10,
    productVatId: vats.getAllProductVat.find((v) => Number(v.percentage) === 10)!.id,
  });
  ids.alice = (await call<{ id: number }>('POST', 'customer', { username: 'Alice Shopper', phone: '+44 7000 111' })).id;
  Object.assign(ids, { kettle: kettle.id, cash });
  const line = (productQuantity: number) => [{ productId: kettle.id, productQuantity }];

  // 2 kettles at 10.00 + 10 % VAT = 22.00, 5.00 in cash: 17.00 due
  const owing = await call<Sale>('POST', 'sale-invoice', {
    customerId: ids.alice,
    saleInvoiceProduct: line(2),
    paidAmount: [{ paymentType: cash, amount: 5 }],
  });
  ids.owing = owing.createdInvoice.id;
  no.owing = owing.createdInvoice.number!;
  // one kettle comes back (10.00 + 1.00 VAT off the due: 6.00), then 2.00 is paid: 4.00 due
  const back = await call<{ createdReturnSaleInvoice: { id: number; number: number } }>('POST', 'return-sale-invoice', {
    saleInvoiceId: ids.owing,
    note: 'Lid cracked',
    returnSaleInvoiceProduct: [{ saleInvoiceProductId: owing.createdInvoice.saleInvoiceProduct[0]!.id, productQuantity: 1 }],
  });
  ids.giveBack = back.createdReturnSaleInvoice.id;
  no.giveBack = back.createdReturnSaleInvoice.number;
  await call('POST', 'payment-sale-invoice', { saleInvoiceNo: ids.owing, paidAmount: [{ paymentType: cash, amount: 2 }] });
  const payments = await call<{ getAllPaymentSaleInvoice: { id: number; amount: number }[] }>(
    'GET',
    `payment-sale-invoice?saleInvoiceId=${ids.owing}`,
  );
  ids.payment = payments.getAllPaymentSaleInvoice.find((p) => Number(p.amount) === 2)!.id;
  // a walk-in sale paid in full by card, to be undone
  const paidUp = await call<Sale>('POST', 'sale-invoice', { saleInvoiceProduct: line(1), paidAmount: [{ paymentType: card, amount: 11 }] });
  ids.paidUp = paidUp.createdInvoice.id;
  no.paidUp = paidUp.createdInvoice.number!;
  // a cart parked at the till
  ids.held = (
    await call<Sale>('POST', 'sale-invoice', { customerId: ids.alice, saleInvoiceProduct: line(3), isHold: 'true', note: 'Back at noon' })
  ).createdInvoice.id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Nothing is wider than a 390 px phone: the page never scrolls sideways. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // once the page has laid itself out again at the phone's width
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, name);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
const totals = (page: Page, label: string) => page.getByLabel(label);

test('the sale list shows each sale with total, VAT, paid, due, returns and profit, the totals of all, and narrows by customer and dates', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/sale-invoice');
  const owing = row(page, `#${no.owing}`);
  await owing.getByText('Alice Shopper').waitFor();
  // total 22.00, VAT 2.00, paid 7.00, due 4.00, returned 11.00 (with its VAT), profit (10 − 6) on the kettle kept
  expect((await owing.locator('td').allInnerTexts()).slice(2)).toEqual([
    'Alice Shopper',
    'owner',
    '$22.00',
    '$2.00',
    '$7.00',
    '$4.00',
    '$11.00',
    '$4.00',
    'Partly paid',
  ]);
  const undone = row(page, `#${no.paidUp}`);
  await undone.getByText('Paid', { exact: true }).waitFor();
  // the held cart is not a sale
  expect(await row(page, `#${ids.held}`).count()).toBe(0);
  const sums = totals(page, 'Sale totals');
  await sums.getByText('Sales', { exact: true }).waitFor();
  expect(await sums.locator('td').allInnerTexts()).toEqual([
    '2',
    '$30.00',
    '$3.00',
    '$0.00',
    '$33.00',
    '$18.00',
    '$11.00',
    '$4.00',
    '$8.00',
  ]);
  await fitsPhone(page, 'sale-list-phone');

  // one customer's sales
  await page.getByLabel('Customer').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Alice Shopper' }).click();
  await page.waitForURL((url) => url.searchParams.get('customerId') === String(ids.alice));
  await page.getByText('1 in all').waitFor();
  await owing.waitFor();
  // sorted by number, lowest first, through the column's header
  await page.goto(`${product.url}/admin/sale-invoice`);
  await page.getByRole('columnheader', { name: 'No.' }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'id' && url.searchParams.get('order') === 'asc');
  await page.locator('tbody tr.ant-table-row').first().getByText(`#${no.owing}`).waitFor();
  // no sale before the shop opened: the days typed into the range go into the address
  await page.goto(`${product.url}/admin/sale-invoice`);
  await page.getByPlaceholder('From').fill('2000-01-01');
  await page.getByPlaceholder('From').press('Enter');
  await page.getByPlaceholder('To').fill('2000-01-31');
  await page.getByPlaceholder('To').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('startDate') === '2000-01-01' && url.searchParams.get('endDate') === '2000-01-31');
  await page.getByText('No sale matches').waitFor();
  // and a reload shows them again
  await page.reload();
  expect(await page.getByPlaceholder('From').inputValue()).toBe('2000-01-01');
  await page.getByText('No sale matches').waitFor();
  expect(problems).toEqual([]);
});

test('a customer payment is deleted from the payment list, and its amount is owed again', async () => {
  const { page } = browser;
  await openScreen(page, 'Customer payments');
  await page.waitForURL(`${product.url}/admin/customer-payment`);
  const payment = row(page, `Payment for sale #${no.owing}`).filter({ hasText: '2.00' });
  await payment.waitFor();
  expect(await row(page, `#${no.owing}`).count()).toBe(2);
  await totals(page, 'Payment totals').getByText('18.00').waitFor();
  await fitsPhone(page, 'customer-payments-phone');
  await payment.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(sellingMessages.paymentDeleted).waitFor();
  await payment.waitFor({ state: 'detached' });
  await totals(page, 'Payment totals').getByText('16.00').waitFor();
  const sale = await api<{ dueAmount: number }>(product, token, 'GET', `sale-invoice/${ids.owing}`);
  expect(sale.dueAmount).toBe(6);
  expect(problems).toEqual([]);
});

test('the sale page shows lines with what came back, the return, the ledger, and takes the due split across cash and card', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/sale-invoice`);
  await row(page, `#${no.owing}`)
    .getByRole('link', { name: `#${no.owing}` })
    .click();
  await page.waitForURL(`${product.url}/admin/sale-invoice/${ids.owing}`);
  await page.getByRole('heading', { name: `Sale #${no.owing}` }).waitFor();
  const line = page.getByLabel('Lines').getByRole('row').filter({ hasText: 'KETTLE-BLUE' });
  // sold 2, 1 back
  expect(await line.locator('td').allInnerTexts()).toEqual([
    'Blue kettle (KETTLE-BLUE)',
    '2',
    '$10.00',
    '$0.00',
    '$20.00',
    '10 % / $2.00',
    '1',
  ]);
  await page
    .getByLabel('Returns')
    .getByRole('link', { name: `#${no.giveBack}` })
    .waitFor();
  await page.getByLabel('Ledger').getByText(`Sale #${no.owing}: paid by Cash`).waitFor();
  const figures = page.getByLabel('Sale figures');
  await figures.getByText('Partly paid').waitFor();
  expect(await page.getByRole('link', { name: 'Reprint' }).getAttribute('href')).toBe(`/admin/sale-invoice/${ids.owing}/receipt`);
  expect(await page.getByRole('link', { name: 'Return goods' }).getAttribute('href')).toBe(`/admin/pos?return=${no.owing}`);
  await fitsPhone(page, 'sale-detail-phone');

  const form = page.getByLabel('Take payment');
  await form.getByText('Take payment (due $6.00)').waitFor();
  await form.getByLabel('Payment method 1').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Cash$/ })
    .click();
  await form.getByLabel('Amount 1').fill('7');
  await form.getByRole('button', { name: 'Take payment' }).click();
  await page.getByText(sellingMessages.amountAboveDue).waitFor();
  await form.getByLabel('Amount 1').fill('4');
  await form.getByRole('button', { name: 'Split with another method' }).click();
  await form.getByLabel('Payment method 2').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Card$/ })
    .last()
    .click();
  await form.getByLabel('Amount 2').fill('2');
  await form.getByRole('button', { name: 'Take payment' }).click();
  await page.getByText(sellingMessages.paymentAdded).waitFor();
  // the status tag beside the sale's number (the figures also hold a "Paid" amount)
  await page.locator('.ant-tag', { hasText: /^Paid$/ }).waitFor();
  await form.waitFor({ state: 'detached' });
  await page.getByLabel('Ledger').getByText(`Payment for sale #${no.owing} by Card`).waitFor();
  expect((await api<{ dueAmount: number }>(product, token, 'GET', `sale-invoice/${ids.owing}`)).dueAmount).toBe(0);
  expect(problems).toEqual([]);
});

test('a sale is undone from its page after a confirm, and shows as undone in the list', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/sale-invoice/${ids.paidUp}`);
  await page.getByRole('button', { name: 'Undo sale' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Undo sale' }).click();
  await page.getByText(sellingMessages.saleDeleted).waitFor();
  // one word for an undone sale, in its header and its figures: never "Paid" beside it
  await page.getByLabel('Sale figures').getByText('Undone', { exact: true }).waitFor();
  expect(await page.locator('.ant-tag', { hasText: /paid/i }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Undo sale' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Return goods' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Back to sale invoices' }).click();
  // the list and its totals are the active sales'; the undone ones are listed apart
  await totals(page, 'Sale totals').getByText('22.00').waitFor();
  expect(await row(page, `#${no.paidUp}`).count()).toBe(0);
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Undone sales' }).click();
  await row(page, `#${no.paidUp}`).getByText('Undone').waitFor();
  await page.getByText('1 in all').waitFor();
  expect(problems).toEqual([]);
});

test('held sales are resumed at the till or cancelled after a confirm', async () => {
  const { page } = browser;
  await openScreen(page, 'Held sales');
  await page.waitForURL(`${product.url}/admin/sale-hold`);
  const held = row(page, 'Back at noon');
  await held.getByText('Alice Shopper').waitFor();
  await held.getByText('33.00').waitFor();
  expect(await held.getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe(`/admin/pos?hold=${ids.held}`);
  await held.getByRole('button', { name: /expand/i }).click();
  await page.getByRole('row').filter({ hasText: 'KETTLE-BLUE' }).getByText('30.00').waitFor();
  await fitsPhone(page, 'held-sales-phone');
  await held.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Cancel it' }).click();
  await page.getByText('Held sale cancelled').waitFor();
  await page.getByText('No sale is on hold').waitFor();
  expect(problems).toEqual([]);
});

test('sale returns are listed with their sale and totals, narrowed by sale, and open to their goods', async () => {
  const { page } = browser;
  await openScreen(page, 'Sale returns');
  await page.waitForURL(`${product.url}/admin/sale-return`);
  const back = row(page, 'Lid cracked');
  await back.locator(`a[href="/admin/sale-invoice/${ids.owing}"]`).waitFor();
  await back.getByText('10.00').waitFor();
  await back.getByText('1.00').waitFor();
  await totals(page, 'Return totals').getByText('10.00').waitFor();
  await fitsPhone(page, 'sale-returns-phone');
  await page.getByLabel('Sale no.').fill(String(no.paidUp));
  await page.getByText('Nothing brought back').waitFor();
  await page.getByLabel('Sale no.').fill(String(no.owing));
  await back.waitFor();

  await back.locator(`a[href="/admin/sale-return/${ids.giveBack}"]`).click();
  await page.waitForURL(`${product.url}/admin/sale-return/${ids.giveBack}`);
  await page.getByRole('heading', { name: `Sale return #${no.giveBack}` }).waitFor();
  await page.getByLabel('Returned goods').getByRole('row').filter({ hasText: 'KETTLE-BLUE' }).getByText('10 % / $1.00').waitFor();
  // the note, beside the date (its History, below, names it too)
  await page.locator('.ant-descriptions').getByText('Lid cracked').waitFor();
  await fitsPhone(page, 'sale-return-phone');
  expect(problems).toEqual([]);
});

test("a customer's statement opens from the customer list: sales, returns, payments, what they bought and owe", async () => {
  const { page } = browser;
  await openScreen(page, 'Customers');
  await page.waitForURL(`${product.url}/admin/customer`);
  await row(page, 'Alice Shopper').getByRole('button', { name: 'Statement' }).click();
  await page.waitForURL(`${product.url}/admin/customer/${ids.alice}`);
  await page.getByRole('heading', { name: 'Statement of Alice Shopper' }).waitFor();
  const statement = page.getByLabel('Statement', { exact: true });
  // bought 22.00, 11.00 back, paid 5.00 + 4.00 + 2.00, nothing due
  expect(await statement.locator('td').allInnerTexts()).toEqual(['1', '1', '$22.00', '$11.00', '$11.00', '$0.00', '$0.00']);
  await page
    .getByRole('region', { name: 'Sales' })
    .getByRole('link', { name: `#${no.owing}` })
    .waitFor();
  await page.getByRole('region', { name: 'Returns' }).locator(`a[href="/admin/sale-return/${ids.giveBack}"]`).waitFor();
  const paid = page.getByRole('region', { name: 'Payments' });
  await paid.getByText('3 in all').waitFor();
  await paid.getByRole('row').filter({ hasText: 'Bank' }).getByText('2.00').waitFor();
  await fitsPhone(page, 'customer-statement-phone');
  expect(problems).toEqual([]);
});

test("a busy customer's statement lists the newest sales, says how many more there are, and leads to all of them in the sale list", async () => {
  const { page } = browser;
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => api<T>(product, token, method, path, body);
  const busy = (await call<{ id: number }>('POST', 'customer', { username: 'Busy Buyer' })).id;
  const mug = await call<{ id: number }>('POST', 'product', {
    name: 'Mug',
    sku: 'MUG-1',
    productQuantity: 500,
    productPurchasePrice: 1,
    productSalePrice: 2,
  });
  // one sale more than a statement lists, paid in full
  const sales = statementRowLimit + 1;
  for (let i = 0; i < sales; i++) {
    await call('POST', 'sale-invoice', {
      customerId: busy,
      saleInvoiceProduct: [{ productId: mug.id, productQuantity: 1 }],
      paidAmount: [{ paymentType: ids.cash, amount: 2 }],
    });
  }
  await page.goto(`${product.url}/admin/customer/${busy}`);
  await page.getByRole('heading', { name: 'Statement of Busy Buyer' }).waitFor();
  // the figures count every sale; the list holds the newest
  expect((await page.getByLabel('Statement', { exact: true }).locator('td').allInnerTexts()).slice(0, 3)).toEqual([
    String(sales),
    '0',
    `$${(2 * sales).toFixed(2)}`,
  ]);
  const listed = page.getByRole('region', { name: 'Sales' });
  await listed.getByText(`The newest ${statementRowLimit} of ${sales} sales`).waitFor();
  expect(await page.getByRole('region', { name: 'Returns' }).getByText('The newest').count()).toBe(0);
  await fitsPhone(page, 'customer-statement-cut-phone');
  await listed.getByRole('link', { name: 'See them all in the sale list' }).click();
  await page.waitForURL(`${product.url}/admin/sale-invoice?customerId=${busy}`);
  const sums = totals(page, 'Sale totals');
  await sums.getByText('Sales', { exact: true }).waitFor();
  await expect.poll(async () => (await sums.locator('td').allInnerTexts())[0]).toBe(String(sales));
  expect(problems).toEqual([]);
});

test('a clerk who may only read sales sees them, without payment, undo, return, or customer and salesperson filters', async () => {
  const { page } = browser;
  const clerk = { username: 'sales-reader', password: 'sales-reader-pass-1' };
  const role = await api<{ id: number }>(product, token, 'POST', 'role', { name: 'Sales reader' });
  const all = await api<{ getAllPermission: { id: number; name: string }[] }>(product, token, 'GET', 'permission?query=all');
  const wanted = ['readAll-saleInvoice', 'readSingle-saleInvoice'];
  const permissionId = all.getAllPermission.filter((p) => wanted.includes(p.name)).map((p) => p.id);
  await api(product, token, 'POST', 'role-permission', { roleId: role.id, permissionId });
  await api(product, token, 'POST', 'user/register', { firstName: 'Sales', lastName: 'Reader', ...clerk, roleId: role.id });
  // a sale still owing, so that the payment form would show to someone allowed to take it
  const owing = await api<Sale>(product, token, 'POST', 'sale-invoice', {
    customerId: ids.alice,
    saleInvoiceProduct: [{ productId: ids.kettle, productQuantity: 1 }],
    paidAmount: [{ paymentType: ids.cash, amount: 1 }],
  });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${product.url}/admin/auth/login`);
  await loginAs(page, product.url, clerk.username, clerk.password);
  await openScreen(page, 'Sale invoices');
  await row(page, `#${owing.createdInvoice.number}`).getByText('Partly paid').waitFor();
  await page.getByLabel('Status').waitFor();
  expect(await page.getByLabel('Customer').count()).toBe(0);
  expect(await page.getByLabel('Salesperson').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'New sale' }).count()).toBe(0);
  await row(page, `#${owing.createdInvoice.number}`)
    .getByRole('link', { name: `#${owing.createdInvoice.number}` })
    .click();
  await page.getByLabel('Sale figures').getByText('Partly paid').waitFor();
  await page.getByRole('link', { name: 'Reprint' }).waitFor();
  for (const name of ['Undo sale', 'Take payment', 'Return goods']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
  // the customer's name is not a way into statements this role may not read
  expect(await page.getByRole('link', { name: 'Alice Shopper' }).count()).toBe(0);
  expect(problems).toEqual([]);
});
