import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * Issue 23 point 2 on the web: the till and the admin forms send an `Idempotency-Key` per submission, and a
 * second press while one is being sent sends nothing. A double click makes one sale; a retry after a lost
 * connection carries the same key; a held sale and its completion carry keys too; a payment form as well.
 */
let product: Product;
let browser: Browser;
let token: string;
let customerId: number;
let mugId: number;
const problems: string[] = [];
const sku = 'KEY-MUG';

/** The document POSTs and PUTs the page sends to `path`, with the key each carried (page.on('request')). */
function sent(page: Page, method: string, path: RegExp) {
  const keys: (string | undefined)[] = [];
  const listener = (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) keys.push(request.headers()['idempotency-key']);
  };
  page.on('request', listener);
  return { keys, stop: () => page.off('request', listener) };
}

const salesMade = async () =>
  (await api<{ aggregations: { _count: { id: number } } }>(product, token, 'GET', 'sale-invoice?query=info')).aggregations._count.id;

async function scan(page: Page) {
  const box = page.getByLabel('Find product');
  await box.fill(sku);
  await box.press('Enter');
  await page.getByRole('table', { name: 'Cart' }).getByRole('row').filter({ hasText: sku }).waitFor();
}

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  mugId = (
    await api<{ id: number }>(product, token, 'POST', 'product', {
      name: 'Key mug',
      sku,
      productSalePrice: 4,
      productQuantity: 50,
      productPurchasePrice: 1,
    })
  ).id;
  customerId = (await api<{ id: number }>(product, token, 'POST', 'customer', { username: 'Key Keeper', phone: '+44 7700 900777' })).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('a double click (and F9) on "Complete sale" while it is being sent makes one sale, sent with a key', async () => {
  const { page } = browser;
  await signIn(page, product.url, `/admin/pos`);
  await scan(page);
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  const before = await salesMade();
  // the sale is held on its way until the cashier has pressed again, so the second press surely comes while it is in flight
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/sale-invoice', async (route) => {
    await held;
    await route.continue();
  });
  const posts = sent(page, 'POST', /^\/v1\/sale-invoice$/);
  await page.getByRole('button', { name: 'Complete sale (F9)' }).dblclick();
  await page.keyboard.press('F9');
  await expect.poll(() => posts.keys.length).toBe(1);
  release();
  await page.getByText(/Sale #\d+ completed/).waitFor();
  await page.unroute('**/v1/sale-invoice');
  posts.stop();
  expect(posts.keys).toHaveLength(1);
  expect(posts.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(await salesMade()).toBe(before + 1);
  expect(problems).toEqual([]);
});

test('a sale whose answer was lost is sent again from the queue with the same key; the next sale a new one', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: 'New sale' }).click();
  await scan(page);
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  const before = await salesMade();
  // the first attempt reaches the server and the sale is made, but its answer is lost (the connection is cut on the
  // way back): the till queues the sale under the same key (issue 33), and its queue sends it again: the same key
  // answers that sale, so no second sale is made
  let attempts = 0;
  await page.route('**/v1/sale-invoice', async (route) => {
    if (++attempts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const posts = sent(page, 'POST', /^\/v1\/sale-invoice$/);
  try {
    await page.keyboard.press('F9');
    await page.getByText(/Sale T\d+-\d{8}-\d{4} queued/).waitFor();
    await page.getByTestId('till-queue').filter({ hasText: 'No sales waiting' }).waitFor();
  } finally {
    await page.unroute('**/v1/sale-invoice');
  }
  expect(posts.keys).toHaveLength(2);
  expect(posts.keys[1]).toBe(posts.keys[0]);
  expect(await salesMade()).toBe(before + 1);

  // another sale of the same goods is another document: a new key
  await page.getByRole('button', { name: 'New sale' }).click();
  await scan(page);
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  posts.stop();
  expect(posts.keys).toHaveLength(3);
  expect(posts.keys[2]).toMatch(/^[0-9a-f]{32}$/);
  expect(posts.keys[2]).not.toBe(posts.keys[0]);
  expect(await salesMade()).toBe(before + 2);
  expect(problems).toEqual([]);
});

test('holding a sale and completing the held sale each send a key', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: 'New sale' }).click();
  await scan(page);
  const holds = sent(page, 'POST', /^\/v1\/sale-invoice$/);
  const completions = sent(page, 'PUT', /^\/v1\/sale-invoice\/hold\/\d+$/);
  await page.keyboard.press('F8');
  await page.getByText(/Sale held as #\d+/).waitFor();
  const heldId = Number(/#(\d+)/.exec(await page.getByText(/Sale held as #\d+/).innerText())?.[1]);
  await page.keyboard.press('F6');
  await page.getByRole('button', { name: `Resume held sale ${heldId}` }).click();
  await page.getByText(`Resumed held sale #${heldId}`).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  holds.stop();
  completions.stop();
  expect(holds.keys).toHaveLength(1);
  expect(holds.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(completions.keys).toHaveLength(1);
  expect(completions.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(completions.keys[0]).not.toBe(holds.keys[0]);
  expect(problems).toEqual([]);
});

test('a double click on a sale\'s "Take payment" takes one payment, sent with a key', async () => {
  const { page } = browser;
  // three mugs sold on credit: 12.00 due
  const sale = await api<{ createdInvoice: { id: number } }>(product, token, 'POST', 'sale-invoice', {
    customerId,
    saleInvoiceProduct: [{ productId: mugId, productQuantity: 3 }],
  });
  const id = sale.createdInvoice.id;
  await page.goto(`${product.url}/admin/sale-invoice/${id}`);
  const form = page.getByLabel('Take payment');
  await form.getByText('Take payment (due $12.00)').waitFor();
  await form.getByLabel('Payment method 1').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Cash$/ })
    .click();
  await form.getByLabel('Amount 1').fill('5');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/payment-sale-invoice', async (route) => {
    await held;
    await route.continue();
  });
  const posts = sent(page, 'POST', /^\/v1\/payment-sale-invoice$/);
  await form.getByRole('button', { name: 'Take payment' }).dblclick();
  await expect.poll(() => posts.keys.length).toBe(1);
  release();
  await form.getByText('Take payment (due $7.00)').waitFor();
  await page.unroute('**/v1/payment-sale-invoice');
  posts.stop();
  expect(posts.keys).toHaveLength(1);
  expect(posts.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect((await api<{ dueAmount: number }>(product, token, 'GET', `sale-invoice/${id}`)).dueAmount).toBe(7);
  expect(problems).toEqual([]);
});
