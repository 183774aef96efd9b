import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * The till offline (issue 33): with the network cut, two tabs of one till sell from the till's copy of the
 * catalogue into one queue, each sale with its receipt reference; the queue and its age show, and the close is
 * refused while sales wait; back online, one tab sends them: one invoice each, numbered by the server, each with
 * its reference, nothing twice.
 */
let product: Product;
let browser: Browser;
let token: string;
const perTab = 10;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  token = await ownerToken(product);
  await api(product, token, 'POST', 'product', {
    name: 'Offline mug',
    sku: 'OFF-MUG',
    productSalePrice: 2,
    productQuantity: 100,
    productPurchasePrice: 1,
  });
  await api(product, token, 'POST', 'customer', { username: 'olga-offline', firstName: 'Olga', lastName: 'Offline', phone: '0123 456' });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

type Page = Browser['page'];
/** The quantity of a product in the till's copy of the catalogue (IndexedDB). */
const copiedStock = (page: Page, sku: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<number | undefined>((resolve) => {
        const open = indexedDB.open('tillbook-till');
        open.onsuccess = () => {
          const all = open.result.transaction('products').objectStore('products').getAll();
          all.onsuccess = () => resolve(all.result.find((p: { sku: string }) => p.sku === wanted)?.productQuantity);
        };
      }),
    sku,
  );
/** How many rows a store of the till's copy holds (0 before the till made it). */
const copied = (page: Page, store: 'products' | 'customers' | 'sales' = 'products') =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('tillbook-till');
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(name)) return resolve(0);
          const count = open.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
    store,
  );

async function sellOffline(page: Page, beforeNewSale?: (reference: string) => Promise<void>) {
  const box = page.getByLabel('Find product');
  await box.fill('OFF-MUG');
  await box.press('Enter');
  await page.getByTestId('till-total').filter({ hasText: '2.00' }).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('2');
  await page.keyboard.press('F9');
  const done = page.getByText(/Sale T\d+-\d{8}-\d{4} queued/);
  await done.waitFor();
  const reference = /T\d+-\d{8}-\d{4}/.exec(await done.innerText())![0];
  await beforeNewSale?.(reference);
  await page.getByRole('button', { name: 'New sale' }).click();
  return reference;
}

/** The receipt a queued sale prints: its reference (no invoice number yet), the sale as priced, the payment. */
async function expectQueuedReceipt(page: Page, reference: string) {
  await page.emulateMedia({ media: 'print' });
  const receipt = page.locator('.receipt-print-copy').getByTestId('queued-receipt');
  await receipt.waitFor();
  expect(await receipt.getByTestId('receipt-reference').innerText()).toBe(`Receipt ${reference}`);
  await receipt.getByText('Invoice number given when the sale is posted').waitFor();
  expect(await receipt.getByTestId('receipt-total').innerText()).toContain('2.00');
  await receipt.getByText('Paid by Cash').waitFor();
  await receipt.getByText('Offline mug').waitFor();
  await page.emulateMedia({ media: 'screen' });
  expect(await page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
}

test('20 sales offline across two tabs, then reconnect: 20 invoices, each once, with its reference', async () => {
  const { page, context } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, product.url, '/admin/pos');
  await page.getByLabel('Paid by Cash', { exact: true }).waitFor();
  const second = await context.newPage();
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto(`${product.url}/admin/pos`);
  await second.getByLabel('Paid by Cash', { exact: true }).waitFor();
  await expect.poll(() => copied(page)).toBeGreaterThan(0);
  const before = (await api<{ totalSaleInvoice: number }>(product, token, 'GET', 'sale-invoice?count=1')).totalSaleInvoice;

  await context.setOffline(true);
  await page.getByText('Offline: selling from the till’s copy').waitFor();
  const references: string[] = [];
  for (let i = 0; i < perTab; i++) {
    references.push(await sellOffline(page));
    references.push(await sellOffline(second));
  }
  expect(new Set(references).size).toBe(2 * perTab);
  await page
    .getByTestId('till-queue')
    .filter({ hasText: `${2 * perTab} sales waiting, oldest` })
    .waitFor();
  await second
    .getByTestId('till-queue')
    .filter({ hasText: `${2 * perTab} sales waiting` })
    .waitFor();
  await screenshot(second, 'till-offline-390');
  await expect.poll(() => second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the day cannot end with sales still to post
  await page.getByRole('button', { name: 'Close till' }).click();
  await page.getByText(`${2 * perTab} sales of this session are still waiting to be posted`).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);

  await context.setOffline(false);
  await page.getByTestId('till-queue').filter({ hasText: 'No sales waiting' }).waitFor({ timeout: 60_000 });
  await second.getByTestId('till-queue').filter({ hasText: 'No sales waiting' }).waitFor({ timeout: 60_000 });
  await page.getByText('Online', { exact: true }).waitFor();

  const sales = await api<{ getAllSaleInvoice: { number: number; receiptReference: string | null }[]; totalSaleInvoice: number }>(
    product,
    token,
    'GET',
    'sale-invoice?count=100',
  );
  expect(sales.totalSaleInvoice).toBe(before + 2 * perTab);
  const posted = sales.getAllSaleInvoice.filter((s) => s.receiptReference && references.includes(s.receiptReference));
  expect(posted.map((s) => s.receiptReference).sort()).toEqual([...references].sort());
  expect(new Set(posted.map((s) => s.number)).size).toBe(2 * perTab);
  const mug = await api<{ getAllProduct: { productQuantity: number }[] }>(product, token, 'GET', 'product?query=search&key=OFF-MUG');
  expect(mug.getAllProduct[0]!.productQuantity).toBe(100 - 2 * perTab);
  // the till's copy follows the stock sold (by the stock cursor: the mug's price and name did not change)
  await page.reload();
  await expect.poll(() => copiedStock(page, 'OFF-MUG')).toBe(100 - 2 * perTab);
  await second.close();
}, 180_000);

test('the till opens again without the server: a reload offline shows it, sells from its copy, and sends once back online', async () => {
  const { page, context } = browser;
  await signIn(page, product.url, '/admin/pos');
  await page.getByLabel('Paid by Cash', { exact: true }).waitFor();
  // the service worker has the page, its files and its reads once it controls the page and the reads went through it
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await page.reload();
  await page.getByLabel('Paid by Cash', { exact: true }).waitFor();
  await expect.poll(() => copied(page, 'customers')).toBeGreaterThan(0);
  await context.setOffline(true);
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
  await page.reload();
  await page.getByLabel('Paid by Cash', { exact: true }).waitFor({ timeout: 15_000 });
  await page.getByText('Offline: selling from the till’s copy').waitFor();
  await page.getByTestId('till-offline-limits').filter({ hasText: 'sales on credit' }).waitFor();
  // the customer from the till's copy
  await page.getByLabel('Customer', { exact: true }).click();
  await page.getByLabel('Customer', { exact: true }).fill('olga');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Olga Offline · 0123 456' }).click();
  const reference = await sellOffline(page, async (queued) => {
    await expectQueuedReceipt(page, queued);
    expect(await page.locator('.receipt-print-copy').getByTestId('customer-name').innerText()).toBe('Customer Olga Offline');
  });
  await context.setOffline(false);
  await page.getByTestId('till-queue').filter({ hasText: 'No sales waiting' }).waitFor({ timeout: 60_000 });
  const found = await api<{ getAllSaleInvoice: { id: number; receiptReference: string | null }[] }>(
    product,
    token,
    'GET',
    `sale-invoice?query=search&key=${reference}`,
  );
  expect(found.getAllSaleInvoice.map((s) => s.receiptReference)).toEqual([reference]);
  const posted = await api<{ singleSaleInvoice: { customer: { firstName: string } } }>(
    product,
    token,
    'GET',
    `sale-invoice/${found.getAllSaleInvoice[0]!.id}`,
  );
  expect(posted.singleSaleInvoice.customer.firstName).toBe('Olga');
  expect(failed.filter((p) => !p.startsWith('/v1/'))).toEqual([]);

  // posted: a return finds the sale by the reference its receipt carries, and its receipt prints the reference too
  await page.keyboard.press('F7');
  const finder = page.getByLabel('Sale number');
  await finder.fill(reference.toLowerCase());
  await finder.press('Enter');
  await page.getByRole('cell', { name: 'Offline mug' }).waitFor();
  await page.goto(`${product.url}/admin/sale-invoice/${found.getAllSaleInvoice[0]!.id}/receipt`);
  expect(await page.locator('.receipt-screen').getByTestId('receipt-reference').innerText()).toBe(`Receipt ${reference}`);
}, 180_000);

test('a return offline of a sale the till made: queued, counted into the kept sale, posted once back online', async () => {
  const { page, context } = browser;
  await signIn(page, product.url, '/admin/pos');
  const box = page.getByLabel('Find product');
  for (const total of ['2.00', '4.00']) {
    await box.fill('OFF-MUG');
    await box.press('Enter');
    await page.getByTestId('till-total').filter({ hasText: total }).waitFor();
  }
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  await page.keyboard.press('F9');
  const done = page.getByText(/Sale #\d+ completed/);
  await done.waitFor();
  const number = Number(/#(\d+)/.exec(await done.innerText())![1]);
  await page.getByRole('button', { name: 'New sale' }).click();
  // the till keeps the sale it made (read in the background after the sale)
  await expect.poll(() => copied(page, 'sales')).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.getByText('Offline: selling from the till’s copy').waitFor();
  await page.keyboard.press('F7');
  const finder = page.getByLabel('Sale number');
  await finder.fill(String(number));
  await finder.press('Enter');
  await page.getByLabel('Return of Offline mug').fill('1');
  await page.getByLabel('Refund amount').fill('2');
  await page.getByRole('button', { name: 'Refund and return' }).click();
  await page.getByText(`Return of #${number} queued: it is posted when the till is back online`).waitFor();
  await page.getByTestId('till-queue').filter({ hasText: '1 sale waiting' }).waitFor();
  // counted in: one of the two is left to return, and the refund left is what was paid less what went back
  expect(await page.getByLabel('Return of Offline mug').getAttribute('placeholder')).toBe('up to 1');
  await page.getByText('At most $2.00 can be refunded').waitFor();

  await context.setOffline(false);
  await page.getByTestId('till-queue').filter({ hasText: 'No sales waiting' }).waitFor({ timeout: 60_000 });
  const sale = await api<{ getAllSaleInvoice: { id: number }[] }>(product, token, 'GET', `sale-invoice?query=search&key=${number}`);
  const posted = await api<{ singleSaleInvoice: { saleInvoiceProduct: { returnedQuantity: number }[] }; instantPaidReturnAmount: number }>(
    product,
    token,
    'GET',
    `sale-invoice/${sale.getAllSaleInvoice[0]!.id}`,
  );
  expect(posted.singleSaleInvoice.saleInvoiceProduct.map((l) => l.returnedQuantity)).toEqual([1]);
  expect(posted.instantPaidReturnAmount).toBe(2);
}, 180_000);
