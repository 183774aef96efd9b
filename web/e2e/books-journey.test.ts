import { accountMessages, formatMoney, journalMessages, toCents } from '@tillbook/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, downloadedText, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const problems: string[] = [];

type Vat = { totalVatReceived: number; totalVatGiven: number; totalVat: number };
let vatBefore: Vat;
/** An amount as the screens write it, with the demo shop's dollar, escaped for a pattern. */
const money = (n: number) => (n < 0 ? `-\\$${formatMoney(toCents(-n))}` : `\\$${formatMoney(toCents(n))}`);
/** The number in an amount as a screen writes it ('$120.00'). */
const amountOf = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));
const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => api<T>(product, token, method, path, body);

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  // the demo shop may already hold VAT this month: the report is read before, and our documents add to it
  vatBefore = await call<Vat>('GET', 'product-vat/statement');

  const methods = await call<{ getAllPaymentMethod: { id: number; methodName: string }[] }>('GET', 'payment-method?query=all');
  const cash = methods.getAllPaymentMethod.find((m) => m.methodName === 'Cash')!.id;
  const vats = await call<{ getAllProductVat: { id: number; percentage: number }[] }>('GET', 'product-vat?query=all');
  const lamp = await call<{ id: number }>('POST', 'product', {
    name: 'Books lamp',
    sku: 'BOOKS-LAMP',
    productQuantity: 0,
    productPurchasePrice: 0,
    productSalePrice: 10,
    productVatId: vats.getAllProductVat.find((v) => Number(v.percentage) === 10)!.id,
  });
  const supplier = await call<{ id: number }>('POST', 'supplier', { name: 'Lamp Wholesale', phone: '+44 20 7946 1111' });
  // bought: 10 lamps at 5.00 with 10 % VAT = 50.00 + 5.00 input VAT, 30.00 paid
  await call('POST', 'purchase-invoice', {
    supplierId: supplier.id,
    paidAmount: [{ amount: 30 }],
    purchaseInvoiceProduct: [{ productId: lamp.id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }],
  });
  // sold: 2 lamps at 10.00 + 10 % VAT = 20.00 + 2.00 output VAT, paid 22.00 in cash
  await call('POST', 'sale-invoice', {
    saleInvoiceProduct: [{ productId: lamp.id, productQuantity: 2 }],
    paidAmount: [{ paymentType: cash, amount: 22 }],
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
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
/**
 * Chooses an account in a searchable select by typing its name, as a person would in a long list, and
 * checks the field then shows it. A click that lands while the list is still opening can be lost (a
 * person would see the empty field and choose again): so does this, a few times at most.
 */
async function pick(page: Page, select: ReturnType<Page['getByLabel']>, name: string) {
  const field = select.locator('xpath=ancestor::div[contains(@class, "ant-form-item-control")][1]');
  await vi.waitFor(
    async () => {
      await select.click();
      await select.fill(name);
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) })
        .click({ timeout: 10_000 });
      await page.waitForTimeout(100);
      const shown = await field.innerText({ timeout: 2_000 });
      if (!shown.split('\n').includes(name)) throw new Error(`the field shows "${shown}", not "${name}"`);
    },
    { timeout: 30_000, interval: 100 },
  );
}
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a manual entry is added in the journal; the trial balance matches and its Rent row opens the postings behind it', async () => {
  const { page } = browser;
  await loginAs(page, product.url);

  // the chart of accounts lists the system accounts with their tag
  await openScreen(page, 'Chart of accounts');
  await page.waitForURL(`${product.url}/admin/account`);
  const rent = row(page, 'Rent');
  await rent.getByText('System').waitFor();
  // an own account is added, renamed and deleted
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Petty cash box');
  await pick(page, dialog.getByLabel('Main account'), 'Asset (Asset)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(accountMessages.added).first().waitFor();
  await row(page, 'Petty cash box').getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Petty cash box' });
  await rename.getByLabel('Name').fill('Petty cash tin');
  await rename.getByRole('button', { name: 'Save' }).click();
  await page.getByText(accountMessages.updated).first().waitFor();
  // nothing is posted to it: it can still be deleted
  await row(page, 'Petty cash tin').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await page.getByText(accountMessages.deleted).first().waitFor();
  await row(page, 'Petty cash tin').waitFor({ state: 'detached' });
  // system accounts can be neither renamed nor deleted
  expect(await rent.getByRole('button').count()).toBe(0);
  await fitsPhone(page, 'books-accounts-phone');

  // the journal's form: 120.00 of rent paid in cash today
  await openScreen(page, 'Journal');
  await page.waitForURL(`${product.url}/admin/transaction`);
  await page.getByRole('button', { name: 'New entry' }).click();
  const entry = page.getByRole('dialog', { name: 'New journal entry' });
  await entry.getByLabel('Particulars').fill('Office rent for the month');
  await pick(page, entry.getByLabel('Debit account'), 'Rent');
  await pick(page, entry.getByLabel('Credit account'), 'Cash');
  await entry.getByLabel('Amount').fill('120');
  await entry.getByRole('button', { name: 'Save' }).click();
  await page.getByText(journalMessages.added).first().waitFor();
  const posted = row(page, 'Office rent for the month');
  await posted.getByText('120.00').waitFor();
  await posted.getByRole('button', { name: 'Delete' }).waitFor();
  await fitsPhone(page, 'books-journal-phone');

  // the trial balance of this month balances
  await openScreen(page, 'Trial balance');
  await page.waitForURL(/\/admin\/trial-balance/);
  await page.getByText('Debits and credits match').waitFor();
  const rentRow = row(page, 'Rent').filter({ has: page.getByRole('link', { name: 'Rent', exact: true }) });
  await rentRow.waitFor();
  const debit = (await rentRow.getByRole('cell').nth(2).innerText()).trim();
  const credit = (await rentRow.getByRole('cell').nth(3).innerText()).trim();
  // the rent of this test is in it
  expect(amountOf(debit)).toBeGreaterThanOrEqual(120);
  await fitsPhone(page, 'books-trial-balance-phone');

  // the CSV holds the same figures
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^trial-balance-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloadedText(download);
  const rentLine = csv.split('\r\n').find((line) => line.split(',')[1] === 'Rent')!;
  expect(rentLine).toBeDefined();
  expect(toCents(Number(rentLine.split(',')[3]))).toBe(toCents(amountOf(debit)));
  expect(csv).toContain('Balanced');

  // the row opens the account's postings over the same range, whose totals are the row's
  await rentRow.getByRole('link', { name: 'Rent', exact: true }).click();
  await page.waitForURL(/\/admin\/account\/\d+\?startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
  const totals = region(page, 'Account totals');
  await expect.poll(() => totals.innerText()).toMatch(new RegExp(`Total debit\\s+${money(amountOf(debit))}`));
  expect(await totals.innerText()).toMatch(new RegExp(`Total credit\\s+${money(amountOf(credit))}`));
  await region(page, 'Debit postings').getByText('Office rent for the month').waitFor();
  await fitsPhone(page, 'books-account-phone');
  expect(problems).toEqual([]);
});

test('the balance sheet balances, the income statement and the VAT report show their totals', async () => {
  const { page } = browser;
  await openScreen(page, 'Balance sheet');
  await page.waitForURL(/\/admin\/balance-sheet/);
  await page.getByText('Assets equal liabilities and equity').waitFor();
  await region(page, 'Balance sheet totals').getByText('Total assets').waitFor();
  await region(page, 'Assets').getByRole('link', { name: 'Cash', exact: true }).waitFor();
  await fitsPhone(page, 'books-balance-sheet-phone');

  await openScreen(page, 'Income statement');
  await page.waitForURL(/\/admin\/income-statement/);
  const is = region(page, 'Income statement totals');
  await is.getByText('Total revenue').waitFor();
  // the rent is among the expenses and the sale among the revenue
  await region(page, 'Expenses').getByRole('link', { name: 'Rent', exact: true }).waitFor();
  await region(page, 'Revenue').getByRole('link', { name: 'Sales', exact: true }).waitFor();
  await fitsPhone(page, 'books-income-statement-phone');

  await openScreen(page, 'VAT report');
  await page.waitForURL(/\/admin\/vat-report/);
  // our sale adds 2.00 of output VAT, our purchase 5.00 of input VAT: the net falls by 3.00
  const vat = region(page, 'VAT totals');
  await expect.poll(() => vat.innerText()).toMatch(new RegExp(`VAT received\\s+${money(vatBefore.totalVatReceived + 2)}`));
  expect(await vat.innerText()).toMatch(new RegExp(`VAT given\\s+${money(vatBefore.totalVatGiven + 5)}`));
  expect(await vat.innerText()).toMatch(new RegExp(`Net VAT\\s+${money(vatBefore.totalVat - 3)}`));
  await page.getByRole('link', { name: '10 %' }).first().waitFor();
  await fitsPhone(page, 'books-vat-report-phone');
  expect(problems).toEqual([]);
});
