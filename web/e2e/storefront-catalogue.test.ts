import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoProducts } from '../../server/src/seed/demo-catalogue.ts';
import { type Browser, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const problems: string[] = [];
const ids = { kettle: 0, sponge: 0, lamp: 0, acme: 0, globex: 0, household: 0 };

type Named = { id: number; name: string; title?: string };
/** The first list in a list answer, whatever its key. */
const rowsOf = <T>(answer: Record<string, unknown>) => Object.values(answer).find(Array.isArray) as T[];
const byName = (rows: Named[], name: string) => rows.find((r) => (r.name ?? r.title) === name)!.id;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  browser.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const token = await ownerToken(product);
  const vats = rowsOf<Named>(await api(product, token, 'GET', 'product-vat?query=all'));
  const brands = rowsOf<Named>(await api(product, token, 'GET', 'product-brand/public'));
  const categories = rowsOf<Named & { productSubCategory: Named[] }>(await api(product, token, 'GET', 'product-category/public'));
  const household = categories.find((c) => c.name === 'Household')!;
  const kitchen = byName(household.productSubCategory, 'Kitchen');
  ids.household = household.id;
  ids.acme = byName(brands, 'Acme');
  ids.globex = byName(brands, 'Globex');
  const vat = byName(vats, 'Standard');
  const common = { productVatId: vat, productSubCategoryId: kitchen };
  const kettle = await api<{ id: number }>(product, token, 'POST', 'product', {
    ...common,
    name: 'Steel Kettle',
    sku: 'SF-KETTLE',
    productSalePrice: 10,
    productBrandId: ids.acme,
    productQuantity: 5,
    description: 'Boils a litre in two minutes.',
  });
  const sponge = await api<{ id: number }>(product, token, 'POST', 'product', {
    ...common,
    name: 'Soft Sponge',
    sku: 'SF-SPONGE',
    productSalePrice: 2.5,
    productBrandId: ids.globex,
    productQuantity: 0,
  });
  ids.kettle = kettle.id;
  ids.sponge = sponge.id;
  const png = await sharp({ create: { width: 400, height: 160, channels: 3, background: { r: 20, g: 160, b: 60 } } })
    .png()
    .toBuffer();
  // a product with a thumbnail, a gallery image and a colour, sent as form data like the admin form
  const colours = rowsOf<Named>(await api(product, token, 'GET', 'product-color/public'));
  const lamp = new FormData();
  for (const [name, value] of Object.entries({
    ...common,
    name: 'Desk Lamp',
    sku: 'SF-LAMP',
    productSalePrice: 20,
    productBrandId: ids.acme,
    productQuantity: 2,
  })) {
    lamp.set(name, String(value));
  }
  lamp.set('colors', String(byName(colours, 'Red')));
  lamp.set('productThumbnailImage', new Blob([png], { type: 'image/png' }), 'lamp.png');
  const galleryPng = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 180, b: 20 } } })
    .png()
    .toBuffer();
  lamp.append('images', new Blob([galleryPng], { type: 'image/png' }), 'lamp-side.png');
  ids.lamp = (await api<{ id: number }>(product, token, 'POST', 'product', lamp)).id;
  const slide = new FormData();
  slide.set('image', new Blob([png], { type: 'image/png' }), 'slide.png');
  slide.set('linkUrl', `/products?productBrandId=${ids.acme}`);
  slide.set('index', '1');
  await api(product, token, 'POST', 'slider-images', slide);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

test('the home shows the slider and the newest products with their VAT-inclusive prices', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/`);
  const slider = page.getByTestId('home-slider');
  const slideImage = slider.locator('img').first();
  await slideImage.waitFor({ state: 'attached' });
  await expect.poll(() => slideImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await slider.locator('a').first().getAttribute('href')).toBe(`/products?productBrandId=${ids.acme}`);
  const grid = page.getByTestId('home-products');
  const kettle = grid.getByTestId('product-card').filter({ hasText: 'Steel Kettle' });
  await kettle.waitFor();
  expect(await kettle.getByTestId('product-price').textContent()).toMatch(/11\.00$/);
  expect(await grid.getByTestId('product-card').filter({ hasText: 'Soft Sponge' }).getByTestId('product-price').textContent()).toMatch(
    /2\.75$/,
  );
  const thumbnail = grid.getByTestId('product-card').filter({ hasText: 'Desk Lamp' }).locator('img');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'storefront-home-products');
  expect(problems).toEqual([]);
});

test('a header category leads to the catalogue, which filters by brand and by search text', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/`);
  await page.getByTestId('store-categories').getByText('Household', { exact: true }).click();
  await page.waitForURL(`${product.url}/products?productCategoryId=${ids.household}`);
  const grid = page.getByTestId('catalogue-products');
  await grid.getByText('Steel Kettle').waitFor();
  await grid.getByText('Soft Sponge').waitFor();
  await grid.getByText('Desk Lamp').waitFor();

  await page.getByRole('combobox', { name: 'Brand' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Globex' }).click();
  await page.waitForURL((url) => url.searchParams.get('productBrandId') === String(ids.globex));
  // the sponge and the demo shop's Globex products of the household
  const demoGlobex = demoProducts.filter((p) => p.brand === 'Globex' && ['Kitchen', 'Cleaning'].includes(p.subCategory)).map((p) => p.name);
  await expect.poll(() => grid.getByTestId('product-card').count()).toBe(1 + demoGlobex.length);
  await grid.getByText('Soft Sponge').waitFor();
  for (const name of demoGlobex) await grid.getByText(name, { exact: true }).waitFor();

  await page.goto(`${product.url}/products`);
  await page.getByLabel('Search products').fill('Kettle');
  await page.getByLabel('Search products').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('key') === 'Kettle');
  await expect.poll(() => grid.getByTestId('product-card').count()).toBe(1);
  await grid.getByText('Steel Kettle').waitFor();
  await screenshot(page, 'storefront-catalogue');

  await page.getByLabel('Search products').fill('no such thing');
  await page.getByLabel('Search products').press('Enter');
  await page.getByText('No products match these filters').waitFor();
  expect(problems).toEqual([]);
});

test('the product page shows the price, description and stock; an unknown product is a 404', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/products`);
  await page.getByTestId('catalogue-products').getByText('Steel Kettle').click();
  await page.waitForURL(`${product.url}/product/${ids.kettle}`);
  const view = page.getByTestId('product-page');
  await view.getByRole('heading', { name: 'Steel Kettle' }).waitFor();
  expect(await view.getByTestId('product-price').textContent()).toMatch(/11\.00$/);
  await view.getByText('Boils a litre in two minutes.').waitFor();
  await view.getByText('In stock', { exact: true }).waitFor();
  await screenshot(page, 'storefront-product');

  await page.goto(`${product.url}/product/${ids.lamp}`);
  const lamp = page.getByTestId('product-page');
  expect(await lamp.getByTestId('product-price').textContent()).toMatch(/22\.00$/);
  await lamp.getByTestId('colour-chip').filter({ hasText: 'Red' }).waitFor();
  const pictures = lamp.getByTestId('product-gallery').locator('img');
  await expect.poll(() => pictures.count()).toBe(2);
  await expect.poll(() => pictures.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'storefront-product-gallery');

  await page.goto(`${product.url}/product/${ids.sponge}`);
  await page.getByTestId('product-page').getByText('Out of stock', { exact: true }).waitFor();

  await page.goto(`${product.url}/product/999999`);
  await page.getByRole('heading', { name: '404', exact: true }).waitFor();
  expect(problems).toEqual([]);
});
