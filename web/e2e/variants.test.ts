import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, type Product, screenshot, signIn, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

/**
 * Variants in the browser (issue 32): the owner makes a tee's colours × sizes from a matrix on its product page,
 * gives one a barcode, a price and a picture of the gallery, and reads the barcode's label; the cashier scans that
 * barcode at the till, picks another variant from the product's SKU, and sells both; a shopper on the product page
 * finds a sold-out size and a size not sold greyed out, sees the variant's picture, and adds the variant chosen at
 * its price. At 1366 px and at 390 px.
 */
let product: Product;
let browser: Browser;
let token: string;
let teeId: number;
let rubyPicture: string;
const cashier = { username: 'cashier-vera', password: 'cashier-password-1' };
const barcode = '4006381333931';
type Variant = { id: number; sku: string; colorId: number | null; productAttributeValueId: number[]; productQuantity: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  token = await ownerToken(product);
  const made = async (path: string, body: Record<string, unknown>) => (await api<{ id: number }>(product, token, 'POST', path, body)).id;
  ids.Ruby = await made('product-color', { name: 'Ruby', colorCode: '#9b111e' });
  ids.Navy = await made('product-color', { name: 'Navy', colorCode: '#000080' });
  const size = await made('product-attribute', { name: 'Tee size' });
  ids.S = await made('product-attribute-value', { productAttributeId: size, name: 'S' });
  ids.M = await made('product-attribute-value', { productAttributeId: size, name: 'M' });
  // the tee's gallery: a grey view and a ruby one
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Tee',
    sku: 'VTEE',
    productSalePrice: '10',
    productQuantity: '0',
    productPurchasePrice: '4',
  }))
    form.set(name, value);
  for (const [file, background] of [
    ['grey.png', { r: 120, g: 120, b: 120 }],
    ['ruby.png', { r: 155, g: 17, b: 30 }],
  ] as const)
    form.append(
      'images',
      new Blob(
        [
          await sharp({ create: { width: 200, height: 200, channels: 3, background } })
            .png()
            .toBuffer(),
        ],
        { type: 'image/png' },
      ),
      file,
    );
  const tee = await api<{ id: number; images: { id: number; url: string }[] }>(product, token, 'POST', 'product', form);
  teeId = tee.id;
  rubyPicture = tee.images[1]!.url;
  const roles = await api<{ getAllRole: { id: number; name: string }[] }>(product, token, 'GET', 'role?query=all');
  const roleId = roles.getAllRole.find((r) => r.name === 'cashier')!.id;
  await api(product, token, 'POST', 'user/register', { firstName: 'Vera', lastName: 'Till', ...cashier, roleId });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const fits = (page: Browser['page']) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
const variants = async () =>
  (await api<{ getAllProductVariant: Variant[] }>(product, token, 'GET', `product-variant?productId=${teeId}&count=50`))
    .getAllProductVariant;
const variantOf = (list: Variant[], colour: string, size: string) =>
  list.find((v) => v.colorId === ids[colour] && v.productAttributeValueId.includes(ids[size]!))!;

test('the owner makes the variants from a matrix, gives one a barcode and a price, and reads its label', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, product.url, `/admin/product/${teeId}`);
  const section = page.getByRole('region', { name: 'Variants' });
  await section.getByText('Sold as one product').waitFor();
  await section.getByRole('button', { name: 'Make variants' }).click();
  const matrix = page.getByRole('dialog', { name: 'Make variants of Tee' });
  for (const name of ['Ruby', 'Navy'])
    await matrix.getByRole('group', { name: 'Colours' }).getByRole('checkbox', { name, exact: true }).check();
  for (const name of ['S', 'M']) await matrix.getByRole('group', { name: 'Tee size' }).getByRole('checkbox', { name, exact: true }).check();
  await matrix.getByRole('button', { name: 'Make 4 variants' }).click();
  await page.getByText('4 variants made').waitFor();
  const rows = section.locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(4);
  expect(await section.getByRole('row').filter({ hasText: 'Ruby / M' }).innerText()).toContain('VTEE-RUBY-M');

  await section.getByRole('button', { name: 'Edit Ruby / M' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ruby / M' });
  await edit.getByLabel('Barcode').fill(barcode);
  await edit.getByLabel('Price before VAT').fill('12');
  await edit.getByRole('radio', { name: 'View 2' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Ruby / M saved').waitFor();
  const ruby = section.getByRole('row').filter({ hasText: 'Ruby / M' });
  await ruby.getByText(barcode).waitFor();
  await ruby.getByText('12.00').waitFor();

  // Navy / S is no longer sold
  await section.getByRole('button', { name: 'Stop selling Navy / S' }).click();
  await section.getByRole('row').filter({ hasText: 'Navy / S' }).getByText('Not sold').waitFor();
  await screenshot(page, 'variant-product-page-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await fits(page);
  await section.getByRole('button', { name: 'Barcode of Ruby / M' }).click();
  const label = page.getByRole('dialog', { name: 'Barcode of Ruby / M' });
  await label.getByRole('img', { name: `Barcode ${barcode}` }).waitFor();
  expect(await label.getByTestId('variant-code').innerText()).toBe(barcode);
  await label.getByRole('button', { name: 'Print' }).waitFor();
  // printed, the label is all there is on the paper
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('#root').isVisible()).toBe(false);
  expect(await page.locator('.receipt-print-copy').getByTestId('variant-code').innerText()).toBe(barcode);
  await page.emulateMedia({ media: 'screen' });
  await fits(page);
  await screenshot(page, 'variant-barcode-390');
  await label.getByRole('button', { name: 'Close', exact: true }).last().click();

  // stock comes by documents: the API counts it in (Ruby / S stays at none)
  const list = await variants();
  const line = (colour: string, size: string, adjustQuantity: number) => ({
    productId: teeId,
    productVariantId: variantOf(list, colour, size).id,
    adjustQuantity,
    adjustType: 'increment',
  });
  await api(product, token, 'POST', 'adjust-inventory', { adjustInvoiceProduct: [line('Ruby', 'M', 5), line('Navy', 'M', 2)] });
});

test('the cashier scans the barcode, picks another variant by the SKU, and sells both by variant', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, product.url, '/admin/pos', cashier.username, cashier.password);
  const box = page.getByLabel('Find product');
  await box.fill(barcode);
  await box.press('Enter');
  const cart = page.getByRole('table', { name: 'Cart' });
  const rubyLine = cart.getByRole('row').filter({ hasText: 'Tee · Ruby / M' });
  await rubyLine.getByText('VTEE-RUBY-M · 5 in stock').waitFor();
  await page.getByTestId('till-total').filter({ hasText: '12.00' }).waitFor();

  // the product's own SKU offers its variants with their stock and price
  await box.fill('VTEE');
  await box.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Tee: which one?' });
  await picker.getByRole('button', { name: 'Ruby / S, VTEE-RUBY-S, 0 in stock, $10.00' }).waitFor();
  expect(await picker.getByRole('button', { name: /Navy \/ S/ }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await fits(page);
  await screenshot(page, 'variant-till-picker-390');
  await picker.getByRole('button', { name: 'Navy / M, VTEE-NAVY-M, 2 in stock, $10.00' }).click();
  await cart.getByRole('row').filter({ hasText: 'Tee · Navy / M' }).waitFor();
  await expect.poll(() => cart.locator('tbody tr.ant-table-row').count()).toBe(2);
  await fits(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByTestId('till-total').filter({ hasText: '22.00' }).waitFor();

  // held and resumed: each line still names its variant
  await page.keyboard.press('F8');
  const held = Number(/#(\d+)/.exec(await page.getByText(/Sale held as #\d+/).innerText())?.[1]);
  await page.keyboard.press('F6');
  await page.getByRole('button', { name: `Resume held sale ${held}` }).click();
  await page.getByText(`Resumed held sale #${held}`).waitFor();
  await cart.getByRole('row').filter({ hasText: 'Tee · Ruby / M' }).getByText('VTEE-RUBY-M').waitFor();
  await cart.getByRole('row').filter({ hasText: 'Tee · Navy / M' }).getByText('VTEE-NAVY-M').waitFor();
  await page.getByTestId('till-total').filter({ hasText: '22.00' }).waitFor();
  await screenshot(page, 'variant-till-1366');

  await page.getByLabel('Paid by Cash', { exact: true }).fill('22');
  await page.keyboard.press('F9');
  await page.getByText(/Sale #\d+ completed/).waitFor();
  const sales = await api<{ getAllSaleInvoice: { id: number }[] }>(product, token, 'GET', 'sale-invoice?count=1');
  const sale = await api<{ singleSaleInvoice: { saleInvoiceProduct: { productVariantId?: number; productQuantity: number }[] } }>(
    product,
    token,
    'GET',
    `sale-invoice/${sales.getAllSaleInvoice[0]!.id}`,
  );
  const list = await variants();
  expect(sale.singleSaleInvoice.saleInvoiceProduct.map((l) => l.productVariantId).sort()).toEqual(
    [variantOf(list, 'Ruby', 'M').id, variantOf(list, 'Navy', 'M').id].sort(),
  );
  expect([variantOf(list, 'Ruby', 'M').productQuantity, variantOf(list, 'Navy', 'M').productQuantity]).toEqual([4, 1]);
});

test('a shopper finds a sold-out size and one not sold greyed out, and adds the variant chosen at its price', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${product.url}/product/${teeId}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const choice = page.getByTestId('add-to-cart');
  await choice.getByRole('radio', { name: 'Ruby', exact: true }).check();
  // Ruby in S has no stock: greyed out and refused
  const soldOut = choice.getByRole('radio', { name: 'S: Sold out' });
  await expect.poll(() => soldOut.isDisabled()).toBe(true);
  expect(await choice.getByTitle('Sold out').innerText()).toContain('S');
  await choice.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByTestId('product-price').filter({ hasText: '12.00' }).waitFor();
  await page.getByTestId('product-stock').filter({ hasText: '4 in stock' }).waitFor();
  // Ruby / M shows its own picture
  await expect.poll(() => page.getByRole('img', { name: 'Tee', exact: true }).getAttribute('src')).toBe(rubyPicture);

  // Navy is not sold in S (stopped): with S unchosen it is judged with M, which Navy has
  await choice.getByRole('radio', { name: 'Navy', exact: true }).check();
  await page.getByTestId('product-price').filter({ hasText: '10.00' }).waitFor();
  await page.getByTestId('product-stock').filter({ hasText: '1 in stock' }).waitFor();
  const notSold = choice.getByRole('radio', { name: 'S: Not sold' });
  await expect.poll(() => notSold.isDisabled()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await fits(page);
  await screenshot(page, 'variant-storefront-390');

  await choice.getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]')))
    .toMatchObject([{ productId: teeId, colorId: ids.Navy, productAttributeValueId: [ids.M], productQuantity: 1 }]);
  await fits(page);
});

test("an adjustment asks for the variant of a product sold by variants; a variant's SKU names it", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, product.url, '/admin/adjust-inventory/new');
  const box = page.getByLabel('Find product');
  await box.fill('VTEE-NAVY-M');
  await box.press('Enter');
  const lines = page.locator('tbody tr.ant-table-row');
  await lines.filter({ hasText: 'VTEE-NAVY-M (1 in stock)' }).waitFor();
  await box.fill('VTEE');
  await box.press('Enter');
  await expect.poll(() => lines.count()).toBe(2);
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await page.getByText('Tee: choose the variant (it is sold by its variants)').waitFor();
  const second = lines.nth(1);
  await second.getByLabel('Variant of Tee').click();
  await page.getByTitle('VTEE-RUBY-S (0 in stock)').click();
  await second.getByLabel('Change of Tee').click();
  await page.getByTitle('Increment').last().click();
  await second.getByLabel('Quantity of Tee').fill('3');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await page.waitForURL(`${product.url}/admin/adjust-inventory`);
  const list = await variants();
  expect([variantOf(list, 'Navy', 'M').productQuantity, variantOf(list, 'Ruby', 'S').productQuantity]).toEqual([0, 3]);
});
