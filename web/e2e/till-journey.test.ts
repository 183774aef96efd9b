import { sellingMessages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
let token: string;
const ids: Record<string, number> = {};
let customerId = 0;
const problems: string[] = [];

type Named = { id: number; title?: string; percentage?: number };
const rowsOf = <T>(answer: Record<string, unknown>) => Object.values(answer).find(Array.isArray) as T[];

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  token = await ownerToken(product);
  const vat = rowsOf<Named>(await api(product, token, 'GET', 'product-vat?query=all')).find((v) => v.percentage === 10)!;
  // A: 10.00 + 10 % VAT; B: 5.00 without VAT; C: 2.50 + 10 % VAT; D: one left
  const made = [
    ['A', 'Till Apron', 10, vat.id, 10],
    ['B', 'Till Brush', 5, undefined, 10],
    ['C', 'Till Candle', 2.5, vat.id, 10],
    ['D', 'Till Doormat', 7, undefined, 1],
  ] as const;
  for (const [key, name, price, productVatId, quantity] of made)
    ids[key] = (
      await api<{ id: number }>(product, token, 'POST', 'product', {
        name,
        sku: `TILL-${key}`,
        productSalePrice: price,
        productVatId,
        productQuantity: quantity,
        productPurchasePrice: 1,
      })
    ).id;
  customerId = (await api<{ id: number }>(product, token, 'POST', 'customer', { username: 'Till Tester', phone: '+44 7700 900123' })).id;
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const stockOf = async (key: string) =>
  (await api<{ productQuantity: number }>(product, token, 'GET', `product/${ids[key]}`)).productQuantity;

async function scan(page: Browser['page'], sku: string) {
  const box = page.getByLabel('Find product');
  await box.fill(sku);
  await box.press('Enter');
  await page.getByRole('row').filter({ hasText: sku }).waitFor();
  // the focus is back in the scan box for the next item
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
}

const saleNumber = async (page: Browser['page']) =>
  Number(/Sale #(\d+) completed/.exec(await page.getByText(/Sale #\d+ completed/).innerText())?.[1]);

test('at the till: scan three products, split cash and card with change, print the 80 mm receipt', async () => {
  const { page } = browser;
  await signIn(page, product.url, '/admin/pos');
  // the scan box has the focus from the start
  await expect.poll(() => page.getByLabel('Find product').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByText('Ctrl').first().waitFor();

  for (const sku of ['TILL-A', 'TILL-B', 'TILL-C']) await scan(page, sku);
  await page.getByLabel('Quantity of Till Brush').fill('2');
  await page.getByLabel('Discount of Till Apron').fill('1');
  // A: 9.00 + 0.90 VAT; B: 2 × 5.00; C: 2.50 + 0.25 VAT
  await page.getByRole('row').filter({ hasText: 'TILL-A' }).getByText('9.90').waitFor();
  await page.getByTestId('till-vat').filter({ hasText: '1.15' }).waitFor();
  await page.getByTestId('till-total').filter({ hasText: '22.65' }).waitFor();

  await page.getByLabel('Paid by Card', { exact: true }).fill('20');
  await page.getByLabel('Paid by Cash', { exact: true }).fill('5');
  await page.getByTestId('till-change').filter({ hasText: '2.35' }).waitFor();
  await screenshot(page, 'till-sale');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  ids.sale = await saleNumber(page);
  await page.getByTestId('till-done').getByText('Change $2.35').waitFor();
  expect(await stockOf('A')).toBe(9);

  // Print on the 80 mm roll (the default)
  await page.getByLabel('Receipt size').waitFor();
  await page.getByRole('button', { name: 'Print' }).click();
  await page.waitForURL((url) => url.pathname === `/admin/sale-invoice/${ids.sale}/receipt`);
  const receipt = page.locator('.receipt-screen').getByTestId('receipt');
  await receipt.getByText(`Invoice #${ids.sale}`).waitFor();
  await page.locator('.receipt-controls').getByText('Receipt 80 mm').waitFor();
  const text = await receipt.innerText();
  expect(text).toContain('Corner Shop (demo)');
  for (const part of [
    'Till Apron',
    'Till Brush',
    'Till Candle',
    // the server's bill: goods at full price with VAT, the discount with its VAT, the total, the VAT in it
    'Goods (with VAT)',
    '23.75',
    '-$1.10',
    '22.65',
    'VAT included',
    '1.15',
    'Paid by Card',
    '20.00',
    'Paid by Cash',
    '2.65',
    'Change',
    '2.35',
  ])
    expect(text).toContain(part);
  await receipt.getByRole('img', { name: `Invoice number ${ids.sale} as a barcode` }).waitFor();
  // 80 mm wide on screen as on paper (96 px to the inch)
  expect(Math.round((await receipt.boundingBox())!.width)).toBe(Math.round((80 / 25.4) * 96));
  await screenshot(page, 'till-receipt-80mm');
  // on paper: only the receipt, on one 80 × 200 mm page (226.77 × 566.93 points)
  await page.emulateMedia({ media: 'print' });
  await page.locator('.receipt-print-copy').getByText(`Invoice #${ids.sale}`).waitFor();
  expect(await page.locator('#root').isVisible()).toBe(false);
  await page.emulateMedia({ media: 'screen' });
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  const [width, height] = (/\/MediaBox\s*\[([^\]]*)\]/.exec(pdf)?.[1] ?? '').trim().split(/\s+/).slice(2).map(Number);
  expect([Math.round(width!), Math.round(height!)]).toEqual([227, 567]);
  await page.getByLabel('Page size').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Receipt 58 mm' }).click();
  await page.waitForURL((url) => url.searchParams.get('size') !== null && url.href.includes('size='));
  await expect.poll(async () => Math.round((await receipt.boundingBox())!.width)).toBe(Math.round((58 / 25.4) * 96));
  await page.getByLabel('Page size').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'A4' }).click();
  await page.locator('.receipt-screen .receipt-invoice').getByText('Discount').first().waitFor();
  await screenshot(page, 'till-invoice-a4');
  await page.getByRole('button', { name: 'Back to the till' }).click();
  await page.waitForURL(`${product.url}/admin/pos`);
  expect(problems).toEqual([]);
});

test('a cart is held, resumed and completed for a customer who pays part; a short line is refused next to it', async () => {
  const { page } = browser;
  await page.getByLabel('Customer', { exact: true }).click();
  await page.getByLabel('Customer', { exact: true }).fill('Till');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Till Tester' }).click();
  await scan(page, 'TILL-A');
  // by name: several match, the arrows choose one and Enter adds it
  const finder = page.getByLabel('Find product');
  await finder.fill('Till');
  await finder.press('Enter');
  const chosen = page.getByLabel('Matching products').locator('[aria-current="true"]');
  await chosen.waitFor();
  for (let i = 0; i < 4 && !(await chosen.innerText()).includes('Till Candle'); i++) await finder.press('ArrowDown');
  await finder.press('Enter');
  await page.getByRole('row').filter({ hasText: 'TILL-C' }).waitFor();
  await page.keyboard.press('F8');
  await page.getByText(/Sale held as #\d+/).waitFor();
  const held = Number(/#(\d+)/.exec(await page.getByText(/Sale held as #\d+/).innerText())?.[1]);
  await page.getByRole('table', { name: 'Cart' }).getByText('Scan a product').waitFor();
  // held sales move no stock
  expect(await stockOf('A')).toBe(9);

  await page.keyboard.press('F6');
  await page.getByRole('button', { name: `Resume held sale ${held}` }).click();
  await page.getByText(`Resumed held sale #${held}`).waitFor();
  await page.getByRole('row').filter({ hasText: 'TILL-C' }).waitFor();
  await page.getByText('Till Tester').first().waitFor();
  await page.getByTestId('till-total').filter({ hasText: '13.75' }).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('5');
  await page.getByTestId('till-due').filter({ hasText: '8.75' }).waitFor();
  await page.keyboard.press('Control+Enter');
  // not fully paid: the till asks first, and the completed screen says what is still due and from whom
  const ask = page.getByRole('dialog').filter({ hasText: 'Complete a sale not fully paid?' });
  await ask.getByText('8.75 stays due from Till Tester').waitFor();
  await ask.getByRole('button', { name: 'Complete with due' }).click();
  await page.getByText(/Sale #\d+ completed/).waitFor();
  await page.getByTestId('till-done-due').getByText('Due $8.75 from Till Tester').waitFor();
  expect(await stockOf('A')).toBe(8);
  await page.getByRole('button', { name: 'New sale' }).click();

  // one doormat is left: three are refused on the line, and the cart keeps its lines
  await scan(page, 'TILL-D');
  await scan(page, 'TILL-B');
  await page.getByLabel('Quantity of Till Doormat').fill('3');
  // paid in full (the walk-in customer cannot owe), so the stock is what refuses it
  await page.getByRole('button', { name: 'Rest by Cash', exact: true }).click();
  await page.keyboard.press('F9');
  const short = page.getByRole('row').filter({ hasText: 'TILL-D' }).getByRole('alert');
  await short.getByText('Not enough stock of Till Doormat').waitFor();
  // its notice lets clicks through to the till's buttons beneath it
  const notice = page.getByRole('status').filter({ hasText: 'Not enough stock' });
  expect(await notice.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  expect(await page.getByRole('row').filter({ hasText: 'TILL-B' }).count()).toBe(1);
  await page.getByLabel('Quantity of Till Doormat').fill('1');
  await short.waitFor({ state: 'hidden' });
  // parked again, then cancelled from the held list
  await page.keyboard.press('F8');
  // the one held sale now is the cart just parked (the first was completed); its notice names it
  let parked = 0;
  await expect
    .poll(async () => {
      const list = await api<{ allHoldInvoice: { id: number }[] }>(product, token, 'GET', 'sale-invoice/hold');
      parked = list.allHoldInvoice[0]?.id ?? 0;
      return list.allHoldInvoice.length;
    })
    .toBe(1);
  expect(parked).not.toBe(held);
  await page.getByText(`Sale held as #${parked}`).waitFor();
  // the refusal's notice went with the cart it was about, so it covers nothing now
  await page.getByRole('status').filter({ hasText: 'Not enough stock' }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Held sales (F6)' }).click();
  await page.getByRole('button', { name: `Cancel held sale ${parked}` }).click();
  await page.getByRole('button', { name: 'Cancel sale' }).click();
  await page.getByText(`Held sale #${parked} cancelled`).waitFor();
  await page.getByRole('table', { name: 'Held sales' }).getByText('No held sales').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Held sales' }).waitFor({ state: 'hidden' });
  expect(await stockOf('D')).toBe(1);
  expect(problems).toEqual([]);
});

test('a brush comes back from the first sale, found by its number; stock and the customer due are right', async () => {
  const { page } = browser;
  await page.keyboard.press('F7');
  const number = page.getByLabel('Sale number');
  await number.fill(String(ids.sale));
  await number.press('Enter');
  await page.getByRole('table', { name: 'Sold lines' }).getByText('Till Brush').waitFor();
  await page.getByLabel('Return of Till Brush').fill('1');
  // one brush: 5.00 without VAT, handed back in cash
  await expect.poll(() => page.getByLabel('Refund amount').inputValue()).toBe('5');
  // from the drawer: the shop's own Cash, not the web orders' Cash on delivery (which also lands in Cash)
  await page
    .locator('.ant-select')
    .filter({ has: page.getByLabel('Refund by') })
    .getByText('Cash', { exact: true })
    .waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'till-return-phone');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  // the customer has no receipt: the return is a till event
  await page.getByLabel('No invoice: the customer has no receipt').check();
  await page.getByRole('button', { name: 'Refund and return' }).click();
  await page.getByText(sellingMessages.returnAdded).waitFor();
  const unreceipted = await api<{ getAllAuditLog: { changes: { field: string; new: unknown }[] }[] }>(
    product,
    token,
    'GET',
    'audit-log?action=returnWithoutInvoice',
  );
  expect(unreceipted.getAllAuditLog).toHaveLength(1);
  expect(unreceipted.getAllAuditLog[0]!.changes).toEqual(expect.arrayContaining([{ field: 'returnAmount', old: null, new: 5 }]));
  await page.getByRole('row').filter({ hasText: 'Till Brush' }).getByRole('cell', { name: '1', exact: true }).first().waitFor();

  expect({ A: await stockOf('A'), B: await stockOf('B'), C: await stockOf('C'), D: await stockOf('D') }).toEqual({
    A: 8,
    B: 9,
    C: 8,
    D: 1,
  });
  const customer = await api<{ dueAmount: number }>(product, token, 'GET', `customer/${customerId}`);
  expect(customer.dueAmount).toBe(8.75);
  const sale = await api<{ totalReturnAmount: number; dueAmount: number }>(product, token, 'GET', `sale-invoice/${ids.sale}`);
  expect(sale).toMatchObject({ totalReturnAmount: 5, dueAmount: 0 });
  expect(problems).toEqual([]);
});

test("the owner types a price over the product's: the sale is at that price, and the log keeps what it replaced", async () => {
  const { page } = browser;
  await page.getByLabel('Till mode').getByText('Sale', { exact: true }).click();
  await scan(page, 'TILL-B');
  // 5.00 without VAT, typed down to 4.00
  await page.getByLabel('Price of Till Brush').fill('4');
  await page.getByTestId('till-total').filter({ hasText: '4.00' }).waitFor();
  await page.getByLabel('Paid by Cash', { exact: true }).fill('4');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  const number = await saleNumber(page);
  const { singleSaleInvoice: sale } = await api<{ singleSaleInvoice: { totalAmount: number; id: number } }>(
    product,
    token,
    'GET',
    `sale-invoice/number/${number}`,
  );
  expect(sale.totalAmount).toBe(4);
  type Logged = { entityId: string; changes: { field: string; old: unknown; new: unknown }[] };
  const logged = await api<{ getAllAuditLog: Logged[] }>(product, token, 'GET', `audit-log?action=priceOverride&entityId=${sale.id}`);
  expect(logged.getAllAuditLog).toHaveLength(1);
  expect(logged.getAllAuditLog[0]!.changes).toEqual(expect.arrayContaining([{ field: 'unitPrice', old: 5, new: 4 }]));
  expect(problems).toEqual([]);
});
